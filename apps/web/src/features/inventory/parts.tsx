import type { StockBatchRecord, StockMovementRecord } from '@clinic/domain';
import { Alert, Anchor, Badge, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { useCan } from '../../app/permissions.tsx';
import { useClinicOffset } from '../../app/clinic-time.ts';
import { DATE_FORMATS, formatCalendarDate, formatClinicInstant } from '../../app/date-format.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { LazyDateField } from '../../components/LazyDateField.tsx';
import type { TextKey } from '../../i18n/index.ts';
import { ListHeader } from '../catalogs/ListParts.tsx';
import { centsToDollars } from '../catalogs/money.ts';
import { useItems } from './inventory-api.ts';
import '../../i18n/inventory/index.ts';

/** The inventory pages of this section, in one row of links (doc 3 section 2.4). */
export const INVENTORY_LINKS = [
  { path: 'items', title: 'inventory.pages.items' },
  { path: 'batches', title: 'inventory.pages.batches' },
  { path: 'transactions', title: 'inventory.pages.transactions' },
  { path: 'adjustment', title: 'inventory.pages.adjustment' },
  { path: 'itemLogs', title: 'inventory.pages.itemLogs' },
  { path: 'batchDispensing', title: 'inventory.pages.batchDispensing' },
  { path: 'suppliers', title: 'inventory.pages.suppliers' },
  { path: 'batch', title: 'inventory.pages.batch' },
  { path: 'purchases', title: 'inventory.pages.purchases' },
  { path: 'received', title: 'inventory.pages.received' },
  { path: 'requisition', title: 'inventory.pages.requisition' },
  { path: 'stockTally', title: 'inventory.pages.stockTally' },
] as const satisfies ReadonlyArray<{ path: string; title: TextKey }>;

/** The address of an inventory page of the current branch. */
export function useInventoryPath(): (path: string) => string {
  const { branchCode = '' } = useParams();
  return (path) => `/${encodeURIComponent(branchCode)}/inventory/${path}`;
}

export function InventoryNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const pathOf = useInventoryPath();
  return (
    <nav aria-label={t('inventory.navLabel')}>
      <Group gap={6}>
        {INVENTORY_LINKS.map((link) => {
          const to = pathOf(link.path);
          const current = pathname === to || pathname.startsWith(`${to}/`);
          return (
            <Button
              key={link.path}
              component={Link}
              to={to}
              size="compact-sm"
              variant={current ? 'filled' : 'default'}
              aria-current={current ? 'page' : undefined}
            >
              {t(link.title)}
            </Button>
          );
        })}
      </Group>
    </nav>
  );
}

/**
 * An inventory page: the section's links, the title with its actions, and the content only
 * when the role reads the branch's stock (`inventory:read`, or `read` when given).
 */
