import { DEVICE_CONFIRM_TEXTS, accountsApi } from '@clinic/domain';
import { Alert, Anchor, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api } from '../../api/clients.ts';
import { AuthLayout } from './AuthLayout.tsx';

/** /validate/{uid}/{vid}: authorizes a device from the link mailed at sign-in. */
export function ValidatePage() {
  const { t } = useTranslation();
  const { uid = '', vid = '' } = useParams();
  const result = useQuery({
    queryKey: ['device-confirm', uid, vid],
    queryFn: () =>
      api().call(accountsApi.confirmDevice, { params: { uid }, body: { visitorId: vid } }),
    retry: false,
    staleTime: Infinity,
  });
  const text = result.isError
    ? DEVICE_CONFIRM_TEXTS.failure
    : result.data?.status === 'repeat'
      ? DEVICE_CONFIRM_TEXTS.repeat
      : DEVICE_CONFIRM_TEXTS.success;
  return (
    <AuthLayout title={t('validate.title')}>
      <Stack>
        {result.isPending ? (
          <Loader aria-label={t('dialog.loading')} />
        ) : (
          <Alert color={result.isError ? 'red' : 'teal'} role="status">
            {text}
          </Alert>
        )}
        <Anchor component={Link} to="/auth/login">
          {t('login.signIn')}
        </Anchor>
      </Stack>
    </AuthLayout>
  );
}
