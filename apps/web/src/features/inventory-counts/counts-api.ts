import {
  catalogsApi,
  inventoryApi,
  requisitionsApi,
  stockTallyApi,
  type RequisitionCreateBody,
  type RequisitionDirection,
  type TallySaveBody,
} from '@clinic/domain';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../api/clients.ts';

/** Calls and queries of the stock tally and requisition pages (the caller's branch). */

export const COUNTS_PAGE_SIZE = 20;
/** The export reads the lists this many rows a call (the API's largest page). */
export const EXPORT_PAGE_SIZE = 200;

export const countKeys = {
  all: ['inventory-counts'] as const,
  tallies: (branchId: string | undefined, pageIndex: number) =>
    ['inventory-counts', branchId, 'tallies', pageIndex] as const,
  sheet: (branchId: string | undefined, id: string) =>
    ['inventory-counts', branchId, 'sheet', id] as const,
  history: (branchId: string | undefined, itemId: string) =>
    ['inventory-counts', branchId, 'history', itemId] as const,
  requisitions: (
    branchId: string | undefined,
    direction: RequisitionDirection,
    pageIndex: number,
  ) => ['inventory-counts', branchId, 'requisitions', direction, pageIndex] as const,
  branches: (branchId: string | undefined) => ['inventory-counts', branchId, 'branches'] as const,
  stocked: (branchId: string | undefined, keyword: string) =>
    ['inventory-counts', branchId, 'stocked', keyword] as const,
  catalog: (keyword: string) => ['inventory-counts', 'catalog', keyword] as const,
};

export const refreshCounts = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: countKeys.all });

export function readTallies(pageIndex: number, pageSize = COUNTS_PAGE_SIZE) {
  return api().call(stockTallyApi.list, { query: { pageIndex, pageSize } });
}

export function useTallies(branchId: string | undefined, pageIndex: number) {
  return useQuery({
    queryKey: countKeys.tallies(branchId, pageIndex),
    queryFn: () => readTallies(pageIndex),
    placeholderData: keepPreviousData,
    enabled: branchId !== undefined,
  });
}

export function useTallySheet(branchId: string | undefined, id: string) {
  return useQuery({
    queryKey: countKeys.sheet(branchId, id),
    queryFn: () => api().call(stockTallyApi.sheet, { params: { id } }),
    enabled: branchId !== undefined,
  });
}

export function openTally(itemIds: string[], remark: string) {
  return api().call(stockTallyApi.open, { body: { itemIds, remark } });
}

export function saveTally(id: string, body: TallySaveBody) {
  return api().call(stockTallyApi.save, { params: { id }, body });
}

export function finaliseTally(id: string, version: number, reason: string) {
  return api().call(stockTallyApi.finalise, { params: { id }, body: { version, reason } });
}

export function cancelTally(id: string, version: number, reason: string) {
  return api().call(stockTallyApi.cancel, { params: { id }, body: { version, reason } });
}

export function useItemHistory(branchId: string | undefined, itemId: string) {
  return useQuery({
    queryKey: countKeys.history(branchId, itemId),
    queryFn: () => api().call(stockTallyApi.itemHistory, { params: { id: itemId } }),
    enabled: branchId !== undefined,
  });
}

/** The branch's stocked items matching a keyword (the count sheet's item choice). */
export function useStockedItems(branchId: string | undefined, keyword: string) {
  return useQuery({
    queryKey: countKeys.stocked(branchId, keyword),
    queryFn: () =>
      api().call(inventoryApi.items, {
        query: { ...(keyword ? { keyword } : {}), pageIndex: 1, pageSize: 50 },
      }),
    placeholderData: keepPreviousData,
    enabled: branchId !== undefined,
  });
}

export function readRequisitions(
  direction: RequisitionDirection,
  pageIndex: number,
  pageSize = COUNTS_PAGE_SIZE,
) {
  return api().call(requisitionsApi.list, { query: { direction, pageIndex, pageSize } });
}

export function useRequisitions(
  branchId: string | undefined,
  direction: RequisitionDirection,
  pageIndex: number,
) {
  return useQuery({
    queryKey: countKeys.requisitions(branchId, direction, pageIndex),
    queryFn: () => readRequisitions(direction, pageIndex),
    placeholderData: keepPreviousData,
    enabled: branchId !== undefined,
  });
}

export function useRequisitionBranches(branchId: string | undefined) {
  return useQuery({
    queryKey: countKeys.branches(branchId),
    queryFn: () => api().call(requisitionsApi.branches),
    enabled: branchId !== undefined,
  });
}

/** Medicines and vaccines of the catalog matching a keyword (`GET /catalogs/options`). */
export function useStockCatalog(keyword: string) {
  return useQuery({
    queryKey: countKeys.catalog(keyword),
    queryFn: async () =>
      (await api().call(catalogsApi.options, { query: { keyword } })).items.filter(
        (option) => option.type === 'Med' || option.type === 'Vaccine',
      ),
    placeholderData: keepPreviousData,
    enabled: keyword.length >= 2,
  });
}

export function createRequisition(body: RequisitionCreateBody) {
  return api().call(requisitionsApi.create, { body });
}

export function issueRequisition(id: string, version: number) {
  return api().call(requisitionsApi.issue, { params: { id }, body: { version } });
}

export function refuseRequisition(id: string, version: number, reason: string) {
  return api().call(requisitionsApi.refuse, { params: { id }, body: { version, reason } });
}

export function cancelRequisition(id: string, version: number) {
  return api().call(requisitionsApi.cancel, { params: { id }, body: { version } });
}
