import {
  catalogsApi,
  type CatalogItemCreateBody,
  type CatalogItemRecord,
  type CatalogType,
  type PrescriptionSetting,
  type PrescriptionSettingList,
  type SettingCreateBody,
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

/** After a change: every catalog list (a page, the lists, the whitelist). */
export function refreshCatalogs(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: catalogKeys.all });
}
