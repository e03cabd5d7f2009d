import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/AppDialog.tsx';
import { reasonProblem, type AskReason } from './override.ts';
import '../../i18n/prescriptions/index.ts';

interface Pending {
  warnings: string;
  answer: (reason: string | null) => void;
}

/**
 * The warning dialog of a line prescribed against an allergy or twice: the warnings' words
 * and a required reason. Prescribe anyway answers the reason; Cancel (or Escape) answers
 * null, and nothing is written.
 */
export function OverrideDialog({ pending }: { pending: Pending }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<'required' | 'tooLong' | null>(null);
  const confirm = () => {
    const found = reasonProblem(reason);
    setProblem(found);
    if (found === null) pending.answer(reason.trim());
  };
  return (
    <AppDialog
      title={t('rx.override.title')}
      onClose={() => pending.answer(null)}
      dirty={reason.trim() !== ''}
      onSubmit={confirm}
      footer={(close) => (
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" color="red" data-dialog-save>
            {t('rx.override.confirm')}
          </Button>
        </Group>
      )}
    >
      <Stack gap="sm">
        <Alert color="red" role="alert" data-testid="rx-warnings">
          {pending.warnings}
        </Alert>
        <Textarea
          label={t('rx.override.reason')}
          required
          rows={3}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            if (problem) setProblem(reasonProblem(event.currentTarget.value));
          }}
          onKeyDown={(event) => {
            // Enter confirms, as in the line's fields; Shift+Enter starts a new line.
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              confirm();
            }
          }}
          error={problem ? t(`rx.override.${problem}`) : undefined}
        />
      </Stack>
    </AppDialog>
  );
}

/** The warning dialog and the `ask` that opens it; render `dialog` where it may show. */
export function useOverride(): { dialog: ReactNode; ask: AskReason } {
  const [pending, setPending] = useState<Pending | null>(null);
  const ask = useCallback<AskReason>(
    (warnings) =>
      new Promise((resolve) => {
        setPending({
          warnings,
          answer: (reason) => {
            setPending(null);
            resolve(reason);
          },
        });
      }),
    [],
  );
  return { dialog: pending ? <OverrideDialog pending={pending} /> : null, ask };
}
