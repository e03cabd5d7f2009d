import {
  catalogsApi,
  clinicFrequencyList,
  prescriptionsApi,
  type CatalogItemRecord,
  type CatalogOption,
  type MedicationFrequency,
  type PrescriptionCreateBody,
  type PrescriptionLineRecord,
  type PrescriptionSetting,
  type PrescriptionSettingType,
  type PrescriptionUpdateBody,
  type UpcOption,
  type VisitPrescription,
} from '@clinic/domain';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../api/clients.ts';
import { useBranch } from '../../app/branch.ts';

export const prescriptionKeys = {
  visit: (branchId: string | undefined, visitId: string) =>
    ['visit-prescriptions', branchId, visitId] as const,
  settings: (branchId: string | undefined, type: PrescriptionSettingType) =>
    ['prescription-settings', branchId, type] as const,
  catalog: (branchId: string | undefined, keyword: string) =>
    ['prescription-picker', branchId, keyword] as const,
  item: (branchId: string | undefined, id: string) => ['catalog-item', branchId, id] as const,
};

/** The catalog types a line can name (services are billed, not prescribed). */
const PRESCRIBABLE = new Set(['Med', 'Vaccine', 'Combo']);

/** The visit's lines with their totals. */
export function useVisitPrescription(visitId: string) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: prescriptionKeys.visit(branchId, visitId),
    queryFn: (): Promise<VisitPrescription> =>
      api().call(prescriptionsApi.lines, { params: { id: visitId } }),
    enabled: Boolean(branchId),
  });
}

/** A prescription settings list's active entries (`/prescriptions/settings/options`). */
export function useRxSettings(type: PrescriptionSettingType) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: prescriptionKeys.settings(branchId, type),
    queryFn: async (): Promise<PrescriptionSetting[]> =>
      (await api().call(catalogsApi.settingOptions, { query: { type } })).items,
    enabled: Boolean(branchId),
    staleTime: 5 * 60_000,
  });
}

/** The clinic's frequencies as the arithmetic reads them (null until loaded). */
export function useFrequencies(): {
  settings: PrescriptionSetting[];
  rules: MedicationFrequency[] | null;
} {
  const list = useRxSettings('frequency');
  return {
    settings: list.data ?? [],
    rules: list.data ? clinicFrequencyList(list.data) : null,
  };
}

/** The picker's items for a keyword: prescribable ones, the exact code first (the server's order). */
export async function searchCatalog(keyword: string): Promise<CatalogOption[]> {
  const list = await api().call(catalogsApi.options, { query: { keyword } });
  return list.items.filter((item) => PRESCRIBABLE.has(item.type));
}

export function catalogSearchQuery(branchId: string | undefined, keyword: string) {
  return {
    queryKey: prescriptionKeys.catalog(branchId, keyword),
    queryFn: () => searchCatalog(keyword),
    staleTime: 30_000,
  };
}

/** The items whose barcode starts with the digits (a scan is the whole code). */
export async function lookupBarcode(keyword: string): Promise<UpcOption[]> {
  return (await api().call(catalogsApi.upcCodes, { query: { keyword } })).items;
}

export function catalogItem(id: string): Promise<CatalogItemRecord> {
  return api().call(catalogsApi.get, { params: { id } });
}

/** One catalog item with its strength and price (editing a line reads them). */
export function useCatalogItem(id: string) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: prescriptionKeys.item(branchId, id),
    queryFn: () => catalogItem(id),
    enabled: Boolean(branchId),
    staleTime: 60_000,
  });
}

/** Whether a catalog item can be prescribed (a barcode may name a service). */
export function isPrescribable(item: Pick<CatalogItemRecord, 'type'>): boolean {
  return PRESCRIBABLE.has(item.type);
}

export function addLine(visitId: string, body: PrescriptionCreateBody): Promise<VisitPrescription> {
  return api().call(prescriptionsApi.create, { params: { id: visitId }, body });
}

export function repeatLast(
  visitId: string,
  overrideReason: string | null,
): Promise<VisitPrescription> {
  return api().call(prescriptionsApi.repeatLast, {
    params: { id: visitId },
    body: { overrideReason },
  });
}

export function updateLine(
  id: string,
  body: PrescriptionUpdateBody,
): Promise<PrescriptionLineRecord> {
  return api().call(prescriptionsApi.update, { params: { id }, body });
}

export function removeLine(id: string, version: number): Promise<PrescriptionLineRecord> {
  return api().call(prescriptionsApi.remove, { params: { id }, body: { version } });
}

/** Puts the visit's lines as a write answered them into the cache. */
export function showLines(
  client: QueryClient,
  branchId: string | undefined,
  visitId: string,
  lines: VisitPrescription,
): void {
  client.setQueryData(prescriptionKeys.visit(branchId, visitId), lines);
}
