import { Menu } from '@mantine/core';
import { IconCash, IconFileInvoice, IconId } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { branchPath } from '../../app/branch.ts';

/** The menu items that open a patient's invoices, payments and details (queue row, search result). */
export function PatientLinkItems({
  branchCode,
  patientId,
}: {
  branchCode: string;
  patientId: string;
}) {
  const { t } = useTranslation();
  const patientQuery = `?patientId=${encodeURIComponent(patientId)}`;
  return (
    <>
      <Menu.Item
        component={Link}
        to={branchPath(branchCode, `invoice${patientQuery}`)}
        leftSection={<IconFileInvoice size={16} aria-hidden />}
      >
        {t('patient.links.invoices')}
      </Menu.Item>
      <Menu.Item
        component={Link}
        to={branchPath(branchCode, `payments${patientQuery}`)}
        leftSection={<IconCash size={16} aria-hidden />}
      >
        {t('patient.links.payments')}
      </Menu.Item>
      <Menu.Item
        component={Link}
        to={branchPath(branchCode, `patients/${patientId}/personal`)}
        leftSection={<IconId size={16} aria-hidden />}
      >
        {t('patient.links.detail')}
      </Menu.Item>
    </>
  );
}
