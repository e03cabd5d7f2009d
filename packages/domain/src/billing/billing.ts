/**
 * Invoices, payments, tax options and payment methods: requests and answers (issue 13;
 * doc 1 sections 3, 9; doc 2 section 7; doc 3 sections 3.3, 3.7, 7.3). Money is integer
 * cents (`…Cents`), rates basis points (700 = 7 %): a fraction of a cent is refused, never
 * rounded.
 */
import { z } from 'zod';
import {
  cacheBusters,
  fromQuery,
  isoDate,
  optionalId,
  optionalText,
  requiredId,
  requiredText,
  versionField,
  wholeNumber,
} from '../common/fields.ts';
import {
  BILL_TO_ADDRESS_MAX,
  BILL_TO_NAME_MAX,
  INVOICE_LINE_EDITS_MAX,
  INVOICE_LINE_KINDS,
  INVOICE_MESSAGES,
  INVOICE_PAGE_SIZE,
  INVOICE_PAGE_SIZE_MAX,
  INVOICE_QUANTITY_MAX,
  INVOICE_REMARKS_MAX,
  INVOICE_STATUS_NAMES,
  INVOICE_VOID_REASON_MAX,
  PAYMENT_MESSAGES,
  PAYMENT_REMARKS_MAX,
  PAYMENT_TENDERS_MAX,
} from './billing-rules.ts';
import { ROUNDING_MODES, type RoundingMode } from './invoice-totals.ts';
import { INVOICE_ADDED_LINES_MAX } from './service-lines.ts';
import { FULL_PERCENT_BASIS_POINTS, MAX_MONEY_CENTS } from './money.ts';
import { InvoiceSubsidySnapshot, SchemeVisitKindInput } from './subsidy-schemes.ts';

export const BillingIdParams = z.strictObject({ id: z.uuid('id must be an id') });
export const BillingNoQuery = z.strictObject({ ...cacheBusters });

const cents = (field: string) => wholeNumber(field, 0, MAX_MONEY_CENTS);
const queryDate = (field: string) =>
  fromQuery(isoDate(`${field} is required`, `${field} must be a date YYYY-MM-DD`).optional());
const page = {
  pageIndex: fromQuery(wholeNumber('pageIndex', 1).default(1)),
  pageSize: fromQuery(wholeNumber('pageSize', 1, INVOICE_PAGE_SIZE_MAX).default(INVOICE_PAGE_SIZE)),
};

/** An amount in cents, or a percent in basis points (1250 = 12.5 %). */
export const DiscountInput = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('amount'), value: cents('value') }),
    z.strictObject({
      kind: z.literal('percent'),
      value: wholeNumber('value', 0, FULL_PERCENT_BASIS_POINTS),
    }),
  ],
  { error: "discount must be { kind: 'amount' | 'percent', value }" },
);
export type DiscountInput = z.infer<typeof DiscountInput>;

const ROUNDING_MODE_NAMES = Object.keys(ROUNDING_MODES) as [RoundingMode, ...RoundingMode[]];

// --- Requests -------------------------------------------------------------------------

export const InvoiceLineEdit = z.strictObject({
  id: requiredId('id is required', 'id must be a line id'),
  quantity: wholeNumber('quantity', 0, INVOICE_QUANTITY_MAX),
  unitPriceCents: cents('unitPriceCents'),
  discount: DiscountInput.nullable().default(null),
});
export type InvoiceLineEdit = z.infer<typeof InvoiceLineEdit>;

export const BillToInput = z.strictObject({
  /** A company of the clinic; absent or null: billed by name and address only. */
  companyId: optionalId('companyId must be a company id'),
  /** Absent: the company's name. */
  name: optionalText(BILL_TO_NAME_MAX, `name cannot exceed ${BILL_TO_NAME_MAX} characters`),
  address: optionalText(
    BILL_TO_ADDRESS_MAX,
    `address cannot exceed ${BILL_TO_ADDRESS_MAX} characters`,
    'multi',
  ),
});
export type BillToInput = z.infer<typeof BillToInput>;

/** A line added from the catalog (a service, investigation or vaccine), at the branch's price. */
export const InvoiceLineAdd = z.strictObject({
  catalogItemId: requiredId('catalogItemId is required', 'catalogItemId must be an item id'),
  quantity: wholeNumber('quantity', 1, INVOICE_QUANTITY_MAX),
});
export type InvoiceLineAdd = z.infer<typeof InvoiceLineAdd>;

