import type { Invoice } from '@clinic/domain';
import { Button, Menu } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useBranch } from '../../app/branch.ts';
import { useClinicOffset } from '../../app/clinic-time.ts';
import { useCan } from '../../app/permissions.tsx';
import { alertFailure } from '../../components/confirmed-removal.ts';
import { printInvoice, printStatement, type InvoicePrintKind } from './billing-prints.ts';
import '../../i18n/billing-prints/index.ts';

/**
 * The invoice screen's Print menu (doc 3 section 2.1): a draft prints as a quotation; a
 * finalised invoice as the A4 invoice (itemised or summary), the A5 stub, the receipt
 * (`payments:print`) and the tax invoice; and the patient's statement. Only the branch's
 * own invoices print (its letterhead and numbers).
 */
export function BillingPrintMenu({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const { branchId } = useBranch();
  const offset = useClinicOffset();
  const mayPrint = useCan('invoices:print');
  const mayPrintReceipt = useCan('payments:print');
  if (!mayPrint || invoice.branchId !== branchId) return null;
  const number = invoice.invoiceNo ?? '';
  const isDraft = invoice.status === 'DRAFT';

  const open = (kind: InvoicePrintKind) => () =>
    void printInvoice(
      kind,
      invoice.id,
      t(`billingPrints.titles.${kind}`, { number }),
      offset,
    ).catch(alertFailure);

  const kinds: InvoicePrintKind[] = isDraft
    ? ['quotation']
    : [
        'invoiceItemised',
        'invoiceSummary',
        'invoiceStub',
        ...(mayPrintReceipt ? (['receipt'] as const) : []),
        'taxInvoice',
      ];
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconPrinter size={16} aria-hidden />}
          aria-label={t('billingPrints.menuLabel')}
        >
          {t('billingPrints.menu')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {kinds.map((kind) => (
          <Menu.Item key={kind} onClick={open(kind)}>
            {t(`billingPrints.${kind}`)}
          </Menu.Item>
        ))}
        <Menu.Item
          onClick={() =>
            void printStatement(
              invoice.patient.id,
              t('billingPrints.titles.statement', { name: invoice.patient.name }),
              offset,
            ).catch(alertFailure)
          }
        >
          {t('billingPrints.statement')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
