import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Divider,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { STORAGE } from '../../api/session.ts';
import { LazyTooltip } from '../../components/LazyTooltip.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { useSignIn } from './use-sign-in.ts';

function SignInError({ message, onClose }: { message: string | null; onClose: () => void }) {
  if (!message) return null;
  return (
    <Alert color="red" withCloseButton onClose={onClose} role="alert">
      {message}
    </Alert>
  );
}

/** Staff sign-in (doc 1 section 2.7, 'common login'). */
export function StaffLoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { signIn, error, clearError, busy } = useSignIn('staff');
  const remembered = localStorage.getItem(STORAGE.rememberedUsername);
  const [username, setUsername] = useState(remembered ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(remembered !== null);
  // A `code` query parameter means the identity provider sent the user back here.
  const [identityNotice, setIdentityNotice] = useState<string | null>(() =>
    params.get('code') ? t('login.identityUnavailable') : null,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) return;
    if (remember) localStorage.setItem(STORAGE.rememberedUsername, username.trim());
    else localStorage.removeItem(STORAGE.rememberedUsername);
    void signIn(username, password);
  };

  return (
    <AuthLayout
      title={t('login.staffTitle')}
      footer={
        <>
          {t('login.newClinic')}{' '}
          <Anchor component={Link} to="/register">
            {t('login.register')}
          </Anchor>
          {' · '}
          <Anchor component={Link} to="/login">
            {t('login.toConsole')}
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SignInError
            message={error ?? identityNotice}
            onClose={() => (clearError(), setIdentityNotice(null))}
          />
          <CredentialFields
            username={username}
            password={password}
            onUsername={setUsername}
            onPassword={setPassword}
          />
          <Group justify="space-between">
            <Checkbox
              label={t('login.rememberMe')}
              checked={remember}
              onChange={(e) => setRemember(e.currentTarget.checked)}
            />
            <Anchor component={Link} to="/forgot-password" size="sm">
              {t('login.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" disabled={!username.trim() || !password} loading={busy} fullWidth>
            {t('login.signIn')}
          </Button>
          <Divider label={t('login.or')} />
          <LazyTooltip label={t('login.identityUnavailable')}>
            <Button
              variant="default"
              fullWidth
              data-disabled
              onClick={(e) => e.preventDefault()}
              aria-disabled
            >
              {t('login.identity')}
            </Button>
          </LazyTooltip>
        </Stack>
      </form>
    </AuthLayout>
  );
}

/** Tenant (console) sign-in: username and password; Enter submits. */
export function TenantLoginPage() {
  const { t } = useTranslation();
  const { signIn, error, clearError, busy } = useSignIn('portal');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (username.trim() && password) void signIn(username, password);
  };
  return (
    <AuthLayout
      title={t('login.tenantTitle')}
      footer={
        <Anchor component={Link} to="/auth/login">
          {t('login.toStaff')}
        </Anchor>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SignInError message={error} onClose={clearError} />
          <CredentialFields
            username={username}
            password={password}
            onUsername={setUsername}
            onPassword={setPassword}
          />
          <Button type="submit" disabled={!username.trim() || !password} loading={busy} fullWidth>
            {t('login.signIn')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('forgot.title')}>
      <Stack>
        <Text>{t('forgot.text')}</Text>
        <Anchor component={Link} to="/auth/login">
          {t('login.signIn')}
        </Anchor>
      </Stack>
    </AuthLayout>
  );
}

/** Username and password of a sign-in form; the password can be shown. */
function CredentialFields(props: {
  username: string;
  password: string;
  onUsername: (value: string) => void;
  onPassword: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t('login.username')}
        value={props.username}
        onChange={(e) => props.onUsername(e.currentTarget.value)}
        autoComplete="username"
        autoFocus
        required
      />
      <PasswordInput
        label={t('login.password')}
        value={props.password}
        onChange={(e) => props.onPassword(e.currentTarget.value)}
        autoComplete="current-password"
        visibilityToggleButtonProps={{ 'aria-label': t('login.showPassword') }}
        required
      />
    </>
  );
}
