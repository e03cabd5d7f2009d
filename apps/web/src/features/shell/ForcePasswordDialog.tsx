import { Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AppDialog } from '../../components/AppDialog.tsx';
import { snackbar } from '../../components/dialogs.tsx';
import type { Session } from '../../api/session.ts';
import { ChangePasswordForm } from '../accounts/ChangePasswordForm.tsx';

/**
 * A user who has not chosen a password yet (a temporary password from the clinic's mail)
 * is kept on one page (`keepOn`) with this dialog, which cannot be dismissed, until they
 * do; then they go to `home`. The branch shell keeps them on the profile page, the tenant
 * console on its tenant page: the server refuses every other call until then.
 */
export function ForcePasswordDialog({
  session,
  keepOn,
  home,
}: {
  session: Session;
  keepOn: string;
  home: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const forced = session.info.user.mustChangePassword;

  useEffect(() => {
    if (forced && location.pathname !== keepOn) void navigate(keepOn, { replace: true });
  }, [forced, location.pathname, keepOn, navigate]);

  return (
    <AppDialog
      opened={forced}
      onClose={() => {}}
      dismissible={false}
      title={t('password.forcedTitle')}
      centered
    >
      <Text size="sm" mb="md">
        {t('password.forcedText')}
      </Text>
      <ChangePasswordForm
        username={session.info.user.username}
        onChanged={() => {
          snackbar.success(t('password.changed'));
          void navigate(home, { replace: true });
        }}
      />
    </AppDialog>
  );
}
