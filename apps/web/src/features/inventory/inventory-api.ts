import {
  inventoryApi,
  type AdjustmentBody,
  type InventoryItem,
  type ReceiptBody,
  type StockMovementKind,
  type Supplier,
  type SupplierCreateBody,
} from '@clinic/domain';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../api/clients.ts';

/** The branch's stock reads (doc 3 section 2.4; docs/architecture.md "Inventory"). */

export interface Page<T> {
  items: T[];
  total: number;
}

export const inventoryKeys = {
  all: ['inventory'] as const,
  items: (keyword: string, pageIndex: number) =>
    ['inventory', 'items', keyword, pageIndex] as const,
  item: (id: string, pageIndex: number) => ['inventory', 'item', id, pageIndex] as const,
  lowStock: ['inventory', 'low-stock'] as const,
  nearExpiry: (days: number) => ['inventory', 'near-expiry', days] as const,
  batches: (filter: BatchFilter) => ['inventory', 'batches', filter] as const,
  ledger: (filter: LedgerFilter, pageIndex: number) =>
    ['inventory', 'ledger', filter, pageIndex] as const,
  itemLog: (filter: ItemLogFilter, pageIndex: number) =>
    ['inventory', 'item-log', filter, pageIndex] as const,
  dispensing: (filter: DispensingFilter) => ['inventory', 'dispensing', filter] as const,
  suppliers: (keyword: string, pageIndex: number) =>
    ['inventory', 'suppliers', keyword, pageIndex] as const,
  supplier: (id: string) => ['inventory', 'supplier', id] as const,
  allSuppliers: ['inventory', 'supplier-options'] as const,
};

export const PAGE_SIZE = 20;
export const EXPORT_PAGE_SIZE = 200;

const keywordOf = (keyword: string) => (keyword.trim() ? { keyword: keyword.trim() } : {});

export function readItems(keyword: string, pageIndex: number, pageSize = PAGE_SIZE) {
  return api().call(inventoryApi.items, {
    query: { ...keywordOf(keyword), pageIndex, pageSize },
  });
}

export function useItems(keyword: string, pageIndex: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: inventoryKeys.items(keyword, pageIndex),
    queryFn: () => readItems(keyword, pageIndex),
    placeholderData: keepPreviousData,
  });
}

export function useLowStock(enabled = true) {
  return useQuery({
    enabled,
    queryKey: inventoryKeys.lowStock,
    queryFn: () => api().call(inventoryApi.lowStock, { query: {} }),
  });
}

export function useNearExpiry(days: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: inventoryKeys.nearExpiry(days),
    queryFn: () => api().call(inventoryApi.nearExpiry, { query: { days } }),
    placeholderData: keepPreviousData,
  });
}

export function useItemDetail(id: string, pageIndex: number) {
  return useQuery({
    queryKey: inventoryKeys.item(id, pageIndex),
    queryFn: () =>
      api().call(inventoryApi.item, { params: { id }, query: { pageIndex, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export interface BatchFilter {
  itemId?: string;
  batchId?: string;
  includeEmpty: boolean;
}

export function readBatches(filter: BatchFilter) {
  return api().call(inventoryApi.batches, {
    query: {
      ...(filter.itemId ? { itemId: filter.itemId } : {}),
      ...(filter.batchId ? { batchId: filter.batchId } : {}),
      includeEmpty: String(filter.includeEmpty),
    },
  });
}

export function useBatches(filter: BatchFilter, enabled = true) {
  return useQuery({
    enabled,
    queryKey: inventoryKeys.batches(filter),
    queryFn: () => readBatches(filter),
    placeholderData: keepPreviousData,
  });
}

export interface LedgerFilter {
  itemId?: string | undefined;
  batchId?: string | undefined;
  kind?: StockMovementKind | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
}

/** The filter's set values only (the query refuses empty ones). */
function defined<T extends object>(filter: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== undefined && value !== ''),
  ) as Partial<T>;
}

export function readLedger(filter: LedgerFilter, pageIndex: number, pageSize = PAGE_SIZE) {
  return api().call(inventoryApi.transactions, {
    query: { ...defined(filter), pageIndex, pageSize },
  });
}

export function useLedger(filter: LedgerFilter, pageIndex: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: inventoryKeys.ledger(filter, pageIndex),
    queryFn: () => readLedger(filter, pageIndex),
    placeholderData: keepPreviousData,
  });
}

export interface ItemLogFilter {
  keyword: string;
  fromDate: string;
  toDate: string;
}

export function readItemLog(filter: ItemLogFilter, pageIndex: number, pageSize = PAGE_SIZE) {
  return api().call(inventoryApi.itemLog, {
    query: {
      fromDate: filter.fromDate,
      toDate: filter.toDate,
      ...keywordOf(filter.keyword),
      pageIndex,
      pageSize,
    },
  });
}

export function useItemLog(filter: ItemLogFilter, pageIndex: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: inventoryKeys.itemLog(filter, pageIndex),
    queryFn: () => readItemLog(filter, pageIndex),
    placeholderData: keepPreviousData,
  });
}

export interface DispensingFilter {
  fromDate: string;
  toDate: string;
  itemId?: string | undefined;
}

export function readDispensing(filter: DispensingFilter) {
  return api().call(inventoryApi.dispenseReport, { query: defined(filter) });
}

export function useDispensing(filter: DispensingFilter, enabled = true) {
  return useQuery({
    enabled,
    queryKey: inventoryKeys.dispensing(filter),
    queryFn: () => readDispensing(filter),
    placeholderData: keepPreviousData,
  });
}

export function readSuppliers(keyword: string, pageIndex: number, pageSize = PAGE_SIZE) {
  return api().call(inventoryApi.suppliers, {
    query: { ...keywordOf(keyword), pageIndex, pageSize },
  });
}

export function useSuppliers(keyword: string, pageIndex: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: inventoryKeys.suppliers(keyword, pageIndex),
    queryFn: () => readSuppliers(keyword, pageIndex),
    placeholderData: keepPreviousData,
  });
}

/** The first 200 suppliers, for a receipt's picker. */
export function useSupplierOptions(enabled = true) {
  return useQuery({
    enabled,
    queryKey: inventoryKeys.allSuppliers,
    queryFn: async () => (await readSuppliers('', 1, EXPORT_PAGE_SIZE)).items,
    staleTime: 60_000,
  });
}

export function useSupplier(id: string) {
  return useQuery({
    queryKey: inventoryKeys.supplier(id),
    queryFn: () => api().call(inventoryApi.supplier, { params: { id }, query: {} }),
  });
}

export function receiveStock(body: ReceiptBody) {
  return api().call(inventoryApi.receive, { body });
}

export function adjustStock(body: AdjustmentBody) {
  return api().call(inventoryApi.adjust, { body });
}

export function saveReorderLevel(item: InventoryItem, reorderLevel: number) {
  return api().call(inventoryApi.reorderLevel, {
    params: { id: item.itemId },
    body: { reorderLevel, version: item.reorderVersion },
  });
}

export function saveSupplier(body: SupplierCreateBody, existing: Supplier | null) {
  return existing
    ? api().call(inventoryApi.supplierUpdate, {
        params: { id: existing.id },
        body: { ...body, version: existing.version },
      })
    : api().call(inventoryApi.supplierCreate, { body });
}

export function removeSupplier(supplier: Supplier) {
  return api().call(inventoryApi.supplierDelete, {
    params: { id: supplier.id },
    body: { version: supplier.version },
  });
}

/** After a change: every inventory read. */
export function refreshInventory(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
}

/** Reads every page of a paged list (for an export). */
export { readAllPages } from '../catalogs/csv.ts';
