import { formatMoney } from '@clinic/domain';
import { Badge, Button, Stack, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { branchPath } from '../../app/branch.ts';
import { DATE_FORMATS, formatCalendarDate } from '../../app/date-format.ts';
import type { TextKey } from '../../i18n/index.ts';
import { StatusBadge } from '../billing/parts.tsx';
import { SearchFilterBar } from './SearchFilters.tsx';
import { SearchResults, type SearchTableSpec } from './SearchTable.tsx';
import { EMPTY_FILTERS, type RowOf, type SearchFilters, type SearchKind } from './search-api.ts';
import '../../i18n/billing/index.ts';
import '../../i18n/billing-search/index.ts';

/**
 * The billing search pages (doc 3 section 2.3: search/invoice, search/payment,
 * search/credit-note, search/medical-certificate) and the branch's invoice list (/invoice):
 * filters, a page of rows from the server in one table machinery (`SearchTable.tsx`), each
 * row opening its invoice, visit or credit note, and the xlsx export.
 */

const day = (date: string) => formatCalendarDate(date, DATE_FORMATS.queue);

function OpenLink({ to, label }: { to: string; label: string }) {
  const { t } = useTranslation();
  return (
    <Button
      component={Link}
      to={to}
      size="compact-sm"
      leftSection={<IconExternalLink size={16} aria-hidden />}
      aria-label={label}
      data-primary-action
    >
      {t('billingSearch.columns.open')}
    </Button>
  );
}

function PaymentStatus({ status }: { status: 'SETTLED' | 'VOIDED' }) {
  const { t } = useTranslation();
  return (
    <Badge color={status === 'VOIDED' ? 'red.9' : 'teal.9'}>
      {t(status === 'VOIDED' ? 'billing.payments.voided' : 'billing.payments.settled')}
    </Badge>
  );
}

function CreditNoteStatus({ status }: { status: 'ISSUED' | 'VOIDED' }) {
  const { t } = useTranslation();
  return (
    <Badge color={status === 'VOIDED' ? 'red.9' : 'teal.9'}>
      {t(`billingSearch.creditNotes.statuses.${status}`)}
    </Badge>
  );
}

/** Each kind's table: its columns and where a row opens. */
const TABLES: { [K in SearchKind]: SearchTableSpec<RowOf[K]> } = {
  invoices: {
    label: 'billingSearch.invoices.label',
    columns: [
      { title: 'billingSearch.columns.invoiceNo', cell: (row) => row.invoiceNo },
      { title: 'billingSearch.columns.invoiceDate', cell: (row) => day(row.invoiceDate) },
      { title: 'billingSearch.columns.patient', cell: (row) => row.patientName },
      { title: 'billingSearch.columns.status', cell: (row) => <StatusBadge status={row.status} /> },
      {
        title: 'billingSearch.columns.total',
        cell: (row) => formatMoney(row.grandTotalCents),
        right: true,
      },
      {
        title: 'billingSearch.columns.paid',
        cell: (row) => formatMoney(row.paidCents),
        right: true,
      },
      {
        title: 'billingSearch.columns.credited',
        cell: (row) => formatMoney(row.creditedCents),
        right: true,
      },
      {
        title: 'billingSearch.columns.balance',
        cell: (row) => formatMoney(row.balanceCents),
        right: true,
      },
    ],
    open: (row, t, branchCode) => (
      <OpenLink
        to={branchPath(branchCode, `invoice/${row.id}`)}
        label={t('billingSearch.openInvoice', { number: row.invoiceNo })}
      />
    ),
  },
  payments: {
    label: 'billingSearch.payments.label',
    columns: [
      { title: 'billingSearch.columns.paymentNo', cell: (row) => row.paymentNo },
      { title: 'billingSearch.columns.paymentDate', cell: (row) => day(row.paymentDate) },
      { title: 'billingSearch.columns.patient', cell: (row) => row.patientName },
      { title: 'billingSearch.columns.invoiceNo', cell: (row) => row.invoiceNo },
      { title: 'billingSearch.columns.methods', cell: (row) => row.methods.join(', ') },
      {
        title: 'billingSearch.columns.status',
        cell: (row) => <PaymentStatus status={row.status} />,
      },
      {
        title: 'billingSearch.columns.amount',
        cell: (row) => formatMoney(row.amountCents),
        right: true,
      },
    ],
    open: (row, t, branchCode) => (
      <OpenLink
        to={branchPath(branchCode, `invoice/${row.invoiceId}`)}
        label={t('billingSearch.openInvoice', { number: row.invoiceNo ?? row.paymentNo })}
      />
    ),
  },
  medicalCertificates: {
    label: 'billingSearch.mcs.label',
    columns: [
      {
        title: 'billingSearch.columns.mcNo',
        cell: (row) => <McNumber mcNo={row.mcNo} excuseChit={row.excuseChit} />,
      },
      { title: 'billingSearch.columns.issued', cell: (row) => day(row.issuedDate) },
      { title: 'billingSearch.columns.patient', cell: (row) => row.patientName },
      { title: 'billingSearch.columns.doctor', cell: (row) => row.doctorName },
      {
        title: 'billingSearch.columns.period',
        cell: (row) => `${day(row.fromDate)} – ${day(row.toDate)}`,
      },
      { title: 'billingSearch.columns.days', cell: (row) => row.givenDays, right: true },
    ],
    open: (row, t, branchCode) => (
      <OpenLink
        to={branchPath(branchCode, `patients/${row.patientId}/medical-records/${row.visitId}`)}
        label={t('billingSearch.openVisit', { number: row.mcNo })}
      />
    ),
  },
  creditNotes: {
    label: 'billingSearch.creditNotes.label',
    columns: [
      { title: 'billingSearch.columns.creditNoteNo', cell: (row) => row.creditNoteNo },
      { title: 'billingSearch.columns.creditNoteDate', cell: (row) => day(row.creditNoteDate) },
      { title: 'billingSearch.columns.patient', cell: (row) => row.patientName },
      { title: 'billingSearch.columns.type', cell: (row) => <CreditNoteType type={row.type} /> },
      { title: 'billingSearch.columns.of', cell: (row) => row.invoiceNo ?? row.depositNo },
      {
        title: 'billingSearch.columns.status',
        cell: (row) => <CreditNoteStatus status={row.status} />,
      },
      {
        title: 'billingSearch.columns.amount',
        cell: (row) => formatMoney(row.amountCents),
        right: true,
      },
    ],
    open: (row, t, branchCode) => (
      <OpenLink
        to={branchPath(branchCode, `search/credit-note/${row.id}`)}
        label={t('billingSearch.openCreditNote', { number: row.creditNoteNo })}
      />
    ),
  },
};

function McNumber({ mcNo, excuseChit }: { mcNo: string; excuseChit: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {mcNo}
      {excuseChit && (
        <Badge ml="xs" color="gray.7">
          {t('billingSearch.excuseChit')}
        </Badge>
      )}
    </>
  );
}

function CreditNoteType({ type }: { type: RowOf['creditNotes']['type'] }) {
  const { t } = useTranslation();
  return t(`billingSearch.creditNotes.types.${type}`);
}

/** One search page: its title, the filters and the page of rows they find. */
export function SearchPage<K extends SearchKind>({ kind, title }: { kind: K; title: TextKey }) {
  const { t } = useTranslation();
  // A link may open the search on a period (the dashboard's payment card: its day).
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<SearchFilters>(() => ({
    ...EMPTY_FILTERS,
    fromDate: params.get('fromDate'),
    toDate: params.get('toDate'),
  }));
  const [pageIndex, setPageIndex] = useState(1);
  return (
    <Stack gap="md" p="md">
      <Title order={2}>{t(title)}</Title>
      <SearchFilterBar
        kind={kind}
        applied={filters}
        onSearch={(next) => {
          setFilters(next);
          setPageIndex(1);
        }}
      />
      <SearchResults
        kind={kind}
        table={TABLES[kind]}
        filters={filters}
        pageIndex={pageIndex}
        onPage={setPageIndex}
      />
    </Stack>
  );
}

export function InvoiceSearchPage() {
  return <SearchPage kind="invoices" title="billingSearch.invoices.title" />;
}

/** The branch's invoice list (/invoice): the invoice search under the list's title. */
export function InvoiceListPage() {
  return <SearchPage kind="invoices" title="billingSearch.invoices.listTitle" />;
}

export function PaymentSearchPage() {
  return <SearchPage kind="payments" title="billingSearch.payments.title" />;
}

export function McSearchPage() {
  return <SearchPage kind="medicalCertificates" title="billingSearch.mcs.title" />;
}

export function CreditNoteSearchPage() {
  return <SearchPage kind="creditNotes" title="billingSearch.creditNotes.title" />;
}
