import {
  maxCreditNoteCents,
  settledPaymentsCents,
  type Invoice,
  type PaymentStatus,
} from '@clinic/domain';
import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBranch } from '../../app/branch.ts';
import { DATE_FORMATS, formatCalendarDate } from '../../app/date-format.ts';
import { useCan } from '../../app/permissions.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { snackbar } from '../../components/dialogs.tsx';
import { money } from '../billing/parts.tsx';
import { usePaymentMethods } from '../billing/billing-api.ts';
import {
  useCreditsChanged,
  useInvoiceCreditNotes,
  useInvoiceDeposits,
  usePatientDeposits,
} from './credits-api.ts';
import { CreditNotesTable } from './PatientCredits.tsx';
import '../../i18n/credit-notes/index.ts';

const CreditNoteDialog = lazy(async () => ({
  default: (await import('./CreditDialogs.tsx')).CreditNoteDialog,
}));
const ApplyDepositDialog = lazy(async () => ({
  default: (await import('./CreditDialogs.tsx')).ApplyDepositDialog,
}));

/**
 * A finalised invoice's credit notes and the deposits applied to it, with 'Issue credit
 * note' (Finance: at most what was paid less earlier notes) and 'Apply deposit' (who takes
 * payments: the patient's deposits with something left, while the invoice owes).
 * `onChanged` reads the invoice again, so its balance and status follow.
 */
export function InvoiceCredits({
  invoice,
  onChanged,
}: {
  invoice: Invoice;
  onChanged: () => Promise<void> | void;
}) {
  const { t } = useTranslation();
  const { branchId } = useBranch();
  const ours = invoice.branchId === branchId;
  const voided = invoice.status === 'VOIDED';
  const mayCredit = useCan('invoices:approve') && ours && !voided;
  const mayApply = useCan('payments:create') && ours && !voided;
  // Read only what the invoice's figures say is there: paid beyond its payments is deposits.
  const settled = settledPaymentsCents(
    invoice.payments.map((p) => ({
      amountCents: p.amountCents,
      status: p.statusCode as PaymentStatus,
    })),
  );
  const notes = useInvoiceCreditNotes(invoice.id, invoice.creditedCents > 0);
  const applied = useInvoiceDeposits(invoice.id, invoice.paidCents > settled);
  const [open, setOpen] = useState<'credit' | 'apply' | null>(null);
  const deposits = usePatientDeposits(invoice.patient.id, open === 'apply');
  const methods = usePaymentMethods();
  const creditsChanged = useCreditsChanged();
  const changed = async () => {
    setOpen(null);
    await Promise.all([onChanged(), creditsChanged()]);
  };
  const canCredit = mayCredit && maxCreditNoteCents(invoice) > 0 && Boolean(methods.data);
  const canApply = mayApply && invoice.balanceCents > 0;
  // No note is counted while `creditedCents` is 0; else the dialog waits for the notes.
  const earlierNotes = invoice.creditedCents > 0 ? notes.data : [];
  const none = (notes.data ?? []).length === 0 && (applied.data ?? []).length === 0;
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('credits.invoice.title')}
        </Title>
        <Group gap="xs">
          {canApply && (
            <Button variant="outline" onClick={() => setOpen('apply')}>
              {t('credits.invoice.apply')}
            </Button>
          )}
          {canCredit && (
            <Button variant="outline" onClick={() => setOpen('credit')}>
              {t('credits.invoice.issue')}
            </Button>
          )}
        </Group>
      </Group>
      {none && <Text c="dimmed">{t('credits.invoice.none')}</Text>}
      {(applied.data ?? []).length > 0 && (
        <DataTable aria-label={t('credits.invoice.deposit')} minWidth={480}>
          <Table.Tbody>
            {applied.data!.map((item) => (
              <Table.Tr key={item.id} data-testid="deposit-applied">
                <Table.Td>
                  {t('credits.invoice.depositUse', { number: item.creditNoteNumber })}
                </Table.Td>
                <Table.Td>{formatCalendarDate(item.paymentDate, DATE_FORMATS.picker)}</Table.Td>
                <Table.Td>{item.paymentMethodName}</Table.Td>
                <Table.Td ta="right">{money(item.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </DataTable>
      )}
      {(notes.data ?? []).length > 0 && (
        <CreditNotesTable notes={notes.data!} label={t('credits.invoice.title')} />
      )}
      {open === 'credit' && methods.data && earlierNotes && (
        <Suspense fallback={null}>
          <CreditNoteDialog
            invoice={invoice}
            earlierNotes={earlierNotes}
            methods={methods.data}
            onClose={() => setOpen(null)}
            onIssued={(note) => {
              snackbar.success(t('credits.invoice.issued', { number: note.creditNoteNo }));
              void changed();
            }}
            onStale={() => void onChanged()}
          />
        </Suspense>
      )}
      {open === 'apply' && deposits.data && (
        <Suspense fallback={null}>
          <ApplyDepositDialog
            invoice={invoice}
            deposits={deposits.data}
            onClose={() => setOpen(null)}
            onApplied={(done) => {
              snackbar.success(
                t('credits.invoice.applied', {
                  amount: money(done.application.amountCents),
                  number: done.application.depositNo,
                }),
              );
              void changed();
            }}
            onStale={() => void onChanged()}
          />
        </Suspense>
      )}
    </Stack>
  );
}
