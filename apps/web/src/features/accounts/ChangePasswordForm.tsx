import { accountsApi, passwordProblem } from '@clinic/domain';
import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/clients.ts';
import { ApiError } from '../../api/http.ts';
import { sessionStore } from '../../api/session.ts';

/** Current password, new password twice; checks strength before asking the server. */
export function ChangePasswordForm({
  username,
  onChanged,
}: {
  username: string;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const found: Record<string, string> = {};
    if (!current) found.currentPassword = t('password.currentRequired');
    const problem = passwordProblem(next, username);
    if (problem) found.newPassword = problem;
    else if (next !== repeat) found.repeat = t('password.mismatch');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await api().call(accountsApi.changePassword, {
        body: { currentPassword: current, newPassword: next },
      });
      sessionStore.markPasswordChanged();
      onChanged();
    } catch (error) {
      if (error instanceof ApiError && error.errors.length > 0) {
        setErrors(Object.fromEntries(error.errors.map((e) => [e.field, e.message])));
      } else {
        setFailure(error instanceof Error ? error.message : String(error));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <PasswordInput
          label={t('password.current')}
          value={current}
          onChange={(e) => setCurrent(e.currentTarget.value)}
          error={errors.currentPassword}
          autoComplete="current-password"
          required
          data-autofocus
        />
        <PasswordInput
          label={t('password.new')}
          description={t('password.rule')}
          value={next}
          onChange={(e) => setNext(e.currentTarget.value)}
          error={errors.newPassword}
          autoComplete="new-password"
          required
        />
        <PasswordInput
          label={t('password.repeat')}
          value={repeat}
          onChange={(e) => setRepeat(e.currentTarget.value)}
          error={errors.repeat}
          autoComplete="new-password"
          required
        />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {t('password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
