import { PURCHASE_PAGE_SIZE, INVENTORY_PAGE_SIZE_MAX, SEARCH_DEBOUNCE_MS } from '@clinic/domain';
import { Anchor, Stack, Table } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBranch } from '../../app/branch.ts';
import { DATE_FORMATS, formatCalendarDate } from '../../app/date-format.ts';
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
import { money, PurchasingNav, usePurchasingPath } from './parts.tsx';
import { readReceivedPage, useReceivedPage } from './purchasing-api.ts';

/** The branch's goods received notes (doc 3 section 2.4 `received`). */
export function ReceivedListPage() {
  const { t } = useTranslation();
  const path = usePurchasingPath();
  const { branchId } = useBranch();
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [pageIndex, setPageIndex] = useState(1);
  const list = useReceivedPage(branchId, keyword, pageIndex, PURCHASE_PAGE_SIZE);
  const rows = list.data?.items ?? [];

  async function buildCsv() {
    const items = await readAllPages(
      (index) => readReceivedPage(keyword, index, INVENTORY_PAGE_SIZE_MAX),
      INVENTORY_PAGE_SIZE_MAX,
    );
    const csv = toCsv(
      [
        'receivedNo',
        'receivedDate',
        'purchaseNo',
        'supplier',
        'invoiceNo',
        'grnNo',
        'quantity',
        'cost',
      ],
      items.map((item) => [
        item.receivedNo,
        item.receivedDate,
        item.purchaseNo,
        item.supplier.name,
        item.supplierInvoiceNo,
        item.supplierGrnNo,
        item.quantity,
        money(item.totalCostCents),
      ]),
    );
    return { csv, rows: items.length };
  }

  return (
    <Stack>
      <PurchasingNav />
      <ListHeader title={t('purchasing.receivedTitle')}>
        <ExportButton fileName={exportName('goods-received')} build={buildCsv} />
      </ListHeader>
      <SearchInput
        value={search}
        onChange={(value) => {
          setSearch(value);
          setPageIndex(1);
        }}
      />
      <DataTable aria-label={t('purchasing.receivedTableLabel')} minWidth={760} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('purchasing.cols.receivedNo')}</Table.Th>
            <Table.Th>{t('purchasing.cols.receivedDate')}</Table.Th>
            <Table.Th>{t('purchasing.cols.number')}</Table.Th>
            <Table.Th>{t('purchasing.cols.supplier')}</Table.Th>
            <Table.Th>{t('purchasing.cols.invoiceNo')}</Table.Th>
            <Table.Th ta="right">{t('purchasing.cols.quantity')}</Table.Th>
            <Table.Th ta="right">{t('purchasing.cols.cost')}</Table.Th>
            <ActionTh>{t('purchasing.cols.actions')}</ActionTh>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>{row.receivedNo}</Table.Td>
              <Table.Td>{formatCalendarDate(row.receivedDate, DATE_FORMATS.picker)}</Table.Td>
              <Table.Td>{row.purchaseNo}</Table.Td>
              <Table.Td>{row.supplier.name}</Table.Td>
              <Table.Td>{row.supplierInvoiceNo}</Table.Td>
              <Table.Td ta="right">{row.quantity}</Table.Td>
              <Table.Td ta="right">{money(row.totalCostCents)}</Table.Td>
              <ActionTd>
                <Anchor
                  component={Link}
                  to={path(`received/${row.id}`)}
                  aria-label={t('purchasing.openReceived', { number: row.receivedNo })}
                  data-primary-action
                >
                  {row.receivedNo}
                </Anchor>
              </ActionTd>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </DataTable>
      <ListStatus
        pending={list.isPending}
        empty={list.isSuccess && rows.length === 0}
        none={t('purchasing.noneReceived')}
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
