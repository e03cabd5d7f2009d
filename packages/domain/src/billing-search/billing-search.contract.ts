import { joinContract, type RouteSchemas } from '../common/contract.ts';
import { dataOf, listOf } from '../common/envelope.ts';
import { billingSearchApi } from './billing-search.endpoints.ts';
import {
  CreditNoteExportQuery,
  CreditNoteSearchQuery,
  CreditNoteSearchRow,
  InvoiceExportQuery,
  InvoiceSearchQuery,
  InvoiceSearchRow,
  McExportQuery,
  McSearchQuery,
  McSearchRow,
  PaymentExportQuery,
  PaymentSearchQuery,
  PaymentSearchRow,
  UnbilledVisits,
  UnbilledVisitsQuery,
} from './billing-search.ts';

/**
 * The branch's invoices, payments, credit notes and medical certificates found by filters, a page at a
 * time, or all of them (up to `EXPORT_ROWS_MAX`) as an xlsx workbook (no JSON envelope);
 * and a patient's unbilled visits.
 */
export const billingSearchSchemas = {
  invoices: { query: InvoiceSearchQuery, answer: listOf(InvoiceSearchRow) },
  /** Answers the workbook's bytes (`XLSX_CONTENT_TYPE`). */
  invoicesExport: { query: InvoiceExportQuery },
  payments: { query: PaymentSearchQuery, answer: listOf(PaymentSearchRow) },
  paymentsExport: { query: PaymentExportQuery },
  medicalCertificates: { query: McSearchQuery, answer: listOf(McSearchRow) },
  medicalCertificatesExport: { query: McExportQuery },
  creditNotes: { query: CreditNoteSearchQuery, answer: listOf(CreditNoteSearchRow) },
  creditNotesExport: { query: CreditNoteExportQuery },
  unbilledVisits: { query: UnbilledVisitsQuery, answer: dataOf(UnbilledVisits) },
} as const satisfies Record<string, RouteSchemas>;

export const billingSearchContract = joinContract(billingSearchApi, billingSearchSchemas);
