import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n/index.ts';

export type AlertType = 'error' | 'warning' | 'info';

interface AlertRequest {
  kind: 'alert';
  type: AlertType;
  title?: string;
  message: string;
  resolve: () => void;
}

export interface ConfirmOptions {
  title: string;
  message?: string;
  okText?: string;
  cancelText?: string;
  /** An optional field the user fills before confirming. */
  input?: { type: 'textarea' | 'number'; label: string; required?: string };
}

interface ConfirmRequest extends ConfirmOptions {
  kind: 'confirm';
  resolve: (result: { confirmed: boolean; value?: string | number }) => void;
}

type Request = AlertRequest | ConfirmRequest;

let queue: Request[] = [];
let loadingCount = 0;
const listeners = new Set<() => void>();
let snapshot = { queue, loadingCount };
const emit = () => {
  snapshot = { queue, loadingCount };
  listeners.forEach((listener) => listener());
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Dialogs any code can open: alert, confirm, and the blocking loading dialog. */
export const dialogs = {
  alert(message: string, options: { type?: AlertType; title?: string } = {}): Promise<void> {
    return new Promise((resolve) => {
      queue = [
        ...queue,
        { kind: 'alert', type: options.type ?? 'error', title: options.title, message, resolve },
      ];
      emit();
    });
  },
  confirm(options: ConfirmOptions): Promise<{ confirmed: boolean; value?: string | number }> {
    return new Promise((resolve) => {
      queue = [...queue, { kind: 'confirm', ...options, resolve }];
      emit();
    });
  },
  /** Runs work behind the blocking loading dialog. */
  async whileLoading<T>(work: () => Promise<T>): Promise<T> {
    loadingCount += 1;
    emit();
    try {
      return await work();
    } finally {
      loadingCount -= 1;
      emit();
    }
  },
};

/** Snackbar: top right, 2000 ms, with a close button (doc 1 section 9). */
export const snackbar = {
  success: (message: string) => show(message, 'teal', 2000),
  error: (message: string, autoClose = 2000) => show(message, 'red', autoClose),
};

function show(message: string, color: string, autoClose: number) {
  const closeButtonProps = { 'aria-label': i18n.t('dialog.close') };
  return notifications.show({ message, color, autoClose, withCloseButton: true, closeButtonProps });
}

function close(request: Request) {
  queue = queue.filter((entry) => entry !== request);
  emit();
}

const alertColour: Record<AlertType, string> = { error: 'red', warning: 'orange', info: 'teal' };

function AlertDialog({ request }: { request: AlertRequest }) {
  const { t } = useTranslation();
  const done = () => {
    close(request);
    request.resolve();
  };
  return (
    <Modal
      opened
      onClose={done}
      title={request.title ?? t(`dialog.${request.type}`)}
      size={360}
      closeOnEscape
      centered
    >
      <Alert color={alertColour[request.type]} variant="light" role="alert">
        <Text style={{ whiteSpace: 'pre-line' }}>{request.message}</Text>
      </Alert>
      <Group justify="flex-end" mt="md">
        <Button onClick={done} data-autofocus>
          {t('dialog.ok')}
        </Button>
      </Group>
    </Modal>
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
    <Modal opened onClose={() => finish(false)} title={request.title} size={360} centered>
      <Stack>
        <Text>{request.message}</Text>
        {field}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => finish(false)}>
            {request.cancelText ?? t('dialog.cancel')}
          </Button>
          <Button onClick={() => finish(true)} data-autofocus={request.input ? undefined : true}>
            {request.okText ?? t('dialog.ok')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Renders the dialog at the front of the queue and the loading dialog. */
export function DialogHost() {
  const state = useSyncExternalStore(subscribe, () => snapshot);
  const { t } = useTranslation();
  const current = state.queue[0];
  return (
    <>
      {current?.kind === 'alert' && <AlertDialog key={queue.indexOf(current)} request={current} />}
      {current?.kind === 'confirm' && <ConfirmDialog request={current} />}
      <Modal
        opened={state.loadingCount > 0}
        onClose={() => {}}
        withCloseButton={false}
        size={200}
        centered
        closeOnEscape={false}
        closeOnClickOutside={false}
      >
        <Group justify="center" aria-live="polite">
          <Loader size="sm" />
          <Text>{t('dialog.loading')}</Text>
        </Group>
      </Modal>
    </>
  );
}
