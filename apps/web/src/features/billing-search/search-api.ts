import {
  billingSearchApi,
  type CreditNoteSearchRow,
  type InvoiceSearchRow,
  type McSearchRow,
  type PaymentSearchRow,
  type UnbilledVisits,
} from '@clinic/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryCallOptions } from '../../api/background.ts';
import { api } from '../../api/clients.ts';
import { useBranch } from '../../app/branch.ts';

/**
 * The billing searches' calls (invoices, payments, medical certificates, credit notes): a
 * page of rows by filters, the filters' xlsx export, and a
 * patient's unbilled visits. Filters are sent as typed; the server checks them.
 */

export interface SearchFilters {
  fromDate: string | null;
  toDate: string | null;
  patientId: string | null;
  number: string;
  status: string | null;
  method: string | null;
  /** A credit note's type, doc 3's number as text ('1' deposit, '2' goods return, '3' invoice). */
  type: string | null;
}

export const EMPTY_FILTERS: SearchFilters = {
  fromDate: null,
  toDate: null,
  patientId: null,
  number: '',
  status: null,
  method: null,
  type: null,
};

export type SearchKind = 'invoices' | 'payments' | 'medicalCertificates' | 'creditNotes';

export interface RowOf {
  invoices: InvoiceSearchRow;
  payments: PaymentSearchRow;
  medicalCertificates: McSearchRow;
  creditNotes: CreditNoteSearchRow;
}

const NUMBER_FIELD: Record<SearchKind, string> = {
  invoices: 'invoiceNo',
  payments: 'paymentNo',
  medicalCertificates: 'mcNo',
  creditNotes: 'creditNoteNo',
};

/** The query a kind's search sends: only the filters given, by the kind's names. */
export function searchQuery(kind: SearchKind, filters: SearchFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.fromDate) query.fromDate = filters.fromDate;
  if (filters.toDate) query.toDate = filters.toDate;
  if (filters.patientId) query.patientId = filters.patientId;
  if (filters.number.trim()) query[NUMBER_FIELD[kind]] = filters.number.trim();
  if (kind !== 'medicalCertificates' && filters.status) query.status = filters.status;
  if (kind === 'payments' && filters.method) query.method = filters.method;
  if (kind === 'creditNotes' && filters.type) query.type = filters.type;
  return query;
}

const ENDPOINTS = {
  invoices: { page: billingSearchApi.invoices, export: billingSearchApi.invoicesExport },
  payments: { page: billingSearchApi.payments, export: billingSearchApi.paymentsExport },
  medicalCertificates: {
    page: billingSearchApi.medicalCertificates,
    export: billingSearchApi.medicalCertificatesExport,
  },
  creditNotes: { page: billingSearchApi.creditNotes, export: billingSearchApi.creditNotesExport },
} as const;

export const SEARCH_PAGE = 20;

/** A page of a search (`pageIndex` from 1), keeping the last page shown while the next loads. */
export function useSearch<K extends SearchKind>(
  kind: K,
  filters: SearchFilters,
  pageIndex: number,
) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: ['billingSearch', kind, branchId, filters, pageIndex],
    queryFn: (context): Promise<{ items: RowOf[K][]; total: number }> =>
      api().call(
        ENDPOINTS[kind].page,
        { query: { ...searchQuery(kind, filters), pageIndex, pageSize: SEARCH_PAGE } },
        queryCallOptions(context),
      ) as Promise<{ items: RowOf[K][]; total: number }>,
    enabled: Boolean(branchId),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Downloads the search's rows as the server's workbook, named `fileName`. */
export async function downloadExport(
  kind: SearchKind,
  filters: SearchFilters,
  fileName: string,
): Promise<void> {
  const blob = await api().blob(ENDPOINTS[kind].export, {
    query: searchQuery(kind, filters),
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The patient's visits with no invoice that is not voided. */
export function useUnbilledVisits(patientId: string) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: ['billing', 'unbilledVisits', branchId, patientId],
    queryFn: (context): Promise<UnbilledVisits> =>
      api().call(
        billingSearchApi.unbilledVisits,
        { query: { patientId } },
        queryCallOptions(context),
      ),
    enabled: Boolean(branchId),
  });
}
