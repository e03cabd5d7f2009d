/**
 * Deposits, their applications to invoices and credit notes: requests and answers (issue
 * 13; doc 3 sections 3.3 'Credit-note items', 3.7 `creditNoteType`, 7.1). Money is integer
 * cents (`…Cents`): a negative amount or a fraction of a cent is refused, never rounded.
 */
import { z } from 'zod';
import {
  cacheBusters,
  fromQuery,
  optionalId,
  optionalText,
  requiredId,
  requiredText,
  versionField,
  wholeNumber,
} from '../common/fields.ts';
import { CREDIT_NOTE_TYPE } from './balance.ts';
import { Invoice } from './billing.ts';
import {
  CREDIT_NOTE_LINES_MAX,
  CREDIT_NOTE_MESSAGES,
  CREDIT_NOTE_TYPE_NAMES,
  CREDIT_REASON_MAX,
  DEPOSIT_MESSAGES,
  DEPOSIT_REMARKS_MAX,
} from './credit-notes-rules.ts';
import {
  INVOICE_MESSAGES,
  INVOICE_QUANTITY_MAX,
  INVOICE_VOID_REASON_MAX,
  PAYMENT_MESSAGES,
} from './billing-rules.ts';
import { MAX_MONEY_CENTS } from './money.ts';

export const CreditIdParams = z.strictObject({ id: z.uuid('id must be an id') });
export const CreditNoQuery = z.strictObject({ ...cacheBusters });

/** A positive amount of whole cents. */
const positiveCents = (field: string) => wholeNumber(field, 1, MAX_MONEY_CENTS);
const voidBody = (required: string) =>
  z.strictObject({
    version: versionField(),
    reason: requiredText(
      required,
      INVOICE_VOID_REASON_MAX,
      `reason cannot exceed ${INVOICE_VOID_REASON_MAX} characters`,
    ),
  });
const METHOD_CODE_MAX = 50;
const method = (field: string) =>
  requiredText(
    PAYMENT_MESSAGES.methodUnknown,
    METHOD_CODE_MAX,
    `${field} cannot exceed ${METHOD_CODE_MAX} characters`,
  );

// --- Deposits -------------------------------------------------------------------------

/** `POST /deposits`: a patient's prepayment, taken in one method at the caller's branch. */
export const DepositCreateBody = z.strictObject({
  patientId: requiredId(INVOICE_MESSAGES.patientRequired, 'patientId must be a patient id'),
  amountCents: positiveCents('amountCents'),
  method: method('method'),
  remarks: optionalText(
    DEPOSIT_REMARKS_MAX,
    `remarks cannot exceed ${DEPOSIT_REMARKS_MAX} characters`,
    'multi',
  ),
});
export type DepositCreateBody = z.infer<typeof DepositCreateBody>;

export const DepositVoidBody = voidBody(DEPOSIT_MESSAGES.voidReasonRequired);
export type DepositVoidBody = z.infer<typeof DepositVoidBody>;

export const DepositsQuery = z.strictObject({
  patientId: fromQuery(
    requiredId(INVOICE_MESSAGES.patientRequired, 'patientId must be a patient id'),
  ),
  ...cacheBusters,
});
export type DepositsQuery = z.infer<typeof DepositsQuery>;

/** `POST /invoices/{id}/deposit-applications`: the invoice's version, which deposit, how much. */
export const DepositApplyBody = z.strictObject({
  version: versionField(),
  depositId: requiredId(DEPOSIT_MESSAGES.depositRequired, 'depositId must be a deposit id'),
  amountCents: positiveCents('amountCents'),
});
export type DepositApplyBody = z.infer<typeof DepositApplyBody>;

export const DepositApplicationVoidBody = voidBody(DEPOSIT_MESSAGES.applicationVoidReasonRequired);
export type DepositApplicationVoidBody = z.infer<typeof DepositApplicationVoidBody>;

// --- Credit notes ---------------------------------------------------------------------

const creditNoteType = z.union(
  [
    z.literal(CREDIT_NOTE_TYPE.Invoice),
    z.literal(CREDIT_NOTE_TYPE.GoodsReturn),
    z.literal(CREDIT_NOTE_TYPE.Deposit),
  ],
  { error: CREDIT_NOTE_MESSAGES.typeUnknown },
);

export const CreditNoteLineInput = z.strictObject({
  lineId: requiredId('lineId is required', 'lineId must be a line id'),
  quantity: wholeNumber('quantity', 1, INVOICE_QUANTITY_MAX),
});

/**
 * `POST /credit-notes`: of an invoice (types 2 goods return and 3 invoice, at the invoice's
 * version) or of a deposit (type 1, at the deposit's version).
 */
export const CreditNoteCreateBody = z.strictObject({
  type: creditNoteType,
  invoiceId: optionalId('invoiceId must be an invoice id'),
  depositId: optionalId('depositId must be a deposit id'),
  /** The version of the invoice or deposit read. */
  version: versionField(),
  amountCents: positiveCents('amountCents'),
  reason: requiredText(
    CREDIT_NOTE_MESSAGES.reasonRequired,
    CREDIT_REASON_MAX,
    `reason cannot exceed ${CREDIT_REASON_MAX} characters`,
  ),
  /** How the money went back, a payment method's code; null when it is not given back. */
  refundMethod: method('refundMethod').nullable().default(null),
  /** Goods returned (goods-return notes only): lines of the invoice and quantities. */
  returnedLines: z
    .array(CreditNoteLineInput, { error: 'returnedLines must be a list of invoice lines' })
    .max(CREDIT_NOTE_LINES_MAX, `At most ${CREDIT_NOTE_LINES_MAX} lines`)
    .default([]),
});
export type CreditNoteCreateBody = z.infer<typeof CreditNoteCreateBody>;

