import { type PrescriptionSetting, type PrescriptionSettingList } from '@clinic/domain';
import { Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { removeAfterConfirm } from '../../components/confirmed-removal.ts';
import { ActionTd, ActionTh, DataTable } from '../../components/DataTable.tsx';
import type { TextKey } from '../../i18n/index.ts';
import { refreshCatalogs, removeSetting, useSettingList } from './catalog-api.ts';
import { toCsv } from './csv.ts';
import { CatalogNav, NotAllowed } from './CatalogNav.tsx';
import { useCatalogRights, type CatalogPlace } from './console-permissions.ts';
import { BranchCatalogNav } from './BranchCatalogNav.tsx';
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

const SettingFormDialog = lazy(async () => ({
  default: (await import('./SettingFormDialog.tsx')).SettingFormDialog,
}));

/** The console's settings pages of the prescription settings lists (doc 3 section 2.2). */
export const SETTING_PAGES = {
  unitMeasurement: { list: 'unitMeasurement', title: 'catalog.pages.unitMeasurement' },
  consumeMethod: { list: 'consumeMethod', title: 'catalog.pages.consumeMethod' },
  frequency: { list: 'frequency', title: 'catalog.pages.frequency' },
  indication: { list: 'indication', title: 'catalog.pages.indication' },
  precaution: { list: 'precaution', title: 'catalog.pages.precaution' },
} as const satisfies Record<string, { list: PrescriptionSettingList; title: TextKey }>;

export type SettingPageName = keyof typeof SETTING_PAGES;

const PAGE_SIZE = 20;

/** Entries whose code or description holds `keyword` (any case). */
export function matchingEntries(
  entries: readonly PrescriptionSetting[],
  keyword: string,
): PrescriptionSetting[] {
  const wanted = keyword.trim().toLowerCase();
  return entries.filter(
    (entry) =>
      wanted === '' ||
      entry.code.toLowerCase().includes(wanted) ||
      entry.description.toLowerCase().includes(wanted),
  );
}

/**
 * A prescription settings list: its entries (the product's, read-only, and the clinic's),
 * searchable and paged in the browser (a list is short and read whole); CSV export. In the
 * console the clinic's own entries are added, edited and deleted; a branch's settings show
 * the same list read-only.
 */
export function SettingListPage({ name, where }: { name: SettingPageName; where: CatalogPlace }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { list, title: titleKey } = SETTING_PAGES[name];
  const title = t(titleKey);
  const {
    read: mayRead,
    create: mayCreate,
    update: mayUpdate,
    remove: mayDelete,
  } = useCatalogRights(where);
  const entries = useSettingList(list, mayRead);
  const [search, setSearch] = useState('');
  const [pageIndex, setPageIndex] = useState(1);
  const [editing, setEditing] = useState<PrescriptionSetting | 'new' | null>(null);
  const frequency = list === 'frequency';
  const matching = matchingEntries(entries.data ?? [], search);
  const rows = matching.slice((pageIndex - 1) * PAGE_SIZE, pageIndex * PAGE_SIZE);

  const remove = (entry: PrescriptionSetting) =>
    removeAfterConfirm({
      title: t('catalog.settings.removeTitle'),
      message: t('catalog.settings.removeConfirm', {
        code: entry.code,
        description: entry.description,
      }),
      remove: () => removeSetting(list, entry),
      removed: t('catalog.settings.removed'),
      refresh: () => refreshCatalogs(queryClient),
    });

  const buildCsv = () =>
    Promise.resolve({
      csv: toCsv(
        [
          'code',
          'description',
          ...(frequency ? ['dosesPerCycle', 'cycleDays'] : []),
          'sortOrder',
          'active',
          'system',
        ],
        matching.map((entry) => [
          entry.code,
          entry.description,
          ...(frequency ? [entry.dosesPerCycle, entry.cycleDays] : []),
          entry.sortOrder,
          entry.isActive,
          entry.isSystem,
        ]),
      ),
      rows: matching.length,
    });

  if (!mayRead) return <NotAllowed title={title} />;
  return (
    <Stack>
      {where === 'console' ? <CatalogNav /> : <BranchCatalogNav />}
      <ListHeader title={title}>
        <ExportButton fileName={exportName(name)} build={buildCsv} />
        {mayCreate && (
          <AddButton onClick={() => setEditing('new')}>{t('catalog.settings.add')}</AddButton>
        )}
      </ListHeader>
      <Text size="sm" c="dimmed">
        {t('catalog.settings.systemNote')}
        {where === 'branch' ? ` ${t('catalog.settings.keptInConsole')}` : null}
      </Text>
      <SearchInput
        value={search}
        onChange={(value) => {
          setSearch(value);
          setPageIndex(1);
        }}
      />
      <DataTable aria-label={t('catalog.tableLabel', { list: title })} minWidth={600} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('catalog.settings.cols.code')}</Table.Th>
            <Table.Th>{t('catalog.settings.cols.description')}</Table.Th>
            {frequency && <Table.Th>{t('catalog.settings.cols.dosesPerCycle')}</Table.Th>}
            {frequency && <Table.Th>{t('catalog.settings.cols.cycleDays')}</Table.Th>}
            <Table.Th>{t('catalog.settings.cols.source')}</Table.Th>
            <Table.Th>{t('catalog.settings.cols.active')}</Table.Th>
            <ActionTh>{t('catalog.cols.actions')}</ActionTh>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>{entry.code}</Table.Td>
              <Table.Td>{entry.description}</Table.Td>
              {frequency && <Table.Td>{entry.dosesPerCycle}</Table.Td>}
              {frequency && <Table.Td>{entry.cycleDays}</Table.Td>}
              <Table.Td>
                {entry.isSystem ? t('catalog.settings.system') : t('catalog.settings.clinic')}
              </Table.Td>
              <Table.Td>
                <ActiveBadge active={entry.isActive} />
              </Table.Td>
              <ActionTd>
                {entry.isSystem ? (
                  <Text size="sm" c="dimmed">
                    {t('catalog.readOnly')}
                  </Text>
                ) : (
                  <RowActions
                    name={entry.code}
                    onEdit={mayUpdate ? () => setEditing(entry) : undefined}
                    onRemove={mayDelete ? () => void remove(entry) : undefined}
                  />
                )}
              </ActionTd>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </DataTable>
      <ListStatus
        pending={entries.isPending}
        empty={entries.isSuccess && rows.length === 0}
        none={t('catalog.settings.none')}
      />
      <Pager page={pageIndex} total={matching.length} pageSize={PAGE_SIZE} onPage={setPageIndex} />
      {editing !== null && (
        <Suspense fallback={null}>
          <SettingFormDialog
            list={list}
            entry={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
    </Stack>
  );
}
