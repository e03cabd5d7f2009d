/**
 * Billing search and export (issue 13; docs/architecture.md "Billing search and export"):
 * limits and refusal words. Zod-free: the web reads these without the schemas.
 */

/** Rows a search page holds by default, and at most. */
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_PAGE_SIZE_MAX = 100;

/**
 * The most rows one xlsx export holds: a bigger match is refused (narrow the dates), never
 * cut short, so a saved file is always the whole answer to its filters.
 */
export const EXPORT_ROWS_MAX = 5000;

/** The invoice statuses a search filters by: a search lists finalised invoices only. */
export const SEARCHED_INVOICE_STATUSES = [
  'ISSUED',
  'PARTIALLY',
  'FULLY',
  'FOC',
  'OVERDUE',
  'VOIDED',
] as const;
export type SearchedInvoiceStatus = (typeof SEARCHED_INVOICE_STATUSES)[number];

export const SEARCHED_PAYMENT_STATUSES = ['SETTLED', 'VOIDED'] as const;
export type SearchedPaymentStatus = (typeof SEARCHED_PAYMENT_STATUSES)[number];

export const SEARCHED_CREDIT_NOTE_STATUSES = ['ISSUED', 'VOIDED'] as const;
export type SearchedCreditNoteStatus = (typeof SEARCHED_CREDIT_NOTE_STATUSES)[number];

/** The words of the search's refusals that name values. */
export const SEARCH_REFUSAL_FORMATS = {
  'search.tooManyRows': (max: number) =>
    `More than ${max} rows match; please narrow the dates before exporting.`,
} as const;

/** The file names of the exports (the spec's approval export is `PatientApprovalList.xlsx`). */
export const EXPORT_FILE_NAMES = {
  invoices: 'InvoiceList.xlsx',
  payments: 'PaymentList.xlsx',
  medicalCertificates: 'MedicalCertificateList.xlsx',
  creditNotes: 'CreditNoteList.xlsx',
} as const;

export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
