import {
  CATALOG_PAGE_SIZE,
  CATALOG_PAGE_SIZE_MAX,
  DISPENSED_TYPES,
  SEARCH_DEBOUNCE_MS,
  type CatalogItemRecord,
  type CatalogType,
} from '@clinic/domain';
import { Group, Input, SegmentedControl, Stack, Table } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { removeAfterConfirm } from '../../components/confirmed-removal.ts';
import { ActionTd, ActionTh, DataTable } from '../../components/DataTable.tsx';
import type { TextKey } from '../../i18n/index.ts';
import {
  readCatalogPage,
  refreshCatalogs,
  removeCatalogItem,
  useCatalogPage,
  type CatalogFilter,
} from './catalog-api.ts';
import { centsToDollars } from './money.ts';
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

// The form (with the domain's schemas) loads when it is opened.
const CatalogFormDialog = lazy(async () => ({
  default: (await import('./CatalogFormDialog.tsx')).CatalogFormDialog,
}));

/** The console's catalog pages (doc 3 section 2.2) and the item types each lists. */
export const CATALOG_PAGES = {
  medications: { title: 'catalog.pages.medications', types: ['Med'] },
  serviceItem: {
    title: 'catalog.pages.serviceItem',
    types: ['Service', 'Investigation', 'Combo'],
  },
  vaccinations: { title: 'catalog.pages.vaccinations', types: ['Vaccine'] },
} as const satisfies Record<string, { title: TextKey; types: readonly CatalogType[] }>;

export type CatalogPageName = keyof typeof CATALOG_PAGES;

/** An item's strength as written on its box: '500 mg'. */
export function strengthText(item: CatalogItemRecord): string {
  return item.strength === null ? '' : `${item.strength} ${item.strengthUnit ?? ''}`.trim();
}

type ActiveFilter = 'all' | 'active' | 'inactive';
const ACTIVE_VALUE: Record<ActiveFilter, boolean | null> = {
  all: null,
  active: true,
  inactive: false,
};

/**
 * A console catalog page: the clinic's items of the page's types, searchable by code or
 * name and paged; add, edit and delete (with confirmation); CSV export of the whole
 * filtered list.
 */
