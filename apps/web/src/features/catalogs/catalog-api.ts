import {
  catalogsApi,
  type CatalogItemCreateBody,
  type BranchItemBody,
  type CatalogItemRecord,
  type CatalogOption,
  type CatalogType,
  type PrescriptionSetting,
  type PrescriptionSettingList,
  type SettingCreateBody,
  type VaccinePlan,
  type VaccinePlanCreateBody,
  type WhitelistCreateBody,
  type WhitelistDrug,
} from '@clinic/domain';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../api/clients.ts';

/** A page of a list and how many rows the whole list has. */
export interface Page<T> {
  items: T[];
  total: number;
}

export interface CatalogFilter {
  type: CatalogType | null;
  keyword: string;
  isActive: boolean | null;
}

export const catalogKeys = {
  all: ['catalogs'] as const,
  page: (filter: CatalogFilter, pageIndex: number, pageSize: number) =>
    ['catalogs', 'page', filter, pageIndex, pageSize] as const,
  settings: (list: PrescriptionSettingList) => ['catalogs', 'settings', list] as const,
  whitelist: (keyword: string, pageIndex: number, pageSize: number) =>
    ['catalogs', 'whitelist', keyword, pageIndex, pageSize] as const,
  whitelistAll: ['catalogs', 'whitelist'] as const,
  options: (keyword: string) => ['catalogs', 'options', keyword] as const,
  plans: (filter: PlanFilter, pageIndex: number, pageSize: number) =>
    ['catalogs', 'vaccine-plans', filter, pageIndex, pageSize] as const,
  vaccines: ['catalogs', 'vaccines'] as const,
  /** The branch settings' pages: the same list, with that branch's terms. */
  branchPage: (branchCode: string, filter: CatalogFilter, pageIndex: number, pageSize: number) =>
    ['catalogs', 'branch', branchCode, filter, pageIndex, pageSize] as const,
};

/** One page of the clinic's catalog (`GET /catalogs`), with the filter's values. */
export function readCatalogPage(
  filter: CatalogFilter,
  pageIndex: number,
  pageSize: number,
): Promise<Page<CatalogItemRecord>> {
  return api().call(catalogsApi.list, {
    query: {
      ...(filter.type ? { type: filter.type } : {}),
      ...(filter.keyword.trim() ? { keyword: filter.keyword.trim() } : {}),
      ...(filter.isActive === null ? {} : { isActive: String(filter.isActive) }),
      pageIndex,
      pageSize,
    },
  });
}

export function useCatalogPage(
  filter: CatalogFilter,
  pageIndex: number,
  pageSize: number,
  enabled = true,
) {
  return useQuery({
    enabled,
    queryKey: catalogKeys.page(filter, pageIndex, pageSize),
    queryFn: () => readCatalogPage(filter, pageIndex, pageSize),
    placeholderData: keepPreviousData,
  });
}

/**
 * A branch settings page: the catalog as the address's branch sees it (the client sends
 * that branch as BranchId), with its own price and switch-off.
 */
export function useBranchCatalogPage(
  branchCode: string,
  filter: CatalogFilter,
  pageIndex: number,
  pageSize: number,
  enabled = true,
) {
  return useQuery({
    enabled,
    queryKey: catalogKeys.branchPage(branchCode, filter, pageIndex, pageSize),
    queryFn: () => readCatalogPage(filter, pageIndex, pageSize),
    placeholderData: keepPreviousData,
  });
}

/** The branch's own price (null: the clinic's) and availability of an item. */
export function saveBranchTerms(
  item: CatalogItemRecord,
  body: Omit<BranchItemBody, 'version'>,
): Promise<CatalogItemRecord> {
  return api().call(catalogsApi.branchTerms, {
    params: { id: item.id },
    body: { ...body, version: item.branch?.version ?? 0 },
  });
}