/** `PUT /invoices/{id}`: a draft's terms, and changes to its lines (named by id). */
export const InvoiceUpdateBody = z.strictObject({
  version: versionField(),
  /** Lines not named stay as they are. */
  lineEdits: z
    .array(InvoiceLineEdit, { error: 'lineEdits must be a list of line changes' })
    .max(INVOICE_LINE_EDITS_MAX, `At most ${INVOICE_LINE_EDITS_MAX} line changes at once`)
    .default([]),
  /** Service lines added from the catalog, after the lines there are. */
  addLines: z
    .array(InvoiceLineAdd, { error: 'addLines must be a list of catalog items and quantities' })
    .max(INVOICE_ADDED_LINES_MAX, `At most ${INVOICE_ADDED_LINES_MAX} lines added at once`)
    .default([]),
  /** Added lines taken off again (a prescription's line stays). */
  removeLineIds: z
    .array(z.uuid('removeLineIds must be line ids'), {
      error: 'removeLineIds must be a list of line ids',
    })
    .max(INVOICE_ADDED_LINES_MAX, `At most ${INVOICE_ADDED_LINES_MAX} lines removed at once`)
    .default([]),
  /** The whole invoice's discount (after the lines' own); null for none. */
  invoiceDiscount: DiscountInput.nullable().default(null),
  /** Null: billed to the patient. */
  billTo: BillToInput.nullable().default(null),
  remarks: optionalText(
    INVOICE_REMARKS_MAX,
    `remarks cannot exceed ${INVOICE_REMARKS_MAX} characters`,
    'multi',
  ),
  dueDate: isoDate('dueDate is required', 'dueDate must be a date YYYY-MM-DD')
    .nullable()
    .default(null),
  roundingMode: z
    .enum(ROUNDING_MODE_NAMES, {
      error: `roundingMode must be one of ${ROUNDING_MODE_NAMES.join(', ')}`,
    })
    .default('none'),
  taxOptionCode: requiredText(
    INVOICE_MESSAGES.taxOptionUnknown,
    50,
    'taxOptionCode cannot exceed 50 characters',
  ),
  /** The scheme visit kind, or null for no subsidy; absent keeps the draft's. */
  subsidyVisitKind: SchemeVisitKindInput.nullable().optional(),
});
export type InvoiceUpdateBody = z.infer<typeof InvoiceUpdateBody>;

export const InvoiceVersionBody = z.strictObject({ version: versionField() });
export type InvoiceVersionBody = z.infer<typeof InvoiceVersionBody>;

const voidReason = (required: string) =>
  requiredText(
    required,
    INVOICE_VOID_REASON_MAX,
    `reason cannot exceed ${INVOICE_VOID_REASON_MAX} characters`,
  );

export const InvoiceVoidBody = z.strictObject({
  version: versionField(),
  reason: voidReason(INVOICE_MESSAGES.voidReasonRequired),
});
export type InvoiceVoidBody = z.infer<typeof InvoiceVoidBody>;

export const InvoicesQuery = z.strictObject({
  patientId: fromQuery(
    requiredId(INVOICE_MESSAGES.patientRequired, 'patientId must be a patient id'),
  ),
  status: fromQuery(
    z
      .enum(INVOICE_STATUS_NAMES, {
        error: `status must be one of ${INVOICE_STATUS_NAMES.join(', ')}`,
      })
      .optional(),
  ),
  fromDate: queryDate('fromDate'),
  toDate: queryDate('toDate'),
  ...page,
  ...cacheBusters,
});
export type InvoicesQuery = z.infer<typeof InvoicesQuery>;

export const TenderInput = z.strictObject({
  method: requiredText(PAYMENT_MESSAGES.methodUnknown, 50, 'method cannot exceed 50 characters'),
  /** What the payer hands over in this method; cash above the balance is given back as change. */
  amountCents: cents('amountCents'),
});
export type TenderInput = z.infer<typeof TenderInput>;

/** `POST /invoices/{id}/payments`: the invoice's version, what is tendered. */
export const PaymentCreateBody = z.strictObject({
  version: versionField(),
  tenders: z
    .array(TenderInput, { error: 'tenders must be a list of methods and amounts' })
    .min(1, PAYMENT_MESSAGES.nothingTendered)
    .max(PAYMENT_TENDERS_MAX, `A payment has at most ${PAYMENT_TENDERS_MAX} tenders`),
  remarks: optionalText(
    PAYMENT_REMARKS_MAX,
    `remarks cannot exceed ${PAYMENT_REMARKS_MAX} characters`,
    'multi',
  ),
});
export type PaymentCreateBody = z.infer<typeof PaymentCreateBody>;

export const PaymentVoidBody = z.strictObject({
  version: versionField(),
  reason: voidReason(PAYMENT_MESSAGES.voidReasonRequired),
});
export type PaymentVoidBody = z.infer<typeof PaymentVoidBody>;

export const PaymentVersionBody = z.strictObject({ version: versionField() });
export type PaymentVersionBody = z.infer<typeof PaymentVersionBody>;

export const PaymentsQuery = z.strictObject({
  invoiceId: fromQuery(z.uuid('invoiceId must be an invoice id').optional()),
  patientId: fromQuery(z.uuid('patientId must be a patient id').optional()),
  ...cacheBusters,
});
export type PaymentsQuery = z.infer<typeof PaymentsQuery>;

// --- Answers --------------------------------------------------------------------------

const Discount = z.object({ kind: z.enum(['amount', 'percent']), value: z.int() }).nullable();