export function InventoryFrame({
  title,
  actions,
  read = 'inventory:read',
  children,
}: {
  title: string;
  actions?: ReactNode;
  read?: 'inventory:read' | 'dispensing:read';
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const mayRead = useCan(read);
  return (
    <Stack>
      <InventoryNav />
      <ListHeader title={title}>{mayRead ? actions : null}</ListHeader>
      {mayRead ? (
        children
      ) : (
        <Alert color="gray" role="alert">
          {t('inventory.notAllowed')}
        </Alert>
      )}
    </Stack>
  );
}

const EXPIRY_COLORS = {
  expired: 'red.9',
  nearExpiry: 'orange.9',
  unexpired: 'teal.9',
  noExpiry: 'gray.7',
} as const;

export function ExpiryBadge({ status }: { status: StockBatchRecord['expiryStatus'] }) {
  const { t } = useTranslation();
  return <Badge color={EXPIRY_COLORS[status]}>{t(`inventory.expiry.${status}`)}</Badge>;
}

/** Formats of the pages: the clinic's date-time of an instant, a calendar date, money. */
export function useFormats() {
  const offset = useClinicOffset();
  return {
    when: (unix: number) => formatClinicInstant(unix, offset, DATE_FORMATS.documentTime),
    date: (date: string | null) => formatCalendarDate(date, DATE_FORMATS.picker),
    money: centsToDollars,
  };
}

/** A signed quantity: '+10', '-3'. */
export const signed = (quantity: number) => (quantity > 0 ? `+${quantity}` : String(quantity));

/** Ledger rows, newest first. */
export function LedgerTable({
  rows,
  label,
  showItem = true,
  showBatch = true,
}: {
  rows: readonly StockMovementRecord[];
  label: string;
  showItem?: boolean;
  showBatch?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormats();
  const pathOf = useInventoryPath();
  return (
    <DataTable aria-label={label} minWidth={640} striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('inventory.cols.when')}</Table.Th>
          {showItem && <Table.Th>{t('inventory.cols.item')}</Table.Th>}
          {showBatch && <Table.Th>{t('inventory.cols.batchNo')}</Table.Th>}
          <Table.Th>{t('inventory.cols.kind')}</Table.Th>
          <Table.Th ta="right">{t('inventory.cols.quantity')}</Table.Th>
          <Table.Th>{t('inventory.cols.reason')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td>{format.when(row.createdAt)}</Table.Td>
            {showItem && (
              <Table.Td>
                <Anchor component={Link} to={pathOf(`items/${row.itemId}`)}>
                  {row.itemName}
                </Anchor>
              </Table.Td>
            )}
            {showBatch && (
              <Table.Td>
                <Anchor component={Link} to={pathOf(`batches/${row.batchId}`)}>
                  {row.batchNo}
                </Anchor>
              </Table.Td>
            )}
            <Table.Td>{t(`inventory.kinds.${row.kind}`)}</Table.Td>
            <Table.Td ta="right">{signed(row.quantity)}</Table.Td>
            <Table.Td>{row.reason}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </DataTable>
  );
}

/** Batches with their expiry status and on-hand. */
export function BatchTable({
  rows,
  label,
  showItem = true,
  actions,
}: {
  rows: readonly StockBatchRecord[];
  label: string;
  showItem?: boolean;
  actions?: (batch: StockBatchRecord) => ReactNode;
}) {
  const { t } = useTranslation();
  const format = useFormats();
  const pathOf = useInventoryPath();
  return (
    <DataTable aria-label={label} minWidth={640} striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('inventory.cols.batchNo')}</Table.Th>
          {showItem && <Table.Th>{t('inventory.cols.item')}</Table.Th>}
          <Table.Th>{t('inventory.cols.expiryDate')}</Table.Th>
          <Table.Th>{t('inventory.cols.status')}</Table.Th>
          <Table.Th ta="right">{t('inventory.cols.onHand')}</Table.Th>
          <Table.Th ta="right">{t('inventory.cols.unitCost')}</Table.Th>
          {actions && <Table.Th>{t('inventory.cols.actions')}</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((batch) => (
          <Table.Tr key={batch.id}>
            <Table.Td>
              <Anchor
                component={Link}
                to={pathOf(`batches/${batch.id}`)}
                data-primary-action
                aria-label={t('inventory.viewOne', { name: batch.batchNo })}
              >
                {batch.batchNo}
              </Anchor>
            </Table.Td>
            {showItem && (
              <Table.Td>
                <Anchor component={Link} to={pathOf(`items/${batch.itemId}`)}>
                  {batch.itemName}
                </Anchor>
              </Table.Td>
            )}
            <Table.Td>{format.date(batch.expiryDate)}</Table.Td>
            <Table.Td>
              <ExpiryBadge status={batch.expiryStatus} />
            </Table.Td>
            <Table.Td ta="right">{batch.onHand}</Table.Td>
            <Table.Td ta="right">{format.money(batch.unitCostCents)}</Table.Td>
            {actions && <Table.Td>{actions(batch)}</Table.Td>}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </DataTable>
  );
}

/** A period of clinic dates (from, to). */
export function PeriodFields({
  from,
  to,
  onChange,
  error,
}: {
  from: string | null;
  to: string | null;
  onChange: (period: { from: string | null; to: string | null }) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <LazyDateField
        label={t('inventory.transactions.from')}
        value={from}
        onChange={(value) => onChange({ from: value, to })}
        w={170}
      />
      <LazyDateField
        label={t('inventory.transactions.to')}
        value={to}
        onChange={(value) => onChange({ from, to: value })}
        error={error}
        w={170}
      />
    </>
  );
}

/** A stocked item, searched by code or name (the first 20 matches). */
export function StockItemSelect({
  value,
  onChange,
  label,
  placeholder,
  error,
  withAsterisk,
  clearable = true,
}: {
  value: string | null;
  onChange: (itemId: string | null, name: string | null) => void;
  label: string;
  placeholder?: string;
  error?: ReactNode;
  withAsterisk?: boolean;
  clearable?: boolean;
}) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const [keyword] = useDebouncedValue(search, 250);
  const items = useItems(chosen?.label === keyword ? '' : keyword, 1);
  const options = (items.data?.items ?? []).map((item) => ({
    value: item.itemId,
    label: `${item.name} (${item.code})`,
  }));
  if (chosen && !options.some((option) => option.value === chosen.value)) options.push(chosen);
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={options}
      value={value}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      clearable={clearable}
      withAsterisk={withAsterisk}
      error={error}
      nothingFoundMessage="—"
      onChange={(itemId, option) => {
        setChosen(itemId && option ? option : null);
        onChange(itemId, option?.label ?? null);
      }}
      w={320}
    />
  );
}

/** Words under a table: loading, or `none` when the list has no row. */
export function TableStatus({
  pending,
  empty,
  none,
}: {
  pending: boolean;
  empty: boolean;
  none: string;
}) {
  const { t } = useTranslation();
  if (pending) return <Text c="dimmed">{t('inventory.loading')}</Text>;
  return empty ? <Text c="dimmed">{none}</Text> : null;
}
