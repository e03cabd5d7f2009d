import {
  CATALOG_PAGE_SIZE,
  CATALOG_PAGE_SIZE_MAX,
  SEARCH_DEBOUNCE_MS,
  type VaccinePlan,
} from '@clinic/domain';
import {
  Alert,
  Group,
  Input,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { removeAfterConfirm } from '../../components/confirmed-removal.ts';
import { ActionTd, ActionTh, DataTable } from '../../components/DataTable.tsx';
import { BranchCatalogNav } from './BranchCatalogNav.tsx';
import { readPlanPage, refreshCatalogs, removeVaccinePlan, usePlanPage } from './catalog-api.ts';
import { CatalogNav } from './CatalogNav.tsx';
import { useCatalogRights, type CatalogPlace } from './console-permissions.ts';
import { readAllPages, toCsv } from './csv.ts';
import {
  ActiveBadge,
  AddButton,
  ExportButton,
  exportName,
  ListHeader,
  ListStatus,
  Pager,
  RowActions,
} from './ListParts.tsx';
import { dosesText } from './plan-text.ts';
import '../../i18n/catalogs/index.ts';

const VaccinePlanFormDialog = lazy(async () => ({
  default: (await import('./VaccinePlanFormDialog.tsx')).VaccinePlanFormDialog,
}));

type ActiveFilter = 'all' | 'active' | 'inactive';
const ACTIVE_VALUE: Record<ActiveFilter, boolean | null> = {
  all: null,
  active: true,
  inactive: false,
};

/**
 * The clinic's vaccine plans: in the console (add, edit, delete after a confirmation) and,
 * read-only, in a branch's settings. Searchable by plan or vaccine, filtered by status,
 * paged, with CSV export of the whole filtered list.
 */
export function VaccinePlanPage({ where }: { where: CatalogPlace }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const rights = useCatalogRights(where);
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [active, setActive] = useState<ActiveFilter>('all');
  const [pageIndex, setPageIndex] = useState(1);
  const [editing, setEditing] = useState<VaccinePlan | 'new' | null>(null);
  const filter = { keyword, isActive: ACTIVE_VALUE[active] };
  const list = usePlanPage(filter, pageIndex, CATALOG_PAGE_SIZE, rights.read);
  const rows = list.data?.items ?? [];
  const title = t('catalog.pages.vaccinePlans');
  const nav = where === 'console' ? <CatalogNav /> : <BranchCatalogNav />;

  const remove = (plan: VaccinePlan) =>
    removeAfterConfirm({
      title: t('catalog.plans.removeTitle'),
      message: t('catalog.plans.removeConfirm', { name: plan.name }),
      remove: () => removeVaccinePlan(plan),
      removed: t('catalog.plans.removed'),
      refresh: () => refreshCatalogs(queryClient),
    });

  async function buildCsv() {
    const plans = await readAllPages(
      (index) => readPlanPage(filter, index, CATALOG_PAGE_SIZE_MAX),
      CATALOG_PAGE_SIZE_MAX,
    );
    const csv = toCsv(
      ['name', 'vaccineCode', 'vaccineName', 'doseCount', 'doses', 'active'],
      plans.map((plan) => [
        plan.name,
        plan.itemCode,
        plan.itemName,
        plan.doses.length,
        dosesText(plan),
        plan.isActive,
      ]),
    );
    return { csv, rows: plans.length };
  }

  if (!rights.read)
    return (
      <Stack>
        {nav}
        <ListHeader title={title}>{null}</ListHeader>
        <Alert color="gray" role="alert">
          {t(where === 'console' ? 'catalog.notAllowed' : 'catalog.branch.notAllowed')}
        </Alert>
      </Stack>
    );
  return (
    <Stack>
      {nav}
      <ListHeader title={title}>
        <ExportButton fileName={exportName('vaccine-plans')} build={buildCsv} />
        {rights.create && (
          <AddButton onClick={() => setEditing('new')}>{t('catalog.plans.add')}</AddButton>
        )}
      </ListHeader>
      {where === 'branch' && (
        <Text c="dimmed" size="sm">
          {t('catalog.plans.readOnly')}
        </Text>
      )}
      <Group align="flex-end">
        <TextInput
          label={t('catalog.search')}
          placeholder={t('catalog.plans.searchHint')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPageIndex(1);
          }}
          w={260}
        />
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
      <DataTable aria-label={t('catalog.tableLabel', { list: title })} minWidth={720} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('catalog.plans.cols.name')}</Table.Th>
            <Table.Th>{t('catalog.plans.cols.vaccine')}</Table.Th>
            <Table.Th>{t('catalog.plans.cols.doses')}</Table.Th>
            <Table.Th>{t('catalog.plans.cols.active')}</Table.Th>
            {(rights.update || rights.remove) && <ActionTh>{t('catalog.cols.actions')}</ActionTh>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((plan) => (
            <Table.Tr key={plan.id}>
              <Table.Td>{plan.name}</Table.Td>
              <Table.Td>
                {plan.itemCode} {plan.itemName}
              </Table.Td>
              <Table.Td>{dosesText(plan)}</Table.Td>
              <Table.Td>
                <ActiveBadge active={plan.isActive} />
              </Table.Td>
              {(rights.update || rights.remove) && (
                <ActionTd>
                  <RowActions
                    name={plan.name}
                    onEdit={rights.update ? () => setEditing(plan) : undefined}
                    onRemove={rights.remove ? () => void remove(plan) : undefined}
                  />
                </ActionTd>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </DataTable>
      <ListStatus
        pending={list.isPending}
        empty={list.isSuccess && rows.length === 0}
        none={t('catalog.plans.none')}
      />
      <Pager
        page={pageIndex}
        total={list.data?.total ?? 0}
        pageSize={CATALOG_PAGE_SIZE}
        onPage={setPageIndex}
      />
      {editing !== null && (
        <Suspense fallback={null}>
          <VaccinePlanFormDialog
            plan={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
    </Stack>
  );
}
