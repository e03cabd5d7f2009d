import { userTypeLabel } from '@clinic/domain';
import { Card, Grid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { snackbar } from '../../components/dialogs.tsx';
import { useSession } from '../../api/session.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';

/** My Profile: who is signed in, and a password change. */
export function ProfilePage() {
  const { t } = useTranslation();
  const session = useSession();
  if (!session) return null;
  const { user } = session.info;
  const facts: Array<[string, string]> = [
    [t('profile.name'), user.fullName],
    [t('profile.username'), user.username],
    [t('profile.email'), user.email],
    [t('profile.type'), userTypeLabel(user.type)],
    ...(user.mcr ? [[t('profile.mcr'), user.mcr] as [string, string]] : []),
  ];
  return (
    <Stack maw={900}>
      <Title order={1} size="h2">
        {t('profile.title')}
      </Title>
      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card withBorder>
            <Stack gap="xs">
              {facts.map(([label, value]) => (
                <div key={label}>
                  <Text size="xs" c="dimmed">
                    {label}
                  </Text>
                  <Text>{value}</Text>
                </div>
              ))}
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              {t('password.title')}
            </Title>
            <ChangePasswordForm
              username={user.username}
              onChanged={() => snackbar.success(t('password.changed'))}
            />
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
