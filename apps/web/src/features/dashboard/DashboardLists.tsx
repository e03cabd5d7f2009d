import {
  Anchor,
  Center,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { branchPath, useBranch } from '../../app/branch.ts';
import { clinicDayStart, clinicToday, useClinicOffset } from '../../app/clinic-time.ts';
import '../../i18n/dashboard/index.ts';
import {
  useUnbilledPatients,
  usePaymentMethodAmounts,
  useUnpaidInvoices,
} from './dashboard-api.ts';
import { money } from './dashboard-day.ts';
import { DayPicker } from './DayPicker.tsx';

const PaymentMethodChart = lazy(async () => ({
  default: (await import('./PaymentMethodChart.tsx')).PaymentMethodChart,
}));

/** The lists' height (doc 1 section 10). */
export const DASHBOARD_LIST_HEIGHT = 432;

/** A list's own day: today or earlier, as its start in Unix seconds. */
function useListDay() {
  const offset = useClinicOffset();
  const today = clinicToday(offset);
  const [date, setDate] = useState(today);
  return { date, setDate, today, from: clinicDayStart(date, offset) ?? 0 };
}

/** A titled list with its day picker, its content scrolling in 432 px. */
function ListPanel({
  title,
  dateLabel,
  day,
  testId,
  children,
}: {
  title: string;
  dateLabel: string;
  day: ReturnType<typeof useListDay>;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="sm" data-testid={testId}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={3} size="h5">
          {title}
        </Title>
        <DayPicker label={dateLabel} value={day.date} today={day.today} onChange={day.setDate} />
      </Group>
      <ScrollArea style={{ height: DASHBOARD_LIST_HEIGHT }} type="auto">
        {children}
      </ScrollArea>
    </Paper>
  );
}

/** Loading, failure and the empty state of a list; else its content. */
function ListState({
  query,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data?: { total: number } };
  empty: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <Center h={120}>
        <Loader size="sm" aria-label={t('dialog.loading')} />
      </Center>
    );
  }
  if (query.isError || !query.data) {
    return (
      <Text c="red" ta="center" py="xl">
        {t('dashboard.loadFailed')}
      </Text>
    );
  }
  if (query.data.total === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {empty}
      </Text>
    );
  }
  return <>{children}</>;
}

export function UnbilledPatientsList() {
  const { t } = useTranslation();
  const { branchCode } = useBranch();
  const day = useListDay();
  const query = useUnbilledPatients(day.from);
  return (
    <ListPanel
      title={t('dashboard.patients.title')}
      dateLabel={t('dashboard.patients.date')}
      day={day}
      testId="dashboard-unbilled"
    >
      <ListState query={query} empty={t('dashboard.patients.empty')}>
        <Table stickyHeader striped aria-label={t('dashboard.patients.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('dashboard.patients.name')}</Table.Th>
              <Table.Th>{t('dashboard.patients.nric')}</Table.Th>
              <Table.Th>{t('dashboard.patients.cardNo')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data?.items.map((patient) => (
              <Table.Tr key={patient.id}>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={branchPath(
                      branchCode,
                      `patients/${encodeURIComponent(patient.id)}/medical-records`,
                    )}
                  >
                    {patient.patientName}
                  </Anchor>
                </Table.Td>
                <Table.Td>{patient.NRIC ?? ''}</Table.Td>
                <Table.Td>{patient.cardNo ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ListState>
    </ListPanel>
  );
}

export function UnpaidInvoicesList() {
  const { t } = useTranslation();
  const { branchCode } = useBranch();
  const day = useListDay();
  const query = useUnpaidInvoices(day.from);
  return (
    <ListPanel
      title={t('dashboard.invoices.title')}
      dateLabel={t('dashboard.invoices.date')}
      day={day}
      testId="dashboard-unpaid"
    >
      <ListState query={query} empty={t('dashboard.invoices.empty')}>
        <Table stickyHeader striped aria-label={t('dashboard.invoices.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('dashboard.invoices.invoiceNumber')}</Table.Th>
              <Table.Th>{t('dashboard.invoices.patient')}</Table.Th>
              <Table.Th ta="right">{t('dashboard.invoices.total')}</Table.Th>
              <Table.Th ta="right">{t('dashboard.invoices.paid')}</Table.Th>
              <Table.Th ta="right">{t('dashboard.invoices.balance')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data?.items.map((invoice) => (
              <Table.Tr key={invoice.id}>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={branchPath(branchCode, `invoice/${encodeURIComponent(invoice.id)}`)}
                  >
                    {invoice.invoiceNumber}
                  </Anchor>
                </Table.Td>
                <Table.Td>{invoice.patient.name}</Table.Td>
                <Table.Td ta="right">{money(invoice.totalAmount)}</Table.Td>
                <Table.Td ta="right">{money(invoice.paidAmount)}</Table.Td>
                <Table.Td ta="right">{money(invoice.balance)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ListState>
    </ListPanel>
  );
}

export function PaymentMethodsList() {
  const { t } = useTranslation();
  const day = useListDay();
  const query = usePaymentMethodAmounts(day.from);
  return (
    <ListPanel
      title={t('dashboard.payments.title')}
      dateLabel={t('dashboard.payments.date')}
      day={day}
      testId="dashboard-payments"
    >
      <ListState query={query} empty={t('dashboard.payments.empty')}>
        <Suspense
          fallback={
            <Center h={120}>
              <Loader size="sm" aria-label={t('dialog.loading')} />
            </Center>
          }
        >
          <PaymentMethodChart items={query.data?.items ?? []} />
        </Suspense>
      </ListState>
    </ListPanel>
  );
}
