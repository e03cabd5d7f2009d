import { Button } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { branchPath, useBranch } from '../../app/branch.ts';
import { alertFailure } from '../../components/confirmed-removal.ts';
import { billVisit, useInvoiceShown } from './billing-api.ts';
import '../../i18n/billing/index.ts';

/**
 * 'Bill this visit' on the visit page: `POST /visits/{id}/invoice` answers the visit's
 * invoice that is not voided, or drafts one of its prescription lines, and the invoice
 * screen opens on it (a second click opens the same invoice).
 */
export function BillVisitButton({ visitId }: { visitId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { branchCode } = useBranch();
  const show = useInvoiceShown();
  const [busy, setBusy] = useState(false);
  async function bill() {
    setBusy(true);
    try {
      const invoice = await billVisit(visitId);
      show(invoice);
      await navigate(branchPath(branchCode, `invoice/${invoice.id}`));
    } catch (failure) {
      alertFailure(failure);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      variant="default"
      loading={busy}
      onClick={() => void bill()}
      leftSection={<IconReceipt size={18} aria-hidden />}
    >
      {t('billing.billVisit')}
    </Button>
  );
}
