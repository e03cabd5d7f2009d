import { Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { snackbar } from '../../components/dialogs.tsx';
import type { Session } from '../../app/session.ts';
import { ChangePasswordForm } from '../accounts/ChangePasswordForm.tsx';

/**
 * A user who has not chosen a password yet is kept on the profile page with this dialog,
 * which cannot be dismissed, until they do; then they go to the queue.
 */
export function ForcePasswordDialog({
  session,
  branchCode,
}: {
  session: Session;
  branchCode: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const forced = session.info.user.mustChangePassword;
  const profile = `/${encodeURIComponent(branchCode)}/user/profile`;

  useEffect(() => {
    if (forced && location.pathname !== profile) void navigate(profile, { replace: true });
  }, [forced, location.pathname, profile, navigate]);

  return (
    <Modal
      opened={forced}
      onClose={() => {}}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
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
          void navigate(`/${encodeURIComponent(branchCode)}/queue`, { replace: true });
        }}
      />
    </Modal>
  );
}
