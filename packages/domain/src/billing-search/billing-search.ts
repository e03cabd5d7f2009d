/**
 * Searches of the branch's invoices, payments, credit notes and medical certificates, their xlsx exports,
 * and a patient's unbilled visits (issue 13; doc 3 section 2.3, doc 2 section 2.1): requests
 * and answers. Money is integer cents; dates are YYYY-MM-DD.
 */
import { z } from 'zod';
import {
  cacheBusters,
  fromQuery,
  isoDate,
  optionalText,
  requiredId,
  wholeNumber,
} from '../common/fields.ts';
import { INVOICE_MESSAGES } from '../billing/billing-rules.ts';
import { CREDIT_NOTE_MESSAGES, CREDIT_NOTE_TYPE_NAMES } from '../billing/credit-notes-rules.ts';
import {
  SEARCHED_CREDIT_NOTE_STATUSES,
  SEARCH_PAGE_SIZE,
  SEARCH_PAGE_SIZE_MAX,
  SEARCHED_INVOICE_STATUSES,
  SEARCHED_PAYMENT_STATUSES,
} from './billing-search-rules.ts';

const queryDate = (field: string) =>
  fromQuery(isoDate(`${field} is required`, `${field} must be a date YYYY-MM-DD`).optional());
const patientFilter = fromQuery(z.uuid('patientId must be a patient id').optional());
/** A number typed whole or in part (`INV-0001`, `12`): kept as text, never read as a number. */
const numberFilter = (field: string) =>
  optionalText(50, `${field} cannot exceed 50 characters`).optional();
const page = {
  pageIndex: fromQuery(wholeNumber('pageIndex', 1).default(1)),
  pageSize: fromQuery(wholeNumber('pageSize', 1, SEARCH_PAGE_SIZE_MAX).default(SEARCH_PAGE_SIZE)),
};

const invoiceFilters = {
  fromDate: queryDate('fromDate'),
  toDate: queryDate('toDate'),
  patientId: patientFilter,
  invoiceNo: numberFilter('invoiceNo'),
  status: fromQuery(
    z
      .enum(SEARCHED_INVOICE_STATUSES, {
        error: `status must be one of ${SEARCHED_INVOICE_STATUSES.join(', ')}`,
      })
      .optional(),
  ),
};

/** `GET /search/invoices`: the branch's finalised invoices, newest first. */
export const InvoiceSearchQuery = z.strictObject({ ...invoiceFilters, ...page, ...cacheBusters });
export type InvoiceSearchQuery = z.infer<typeof InvoiceSearchQuery>;
/** `GET /search/invoices/export`: the same filters, every row (up to the export bound). */
export const InvoiceExportQuery = z.strictObject({ ...invoiceFilters, ...cacheBusters });
export type InvoiceExportQuery = z.infer<typeof InvoiceExportQuery>;

const paymentFilters = {
  fromDate: queryDate('fromDate'),
  toDate: queryDate('toDate'),
  patientId: patientFilter,
  paymentNo: numberFilter('paymentNo'),
  /** A payment method's code: payments with a tender of it. */
  method: optionalText(50, 'method cannot exceed 50 characters').optional(),
  status: fromQuery(
    z
      .enum(SEARCHED_PAYMENT_STATUSES, {
        error: `status must be one of ${SEARCHED_PAYMENT_STATUSES.join(', ')}`,
      })
      .optional(),
  ),
};

export const PaymentSearchQuery = z.strictObject({ ...paymentFilters, ...page, ...cacheBusters });
export type PaymentSearchQuery = z.infer<typeof PaymentSearchQuery>;
export const PaymentExportQuery = z.strictObject({ ...paymentFilters, ...cacheBusters });
export type PaymentExportQuery = z.infer<typeof PaymentExportQuery>;

const mcFilters = {
  fromDate: queryDate('fromDate'),
  toDate: queryDate('toDate'),
  patientId: patientFilter,
  mcNo: numberFilter('mcNo'),
};

export const McSearchQuery = z.strictObject({ ...mcFilters, ...page, ...cacheBusters });
export type McSearchQuery = z.infer<typeof McSearchQuery>;
export const McExportQuery = z.strictObject({ ...mcFilters, ...cacheBusters });
export type McExportQuery = z.infer<typeof McExportQuery>;

const creditNoteFilters = {
  fromDate: queryDate('fromDate'),
  toDate: queryDate('toDate'),
  patientId: patientFilter,
  creditNoteNo: numberFilter('creditNoteNo'),
  /** doc 3 section 3.7's `creditNoteType`: 1 deposit, 2 goods return, 3 invoice. */
  type: fromQuery(
    z
      .union([z.literal(1), z.literal(2), z.literal(3)], {
        error: CREDIT_NOTE_MESSAGES.typeUnknown,
      })
      .optional(),
  ),
  status: fromQuery(
    z
      .enum(SEARCHED_CREDIT_NOTE_STATUSES, {
        error: `status must be one of ${SEARCHED_CREDIT_NOTE_STATUSES.join(', ')}`,
      })
      .optional(),
  ),
};

