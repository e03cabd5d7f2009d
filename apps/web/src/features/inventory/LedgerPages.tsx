import {
  STOCK_MOVEMENT_KINDS,
  type StockMovementKind,
  type StockMovementRecord,
} from '@clinic/domain';
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Can } from '../../app/permissions.tsx';
import { clinicToday, useClinicOffset } from '../../app/clinic-time.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { toCsv } from '../catalogs/csv.ts';
import { ExportButton, exportName, Pager, SearchInput } from '../catalogs/ListParts.tsx';
import {
  EXPORT_PAGE_SIZE,
  PAGE_SIZE,
  readAllPages,
  readItemLog,
  readLedger,
  useBatches,
  useItemLog,
  useLedger,
  type LedgerFilter,
} from './inventory-api.ts';
import { AdjustDialog, ReceiveBatchForm } from './lazy-forms.tsx';
import {
  BatchTable,
  ExpiryBadge,
  InventoryFrame,
  LedgerTable,
  PeriodFields,
  StockItemSelect,
  TableStatus,
  useFormats,
  useInventoryPath,
} from './parts.tsx';
import '../../i18n/inventory/index.ts';

const ledgerCsv = (rows: readonly StockMovementRecord[]) =>
  toCsv(
    ['time', 'itemName', 'batchNo', 'kind', 'quantity', 'reason'],
    rows.map((row) => [
      new Date(row.createdAt * 1000).toISOString(),
      row.itemName,
      row.batchNo,
      row.kind,
      row.quantity,
      row.reason,
    ]),
  );

async function exportLedger(filter: LedgerFilter) {
  const rows = await readAllPages(
    (index) => readLedger(filter, index, EXPORT_PAGE_SIZE),
    EXPORT_PAGE_SIZE,
  );
  return { csv: ledgerCsv(rows), rows: rows.length };
}

/** The clinic's first day of this month and today: the default period of the reports. */
function useThisMonth() {
  const today = clinicToday(useClinicOffset());
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** A period whose end is before its start has the server's words on its end. */
const backwards = (t: TFunction, from: string | null, to: string | null) =>
  from && to && from > to ? t('inventory.itemLogs.periodBackwards') : undefined;

/** The branch's batches: with stock (or all), searchable by item or batch number. */
export function BatchesPage() {
  const { t } = useTranslation();
  const [includeEmpty, setIncludeEmpty] = useState(false);
  const [search, setSearch] = useState('');
  const batches = useBatches({ includeEmpty });
  const text = search.trim().toLowerCase();
  const rows = (batches.data?.items ?? []).filter(
    (batch) =>
      !text ||
      batch.batchNo.toLowerCase().includes(text) ||
      batch.itemName.toLowerCase().includes(text) ||
      batch.itemCode.toLowerCase().startsWith(text),
  );
  const title = t('inventory.pages.batches');
  const build = () =>
    Promise.resolve({
      csv: toCsv(
        ['itemCode', 'itemName', 'batchNo', 'expiryDate', 'status', 'onHand', 'unitCost'],
        rows.map((b) => [
          b.itemCode,
          b.itemName,
          b.batchNo,
          b.expiryDate,
          b.expiryStatus,
          b.onHand,
          (b.unitCostCents / 100).toFixed(2),
        ]),
      ),
      rows: rows.length,
    });
  return (
    <InventoryFrame
      title={title}
      actions={<ExportButton fileName={exportName('inventory-batches')} build={build} />}
    >
      <Group align="flex-end">
        <SearchInput value={search} onChange={setSearch} />
        <Checkbox
          label={t('inventory.batches.withEmpty')}
          checked={includeEmpty}
          onChange={(event) => setIncludeEmpty(event.currentTarget.checked)}
          mb={8}
        />
      </Group>
      <BatchTable rows={rows} label={title} />
      <TableStatus
        pending={batches.isPending}
        empty={batches.isSuccess && rows.length === 0}
        none={t('inventory.batches.none')}
      />
    </InventoryFrame>
  );
}

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}

