import { Alert, Button, Group, Loader, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from './AppDialog.tsx';
import {
  close,
  useDialogState,
  type AlertRequest,
  type AlertType,
  type ConfirmRequest,
  type Request,
} from './dialog-store.ts';

const alertColour: Record<AlertType, string> = { error: 'red', warning: 'orange', info: 'teal' };

function AlertDialog({ request }: { request: AlertRequest }) {
  const { t } = useTranslation();
  const done = () => {
    close(request);
    request.resolve();
  };
  return (
    <AppDialog
      onClose={done}
      title={request.title ?? t(`dialog.${request.type}`)}
      size={360}
      centered
      footer={
        <Button onClick={done} data-autofocus>
          {t('dialog.ok')}
        </Button>
      }
    >
      <Alert color={alertColour[request.type]} variant="light" role="alert">
        <Text style={{ whiteSpace: 'pre-line' }}>{request.message}</Text>
      </Alert>
    </AppDialog>
  );
}

function ConfirmDialog({ request }: { request: ConfirmRequest }) {
  const { t } = useTranslation();
  const [value, setValue] = useState<string | number>('');
  const [error, setError] = useState<string | null>(null);
  const finish = (confirmed: boolean) => {
    if (confirmed && request.input?.required && String(value).trim() === '') {
      setError(request.input.required);
      return;
    }
    close(request);
    request.resolve({ confirmed, value: request.input ? value : undefined });
  };
  let field: ReactNode = null;
  if (request.input?.type === 'textarea') {
    field = (
      <Textarea
        label={request.input.label}
        value={String(value)}
        onChange={(e) => setValue(e.currentTarget.value)}
        error={error}
        autosize
        minRows={3}
        data-autofocus
      />
    );
  } else if (request.input?.type === 'number') {
    field = (
      <NumberInput
        label={request.input.label}
        value={value}
        onChange={(v) => setValue(typeof v === 'number' ? v : Number(v))}
        error={error}
        data-autofocus
      />
    );
  }
  return (
    <AppDialog
      onClose={() => finish(false)}
      title={request.title}
      size={360}
      centered
      footer={
        <>
          <Button
            variant="default"
            onClick={() => finish(false)}
            data-autofocus={request.focusCancel || undefined}
          >
            {request.cancelText ?? t('dialog.cancel')}
          </Button>
          <Button
            onClick={() => finish(true)}
            data-autofocus={request.input || request.focusCancel ? undefined : true}
            data-dialog-save
          >
            {request.okText ?? t('dialog.ok')}
          </Button>
        </>
      }
    >
      <Stack>
        <Text>{request.message}</Text>
        {field}
      </Stack>
    </AppDialog>
  );
}

// Each request is a dialog of its own (its typed value, its focus), also when two of one
// kind follow each other.
const ids = new WeakMap<Request, number>();
let lastId = 0;
function idOf(request: Request): number {
  if (!ids.has(request)) ids.set(request, ++lastId);
  return ids.get(request)!;
}

/** The dialog at the front of the queue and the loading dialog (see DialogHost). */
export default function DialogViews() {
  const state = useDialogState();
  const { t } = useTranslation();
  const current = state.queue[0];
  return (
    <>
      {current?.kind === 'alert' && <AlertDialog key={idOf(current)} request={current} />}
      {current?.kind === 'confirm' && <ConfirmDialog key={idOf(current)} request={current} />}
      <AppDialog
        opened={state.loadingCount > 0}
        onClose={() => {}}
        dismissible={false}
        size={200}
        centered
      >
        <Group justify="center" aria-live="polite">
          <Loader size="sm" />
          <Text>{t('dialog.loading')}</Text>
        </Group>
      </AppDialog>
    </>
  );
}
