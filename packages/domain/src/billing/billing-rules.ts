/**
 * Invoices and payments as the API keeps them (issue 13; docs/architecture.md "Billing"):
 * numbers, words of the refusals, limits. Zod-free: the web reads these without the schemas.
 * The arithmetic is `invoice-totals.ts`, `balance.ts` and `payments.ts`.
 *
 * Decisions where the spec is silent (ours):
 * - Numbers are per branch, gapless: `INV-000001` for an invoice (given when it is
 *   finalised, never to a draft) and `RCP-000001` for a payment.
 * - A finalised invoice is never edited (409 `invoice.notDraft`): a change is a credit note.
 * - An invoice with payments that are not voided cannot be voided (409 `invoice.hasPayments`).
 */
import { INVOICE_STATUS, type InvoiceStatus } from './balance.ts';
import { formatMoney } from './money.ts';

/** The number a branch gives its n-th finalised invoice: `INV-000001`. */
export function formatInvoiceNo(seq: number): string {
  return `INV-${String(seq).padStart(6, '0')}`;
}

/** The number a branch gives its n-th payment (receipt): `RCP-000001`. */
export function formatReceiptNo(seq: number): string {
  return `RCP-${String(seq).padStart(6, '0')}`;
}

/** Invoice statuses by name, as answered and filtered (`status`), with doc 1's numbers. */
export const INVOICE_STATUS_NAMES = [
  'DRAFT',
  'ISSUED',
  'PARTIALLY',
  'FULLY',
  'FOC',
  'OVERDUE',
  'VOIDED',
] as const;
export type InvoiceStatusName = (typeof INVOICE_STATUS_NAMES)[number];

export const INVOICE_STATUS_BY_NAME: Readonly<Record<InvoiceStatusName, InvoiceStatus>> = {
  DRAFT: INVOICE_STATUS.Draft,
  ISSUED: INVOICE_STATUS.Issued,
  PARTIALLY: INVOICE_STATUS.PartiallyPaid,
  FULLY: INVOICE_STATUS.FullyPaid,
  FOC: INVOICE_STATUS.FOC,
  OVERDUE: INVOICE_STATUS.Overdue,
  VOIDED: INVOICE_STATUS.Voided,
};

export const INVOICE_LINE_KINDS = ['consultation', 'service', 'medication', 'other'] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];

export const INVOICE_PAGE_SIZE = 20;
export const INVOICE_PAGE_SIZE_MAX = 100;
export const INVOICE_LINE_EDITS_MAX = 200;
export const INVOICE_VOID_REASON_MAX = 200;
export const INVOICE_REMARKS_MAX = 1000;
export const BILL_TO_NAME_MAX = 200;
export const BILL_TO_ADDRESS_MAX = 500;
export const PAYMENT_TENDERS_MAX = 10;
export const PAYMENT_REMARKS_MAX = 500;
/** The most one line's quantity may be (as a prescription's dispensing quantity). */
export const INVOICE_QUANTITY_MAX = 100_000;

export const INVOICE_MESSAGES = {
  notFound: 'This invoice does not exist.',
  notDraft:
    'This invoice has been finalised and can no longer be changed; issue a credit note instead.',
  alreadyVoided: 'This invoice is already voided.',
  hasPayments: 'This invoice has payments; void them before voiding the invoice.',
  noLines: 'Please add at least one line before finalising the invoice.',
  voidReasonRequired: 'Please give the reason for voiding the invoice.',
  lineUnknown: 'This line is not on the invoice.',
  lineTwice: 'Each line may be changed once in a request.',
  lineTooLarge: 'The amount of this line is too large.',
  lineDiscountAboveAmount: 'A discount cannot be more than the amount of its line.',
  discountAboveSubtotal: 'The discount cannot be more than the subtotal of the invoice.',
  taxOptionUnknown: "Please choose one of the clinic's tax options.",
  taxOptionNoRate: 'This tax option has no rate on the invoice date.',
  companyUnknown: "Please choose one of the clinic's companies.",
  billToNameRequired: 'Please give the name of the company billed.',
  dueBeforeInvoice: 'The due date cannot be before the invoice date.',
  anotherBranch: 'This invoice is of another branch. Please choose that branch to change it.',
  patientRequired: 'Please choose a patient.',
} as const;
export type InvoiceMessageKey = keyof typeof INVOICE_MESSAGES;

export const PAYMENT_MESSAGES = {
  notFound: 'This payment does not exist.',
  invoiceDraft: 'Please finalise the invoice before taking a payment.',
  invoiceVoided: 'This invoice is voided and cannot take a payment.',
  nothingOwed: 'This invoice has nothing left to pay.',
  nothingTendered: 'Please enter an amount to pay.',
  methodUnknown: "Please choose one of the clinic's payment methods.",
  nonCashAboveBalance:
    'Only cash may be tendered above the balance; other methods pay at most what is owed.',
  alreadyVoided: 'This payment is already voided.',
  voidReasonRequired: 'Please give the reason for voiding the payment.',
  voidedNoDispense: 'This payment is voided; nothing is dispensed against it.',
  invoiceOrPatient: 'Please name an invoice or a patient.',
} as const;
export type PaymentMessageKey = keyof typeof PAYMENT_MESSAGES;

/** Refusals whose words name values. */
export const PAYMENT_REFUSAL_FORMATS = {
  'payment.aboveBalance': (balanceCents: number) =>
    `The payment is more than the balance of ${formatMoney(balanceCents)}.`,
} as const;
