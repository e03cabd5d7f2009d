import { Alert, Group, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBranch } from '../../app/branch.ts';
import { ActionTd, ActionTh, DataTable } from '../../components/DataTable.tsx';
import type { TextKey } from '../../i18n/index.ts';
import {
  SEARCH_PAGE,
  useSearch,
  type RowOf,
  type SearchFilters,
  type SearchKind,
} from './search-api.ts';
import '../../i18n/billing-search/index.ts';

/**
 * The one table and pager of the billing searches: a kind gives its columns and the link
 * each row opens (`SearchTableSpec`); this shows the count found, the rows, 'nothing
 * matches' and the pages.
 */

export interface SearchColumn<T> {
  title: TextKey;
  cell: (row: T) => ReactNode;
  /** Figures are right-aligned. */
  right?: boolean;
}

export interface SearchTableSpec<T> {
  /** The table's accessible name. */
  label: TextKey;
  columns: ReadonlyArray<SearchColumn<T>>;
  /** The row's primary action (its Open link). */
  open: (row: T, t: TFunction, branchCode: string) => ReactNode;
}

function SearchTable<T extends { id: string }>({
  table,
  rows,
}: {
  table: SearchTableSpec<T>;
  rows: readonly T[];
}) {
  const { t } = useTranslation();
  const { branchCode } = useBranch();
  return (
    <DataTable aria-label={t(table.label)} minWidth={860}>
      <Table.Thead>
        <Table.Tr>
          {table.columns.map((column) => (
            <Table.Th key={column.title} ta={column.right ? 'right' : undefined}>
              {t(column.title)}
            </Table.Th>
          ))}
          <ActionTh>{t('billingSearch.columns.open')}</ActionTh>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id} data-testid="search-row">
            {table.columns.map((column) => (
              <Table.Td key={column.title} ta={column.right ? 'right' : undefined}>
                {column.cell(row)}
              </Table.Td>
            ))}
            <ActionTd>{table.open(row, t, branchCode)}</ActionTd>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </DataTable>
  );
}

/** A page of a search's rows by the filters searched, with the count and the pager. */
export function SearchResults<K extends SearchKind>({
  kind,
  table,
  filters,
  pageIndex,
  onPage,
}: {
  kind: K;
  table: SearchTableSpec<RowOf[K]>;
  filters: SearchFilters;
  pageIndex: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const query = useSearch(kind, filters, pageIndex);
  if (query.isError) return <Alert color="red">{query.error.message}</Alert>;
  if (!query.data) return <Skeleton height={160} />;
  const { items, total } = query.data;
  return (
    <Stack gap="sm">
      <Text c="dimmed" data-testid="search-total">
        {t('billingSearch.found', { count: total })}
      </Text>
      {items.length === 0 ? (
        <Text>{t('billingSearch.none')}</Text>
      ) : (
        <SearchTable table={table} rows={items} />
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