export const InvoiceLine = z.object({
  id: z.uuid(),
  lineNo: z.int(),
  kind: z.enum(INVOICE_LINE_KINDS),
  catalogItemId: z.uuid().nullable(),
  prescriptionId: z.uuid().nullable(),
  code: z.string(),
  name: z.string(),
  quantity: z.int(),
  unit: z.string().nullable(),
  unitPriceCents: z.int(),
  discount: Discount,
  taxRateBasisPoints: z.int(),
  category: z.enum(['medication', 'service', 'other']),
  claimable: z.boolean(),
  isWhitelistDrug: z.boolean(),
  /** unit price x quantity. */
  amountCents: z.int(),
  lineDiscountCents: z.int(),
  /** amount - line discount. */
  subtotalCents: z.int(),
  /** The line's part of the invoice discount. */
  invoiceDiscountShareCents: z.int(),
  taxCents: z.int(),
  /** The scheme subsidy on this line (0 when none). */
  subsidyCents: z.int(),
});
export type InvoiceLine = z.infer<typeof InvoiceLine>;

export const PaymentTender = z.object({
  method: z.string(),
  methodName: z.string(),
  amountCents: z.int(),
});

export const Payment = z.object({
  id: z.uuid(),
  paymentNo: z.string(),
  invoiceId: z.uuid(),
  invoiceNo: z.string().nullable(),
  patientId: z.uuid(),
  branchId: z.uuid(),
  /** 'SETTLED' or 'VOIDED' (doc 3 section 3.7). */
  status: z.enum(['SETTLED', 'VOIDED']),
  statusCode: z.int(),
  paymentDate: z.string(),
  /** What the payment took off the balance (the sum of its tenders). */
  amountCents: z.int(),
  /** Cash given back. */
  changeCents: z.int(),
  tenders: z.array(PaymentTender),
  remarks: z.string().nullable(),
  voidReason: z.string().nullable(),
  version: z.int(),
  createdAt: z.int(),
  voidedAt: z.int().nullable(),
});
export type Payment = z.infer<typeof Payment>;

export const InvoiceSummary = z.object({
  id: z.uuid(),
  invoiceNo: z.string().nullable(),
  status: z.enum(INVOICE_STATUS_NAMES),
  /** Doc 1 section 9's number of the status. */
  statusCode: z.int(),
  branchId: z.uuid(),
  visitId: z.uuid(),
  patient: z.object({ id: z.uuid(), name: z.string() }),
  invoiceDate: z.string(),
  dueDate: z.string().nullable(),
  grandTotalCents: z.int(),
  paidCents: z.int(),
  balanceCents: z.int(),
  version: z.int(),
  updatedAt: z.int(),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummary>;

export const Invoice = InvoiceSummary.extend({
  billTo: z.object({
    /** 'patient' or 'company'. */
    kind: z.enum(['patient', 'company']),
    companyId: z.uuid().nullable(),
    name: z.string(),
    address: z.string().nullable(),
  }),
  discount: Discount,
  roundingMode: z.enum(ROUNDING_MODE_NAMES),
  taxOption: z.object({ code: z.string(), name: z.string() }),
  /** The rate of the tax option on the invoice date; frozen when finalised. */
  taxRateBasisPoints: z.int(),
  lines: z.array(InvoiceLine),
  subtotalCents: z.int(),
  discountCents: z.int(),
  taxCents: z.int(),
  subsidyCents: z.int(),
  insuranceCents: z.int(),
  roundingCents: z.int(),
  creditedCents: z.int(),
  /** The scheme, tier and visit kind of the subsidy with its breakdown; null when none. */
  subsidy: InvoiceSubsidySnapshot.nullable(),
  payments: z.array(Payment),
  remarks: z.string().nullable(),
  voidReason: z.string().nullable(),
  createdAt: z.int(),
  finalisedAt: z.int().nullable(),
  voidedAt: z.int().nullable(),
});
export type Invoice = z.infer<typeof Invoice>;

export const PaymentCreated = z.object({ payment: Payment, invoice: Invoice });
export type PaymentCreated = z.infer<typeof PaymentCreated>;

export const PaymentList = z.object({
  /** The patient whose payments these are (the invoice's, when one was named). */
  patientId: z.uuid(),
  items: z.array(Payment),
  total: z.int(),
});
export type PaymentList = z.infer<typeof PaymentList>;

export const PaymentDispensed = z.object({
  paymentId: z.uuid(),
  visitId: z.uuid(),
  dispenseId: z.uuid(),
  prescriptionIds: z.array(z.uuid()),
});
export type PaymentDispensed = z.infer<typeof PaymentDispensed>;

export const TaxOptionItem = z.object({
  code: z.string(),
  name: z.string(),
  /** The rate in force today, in basis points; null before its first rate. */
  rateBasisPoints: z.int().nullable(),
  rates: z.array(z.object({ effectiveFrom: z.string(), rateBasisPoints: z.int() })),
  isDefault: z.boolean(),
});
export type TaxOptionItem = z.infer<typeof TaxOptionItem>;

export const PaymentMethodItem = z.object({
  code: z.string(),
  name: z.string(),
  givesChange: z.boolean(),
});
export type PaymentMethodItem = z.infer<typeof PaymentMethodItem>;