export function CatalogPage({ name }: { name: CatalogPageName }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const page = CATALOG_PAGES[name];
  const types: readonly CatalogType[] = page.types;
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // One type at a time (the server filters by one): a page of several starts on its first.
  const [type, setType] = useState<CatalogType>(types[0]!);
  const [active, setActive] = useState<ActiveFilter>('all');
  const [pageIndex, setPageIndex] = useState(1);
  const [editing, setEditing] = useState<CatalogItemRecord | CatalogType | null>(null);
  const filter: CatalogFilter = { type, keyword, isActive: ACTIVE_VALUE[active] };
  const mayRead = useConsoleCan('catalogs:read');
  const mayCreate = useConsoleCan('catalogs:create');
  const mayUpdate = useConsoleCan('catalogs:update');
  const mayDelete = useConsoleCan('catalogs:delete');
  const list = useCatalogPage(filter, pageIndex, CATALOG_PAGE_SIZE, mayRead);
  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const title = t(page.title);
  const showType = types.length > 1;
  // Strength and dispensing unit are a medication's or a vaccine's only.
  const dispensed = types.some((option) => DISPENSED_TYPES.includes(option));
  const newTypes = types;

  const remove = (item: CatalogItemRecord) =>
    removeAfterConfirm({
      title: t('catalog.removeTitle'),
      message: t('catalog.removeConfirm', { code: item.code, name: item.name }),
      remove: () => removeCatalogItem(item),
      removed: t('catalog.removed'),
      refresh: () => refreshCatalogs(queryClient),
    });

  async function buildCsv() {
    const items = await readAllPages(
      (index) => readCatalogPage(filter, index, CATALOG_PAGE_SIZE_MAX),
      CATALOG_PAGE_SIZE_MAX,
    );
    const csv = toCsv(
      [
        'type',
        'code',
        'name',
        'category',
        'strength',
        'strengthUnit',
        'dispensingUnit',
        'defaultDose',
        'defaultDoseUnit',
        'defaultConsumeMethod',
        'defaultFrequency',
        'defaultDurationDays',
        'sellingPrice',
        'cost',
        'procurement',
        'taxPercent',
        'whitelistDrug',
        'barcodes',
        'active',
      ],
      items.map((item) => [
        item.type,
        item.code,
        item.name,
        item.category,
        item.strength,
        item.strengthUnit,
        item.dispensingUnit,
        item.defaultDose,
        item.defaultDoseUnit,
        item.defaultConsumeMethod,
        item.defaultFrequency,
        item.defaultDurationDays,
        centsToDollars(item.sellingPriceCents),
        item.costCents === null ? null : centsToDollars(item.costCents),
        item.procurement,
        item.taxBasisPoints / 100,
        item.brandDrugName,
        item.upcCodes.join(' '),
        item.isActive,
      ]),
    );
    return { csv, rows: items.length };
  }

  if (!mayRead) return <NotAllowed title={title} />;
  return (
    <Stack>
      <CatalogNav />
      <ListHeader title={title}>
        <ExportButton fileName={exportName(`catalog-${name}`)} build={buildCsv} />
        {!mayCreate ? null : newTypes.length === 1 ? (
          <AddButton onClick={() => setEditing(newTypes[0]!)}>{t('catalog.add')}</AddButton>
        ) : (
          newTypes.map((newType) => (
            <AddButton key={newType} onClick={() => setEditing(newType)}>
              {t('catalog.form.newTitle', { type: t(`catalog.types.${newType}`) })}
            </AddButton>
          ))
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
        {showType && (
          <Input.Wrapper label={t('catalog.typeFilter')} labelElement="div">
            <SegmentedControl
              display="flex"
              aria-label={t('catalog.typeFilter')}
              data={types.map((option) => ({
                value: option,
                label: t(`catalog.types.${option}`),
              }))}
              value={type}
              onChange={(value) => {
                setType(value);
                setPageIndex(1);
              }}
            />
          </Input.Wrapper>
        )}
        <Input.Wrapper label={t('catalog.activeFilter')} labelElement="div">
          <SegmentedControl<ActiveFilter>
            display="flex"
            aria-label={t('catalog.activeFilter')}
            data={[
              { value: 'all', label: t('catalog.activeAll') },
              { value: 'active', label: t('catalog.activeOnly') },
              { value: 'inactive', label: t('catalog.inactiveOnly') },
            ]}
            value={active}
            onChange={(value) => {
              setActive(value);
              setPageIndex(1);
            }}
          />
        </Input.Wrapper>
      </Group>
      <DataTable
        aria-label={t('catalog.tableLabel', { list: title })}
        minWidth={dispensed ? 760 : 560}
        striped
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('catalog.cols.code')}</Table.Th>
            <Table.Th>{t('catalog.cols.name')}</Table.Th>
            <Table.Th>{t('catalog.cols.category')}</Table.Th>
            {dispensed && <Table.Th>{t('catalog.cols.strength')}</Table.Th>}
            {dispensed && <Table.Th>{t('catalog.cols.dispensingUnit')}</Table.Th>}
            <Table.Th ta="right">{t('catalog.cols.price')}</Table.Th>
            <Table.Th>{t('catalog.cols.active')}</Table.Th>
            <ActionTh>{t('catalog.cols.actions')}</ActionTh>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>{item.code}</Table.Td>
              <Table.Td>{item.name}</Table.Td>
              <Table.Td>{item.category}</Table.Td>
              {dispensed && <Table.Td>{strengthText(item)}</Table.Td>}
              {dispensed && <Table.Td>{item.dispensingUnit}</Table.Td>}
              <Table.Td ta="right">{centsToDollars(item.sellingPriceCents)}</Table.Td>
              <Table.Td>
                <ActiveBadge active={item.isActive} />
              </Table.Td>
              <ActionTd>
                <RowActions
                  name={item.name}
                  onEdit={mayUpdate ? () => setEditing(item) : undefined}
                  onRemove={mayDelete ? () => void remove(item) : undefined}
                />
              </ActionTd>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </DataTable>
      <ListStatus
        pending={list.isPending}
        empty={list.isSuccess && rows.length === 0}
        none={t('catalog.none')}
      />
      <Pager page={pageIndex} total={total} pageSize={CATALOG_PAGE_SIZE} onPage={setPageIndex} />
      {editing !== null && (
        <Suspense fallback={null}>
          <CatalogFormDialog
            item={typeof editing === 'string' ? null : editing}
            type={typeof editing === 'string' ? editing : editing.type}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
    </Stack>
  );
}
