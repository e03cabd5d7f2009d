import { Button } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBranch } from '../../app/branch.ts';
import { referralEditorPath } from './referral-paths.ts';
import '../../i18n/referrals/index.ts';

/**
 * 'Referral out' on the visit page: opens the referral editor for a new referral of this
 * visit (doc 2 section 2.5: the editor is opened from a visit).
 */
export function ReferralOutButton({ patientId, visitId }: { patientId: string; visitId: string }) {
  const { t } = useTranslation();
  const { branchCode } = useBranch();
  const base = `/${encodeURIComponent(branchCode)}/patients/${encodeURIComponent(patientId)}`;
  return (
    <Button
      component={Link}
      to={referralEditorPath(base, visitId, 'new')}
      variant="default"
      leftSection={<IconFileExport size={18} aria-hidden />}
    >
      {t('referrals.visit.referralOut')}
    </Button>
  );
}