/** One batch: its item, expiry, on-hand and cost, and its own ledger. */
export function BatchDetailPage() {
  const { t } = useTranslation();
  const { batchId = '' } = useParams();
  const pathOf = useInventoryPath();
  const format = useFormats();
  const [pageIndex, setPageIndex] = useState(1);
  const [adjusting, setAdjusting] = useState(false);
  const batches = useBatches({ batchId, includeEmpty: true });
  const ledger = useLedger({ batchId }, pageIndex);
  const batch = batches.data?.items[0];
  return (
    <InventoryFrame
      title={
        batch
          ? t('inventory.batches.title', { batchNo: batch.batchNo })
          : t('inventory.pages.batches')
      }
      actions={
        batch && (
          <Can permission="inventory:update">
            <Button variant="default" onClick={() => setAdjusting(true)}>
              {t('inventory.item.adjust')}
            </Button>
          </Can>
        )
      }
    >
      <Anchor component={Link} to={pathOf('batches')} size="sm">
        {t('inventory.back')}
      </Anchor>
      {batches.isSuccess && !batch && <Text c="dimmed">{t('inventory.batches.notFound')}</Text>}
      {batch && (
        <>
          <Paper withBorder p="md">
            <SimpleGrid cols={{ base: 2, sm: 5 }}>
              <Fact
                label={t('inventory.cols.item')}
                value={
                  <Anchor component={Link} to={pathOf(`items/${batch.itemId}`)}>
                    {batch.itemName}
                  </Anchor>
                }
              />
              <Fact
                label={t('inventory.cols.expiryDate')}
                value={format.date(batch.expiryDate) || '—'}
              />
              <Fact
                label={t('inventory.cols.status')}
                value={<ExpiryBadge status={batch.expiryStatus} />}
              />
              <Fact label={t('inventory.cols.onHand')} value={batch.onHand} />
              <Fact
                label={t('inventory.cols.unitCost')}
                value={format.money(batch.unitCostCents)}
              />
            </SimpleGrid>
          </Paper>
          <Title order={2} size="h4">
            {t('inventory.batches.ledger')}
          </Title>
          <LedgerTable
            rows={ledger.data?.items ?? []}
            label={t('inventory.batches.ledger')}
            showItem={false}
            showBatch={false}
          />
          <Pager
            page={pageIndex}
            total={ledger.data?.total ?? 0}
            pageSize={PAGE_SIZE}
            onPage={setPageIndex}
          />
          {adjusting && (
            <AdjustDialog
              item={{ itemId: batch.itemId, name: batch.itemName }}
              batchId={batch.id}
              onClose={() => setAdjusting(false)}
            />
          )}
        </>
      )}
    </InventoryFrame>
  );
}

/** The ledger with its filters: item, kind, period. */
export function TransactionsPage() {
  const { t } = useTranslation();
  const [itemId, setItemId] = useState<string | null>(null);
  const [kind, setKind] = useState<StockMovementKind | null>(null);
  const [period, setPeriod] = useState<{ from: string | null; to: string | null }>({
    from: null,
    to: null,
  });
  const [pageIndex, setPageIndex] = useState(1);
  const periodError = backwards(t, period.from, period.to);
  const filter: LedgerFilter = {
    itemId: itemId ?? undefined,
    kind: kind ?? undefined,
    fromDate: period.from ?? undefined,
    toDate: period.to ?? undefined,
  };
  const ledger = useLedger(filter, pageIndex, !periodError);
  const title = t('inventory.pages.transactions');
  const refilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPageIndex(1);
    };
  return (
    <InventoryFrame
      title={title}
      actions={
        <ExportButton
          fileName={exportName('inventory-transactions')}
          build={() => exportLedger(filter)}
        />
      }
    >
      <Group align="flex-end">
        <StockItemSelect
          label={t('inventory.cols.item')}
          placeholder={t('inventory.transactions.itemAll')}
          value={itemId}
          onChange={refilter(setItemId)}
        />
        <Select
          label={t('inventory.cols.kind')}
          placeholder={t('inventory.transactions.kindAll')}
          data={STOCK_MOVEMENT_KINDS.map((value) => ({
            value,
            label: t(`inventory.kinds.${value}`),
          }))}
          value={kind}
          onChange={(value) => refilter(setKind)(value)}
          clearable
          w={180}
        />
        <PeriodFields
          from={period.from}
          to={period.to}
          onChange={refilter(setPeriod)}
          error={periodError}
        />
      </Group>
      <LedgerTable rows={ledger.data?.items ?? []} label={title} />
      <TableStatus
        pending={ledger.isPending && !periodError}
        empty={ledger.isSuccess && ledger.data.items.length === 0}
        none={t('inventory.transactions.none')}
      />
      <Pager
        page={pageIndex}
        total={ledger.data?.total ?? 0}
        pageSize={PAGE_SIZE}
        onPage={setPageIndex}
      />
    </InventoryFrame>
  );
}

