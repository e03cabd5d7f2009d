import {
  catalogsApi,
  purchasingApi,
  type CatalogOption,
  type Purchase,
  type PurchaseCreateBody,
  type PurchaseReceiptAnswer,
  type PurchaseReceiptBody,
  type PurchaseStatus,
  type PurchaseSummary,
  type ReceivedNote,
  type ReceivedSummary,
  type Vendor,
} from '@clinic/domain';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../api/clients.ts';

export interface Page<T> {
  items: T[];
  total: number;
}

export interface PurchaseFilter {
  keyword: string;
  status: PurchaseStatus | null;
}

export const purchasingKeys = {
  all: ['purchasing'] as const,
  page: (branchId: string | undefined, filter: PurchaseFilter, pageIndex: number) =>
    ['purchasing', 'page', branchId, filter, pageIndex] as const,
  order: (branchId: string | undefined, id: string) =>
    ['purchasing', 'order', branchId, id] as const,
  received: (branchId: string | undefined, keyword: string, pageIndex: number) =>
    ['purchasing', 'received', branchId, keyword, pageIndex] as const,
  note: (branchId: string | undefined, id: string) => ['purchasing', 'note', branchId, id] as const,
  vendors: (branchId: string | undefined) => ['purchasing', 'vendors', branchId] as const,
  items: (keyword: string) => ['purchasing', 'items', keyword] as const,
};

export function readPurchasePage(
  filter: PurchaseFilter,
  pageIndex: number,
  pageSize: number,
): Promise<Page<PurchaseSummary>> {
  return api().call(purchasingApi.purchases, {
    query: {
      ...(filter.keyword.trim() ? { keyword: filter.keyword.trim() } : {}),
      ...(filter.status ? { status: filter.status } : {}),
      pageIndex,
      pageSize,
    },
  });
}

export function usePurchasePage(
  branchId: string | undefined,
  filter: PurchaseFilter,
  pageIndex: number,
  pageSize: number,
) {
  return useQuery({
    queryKey: purchasingKeys.page(branchId, filter, pageIndex),
    queryFn: () => readPurchasePage(filter, pageIndex, pageSize),
    placeholderData: keepPreviousData,
    enabled: Boolean(branchId),
  });
}

export function usePurchase(branchId: string | undefined, id: string) {
  return useQuery({
    queryKey: purchasingKeys.order(branchId, id),
    queryFn: (): Promise<Purchase> => api().call(purchasingApi.purchase, { params: { id } }),
    enabled: Boolean(branchId) && id !== 'new',
    retry: false,
  });
}

export function readReceivedPage(
  keyword: string,
  pageIndex: number,
  pageSize: number,
): Promise<Page<ReceivedSummary>> {
  return api().call(purchasingApi.receivedList, {
    query: { ...(keyword.trim() ? { keyword: keyword.trim() } : {}), pageIndex, pageSize },
  });
}

export function useReceivedPage(
  branchId: string | undefined,
  keyword: string,
  pageIndex: number,
  pageSize: number,
) {
  return useQuery({
    queryKey: purchasingKeys.received(branchId, keyword, pageIndex),
    queryFn: () => readReceivedPage(keyword, pageIndex, pageSize),
    placeholderData: keepPreviousData,
    enabled: Boolean(branchId),
  });
}

export function useReceivedNote(branchId: string | undefined, id: string) {
  return useQuery({
    queryKey: purchasingKeys.note(branchId, id),
    queryFn: (): Promise<ReceivedNote> => api().call(purchasingApi.received, { params: { id } }),
    enabled: Boolean(branchId),
    retry: false,
  });
}

/** The clinic's active suppliers (`GET /settings/vendors`). */
export function useVendors(branchId: string | undefined) {
  return useQuery({
    queryKey: purchasingKeys.vendors(branchId),
    queryFn: async (): Promise<Vendor[]> =>
      (await api().call(purchasingApi.vendors, { query: {} })).items,
    enabled: Boolean(branchId),
  });
}

/** Medicines and vaccines of the catalog matching the keyword (`GET /catalogs/options`). */
export function useStockedOptions(keyword: string) {
  return useQuery({
    queryKey: purchasingKeys.items(keyword),
    queryFn: async (): Promise<CatalogOption[]> => {
      const [meds, vaccines] = await Promise.all(
        (['Med', 'Vaccine'] as const).map((typeEnum) =>
          api().call(catalogsApi.options, {
            query: { typeEnum, ...(keyword ? { keyword } : {}) },
          }),
        ),
      );
      return [...meds!.items, ...vaccines!.items];
    },
    placeholderData: keepPreviousData,
  });
}

export function createPurchase(body: PurchaseCreateBody): Promise<Purchase> {
  return api().call(purchasingApi.purchaseCreate, { body });
}

export function updatePurchase(
  id: string,
  body: PurchaseCreateBody & { version: number },
): Promise<Purchase> {
  return api().call(purchasingApi.purchaseUpdate, { params: { id }, body });
}

export function confirmPurchase(order: Purchase): Promise<Purchase> {
  return api().call(purchasingApi.purchaseConfirm, {
    params: { id: order.id },
    body: { version: order.version },
  });
}

export function voidPurchase(order: Purchase, reason: string): Promise<Purchase> {
  return api().call(purchasingApi.purchaseVoid, {
    params: { id: order.id },
    body: { version: order.version, reason },
  });
}

export function receivePurchase(
  id: string,
  body: PurchaseReceiptBody,
): Promise<PurchaseReceiptAnswer> {
  return api().call(purchasingApi.purchaseReceive, { params: { id }, body });
}

export function readVendor(id: string): Promise<Vendor> {
  return api().call(purchasingApi.vendor, { params: { id } });
}

export function refreshPurchasing(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: purchasingKeys.all });
}
