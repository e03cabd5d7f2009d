import {
  billingApi,
  catalogsApi,
  companiesApi,
  dispensingApi,
  optionsApi,
  type CatalogOption,
  type CompanyOption,
  type CompanyRecord,
  type VisitDispensing,
  type Invoice,
  type InvoiceSummary,
  type Payment,
  type PaymentCreated,
  type PaymentDispensed,
  type PaymentList,
  type PaymentMethodItem,
  type TaxOptionItem,
  type TenderInput,
} from '@clinic/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryCallOptions } from '../../api/background.ts';
import { api } from '../../api/clients.ts';
import { useBranch } from '../../app/branch.ts';
import { dispensingKeys } from '../dispensing/dispensing-api.ts';
import type { InvoiceUpdateBody } from './invoice-form.ts';

export const billingKeys = {
  all: ['billing'] as const,
  invoice: (branchId: string | undefined, id: string) =>
    ['billing', 'invoice', branchId, id] as const,
  patientInvoices: (branchId: string | undefined, patientId: string) =>
    ['billing', 'patientInvoices', branchId, patientId] as const,
  patientPayments: (branchId: string | undefined, patientId: string) =>
    ['billing', 'patientPayments', branchId, patientId] as const,
  taxOptions: (branchId: string | undefined) => ['billing', 'taxOptions', branchId] as const,
  paymentMethods: (branchId: string | undefined) =>
    ['billing', 'paymentMethods', branchId] as const,
  companies: (branchId: string | undefined) => ['billing', 'companies', branchId] as const,
};

/** The clinic's active companies: the bill-to picker (doc 1 section 7). */
export function useCompanyOptions() {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: billingKeys.companies(branchId),
    queryFn: async (context): Promise<CompanyOption[]> =>
      (await api().call(optionsApi.companies, {}, queryCallOptions(context))).items,
    enabled: Boolean(branchId),
    staleTime: 5 * 60_000,
  });
}

/** One company's bill-to block and credit terms (`GET /companies/{id}`). */
export function loadCompany(id: string): Promise<CompanyRecord> {
  return api().call(companiesApi.company, { params: { id } });
}

/** The catalog picker's items for a keyword (the draft offers its services). */
export async function findCatalogItems(keyword: string): Promise<CatalogOption[]> {
  return (await api().call(catalogsApi.options, { query: { keyword } })).items;
}

/** The invoice with its lines, figures and payments. */
export function useInvoice(invoiceId: string) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: billingKeys.invoice(branchId, invoiceId),
    queryFn: (context): Promise<Invoice> =>
      api().call(billingApi.invoice, { params: { id: invoiceId } }, queryCallOptions(context)),
    enabled: Boolean(branchId),
    retry: false,
  });
}

/** Shows an answer of the server as the invoice, and refreshes the lists it is in. */
export function useInvoiceShown(): (invoice: Invoice) => void {
  const client = useQueryClient();
  const { branchId } = useBranch();
  return (invoice) => {
    client.setQueryData(billingKeys.invoice(branchId, invoice.id), invoice);
    void client.invalidateQueries({ queryKey: ['billing', 'patientInvoices'] });
    void client.invalidateQueries({ queryKey: ['billing', 'patientPayments'] });
  };
}

/** Reads the invoice again (after a 409: someone else changed it). */
export function useInvoiceReload(invoiceId: string): () => Promise<void> {
  const client = useQueryClient();
  const { branchId } = useBranch();
  return () => client.invalidateQueries({ queryKey: billingKeys.invoice(branchId, invoiceId) });
}

/** The clinic's tax options; the first is the default. */
export function useTaxOptions() {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: billingKeys.taxOptions(branchId),
    queryFn: async (context): Promise<TaxOptionItem[]> =>
      (await api().call(billingApi.taxOptions, {}, queryCallOptions(context))).items,
    enabled: Boolean(branchId),
    staleTime: 5 * 60_000,
  });
}

/** The clinic's payment methods (cash gives change). */
export function usePaymentMethods() {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: billingKeys.paymentMethods(branchId),
    queryFn: async (context): Promise<PaymentMethodItem[]> =>
      (await api().call(billingApi.paymentMethods, {}, queryCallOptions(context))).items,
    enabled: Boolean(branchId),
    staleTime: 5 * 60_000,
  });
}

/** The patient's invoices, newest first (the server's first page of the most it gives). */
export function usePatientInvoices(patientId: string) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: billingKeys.patientInvoices(branchId, patientId),
    queryFn: (context): Promise<{ items: InvoiceSummary[]; total: number }> =>
      api().call(
        billingApi.invoices,
        { query: { patientId, pageIndex: 1, pageSize: 100 } },
        queryCallOptions(context),
      ),
    enabled: Boolean(branchId),
  });
}

export function usePatientPayments(patientId: string) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: billingKeys.patientPayments(branchId, patientId),
    queryFn: (context): Promise<PaymentList> =>
      api().call(billingApi.payments, { query: { patientId } }, queryCallOptions(context)),
    enabled: Boolean(branchId),
  });
}

/** The visit's invoice that is not voided, or a new draft of it. */
export function billVisit(visitId: string): Promise<Invoice> {
  return api().call(billingApi.invoiceFromVisit, { params: { id: visitId } });
}

export function updateInvoice(id: string, body: InvoiceUpdateBody): Promise<Invoice> {
  return api().call(billingApi.invoiceUpdate, { params: { id }, body });
}

export function finaliseInvoice(invoice: Invoice): Promise<Invoice> {
  return api().call(billingApi.invoiceFinalise, {
    params: { id: invoice.id },
    body: { version: invoice.version },
  });
}

export function voidInvoice(invoice: Invoice, reason: string): Promise<Invoice> {
  return api().call(billingApi.invoiceVoid, {
    params: { id: invoice.id },
    body: { version: invoice.version, reason },
  });
}

export function takePayment(invoice: Invoice, tenders: TenderInput[]): Promise<PaymentCreated> {
  return api().call(billingApi.paymentCreate, {
    params: { id: invoice.id },
    body: { version: invoice.version, tenders },
  });
}

export function voidPayment(payment: Payment, reason: string): Promise<unknown> {
  return api().call(billingApi.paymentVoid, {
    params: { id: payment.id },
    body: { version: payment.version, reason },
  });
}

export function dispenseThroughPayment(payment: Payment): Promise<PaymentDispensed> {
  return api().call(billingApi.paymentDispense, {
    params: { id: payment.id },
    body: { version: payment.version },
  });
}

/**
 * Whether the visit has lines waiting to be dispensed (read only by a role that reads
 * dispensing; the same cache entry as the visit page's dispensing section).
 */
export function useVisitWaitingToDispense(visitId: string, enabled: boolean): boolean {
  const { branchId } = useBranch();
  const query = useQuery({
    queryKey: dispensingKeys.visit(branchId, visitId),
    queryFn: (context): Promise<VisitDispensing> =>
      api().call(dispensingApi.visit, { params: { id: visitId } }, queryCallOptions(context)),
    enabled: enabled && Boolean(branchId),
  });
  return (query.data?.items ?? []).some((line) => line.dispensable && !line.dispensed);
}

/** After dispensing through a payment: the visit's dispensing is read again. */
export function useDispensedThroughPayment(visitId: string): () => Promise<void> {
  const client = useQueryClient();
  const { branchId } = useBranch();
  return () => client.invalidateQueries({ queryKey: dispensingKeys.visit(branchId, visitId) });
}
