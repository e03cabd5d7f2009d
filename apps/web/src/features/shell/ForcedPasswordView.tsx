import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AppDialog } from '../../components/AppDialog.tsx';
import { snackbar } from '../../components/dialogs.tsx';
import type { Session } from '../../api/session.ts';
import { ChangePasswordForm } from '../accounts/ChangePasswordForm.tsx';

/** The dialog that cannot be dismissed until the user chooses a password (ForcePasswordDialog). */
export function ForcedPasswordView({ session, home }: { session: Session; home: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AppDialog
      opened
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
