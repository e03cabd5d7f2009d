import { NEAR_EXPIRY_DAYS_DEFAULT, NEAR_EXPIRY_DAYS_MAX, type InventoryItem } from '@clinic/domain';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Input,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/http.ts';
import { Can } from '../../app/permissions.tsx';
import { ActionTd, ActionTh, DataTable } from '../../components/DataTable.tsx';
import { toCsv } from '../catalogs/csv.ts';
import { ExportButton, exportName, Pager, SearchInput } from '../catalogs/ListParts.tsx';
import {
  EXPORT_PAGE_SIZE,
  PAGE_SIZE,
  readAllPages,
  readItems,
  useItemDetail,
  useItems,
  useLowStock,
  useNearExpiry,
} from './inventory-api.ts';
import { AdjustDialog, AdjustItemForm, ReceiveDialog, ReorderDialog } from './lazy-forms.tsx';
import {
  BatchTable,
  InventoryFrame,
  LedgerTable,
  TableStatus,
  useInventoryPath,
} from './parts.tsx';
import '../../i18n/inventory/index.ts';

type ItemsView = 'all' | 'lowStock' | 'nearExpiry';

const isLow = (item: InventoryItem) =>
  item.reorderLevel !== null && item.onHand < item.reorderLevel;

/** An item's warnings: below its reorder level, expired stock, a batch near expiry. */
function ItemBadges({ item, nearExpiry }: { item: InventoryItem; nearExpiry: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      {isLow(item) && <Badge color="red.9">{t('inventory.items.lowBadge')}</Badge>}
      {item.expiredOnHand > 0 && <Badge color="gray.8">{t('inventory.items.expiredBadge')}</Badge>}
      {nearExpiry && <Badge color="orange.9">{t('inventory.items.nearBadge')}</Badge>}
    </Group>
  );
}

