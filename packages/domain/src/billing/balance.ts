/**
 * An invoice's balance and status, derived from its payments and credit notes (ARCHITECTURE
 * section 9 'Ledgers, not counters'). Statuses as doc 1 section 9 and doc 3 section 3.7.
 *
 * Decisions where the spec is silent (ours):
 * - balance = grandTotal - settled payments - credit notes, never below 0 (issue 13).
 * - A finalised invoice's status: voided stays voided; a grand total of 0 is FOC; a balance
 *   of 0 is fully paid; money still owed past the due date is overdue (before 'partially
 *   paid', so the desk chases it); some paid is partially paid; else issued.
 * - A new payment takes at most the balance; a credit note at most what was paid less the
 *   earlier credit notes (issue 13: 'never more than was paid').
 */
import { clampAtZero, isCents, sumCents } from './money.ts';

export const INVOICE_STATUS = {
  Overdue: -2,
  Voided: -1,
  Draft: 0,
  Issued: 1,
  PartiallyPaid: 3,
  FullyPaid: 4,
  FOC: 5,
} as const;
export type InvoiceStatus = (typeof INVOICE_STATUS)[keyof typeof INVOICE_STATUS];

const INVOICE_STATUS_LABELS: Readonly<Record<InvoiceStatus, string>> = {
  [INVOICE_STATUS.Overdue]: 'OVERDUE',
  [INVOICE_STATUS.Voided]: 'VOIDED',
  [INVOICE_STATUS.Draft]: 'DRAFT',
  [INVOICE_STATUS.Issued]: 'ISSUED',
  [INVOICE_STATUS.PartiallyPaid]: 'PARTIALLY',
  [INVOICE_STATUS.FullyPaid]: 'FULLY',
  [INVOICE_STATUS.FOC]: 'FOC',
};

export const PAYMENT_STATUS = { Voided: -1, Paid: 0 } as const;
export type PaymentStatus = (typeof PAYMENT_STATUS)[keyof typeof PAYMENT_STATUS];

/** doc 3 section 3.7. */
export const CREDIT_NOTE_TYPE = { Deposit: 1, GoodsReturn: 2, Invoice: 3 } as const;
export type CreditNoteType = (typeof CREDIT_NOTE_TYPE)[keyof typeof CREDIT_NOTE_TYPE];

/** The label of an invoice status; 'UNKNOWN' for any other number (doc 3 section 3.7). */
export function invoiceStatusLabel(status: number): string {
  return INVOICE_STATUS_LABELS[status as InvoiceStatus] ?? 'UNKNOWN';
}

/** 'VOIDED' or 'SETTLED' (doc 3 section 3.7); 'UNKNOWN' otherwise. */
export function paymentStatusLabel(status: number): string {
  if (status === PAYMENT_STATUS.Voided) return 'VOIDED';
  return status === PAYMENT_STATUS.Paid ? 'SETTLED' : 'UNKNOWN';
}

/** The sum of the payments not voided. */
export function settledPaymentsCents(
  payments: readonly { amountCents: number; status: PaymentStatus }[],
): number {
  return sumCents(
    payments.filter((payment) => payment.status === PAYMENT_STATUS.Paid).map((p) => p.amountCents),
  );
}

export interface InvoiceMoney {
  grandTotalCents: number;
  /** Settled payments (voided ones left out). */
  paidCents: number;
  creditedCents: number;
}

function checkMoney({ grandTotalCents, paidCents, creditedCents }: InvoiceMoney): void {
  if (![grandTotalCents, paidCents, creditedCents].every(isCents)) {
    throw new RangeError('An invoice figure is not whole cents.');
  }
}

/** grandTotal - payments - credit notes, never below 0. */
export function invoiceBalance(money: InvoiceMoney): number {
  checkMoney(money);
  return clampAtZero(money.grandTotalCents - money.paidCents - money.creditedCents);
}

export interface FinalisedInvoice extends InvoiceMoney {
  voided: boolean;
  /** 'YYYY-MM-DD'; null when the invoice has none. */
  dueDate: string | null;
  /** 'YYYY-MM-DD' in the clinic's time zone. */
  today: string;
}

/** The status of a finalised invoice from its figures. */
export function finalisedInvoiceStatus(invoice: FinalisedInvoice): InvoiceStatus {
  if (invoice.voided) return INVOICE_STATUS.Voided;
  if (invoice.grandTotalCents === 0) return INVOICE_STATUS.FOC;
  const balance = invoiceBalance(invoice);
  if (balance === 0) return INVOICE_STATUS.FullyPaid;
  if (invoice.dueDate !== null && invoice.today > invoice.dueDate) return INVOICE_STATUS.Overdue;
  return invoice.paidCents > 0 ? INVOICE_STATUS.PartiallyPaid : INVOICE_STATUS.Issued;
}

/** The most a new payment may take: the balance. */
export function maxPaymentCents(money: InvoiceMoney): number {
  return invoiceBalance(money);
}

/** The most a new credit note may take: what was paid, less earlier credit notes. */
export function maxCreditNoteCents(
  money: Pick<InvoiceMoney, 'paidCents' | 'creditedCents'>,
): number {
  if (!isCents(money.paidCents) || !isCents(money.creditedCents)) {
    throw new RangeError('An invoice figure is not whole cents.');
  }
  return clampAtZero(money.paidCents - money.creditedCents);
}

export type PaymentAmountProblem = 'amountNotPositive' | 'amountAboveBalance';

/** Why a new payment of `amountCents` is refused, or null when it may be taken. */
export function paymentAmountProblem(
  amountCents: number,
  money: InvoiceMoney,
): PaymentAmountProblem | null {
  if (!isCents(amountCents) || amountCents === 0) return 'amountNotPositive';
  return amountCents > maxPaymentCents(money) ? 'amountAboveBalance' : null;
}

export type CreditNoteAmountProblem = 'amountNotPositive' | 'amountAbovePaid';

/** Why a new credit note of `amountCents` is refused, or null when it may be taken. */
export function creditNoteAmountProblem(
  amountCents: number,
  money: Pick<InvoiceMoney, 'paidCents' | 'creditedCents'>,
): CreditNoteAmountProblem | null {
  if (!isCents(amountCents) || amountCents === 0) return 'amountNotPositive';
  return amountCents > maxCreditNoteCents(money) ? 'amountAbovePaid' : null;
}
