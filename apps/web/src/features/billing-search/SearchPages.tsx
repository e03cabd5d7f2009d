import {
  formatMoney,
  type InvoiceSearchRow,
  type McSearchRow,
  type PaymentSearchRow,
} from '@clinic/domain';
import {
  Alert,
  Badge,
  Button,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { branchPath, useBranch } from '../../app/branch.ts';
import { DATE_FORMATS, formatCalendarDate } from '../../app/date-format.ts';
import { ActionTd, ActionTh, DataTable } from '../../components/DataTable.tsx';
import type { TextKey } from '../../i18n/index.ts';
import { StatusBadge } from '../billing/parts.tsx';
import { SearchFilterBar } from './SearchFilters.tsx';
import {
  EMPTY_FILTERS,
  SEARCH_PAGE,
  useSearch,
  type RowOf,
  type SearchFilters,
  type SearchKind,
} from './search-api.ts';
import '../../i18n/billing/index.ts';
import '../../i18n/billing-search/index.ts';

/**
 * The billing search pages (doc 3 section 2.3: search/invoice, search/payment,
 * search/medical-certificate) and the branch's invoice list (/invoice): filters, a page of
 * rows from the server, each row opening its invoice or visit, and the xlsx export.
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

function InvoiceRows({ rows }: { rows: InvoiceSearchRow[] }) {
  const { t } = useTranslation();
  const { branchCode } = useBranch();
  return (
    <>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('billingSearch.columns.invoiceNo')}</Table.Th>
          <Table.Th>{t('billingSearch.columns.invoiceDate')}</Table.Th>
          <Table.Th>{t('billingSearch.columns.patient')}</Table.Th>
          <Table.Th>{t('billingSearch.columns.status')}</Table.Th>
          <Table.Th ta="right">{t('billingSearch.columns.total')}</Table.Th>
          <Table.Th ta="right">{t('billingSearch.columns.paid')}</Table.Th>
          <Table.Th ta="right">{t('billingSearch.columns.balance')}</Table.Th>
          <ActionTh>{t('billingSearch.columns.open')}</ActionTh>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id} data-testid="search-row">
            <Table.Td>{row.invoiceNo}</Table.Td>
            <Table.Td>{day(row.invoiceDate)}</Table.Td>
            <Table.Td>{row.patientName}</Table.Td>
            <Table.Td>
              <StatusBadge status={row.status} />
            </Table.Td>
            <Table.Td ta="right">{formatMoney(row.grandTotalCents)}</Table.Td>
            <Table.Td ta="right">{formatMoney(row.paidCents)}</Table.Td>
            <Table.Td ta="right">{formatMoney(row.balanceCents)}</Table.Td>
            <ActionTd>
              <OpenLink
                to={branchPath(branchCode, `invoice/${row.id}`)}
                label={t('billingSearch.openInvoice', { number: row.invoiceNo })}
              />
            </ActionTd>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </>
  );
}

function PaymentRows({ rows }: { rows: PaymentSearchRow[] }) {
  const { t } = useTranslation();
  const { branchCode } = useBranch();
  return (
    <>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('billingSearch.columns.paymentNo')}</Table.Th>
          <Table.Th>{t('billingSearch.columns.paymentDate')}</Table.Th>
          <Table.Th>{t('billingSearch.columns.patient')}</Table.Th>
          <Table.Th>{t('billingSearch.columns.invoiceNo')}</Table.Th>
          <Table.Th>{t('billingSearch.columns.methods')}</Table.Th>
          <Table.Th>{t('billingSearch.columns.status')}</Table.Th>
          <Table.Th ta="right">{t('billingSearch.columns.amount')}</Table.Th>
          <ActionTh>{t('billingSearch.columns.open')}</ActionTh>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id} data-testid="search-row">
            <Table.Td>{row.paymentNo}</Table.Td>
            <Table.Td>{day(row.paymentDate)}</Table.Td>
            <Table.Td>{row.patientName}</Table.Td>
            <Table.Td>{row.invoiceNo}</Table.Td>
            <Table.Td>{row.methods.join(', ')}</Table.Td>
            <Table.Td>
              <Badge color={row.status === 'VOIDED' ? 'red.9' : 'teal.9'}>
                {t(
                  row.status === 'VOIDED' ? 'billing.payments.voided' : 'billing.payments.settled',
                )}
              </Badge>
            </Table.Td>
            <Table.Td ta="right">{formatMoney(row.amountCents)}</Table.Td>
            <ActionTd>
              <OpenLink
                to={branchPath(branchCode, `invoice/${row.invoiceId}`)}
                label={t('billingSearch.openInvoice', { number: row.invoiceNo ?? row.paymentNo })}
              />
            </ActionTd>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </>
  );
}

function McRows({ rows }: { rows: McSearchRow[] }) {
  const { t } = useTranslation();
  const { branchCode } = useBranch();
  return (
    <>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('billingSearch.columns.mcNo')}</Table.Th>
          <Table.Th>{t('billingSearch.columns.issued')}</Table.Th>
          <Table.Th>{t('billingSearch.columns.patient')}</Table.Th>
          <Table.Th>{t('billingSearch.columns.doctor')}</Table.Th>
          <Table.Th>{t('billingSearch.columns.period')}</Table.Th>
          <Table.Th ta="right">{t('billingSearch.columns.days')}</Table.Th>
          <ActionTh>{t('billingSearch.columns.open')}</ActionTh>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id} data-testid="search-row">
            <Table.Td>
              {row.mcNo}
              {row.excuseChit && (
                <Badge ml="xs" color="gray.7">
                  {t('billingSearch.excuseChit')}
                </Badge>
              )}
            </Table.Td>
            <Table.Td>{day(row.issuedDate)}</Table.Td>
            <Table.Td>{row.patientName}</Table.Td>
            <Table.Td>{row.doctorName}</Table.Td>
            <Table.Td>{`${day(row.fromDate)} – ${day(row.toDate)}`}</Table.Td>
            <Table.Td ta="right">{row.givenDays}</Table.Td>
            <ActionTd>
              <OpenLink
                to={branchPath(
                  branchCode,
                  `patients/${row.patientId}/medical-records/${row.visitId}`,
                )}
                label={t('billingSearch.openVisit', { number: row.mcNo })}
              />
            </ActionTd>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </>
  );
}

const ROWS: { [K in SearchKind]: (props: { rows: RowOf[K][] }) => ReactNode } = {
  invoices: InvoiceRows,
  payments: PaymentRows,
  medicalCertificates: McRows,
};

const LABELS = {
  invoices: 'billingSearch.invoices.label',
  payments: 'billingSearch.payments.label',
  medicalCertificates: 'billingSearch.mcs.label',
} as const satisfies Record<SearchKind, TextKey>;

function SearchResults<K extends SearchKind>({
  kind,
  filters,
  pageIndex,
  onPage,
}: {
  kind: K;
  filters: SearchFilters;
  pageIndex: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const query = useSearch(kind, filters, pageIndex);
  if (query.isError) return <Alert color="red">{query.error.message}</Alert>;
  if (!query.data) return <Skeleton height={160} />;
  const { items, total } = query.data;
  const label: TextKey = LABELS[kind];
  const Rows = ROWS[kind] as (props: { rows: RowOf[K][] }) => ReactNode;
  return (
    <Stack gap="sm">
      <Text c="dimmed" data-testid="search-total">
        {t('billingSearch.found', { count: total })}
      </Text>
      {items.length === 0 ? (
        <Text>{t('billingSearch.none')}</Text>
      ) : (
        <DataTable aria-label={t(label)} minWidth={860}>
          <Rows rows={items} />
        </DataTable>
      )}
      {total > SEARCH_PAGE && (
        <Group justify="center">
          <Pagination
            total={Math.ceil(total / SEARCH_PAGE)}
            value={pageIndex}
            onChange={onPage}
            getControlProps={() => ({ 'aria-label': t('billingSearch.pages') })}
          />
        </Group>
      )}
    </Stack>
  );
}

/** One search page: its title, the filters and the page of rows they find. */
export function SearchPage({ kind, title }: { kind: SearchKind; title: TextKey }) {
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
      <SearchResults kind={kind} filters={filters} pageIndex={pageIndex} onPage={setPageIndex} />
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