/** `GET /search/credit-notes`: the branch's credit notes, newest first. */
export const CreditNoteSearchQuery = z.strictObject({
  ...creditNoteFilters,
  ...page,
  ...cacheBusters,
});
export type CreditNoteSearchQuery = z.infer<typeof CreditNoteSearchQuery>;
export const CreditNoteExportQuery = z.strictObject({ ...creditNoteFilters, ...cacheBusters });
export type CreditNoteExportQuery = z.infer<typeof CreditNoteExportQuery>;

/** `GET /invoices/unbills?patientId=`: the patient's visits with no invoice that is not voided. */
export const UnbilledVisitsQuery = z.strictObject({
  patientId: fromQuery(
    requiredId(INVOICE_MESSAGES.patientRequired, 'patientId must be a patient id'),
  ),
  ...cacheBusters,
});
export type UnbilledVisitsQuery = z.infer<typeof UnbilledVisitsQuery>;

// --- Answers --------------------------------------------------------------------------

export const InvoiceSearchRow = z.object({
  id: z.uuid(),
  invoiceNo: z.string(),
  invoiceDate: z.string(),
  dueDate: z.string().nullable(),
  status: z.enum(SEARCHED_INVOICE_STATUSES),
  statusCode: z.int(),
  patientId: z.uuid(),
  patientName: z.string(),
  visitId: z.uuid(),
  billTo: z.string().nullable(),
  grandTotalCents: z.int(),
  /** Settled payments and deposits applied, as the invoice screen counts them. */
  paidCents: z.int(),
  /** Invoice and goods-return credit notes not voided. */
  creditedCents: z.int(),
  balanceCents: z.int(),
});
export type InvoiceSearchRow = z.infer<typeof InvoiceSearchRow>;

export const PaymentSearchRow = z.object({
  id: z.uuid(),
  paymentNo: z.string(),
  paymentDate: z.string(),
  status: z.enum(SEARCHED_PAYMENT_STATUSES),
  statusCode: z.int(),
  invoiceId: z.uuid(),
  invoiceNo: z.string().nullable(),
  patientId: z.uuid(),
  patientName: z.string(),
  /** The names of its tenders' methods, in tender order. */
  methods: z.array(z.string()),
  amountCents: z.int(),
  changeCents: z.int(),
  remarks: z.string().nullable(),
});
export type PaymentSearchRow = z.infer<typeof PaymentSearchRow>;

export const McSearchRow = z.object({
  id: z.uuid(),
  mcNo: z.string(),
  issuedDate: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  givenDays: z.int(),
  excuseChit: z.boolean(),
  patientId: z.uuid(),
  patientName: z.string(),
  visitId: z.uuid(),
  doctorName: z.string(),
});
export type McSearchRow = z.infer<typeof McSearchRow>;

export const CreditNoteSearchRow = z.object({
  id: z.uuid(),
  creditNoteNo: z.string(),
  creditNoteDate: z.string(),
  type: z.enum(CREDIT_NOTE_TYPE_NAMES),
  /** doc 3 section 3.7: 1 deposit, 2 goods return, 3 invoice. */
  typeCode: z.int(),
  status: z.enum(SEARCHED_CREDIT_NOTE_STATUSES),
  statusCode: z.int(),
  patientId: z.uuid(),
  patientName: z.string(),
  /** The invoice it credits (types 2 and 3), or the deposit it gives back (type 1). */
  invoiceId: z.uuid().nullable(),
  invoiceNo: z.string().nullable(),
  depositId: z.uuid().nullable(),
  depositNo: z.string().nullable(),
  amountCents: z.int(),
  refundMethodName: z.string().nullable(),
  reason: z.string(),
});
export type CreditNoteSearchRow = z.infer<typeof CreditNoteSearchRow>;

export const UnbilledVisit = z.object({
  id: z.uuid(),
  /** Unix seconds. */
  visitedAt: z.int(),
  branchId: z.uuid(),
  branchCode: z.string(),
  doctorName: z.string().nullable(),
  /** Its prescription lines (what a draft would bill). */
  lineCount: z.int(),
  /** The visit is of the caller's branch and not voided: it may be billed here. */
  billable: z.boolean(),
});
export type UnbilledVisit = z.infer<typeof UnbilledVisit>;

export const UnbilledVisits = z.object({
  items: z.array(UnbilledVisit),
  total: z.int(),
});
export type UnbilledVisits = z.infer<typeof UnbilledVisits>;
