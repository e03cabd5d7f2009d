import { accountsApi, message as specMessage } from '@clinic/domain';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../../api/clients.ts';
import { AuthLayout } from './AuthLayout.tsx';

export const LOGIN_COUNTDOWN_SECONDS = 5;

/** /{subdomain}/confirm: the activation code, a resend button, then a countdown to sign-in. */
export function ConfirmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { subdomain = '' } = useParams();
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [countdown, setCountdown] = useState<number | null>(null);

  useEffect(() => {
    if (countdown === null) return;
    if (countdown <= 0) {
      void navigate('/auth/login');
      return;
    }
    const timer = setTimeout(() => setCountdown((s) => (s ?? 1) - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown, navigate]);

  async function run(work: () => Promise<void>) {
    setFailure(null);
    setNotice(null);
    if (!subdomain.trim()) {
      setFailure(specMessage('tenant.message.subdomainMissing'));
      return;
    }
    setBusy(true);
    try {
      await work();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    const activeCode = code.replace(/\s+/g, '');
    if (!activeCode) {
      setFailure(specMessage('tenant.message.activeCodeRequired'));
      return;
    }
    void run(async () => {
      await api().call(accountsApi.confirmActivation, {
        params: { subdomain },
        body: { activeCode },
      });
      setCountdown(LOGIN_COUNTDOWN_SECONDS);
    });
  };

  const resend = () =>
    void run(async () => {
      await api().call(accountsApi.resendActivation, { params: { subdomain } });
      setNotice(t('confirm.resent'));
    });

  if (countdown !== null) {
    return (
      <AuthLayout title={t('confirm.doneTitle')}>
        <Stack>
          <Alert color="teal" role="status">
            {t('confirm.done')}
          </Alert>
          <Text aria-live="polite">{t('confirm.countdown', { seconds: countdown })}</Text>
          <Anchor component={Link} to="/auth/login">
            {t('confirm.goNow')}
          </Anchor>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('confirm.title')}>
      <form onSubmit={confirm} noValidate>
        <Stack>
          <Text size="sm">{t('confirm.intro', { subdomain })}</Text>
          {failure && (
            <Alert color="orange" withCloseButton onClose={() => setFailure(null)} role="alert">
              {failure}
            </Alert>
          )}
          {notice && (
            <Alert color="teal" role="status">
              {notice}
            </Alert>
          )}
          <TextInput
            label={t('confirm.code')}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
          />
          <Group justify="space-between">
            <Button variant="default" onClick={resend} disabled={busy}>
              {t('confirm.resend')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('confirm.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthLayout>
  );
}