function ItemTable({
  rows,
  nearItemIds,
  label,
}: {
  rows: readonly InventoryItem[];
  nearItemIds: ReadonlySet<string>;
  label: string;
}) {
  const { t } = useTranslation();
  const pathOf = useInventoryPath();
  return (
    <DataTable aria-label={label} minWidth={760} striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('inventory.cols.code')}</Table.Th>
          <Table.Th>{t('inventory.cols.name')}</Table.Th>
          <Table.Th ta="right">{t('inventory.cols.onHand')}</Table.Th>
          <Table.Th ta="right">{t('inventory.cols.expiredOnHand')}</Table.Th>
          <Table.Th ta="right">{t('inventory.cols.reorderLevel')}</Table.Th>
          <Table.Th>{t('inventory.cols.status')}</Table.Th>
          <ActionTh>{t('inventory.cols.actions')}</ActionTh>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((item) => (
          <Table.Tr key={item.itemId}>
            <Table.Td>{item.code}</Table.Td>
            <Table.Td>{item.name}</Table.Td>
            <Table.Td ta="right">
              {item.onHand} {item.dispensingUnit ?? ''}
            </Table.Td>
            <Table.Td ta="right">{item.expiredOnHand}</Table.Td>
            <Table.Td ta="right">{item.reorderLevel ?? '—'}</Table.Td>
            <Table.Td>
              <ItemBadges item={item} nearExpiry={nearItemIds.has(item.itemId)} />
            </Table.Td>
            <ActionTd>
              <Button
                component={Link}
                to={pathOf(`items/${item.itemId}`)}
                size="compact-sm"
                variant="subtle"
                data-primary-action
                aria-label={t('inventory.viewOne', { name: item.name })}
              >
                {t('inventory.view')}
              </Button>
            </ActionTd>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </DataTable>
  );
}

const itemCsv = (items: readonly InventoryItem[]) =>
  toCsv(
    ['code', 'name', 'dispensingUnit', 'onHand', 'expiredOnHand', 'reorderLevel', 'lowStock'],
    items.map((item) => [
      item.code,
      item.name,
      item.dispensingUnit,
      item.onHand,
      item.expiredOnHand,
      item.reorderLevel,
      isLow(item),
    ]),
  );

/** The branch's stocked items: search, pages, and the low-stock and near-expiry lists. */
export function ItemsPage() {
  const { t } = useTranslation();
  const [view, setView] = useState<ItemsView>('all');
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 300);
  const [pageIndex, setPageIndex] = useState(1);
  const [daysText, setDaysText] = useState<string | number>(NEAR_EXPIRY_DAYS_DEFAULT);
  const days = Math.min(Math.max(Math.trunc(Number(daysText) || 1), 1), NEAR_EXPIRY_DAYS_MAX);
  const items = useItems(keyword, pageIndex, view === 'all');
  const low = useLowStock(view === 'lowStock');
  const near = useNearExpiry(view === 'nearExpiry' ? days : NEAR_EXPIRY_DAYS_DEFAULT);
  const nearItemIds = new Set((near.data?.items ?? []).map((batch) => batch.itemId));
  const title = t('inventory.pages.items');

  async function buildCsv() {
    if (view === 'nearExpiry') {
      const rows = near.data?.items ?? [];
      const csv = toCsv(
        ['itemCode', 'itemName', 'batchNo', 'expiryDate', 'status', 'onHand'],
        rows.map((b) => [
          b.itemCode,
          b.itemName,
          b.batchNo,
          b.expiryDate,
          b.expiryStatus,
          b.onHand,
        ]),
      );
      return { csv, rows: rows.length };
    }
    const rows =
      view === 'lowStock'
        ? (low.data?.items ?? [])
        : await readAllPages(
            (index) => readItems(keyword, index, EXPORT_PAGE_SIZE),
            EXPORT_PAGE_SIZE,
          );
    return { csv: itemCsv(rows), rows: rows.length };
  }

  return (
    <InventoryFrame
      title={title}
      actions={<ExportButton fileName={exportName(`inventory-${view}`)} build={buildCsv} />}
    >
      <Group align="flex-end">
        <Input.Wrapper label={t('inventory.items.filter')} labelElement="div">
          <SegmentedControl<ItemsView>
            display="flex"
            aria-label={t('inventory.items.filter')}
            data={[
              { value: 'all', label: t('inventory.items.all') },
              { value: 'lowStock', label: t('inventory.items.lowStock') },
              { value: 'nearExpiry', label: t('inventory.items.nearExpiry') },
            ]}
            value={view}
            onChange={setView}
          />
        </Input.Wrapper>
        {view === 'all' && (
          <SearchInput
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPageIndex(1);
            }}
          />
        )}
        {view === 'nearExpiry' && (
          <NumberInput
            label={t('inventory.items.days')}
            value={daysText}
            onChange={setDaysText}
            min={1}
            max={NEAR_EXPIRY_DAYS_MAX}
            allowDecimal={false}
            w={140}
          />
        )}
      </Group>
      {view === 'all' && (
        <>
          <ItemTable rows={items.data?.items ?? []} nearItemIds={nearItemIds} label={title} />
          <TableStatus
            pending={items.isPending}
            empty={items.isSuccess && items.data.items.length === 0}
            none={t('inventory.items.none')}
          />
          <Pager
            page={pageIndex}
            total={items.data?.total ?? 0}
            pageSize={PAGE_SIZE}
            onPage={setPageIndex}
          />
        </>
      )}
      {view === 'lowStock' && (
        <>
          <ItemTable
            rows={low.data?.items ?? []}
            nearItemIds={nearItemIds}
            label={t('inventory.items.lowStock')}
          />
          <TableStatus
            pending={low.isPending}
            empty={low.isSuccess && low.data.items.length === 0}
            none={t('inventory.items.noneLow')}
          />
        </>
      )}
      {view === 'nearExpiry' && (
        <>
          <BatchTable rows={near.data?.items ?? []} label={t('inventory.items.nearExpiry')} />
          <TableStatus
            pending={near.isPending}
            empty={near.isSuccess && near.data.items.length === 0}
            none={t('inventory.items.noneNear')}
          />
        </>
      )}
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

type ItemDialog = 'receive' | 'reorder' | { adjust: string } | null;

