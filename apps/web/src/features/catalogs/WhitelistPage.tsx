import { CATALOG_PAGE_SIZE, SEARCH_DEBOUNCE_MS, type WhitelistDrug } from '@clinic/domain';
import { Stack, Table } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { removeAfterConfirm } from '../../components/confirmed-removal.ts';
import { ActionTd, ActionTh, DataTable } from '../../components/DataTable.tsx';
import {
  readWhitelistPage,
  refreshCatalogs,
  removeWhitelistDrug,
  useWhitelistPage,
} from './catalog-api.ts';
import { readAllPages, toCsv } from './csv.ts';
import { CatalogNav, NotAllowed } from './CatalogNav.tsx';
import { useConsoleCan } from './console-permissions.ts';
import {
  ActiveBadge,
  AddButton,
  ExportButton,
  exportName,
  ListHeader,
  ListStatus,
  Pager,
  RowActions,
  SearchInput,
} from './ListParts.tsx';
import '../../i18n/catalogs/index.ts';

const WhitelistFormDialog = lazy(async () => ({
  default: (await import('./WhitelistFormDialog.tsx')).WhitelistFormDialog,
}));

/** The whitelist's largest page (doc 2 section 9: the spec's client asks 999 a page). */
const EXPORT_PAGE_SIZE = 999;

/** console/catalogs/whitelistDrug: the whitelist drugs a medication may be mapped to. */
export function WhitelistPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [pageIndex, setPageIndex] = useState(1);
  const [editing, setEditing] = useState<WhitelistDrug | 'new' | null>(null);
  const mayRead = useConsoleCan('catalogs:read');
  const mayCreate = useConsoleCan('catalogs:create');
  const mayUpdate = useConsoleCan('catalogs:update');
  const mayDelete = useConsoleCan('catalogs:delete');
  const list = useWhitelistPage(keyword, pageIndex, CATALOG_PAGE_SIZE, mayRead);
  const rows = list.data?.items ?? [];
  const title = t('catalog.pages.whitelistDrug');

  const remove = (drug: WhitelistDrug) =>
    removeAfterConfirm({
      title: t('catalog.whitelist.removeTitle'),
      message: t('catalog.whitelist.removeConfirm', {
        code: drug.brandDrugSDD,
        name: drug.brandDrugName,
      }),
      remove: () => removeWhitelistDrug(drug),
      removed: t('catalog.whitelist.removed'),
      refresh: () => refreshCatalogs(queryClient),
    });

  async function buildCsv() {
    const drugs = await readAllPages(
      (index) => readWhitelistPage(keyword, index, EXPORT_PAGE_SIZE),
      EXPORT_PAGE_SIZE,
    );
    return {
      csv: toCsv(
        ['brandDrugSDD', 'brandDrugName', 'active'],
        drugs.map((drug) => [drug.brandDrugSDD, drug.brandDrugName, drug.isActive]),
      ),
      rows: drugs.length,
    };
  }

  if (!mayRead) return <NotAllowed title={title} />;
  return (
    <Stack>
      <CatalogNav />
      <ListHeader title={title}>
        <ExportButton fileName={exportName('whitelist-drugs')} build={buildCsv} />
        {mayCreate && (
          <AddButton onClick={() => setEditing('new')}>{t('catalog.whitelist.add')}</AddButton>
        )}
      </ListHeader>
      <SearchInput
        value={search}
        onChange={(value) => {
          setSearch(value);
          setPageIndex(1);
        }}
      />
      <DataTable aria-label={t('catalog.tableLabel', { list: title })} minWidth={520} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('catalog.whitelist.cols.sdd')}</Table.Th>
            <Table.Th>{t('catalog.whitelist.cols.name')}</Table.Th>
            <Table.Th>{t('catalog.whitelist.cols.active')}</Table.Th>
            <ActionTh>{t('catalog.cols.actions')}</ActionTh>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((drug) => (
            <Table.Tr key={drug.id}>
              <Table.Td>{drug.brandDrugSDD}</Table.Td>
              <Table.Td>{drug.brandDrugName}</Table.Td>
              <Table.Td>
                <ActiveBadge active={drug.isActive} />
              </Table.Td>
              <ActionTd>
                <RowActions
                  name={drug.brandDrugName}
                  onEdit={mayUpdate ? () => setEditing(drug) : undefined}
                  onRemove={mayDelete ? () => void remove(drug) : undefined}
                />
              </ActionTd>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </DataTable>
      <ListStatus
        pending={list.isPending}
        empty={list.isSuccess && rows.length === 0}
        none={t('catalog.whitelist.none')}
      />
      <Pager
        page={pageIndex}
        total={list.data?.total ?? 0}
        pageSize={CATALOG_PAGE_SIZE}
        onPage={setPageIndex}
      />
      {editing !== null && (
        <Suspense fallback={null}>
          <WhitelistFormDialog
            drug={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
    </Stack>
  );
}