export const CreditNoteVoidBody = voidBody(CREDIT_NOTE_MESSAGES.voidReasonRequired);
export type CreditNoteVoidBody = z.infer<typeof CreditNoteVoidBody>;

export const CreditNotesQuery = z.strictObject({
  patientId: fromQuery(z.uuid('patientId must be a patient id').optional()),
  invoiceId: fromQuery(z.uuid('invoiceId must be an invoice id').optional()),
  ...cacheBusters,
});
export type CreditNotesQuery = z.infer<typeof CreditNotesQuery>;

/** `GET /credit_note/transaction/options?type=&referenceId=` (doc 3 section 7.1). */
export const CreditTransactionsQuery = z.strictObject({
  type: fromQuery(creditNoteType),
  referenceId: fromQuery(
    requiredId('referenceId is required', 'referenceId must be an invoice id'),
  ),
  ...cacheBusters,
});
export type CreditTransactionsQuery = z.infer<typeof CreditTransactionsQuery>;

// --- Answers --------------------------------------------------------------------------

const ActiveOrVoided = z.enum(['SETTLED', 'VOIDED']);

export const DepositApplication = z.object({
  id: z.uuid(),
  depositId: z.uuid(),
  depositNo: z.string(),
  invoiceId: z.uuid(),
  invoiceNo: z.string().nullable(),
  status: ActiveOrVoided,
  statusCode: z.int(),
  appliedDate: z.string(),
  amountCents: z.int(),
  voidReason: z.string().nullable(),
  version: z.int(),
  createdAt: z.int(),
  voidedAt: z.int().nullable(),
});
export type DepositApplication = z.infer<typeof DepositApplication>;

export const Deposit = z.object({
  id: z.uuid(),
  depositNo: z.string(),
  patientId: z.uuid(),
  branchId: z.uuid(),
  status: ActiveOrVoided,
  statusCode: z.int(),
  depositDate: z.string(),
  amountCents: z.int(),
  method: z.string(),
  methodName: z.string(),
  appliedCents: z.int(),
  refundedCents: z.int(),
  remainderCents: z.int(),
  applications: z.array(DepositApplication),
  remarks: z.string().nullable(),
  voidReason: z.string().nullable(),
  version: z.int(),
  createdAt: z.int(),
  voidedAt: z.int().nullable(),
});
export type Deposit = z.infer<typeof Deposit>;

export const DepositList = z.object({
  patientId: z.uuid(),
  items: z.array(Deposit),
  total: z.int(),
});

export const DepositApplied = z.object({ application: DepositApplication, invoice: Invoice });
export type DepositApplied = z.infer<typeof DepositApplied>;

export const DepositApplicationVoided = z.object({
  application: DepositApplication,
  invoice: Invoice,
});

export const CreditNote = z.object({
  id: z.uuid(),
  creditNoteNo: z.string(),
  type: z.enum(CREDIT_NOTE_TYPE_NAMES),
  /** doc 3 section 3.7: 1 deposit, 2 goods return, 3 invoice. */
  typeCode: z.int(),
  patientId: z.uuid(),
  patientName: z.string(),
  branchId: z.uuid(),
  invoiceId: z.uuid().nullable(),
  invoiceNo: z.string().nullable(),
  depositId: z.uuid().nullable(),
  depositNo: z.string().nullable(),
  status: z.enum(['ISSUED', 'VOIDED']),
  statusCode: z.int(),
  creditNoteDate: z.string(),
  amountCents: z.int(),
  reason: z.string(),
  refundMethod: z.string().nullable(),
  refundMethodName: z.string().nullable(),
  lines: z.array(
    z.object({ lineId: z.uuid(), code: z.string(), name: z.string(), quantity: z.int() }),
  ),
  voidReason: z.string().nullable(),
  version: z.int(),
  createdAt: z.int(),
  voidedAt: z.int().nullable(),
});
export type CreditNote = z.infer<typeof CreditNote>;

export const CreditNoteList = z.object({
  patientId: z.uuid(),
  items: z.array(CreditNote),
  total: z.int(),
});
export type CreditNoteList = z.infer<typeof CreditNoteList>;

/**
 * A credit-note item of an invoice (doc 3 section 3.3), in the spec's names; `amount` in
 * cents. Type 1: a deposit applied (its number and method); 2 and 3: credit notes.
 */
export const CreditTransactionItem = z.object({
  id: z.uuid(),
  createdDate: z.string(),
  amount: z.int(),
  creditNoteNumber: z.string(),
  paymentMethodName: z.string().nullable(),
  creditNoteType: z.int(),
  paymentDate: z.string(),
});
export type CreditTransactionItem = z.infer<typeof CreditTransactionItem>;