/** One item: on-hand, reorder level, its batches and its ledger; receive, adjust. */
export function ItemDetailPage() {
  const { t } = useTranslation();
  const { itemId = '' } = useParams();
  const pathOf = useInventoryPath();
  const [pageIndex, setPageIndex] = useState(1);
  const [dialog, setDialog] = useState<ItemDialog>(null);
  const detail = useItemDetail(itemId, pageIndex);
  const item = detail.data?.item;
  const notFound = detail.error instanceof ApiError && detail.error.status === 404;
  const title = item ? `${item.name} (${item.code})` : t('inventory.pages.items');
  const actions = item && (
    <>
      <Can permission="inventory:create">
        <Button onClick={() => setDialog('receive')}>{t('inventory.item.receive')}</Button>
      </Can>
      <Can permission="inventory:update">
        <Button variant="default" component={Link} to={pathOf(`items/adjustment/${item.itemId}`)}>
          {t('inventory.item.adjust')}
        </Button>
      </Can>
    </>
  );
  return (
    <InventoryFrame title={title} actions={actions}>
      <Anchor component={Link} to={pathOf('items')} size="sm">
        {t('inventory.back')}
      </Anchor>
      {notFound && <Text c="dimmed">{t('inventory.item.notFound')}</Text>}
      {!item && !notFound && <TableStatus pending empty={false} none="" />}
      {item && detail.data && (
        <>
          <Paper withBorder p="md">
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              <Fact
                label={t('inventory.cols.onHand')}
                value={`${item.onHand} ${item.dispensingUnit ?? ''}`}
              />
              <Fact label={t('inventory.cols.expiredOnHand')} value={item.expiredOnHand} />
              <Fact
                label={t('inventory.cols.reorderLevel')}
                value={
                  <Group gap="xs">
                    {item.reorderLevel ?? t('inventory.item.reorderNone')}
                    <Can permission="inventory:update">
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => setDialog('reorder')}
                      >
                        {t('inventory.item.reorderEdit')}
                      </Button>
                    </Can>
                  </Group>
                }
              />
              <Fact
                label={t('inventory.cols.status')}
                value={
                  <ItemBadges
                    item={item}
                    nearExpiry={detail.data.batches.some(
                      (batch) => batch.expiryStatus === 'nearExpiry' && batch.onHand > 0,
                    )}
                  />
                }
              />
            </SimpleGrid>
          </Paper>
          <Title order={2} size="h4">
            {t('inventory.item.batches')}
          </Title>
          <BatchTable
            rows={detail.data.batches}
            label={t('inventory.item.batches')}
            showItem={false}
            actions={(batch) => (
              <Can permission="inventory:update">
                <Button
                  size="compact-sm"
                  variant="subtle"
                  aria-label={t('inventory.item.adjustBatch', { batchNo: batch.batchNo })}
                  onClick={() => setDialog({ adjust: batch.id })}
                >
                  {t('inventory.item.adjust')}
                </Button>
              </Can>
            )}
          />
          <TableStatus
            pending={false}
            empty={detail.data.batches.length === 0}
            none={t('inventory.item.noBatches')}
          />
          <Title order={2} size="h4">
            {t('inventory.item.ledger')}
          </Title>
          <LedgerTable
            rows={detail.data.ledger.items}
            label={t('inventory.item.ledger')}
            showItem={false}
          />
          <TableStatus
            pending={false}
            empty={detail.data.ledger.total === 0}
            none={t('inventory.item.noLedger')}
          />
          <Pager
            page={pageIndex}
            total={detail.data.ledger.total}
            pageSize={PAGE_SIZE}
            onPage={setPageIndex}
          />
        </>
      )}
      {item && dialog === 'receive' && (
        <ReceiveDialog item={item} onClose={() => setDialog(null)} />
      )}
      {item && dialog === 'reorder' && (
        <ReorderDialog item={item} onClose={() => setDialog(null)} />
      )}
      {item && typeof dialog === 'object' && dialog !== null && (
        <AdjustDialog item={item} batchId={dialog.adjust} onClose={() => setDialog(null)} />
      )}
    </InventoryFrame>
  );
}

/** `items/adjustment/{itemId}`: adjust one of the item's batches, then back to the item. */
export function AdjustItemPage() {
  const { t } = useTranslation();
  const { adjustItemId = '' } = useParams();
  const navigate = useNavigate();
  const pathOf = useInventoryPath();
  const detail = useItemDetail(adjustItemId, 1);
  const item = detail.data?.item;
  const notFound = detail.error instanceof ApiError && detail.error.status === 404;
  return (
    <InventoryFrame
      title={
        item ? t('inventory.adjust.titleOf', { name: item.name }) : t('inventory.adjust.title')
      }
    >
      <Anchor component={Link} to={pathOf(`items/${adjustItemId}`)} size="sm">
        {t('inventory.back')}
      </Anchor>
      {notFound && <Text c="dimmed">{t('inventory.item.notFound')}</Text>}
      {item && (
        <Can
          permission="inventory:update"
          fallback={<Text c="dimmed">{t('inventory.notAllowed')}</Text>}
        >
          <AdjustItemForm
            itemId={item.itemId}
            onDone={() => void navigate(pathOf(`items/${item.itemId}`))}
          />
        </Can>
      )}
    </InventoryFrame>
  );
}
