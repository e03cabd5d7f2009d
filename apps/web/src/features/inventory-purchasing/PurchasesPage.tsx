import {
  INVENTORY_PAGE_SIZE_MAX,
  PURCHASE_PAGE_SIZE,
  PURCHASE_STATUSES,
  SEARCH_DEBOUNCE_MS,
  type PurchaseStatus,
} from '@clinic/domain';
import { Anchor, Button, Group, NativeSelect, Stack, Table } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useBranch } from '../../app/branch.ts';
import { DATE_FORMATS, formatCalendarDate } from '../../app/date-format.ts';
import { useCan } from '../../app/permissions.tsx';
import { ActionTd, ActionTh, DataTable } from '../../components/DataTable.tsx';
import { readAllPages, toCsv } from '../catalogs/csv.ts';
import {
  ExportButton,
  exportName,
  ListHeader,
  ListStatus,
  Pager,
  SearchInput,
} from '../catalogs/ListParts.tsx';
import { money, PurchasingNav, StatusBadge, usePurchasingPath } from './parts.tsx';
import { readPurchasePage, usePurchasePage, type PurchaseFilter } from './purchasing-api.ts';

/** The branch's purchase orders (doc 3 section 2.4 `purchases`): searchable, paged, by status. */
export function PurchasesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const path = usePurchasingPath();
  const { branchId } = useBranch();
  const mayCreate = useCan('inventory:create');
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<PurchaseStatus | null>(null);
  const [pageIndex, setPageIndex] = useState(1);
  const filter: PurchaseFilter = { keyword, status };
  const list = usePurchasePage(branchId, filter, pageIndex, PURCHASE_PAGE_SIZE);
  const rows = list.data?.items ?? [];

  async function buildCsv() {
    const items = await readAllPages(
      (index) => readPurchasePage(filter, index, INVENTORY_PAGE_SIZE_MAX),
      INVENTORY_PAGE_SIZE_MAX,
    );
    const csv = toCsv(
      [
        'purchaseNo',
        'orderDate',
        'supplierCode',
        'supplier',
        'supplierPo',
        'status',
        'lines',
        'quantity',
        'received',
        'grandTotal',
      ],
      items.map((item) => [
        item.purchaseNo,
        item.orderDate,
        item.supplier.code,
        item.supplier.name,
        item.supplierPo,
        item.status,
        item.lineCount,
        item.quantity,
        item.receivedQuantity,
        money(item.grandTotalCents),
      ]),
    );
    return { csv, rows: items.length };
  }

  return (
    <Stack>
      <PurchasingNav />
      <ListHeader title={t('purchasing.title')}>
        <ExportButton fileName={exportName('purchase-orders')} build={buildCsv} />
        {mayCreate && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => void navigate(path('purchases/new'))}
          >
            {t('purchasing.new')}
          </Button>
        )}
      </ListHeader>
      <Group align="flex-end">
        <SearchInput
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPageIndex(1);
          }}
        />
        <NativeSelect
          label={t('purchasing.statusFilter')}
          data={[
            { value: '', label: t('purchasing.statusAll') },
            ...PURCHASE_STATUSES.map((value) => ({
              value,
              label: t(`purchasing.status.${value}`),
            })),
          ]}
          value={status ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setStatus(value ? (value as PurchaseStatus) : null);
            setPageIndex(1);
          }}
          w={200}
        />
      </Group>
      <DataTable aria-label={t('purchasing.tableLabel')} minWidth={760} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('purchasing.cols.number')}</Table.Th>
            <Table.Th>{t('purchasing.cols.date')}</Table.Th>
            <Table.Th>{t('purchasing.cols.supplier')}</Table.Th>
            <Table.Th>{t('purchasing.cols.supplierPo')}</Table.Th>
            <Table.Th>{t('purchasing.cols.status')}</Table.Th>
            <Table.Th ta="right">{t('purchasing.cols.received')}</Table.Th>
            <Table.Th ta="right">{t('purchasing.cols.total')}</Table.Th>
            <ActionTh>{t('purchasing.cols.actions')}</ActionTh>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>{row.purchaseNo}</Table.Td>
              <Table.Td>{formatCalendarDate(row.orderDate, DATE_FORMATS.picker)}</Table.Td>
              <Table.Td>{row.supplier.name}</Table.Td>
              <Table.Td>{row.supplierPo}</Table.Td>
              <Table.Td>
                <StatusBadge status={row.status} />
              </Table.Td>
              <Table.Td ta="right">
                {row.receivedQuantity} / {row.quantity}
              </Table.Td>
              <Table.Td ta="right">{money(row.grandTotalCents)}</Table.Td>
              <ActionTd>
                <Anchor
                  component={Link}
                  to={path(`purchases/${row.id}`)}
                  aria-label={t('purchasing.open', { number: row.purchaseNo })}
                  data-primary-action
                >
                  {row.purchaseNo}
                </Anchor>
              </ActionTd>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </DataTable>
      <ListStatus
        pending={list.isPending}
        empty={list.isSuccess && rows.length === 0}
        none={t('purchasing.none')}
      />
      <Pager
        page={pageIndex}
        total={list.data?.total ?? 0}
        pageSize={PURCHASE_PAGE_SIZE}
        onPage={setPageIndex}
      />
    </Stack>
  );
}