/** The picker of available items (`GET /catalogs/options`), by code or name. */
export function useCatalogOptions(keyword: string) {
  return useQuery({
    queryKey: catalogKeys.options(keyword),
    queryFn: async (): Promise<CatalogOption[]> =>
      (
        await api().call(catalogsApi.options, {
          query: keyword.trim() ? { keyword: keyword.trim() } : {},
        })
      ).items,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function saveCatalogItem(
  body: CatalogItemCreateBody,
  existing: CatalogItemRecord | null,
): Promise<CatalogItemRecord> {
  return existing
    ? api().call(catalogsApi.update, {
        params: { id: existing.id },
        body: { ...body, version: existing.version },
      })
    : api().call(catalogsApi.create, { body });
}

export function removeCatalogItem(item: CatalogItemRecord): Promise<boolean> {
  return api().call(catalogsApi.remove, {
    params: { id: item.id },
    body: { version: item.version },
  });
}

/** A prescription settings list, every entry (system, clinic's, inactive). */
export function useSettingList(list: PrescriptionSettingList, enabled = true) {
  return useQuery({
    enabled,
    queryKey: catalogKeys.settings(list),
    queryFn: async (): Promise<PrescriptionSetting[]> =>
      (await api().call(catalogsApi.settingList, { params: { settingList: list }, query: {} }))
        .items,
    staleTime: 60_000,
  });
}

export function saveSetting(
  list: PrescriptionSettingList,
  body: SettingCreateBody,
  existing: PrescriptionSetting | null,
): Promise<PrescriptionSetting> {
  return existing
    ? api().call(catalogsApi.settingUpdate, {
        params: { settingList: list, id: existing.id },
        body: { ...body, version: existing.version },
      })
    : api().call(catalogsApi.settingCreate, { params: { settingList: list }, body });
}

export function removeSetting(
  list: PrescriptionSettingList,
  entry: PrescriptionSetting,
): Promise<boolean> {
  return api().call(catalogsApi.settingDelete, {
    params: { settingList: list, id: entry.id },
    body: { version: entry.version },
  });
}

export function readWhitelistPage(
  keyword: string,
  pageIndex: number,
  pageSize: number,
): Promise<Page<WhitelistDrug>> {
  return api().call(catalogsApi.whitelist, {
    query: { pageIndex, pageSize, ...(keyword.trim() ? { keywords: keyword.trim() } : {}) },
  });
}

export function useWhitelistPage(
  keyword: string,
  pageIndex: number,
  pageSize: number,
  enabled = true,
) {
  return useQuery({
    enabled,
    queryKey: catalogKeys.whitelist(keyword, pageIndex, pageSize),
    queryFn: () => readWhitelistPage(keyword, pageIndex, pageSize),
    placeholderData: keepPreviousData,
  });
}

export function saveWhitelistDrug(
  body: WhitelistCreateBody,
  existing: WhitelistDrug | null,
): Promise<WhitelistDrug> {
  return existing
    ? api().call(catalogsApi.whitelistUpdate, {
        params: { id: existing.id },
        body: { ...body, version: existing.version },
      })
    : api().call(catalogsApi.whitelistCreate, { body });
}

export function removeWhitelistDrug(drug: WhitelistDrug): Promise<boolean> {
  return api().call(catalogsApi.whitelistDelete, {
    params: { id: drug.id },
    body: { version: drug.version },
  });
}

export interface PlanFilter {
  keyword: string;
  isActive: boolean | null;
}

/** One page of the clinic's vaccine plans (`GET /catalogs/vaccine-plans`). */
export function readPlanPage(
  filter: PlanFilter,
  pageIndex: number,
  pageSize: number,
): Promise<Page<VaccinePlan>> {
  return api().call(catalogsApi.vaccinePlans, {
    query: {
      ...(filter.keyword.trim() ? { keyword: filter.keyword.trim() } : {}),
      ...(filter.isActive === null ? {} : { isActive: String(filter.isActive) }),
      pageIndex,
      pageSize,
    },
  });
}

export function usePlanPage(
  filter: PlanFilter,
  pageIndex: number,
  pageSize: number,
  enabled = true,
) {
  return useQuery({
    enabled,
    queryKey: catalogKeys.plans(filter, pageIndex, pageSize),
    queryFn: () => readPlanPage(filter, pageIndex, pageSize),
    placeholderData: keepPreviousData,
  });
}

/** The clinic's vaccines, for a plan's vaccine picker (a clinic has a few dozen at most). */
export function useVaccineItems() {
  return useQuery({
    queryKey: catalogKeys.vaccines,
    queryFn: async () =>
      (await readCatalogPage({ type: 'Vaccine', keyword: '', isActive: null }, 1, 200)).items,
    staleTime: 60_000,
  });
}

export function saveVaccinePlan(
  body: VaccinePlanCreateBody,
  existing: VaccinePlan | null,
): Promise<VaccinePlan> {
  return existing
    ? api().call(catalogsApi.vaccinePlanUpdate, {
        params: { id: existing.id },
        body: { ...body, version: existing.version },
      })
    : api().call(catalogsApi.vaccinePlanCreate, { body });
}

export function removeVaccinePlan(plan: VaccinePlan): Promise<boolean> {
  return api().call(catalogsApi.vaccinePlanDelete, {
    params: { id: plan.id },
    body: { version: plan.version },
  });
}

/** After a change: every catalog list (a page, the lists, the whitelist). */
export function refreshCatalogs(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: catalogKeys.all });
}
