import {
  CLINIC_NAME_MAX,
  DEFAULT_COUNTRY,
  EMAIL_MAX,
  SUBDOMAIN_MAX,
  TenantRegistrationBody,
  accountsApi,
  message as specMessage,
  toFieldErrors,
  type TenantRegistrationResult,
} from '@clinic/domain';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { RuleTextInput, type TextRule } from '../../components/form/RuleTextInput.tsx';
import { api } from '../../api/clients.ts';
import { ApiError } from '../../api/http.ts';
import { AuthLayout } from './AuthLayout.tsx';

export const REDIRECT_NOTICE_SECONDS = 10;

type Form = {
  subdomain: string;
  clinic: string;
  firstName: string;
  lastName: string;
  email: string;
  country: string;
};
const EMPTY: Form = {
  subdomain: '',
  clinic: '',
  firstName: '',
  lastName: '',
  email: '',
  country: '',
};

/**
 * Said as typed or pasted rather than cut off (issue 23: no field swallows what is typed):
 * a subdomain's characters and length, an email's length. Save checks the rest.
 */
const SUBDOMAIN_RULE: TextRule = {
  check: (text) =>
    /[^a-z0-9-]/i.test(text.trim()) || text.trim().length > SUBDOMAIN_MAX
      ? specMessage('tenant.message.subdomain')
      : null,
};
const EMAIL_RULE: TextRule = {
  check: (text) => (text.trim().length > EMAIL_MAX ? specMessage('tenant.message.email') : null),
};

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form, setForm] = useState<Form>(EMPTY);
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<TenantRegistrationResult | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(REDIRECT_NOTICE_SECONDS);

  const countries = useQuery({
    queryKey: ['countries'],
    queryFn: () =>
      api()
        .call(accountsApi.countries)
        .then((d) => d.items),
    staleTime: Infinity,
  });
  // Singapore until the user picks another (doc 1 section 9: default country SG), whatever
  // the browser's language: most browsers say en-US, which made it the United States.
  const country = form.country || DEFAULT_COUNTRY;

  const confirmPath = created ? `/${created.subdomain}/confirm` : '';
  useEffect(() => {
    if (!created) return;
    if (secondsLeft <= 0) {
      void navigate(confirmPath);
      return;
    }
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [created, secondsLeft, navigate, confirmPath]);

  const set = (field: keyof Form) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const body = { ...form, country, timezone: -new Date().getTimezoneOffset() };
    const checked = TenantRegistrationBody.safeParse(body);
    if (!checked.success) {
      setErrors(
        Object.fromEntries(toFieldErrors(checked.error.issues).map((e) => [e.field, e.message])),
      );
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      setCreated(await api().call(accountsApi.register, { body: checked.data }));
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

  if (created) {
    return (
      <AuthLayout title={t('register.createdTitle')}>
        <Stack>
          <Alert color="teal" role="status">
            {t('register.created', { email: created.email, seconds: secondsLeft })}
          </Alert>
          <Button component={Link} to={confirmPath}>
            {t('register.goNow')}
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t('register.title')}
      footer={
        <>
          {t('register.haveAccount')}{' '}
          <Anchor component={Link} to="/auth/login">
            {t('login.signIn')}
          </Anchor>
        </>
      }
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          {failure && (
            <Alert color="orange" withCloseButton onClose={() => setFailure(null)} role="alert">
              {failure}
            </Alert>
          )}
          <RuleTextInput
            label={t('register.subdomain')}
            description={`${form.subdomain.trim().length}/${SUBDOMAIN_MAX}`}
            value={form.subdomain}
            onChange={set('subdomain')}
            rule={SUBDOMAIN_RULE}
            error={errors.subdomain}
            required
            autoFocus
          />
          <TextInput
            label={t('register.clinic')}
            description={`${form.clinic.trim().length}/${CLINIC_NAME_MAX}`}
            value={form.clinic}
            onChange={(e) => set('clinic')(e.currentTarget.value)}
            error={errors.clinic}
            required
          />
          <SimpleGrid cols={2}>
            <TextInput
              label={t('register.firstName')}
              value={form.firstName}
              onChange={(e) => set('firstName')(e.currentTarget.value)}
              error={errors.firstName}
              required
            />
            <TextInput
              label={t('register.lastName')}
              value={form.lastName}
              onChange={(e) => set('lastName')(e.currentTarget.value)}
              error={errors.lastName}
              required
            />
          </SimpleGrid>
          <RuleTextInput
            label={t('register.email')}
            type="email"
            value={form.email}
            onChange={set('email')}
            rule={EMAIL_RULE}
            error={errors.email}
            required
          />
          <Select
            label={t('register.country')}
            data={(countries.data ?? []).map((c) => ({
              value: c.countryCode,
              label: c.countryName,
            }))}
            value={country || null}
            onChange={(value) => set('country')(value ?? '')}
            error={errors.country}
            searchable
            required
          />
          <Checkbox
            label={t('register.terms')}
            checked={terms}
            onChange={(e) => setTerms(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button type="submit" disabled={!terms} loading={busy}>
              {t('register.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthLayout>
  );
}
