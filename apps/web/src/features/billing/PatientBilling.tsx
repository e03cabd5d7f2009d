import { Alert, Button, Center, Paper, Skeleton, Table, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { branchPath, useBranch } from '../../app/branch.ts';
import { DATE_FORMATS, formatCalendarDate } from '../../app/date-format.ts';
import { ActionTd, ActionTh, DataTable } from '../../components/DataTable.tsx';
import type { TextKey } from '../../i18n/index.ts';
import { usePatientInvoices, usePatientPayments } from './billing-api.ts';
import { money, StatusBadge } from './parts.tsx';
import { PaymentsTable } from './PaymentsTable.tsx';
import '../../i18n/billing/index.ts';
import '../../i18n/patient-area/index.ts';

function NoneYet({ text }: { text: TextKey }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="xl">
      <Center>
        <Text data-testid="none-yet">{t(text)}</Text>
      </Center>
    </Paper>
  );
}

/** The patient's invoices (GET /invoices?patientId), each opening the invoice screen. */
export function PatientInvoices({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const { branchCode } = useBranch();
  const query = usePatientInvoices(patientId);
  if (query.isError) return <Alert color="red">{query.error.message}</Alert>;
  if (!query.data) return <Skeleton height={120} />;
  if (query.data.items.length === 0) return <NoneYet text="record.none.invoiceList" />;
  return (
    <DataTable aria-label={t('billing.list.label')} minWidth={720}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('billing.list.number')}</Table.Th>
          <Table.Th>{t('billing.list.date')}</Table.Th>
          <Table.Th>{t('billing.list.status')}</Table.Th>
          <Table.Th ta="right">{t('billing.list.grandTotal')}</Table.Th>
          <Table.Th ta="right">{t('billing.list.paid')}</Table.Th>
          <Table.Th ta="right">{t('billing.list.balance')}</Table.Th>
          <ActionTh>{t('billing.list.open')}</ActionTh>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {query.data.items.map((invoice) => {
          const number = invoice.invoiceNo ?? t('billing.list.draft');
          return (
            <Table.Tr key={invoice.id} data-testid="invoice-row">
              <Table.Td>{number}</Table.Td>
              <Table.Td>{formatCalendarDate(invoice.invoiceDate, DATE_FORMATS.picker)}</Table.Td>
              <Table.Td>
                <StatusBadge status={invoice.status} />
              </Table.Td>
              <Table.Td ta="right">{money(invoice.grandTotalCents)}</Table.Td>
              <Table.Td ta="right">{money(invoice.paidCents)}</Table.Td>
              <Table.Td ta="right">{money(invoice.balanceCents)}</Table.Td>
              <ActionTd>
                <Button
                  component={Link}
                  to={branchPath(branchCode, `invoice/${invoice.id}`)}
                  size="compact-sm"
                  leftSection={<IconReceipt size={16} aria-hidden />}
                  aria-label={t('billing.list.openOf', { number })}
                  data-primary-action
                >
                  {t('billing.list.open')}
                </Button>
              </ActionTd>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </DataTable>
  );
}

/** The patient's payments (GET /payments?patientId), with their invoices' numbers. */
export function PatientPayments({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const query = usePatientPayments(patientId);
  if (query.isError) return <Alert color="red">{query.error.message}</Alert>;
  if (!query.data) return <Skeleton height={120} />;
  if (query.data.items.length === 0) return <NoneYet text="record.none.payments" />;
  return (
    <PaymentsTable
      payments={query.data.items}
      label={t('billing.patientPayments.label')}
      withInvoice
    />
  );
}
