import {
  CATALOG_PAGE_SIZE,
  CATALOG_PAGE_SIZE_MAX,
  SEARCH_DEBOUNCE_MS,
  type CatalogItemRecord,
  type CatalogType,
} from '@clinic/domain';
import {
  Alert,
  Badge,
  Button,
  Group,
  Input,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPencil } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCan } from '../../app/permissions.tsx';
import { ActionTd, ActionTh, DataTable } from '../../components/DataTable.tsx';
import type { TextKey } from '../../i18n/index.ts';
import { readCatalogPage, useBranchCatalogPage, type CatalogFilter } from './catalog-api.ts';
import { BranchCatalogNav } from './BranchCatalogNav.tsx';
import { readAllPages, toCsv } from './csv.ts';
import {
  ExportButton,
  exportName,
  ListHeader,
  ListStatus,
  Pager,
  SearchInput,
} from './ListParts.tsx';
import { centsToDollars } from './money.ts';
import '../../i18n/catalogs/index.ts';

const BranchTermsDialog = lazy(async () => ({
  default: (await import('./BranchTermsDialog.tsx')).BranchTermsDialog,
}));

/** The branch settings' catalog pages (doc 1 section 2.5) and the item types each lists. */
export const BRANCH_CATALOG_PAGES = {
  medications: { title: 'catalog.branch.pages.medications', types: ['Med'] },
  services: { title: 'catalog.branch.pages.services', types: ['Service', 'Investigation'] },
  vaccinations: { title: 'catalog.branch.pages.vaccinations', types: ['Vaccine'] },
  comboItems: { title: 'catalog.branch.pages.comboItems', types: ['Combo'] },
} as const satisfies Record<string, { title: TextKey; types: readonly CatalogType[] }>;

export type BranchCatalogPageName = keyof typeof BRANCH_CATALOG_PAGES;

/** Where the item stands in this branch. */
function Availability({ item }: { item: CatalogItemRecord }) {
  const { t } = useTranslation();
  if (!item.isActive) return <Badge color="gray.7">{t('catalog.branch.inactiveInClinic')}</Badge>;
  return item.available ? (
    <Badge color="teal.9">{t('catalog.branch.available')}</Badge>
  ) : (
    <Badge color="orange.9">{t('catalog.branch.switchedOff')}</Badge>
  );
}

/**
 * A branch's catalog (settings): the clinic's items of the page's types with this
 * branch's terms (its own price, or the clinic's; available here or switched off),
 * searchable and paged, with CSV export; a role with catalogs:update here edits the terms.
 */
export function BranchCatalogPage({ name }: { name: BranchCatalogPageName }) {
  const { t } = useTranslation();
  const { branchCode = '' } = useParams();
  const page = BRANCH_CATALOG_PAGES[name];
  const types: readonly CatalogType[] = page.types;
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [type, setType] = useState<CatalogType>(types[0]!);
  const [pageIndex, setPageIndex] = useState(1);
  const [editing, setEditing] = useState<CatalogItemRecord | null>(null);
  const filter: CatalogFilter = { type, keyword, isActive: null };
  const mayRead = useCan('catalogs:read');
  const mayUpdate = useCan('catalogs:update');
  const list = useBranchCatalogPage(branchCode, filter, pageIndex, CATALOG_PAGE_SIZE, mayRead);
  const rows = list.data?.items ?? [];
  const title = t(page.title);

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
        'clinicPrice',
        'branchPrice',
        'chargedHere',
        'activeInClinic',
        'availableHere',
      ],
      items.map((item) => [
        item.type,
        item.code,
        item.name,
        centsToDollars(item.sellingPriceCents),
        item.branch?.sellingPriceCents == null
          ? null
          : centsToDollars(item.branch.sellingPriceCents),
        centsToDollars(item.priceCents),
        item.isActive,
        item.available,
      ]),
    );
    return { csv, rows: items.length };
  }

  if (!mayRead)
    return (
      <Stack>
        <BranchCatalogNav />
        <ListHeader title={title}>{null}</ListHeader>
        <Alert color="gray" role="alert">
          {t('catalog.branch.notAllowed')}
        </Alert>
      </Stack>
    );
  return (
    <Stack>
      <BranchCatalogNav />
      <ListHeader title={title}>
        <ExportButton fileName={exportName(`branch-${branchCode}-${name}`)} build={buildCsv} />
      </ListHeader>
      <Text c="dimmed" size="sm">
        {t('catalog.branch.intro')}
      </Text>
      <Group align="flex-end">
        <SearchInput
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPageIndex(1);
          }}
        />
        {types.length > 1 && (
          <Input.Wrapper label={t('catalog.typeFilter')} labelElement="div">
            <SegmentedControl
              display="flex"
              aria-label={t('catalog.typeFilter')}
              data={types.map((option) => ({ value: option, label: t(`catalog.types.${option}`) }))}
              value={type}
              onChange={(value) => {
                setType(value);
                setPageIndex(1);
              }}
            />
          </Input.Wrapper>
        )}
      </Group>
      <DataTable aria-label={t('catalog.tableLabel', { list: title })} minWidth={760} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('catalog.cols.code')}</Table.Th>
            <Table.Th>{t('catalog.cols.name')}</Table.Th>
            <Table.Th ta="right">{t('catalog.branch.cols.clinicPrice')}</Table.Th>
            <Table.Th ta="right">{t('catalog.branch.cols.branchPrice')}</Table.Th>
            <Table.Th ta="right">{t('catalog.branch.cols.charged')}</Table.Th>
            <Table.Th>{t('catalog.branch.cols.here')}</Table.Th>
            <ActionTh>{t('catalog.cols.actions')}</ActionTh>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>{item.code}</Table.Td>
              <Table.Td>{item.name}</Table.Td>
              <Table.Td ta="right">{centsToDollars(item.sellingPriceCents)}</Table.Td>
              <Table.Td ta="right">
                {item.branch?.sellingPriceCents == null ? (
                  <Text span c="dimmed" size="sm">
                    {t('catalog.branch.clinicsPrice')}
                  </Text>
                ) : (
                  centsToDollars(item.branch.sellingPriceCents)
                )}
              </Table.Td>
              <Table.Td ta="right">{centsToDollars(item.priceCents)}</Table.Td>
              <Table.Td>
                <Availability item={item} />
              </Table.Td>
              <ActionTd>
                {mayUpdate && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    leftSection={<IconPencil size={14} aria-hidden />}
                    aria-label={t('catalog.branch.editOne', { name: item.name })}
                    data-primary-action
                    onClick={() => setEditing(item)}
                  >
                    {t('catalog.branch.editTerms')}
                  </Button>
                )}
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
      <Pager
        page={pageIndex}
        total={list.data?.total ?? 0}
        pageSize={CATALOG_PAGE_SIZE}
        onPage={setPageIndex}
      />
      {editing && (
        <Suspense fallback={null}>
          <BranchTermsDialog item={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