/** The adjustments (the ledger's adjustment rows) of a period, and a new adjustment. */
export function AdjustmentsPage() {
  const { t } = useTranslation();
  const month = useThisMonth();
  const [period, setPeriod] = useState<{ from: string | null; to: string | null }>(month);
  const [pageIndex, setPageIndex] = useState(1);
  const [adding, setAdding] = useState(false);
  const periodError = backwards(t, period.from, period.to);
  const filter: LedgerFilter = {
    kind: 'adjustment',
    fromDate: period.from ?? undefined,
    toDate: period.to ?? undefined,
  };
  const ledger = useLedger(filter, pageIndex, !periodError);
  const title = t('inventory.pages.adjustment');
  return (
    <InventoryFrame
      title={title}
      actions={
        <>
          <ExportButton
            fileName={exportName('inventory-adjustments')}
            build={() => exportLedger(filter)}
          />
          <Can permission="inventory:update">
            <Button onClick={() => setAdding(true)}>{t('inventory.adjust.newAdjustment')}</Button>
          </Can>
        </>
      }
    >
      <Group align="flex-end">
        <PeriodFields
          from={period.from}
          to={period.to}
          onChange={(next) => {
            setPeriod(next);
            setPageIndex(1);
          }}
          error={periodError}
        />
      </Group>
      <LedgerTable rows={ledger.data?.items ?? []} label={title} />
      <TableStatus
        pending={ledger.isPending && !periodError}
        empty={ledger.isSuccess && ledger.data.items.length === 0}
        none={t('inventory.adjust.none')}
      />
      <Pager
        page={pageIndex}
        total={ledger.data?.total ?? 0}
        pageSize={PAGE_SIZE}
        onPage={setPageIndex}
      />
      {adding && <AdjustDialog item={null} onClose={() => setAdding(false)} />}
    </InventoryFrame>
  );
}

/** Per item over a period: opening, in, out, closing. */
export function ItemLogsPage() {
  const { t } = useTranslation();
  const month = useThisMonth();
  const [period, setPeriod] = useState<{ from: string | null; to: string | null }>(month);
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 300);
  const [pageIndex, setPageIndex] = useState(1);
  const periodError =
    !period.from || !period.to
      ? t('inventory.itemLogs.periodRequired')
      : backwards(t, period.from, period.to);
  const filter = { keyword, fromDate: period.from ?? '', toDate: period.to ?? '' };
  const log = useItemLog(filter, pageIndex, !periodError);
  const rows = log.data?.items ?? [];
  const title = t('inventory.pages.itemLogs');
  async function build() {
    const all = await readAllPages(
      (index) => readItemLog(filter, index, EXPORT_PAGE_SIZE),
      EXPORT_PAGE_SIZE,
    );
    const csv = toCsv(
      ['code', 'name', 'fromDate', 'toDate', 'opening', 'in', 'out', 'closing'],
      all.map((row) => [
        row.code,
        row.name,
        filter.fromDate,
        filter.toDate,
        row.opening,
        row.ins,
        row.outs,
        row.closing,
      ]),
    );
    return { csv, rows: all.length };
  }
  return (
    <InventoryFrame
      title={title}
      actions={<ExportButton fileName={exportName('inventory-item-log')} build={build} />}
    >
      <Text c="dimmed">{t('inventory.itemLogs.intro')}</Text>
      <Group align="flex-end">
        <SearchInput
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPageIndex(1);
          }}
        />
        <PeriodFields
          from={period.from}
          to={period.to}
          onChange={(next) => {
            setPeriod(next);
            setPageIndex(1);
          }}
          error={periodError}
        />
      </Group>
      <DataTable aria-label={title} minWidth={640} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('inventory.cols.code')}</Table.Th>
            <Table.Th>{t('inventory.cols.name')}</Table.Th>
            <Table.Th ta="right">{t('inventory.cols.opening')}</Table.Th>
            <Table.Th ta="right">{t('inventory.cols.ins')}</Table.Th>
            <Table.Th ta="right">{t('inventory.cols.outs')}</Table.Th>
            <Table.Th ta="right">{t('inventory.cols.closing')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.itemId}>
              <Table.Td>{row.code}</Table.Td>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td ta="right">{row.opening}</Table.Td>
              <Table.Td ta="right">{row.ins}</Table.Td>
              <Table.Td ta="right">{row.outs}</Table.Td>
              <Table.Td ta="right">{row.closing}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </DataTable>
      <TableStatus
        pending={log.isPending && !periodError}
        empty={log.isSuccess && rows.length === 0}
        none={t('inventory.itemLogs.none')}
      />
      <Pager
        page={pageIndex}
        total={log.data?.total ?? 0}
        pageSize={PAGE_SIZE}
        onPage={setPageIndex}
      />
    </InventoryFrame>
  );
}

/** `batch` (the site map's inventory.batch): receive a batch of any item. */
export function ReceiveBatchPage() {
  const { t } = useTranslation();
  return (
    <InventoryFrame title={t('inventory.pages.batch')}>
      <Can
        permission="inventory:create"
        fallback={<Text c="dimmed">{t('inventory.notAllowed')}</Text>}
      >
        <ReceiveBatchForm onReceived={() => undefined} />
      </Can>
    </InventoryFrame>
  );
}
