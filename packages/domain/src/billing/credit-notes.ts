/**
 * A deposit's remainder and how much of it may go where (issue 13; docs/architecture.md
 * "Credit notes and deposits"). An invoice's balance with credit notes and deposits is
 * `balance.ts`: a deposit applied counts as paid, a credit note as credited.
 *
 * Decisions where the spec is silent (ours):
 * - remainder = amount - applications not voided - deposit credit notes not voided.
 * - An application takes at most the remainder and at most the invoice's balance.
 * - A payment (or an application) may be voided only while what stays paid still covers
 *   the credit notes: otherwise a fully credited bill would show nothing owed and nothing paid.
 */
import { isCents, sumCents } from './money.ts';

export interface DepositMoney {
  amountCents: number;
  /** Applications to invoices, voided ones left out. */
  appliedCents: number;
  /** Credit notes of type deposit (given back), voided ones left out. */
  refundedCents: number;
}

/** What is left of a deposit; throws when the ledger took more than the deposit. */
export function depositRemainderCents(money: DepositMoney): number {
  const { amountCents, appliedCents, refundedCents } = money;
  if (![amountCents, appliedCents, refundedCents].every(isCents)) {
    throw new RangeError('A deposit figure is not whole cents.');
  }
  const remainder = amountCents - sumCents([appliedCents, refundedCents]);
  if (remainder < 0) throw new RangeError('A deposit was used beyond its amount.');
  return remainder;
}

export type DepositApplicationProblem = 'amountNotPositive' | 'aboveRemainder' | 'aboveBalance';

/** Why applying `amountCents` of a deposit to an invoice is refused, or null. */
export function depositApplicationProblem(
  amountCents: number,
  limits: { remainderCents: number; balanceCents: number },
): DepositApplicationProblem | null {
  if (!isCents(amountCents) || amountCents === 0) return 'amountNotPositive';
  if (amountCents > limits.remainderCents) return 'aboveRemainder';
  return amountCents > limits.balanceCents ? 'aboveBalance' : null;
}

/** The most a deposit may pay of an invoice: its remainder, at most the balance. */
export function maxDepositApplicationCents(limits: {
  remainderCents: number;
  balanceCents: number;
}): number {
  if (!isCents(limits.remainderCents) || !isCents(limits.balanceCents)) {
    throw new RangeError('A figure is not whole cents.');
  }
  return Math.min(limits.remainderCents, limits.balanceCents);
}

export type DepositRefundProblem = 'amountNotPositive' | 'aboveRemainder';

/** Why giving back `amountCents` of a deposit (a deposit credit note) is refused, or null. */
export function depositRefundProblem(
  amountCents: number,
  remainderCents: number,
): DepositRefundProblem | null {
  if (!isCents(amountCents) || amountCents === 0) return 'amountNotPositive';
  return amountCents > remainderCents ? 'aboveRemainder' : null;
}

/** Whether taking `voidedCents` off what was paid still leaves the credit notes covered. */
export function voidKeepsCreditCovered(money: {
  paidCents: number;
  creditedCents: number;
  voidedCents: number;
}): boolean {
  const { paidCents, creditedCents, voidedCents } = money;
  if (![paidCents, creditedCents, voidedCents].every(isCents) || voidedCents > paidCents) {
    throw new RangeError('A figure is not whole cents or more was voided than paid.');
  }
  return paidCents - voidedCents >= creditedCents;
}

// --- Goods returned -------------------------------------------------------------------

/** An invoice line's figures as a goods return reads them (`InvoiceLine`). */
export interface ReturnableLine {
  id: string;
  quantity: number;
  subtotalCents: number;
  invoiceDiscountShareCents: number;
  taxCents: number;
  subsidyCents: number;
}

/**
 * What the patient pays for a line: its subtotal less its share of the invoice discount,
 * plus tax, less its subsidy (never below 0).
 */
export function linePayableCents(line: ReturnableLine): number {
  const { subtotalCents, invoiceDiscountShareCents, taxCents, subsidyCents } = line;
  if (![subtotalCents, invoiceDiscountShareCents, taxCents, subsidyCents].every(isCents)) {
    throw new RangeError('A line figure is not whole cents.');
  }
  return Math.max(0, subtotalCents - invoiceDiscountShareCents + taxCents - subsidyCents);
}

/**
 * What `quantity` units of a line are worth (ours: what the patient pays for the line,
 * shared evenly over its units, half a cent up): the amount a goods-return note offers by default.
 */
export function returnedValueCents(line: ReturnableLine, quantity: number): number {
  if (!Number.isInteger(quantity) || quantity <= 0 || line.quantity <= 0) return 0;
  const units = BigInt(Math.min(quantity, line.quantity));
  const payable = BigInt(linePayableCents(line));
  const all = BigInt(line.quantity);
  return Number((payable * units * 2n + all) / (all * 2n));
}

/** A credit note as far as its goods returned go (`CreditNote`). */
export interface NoteWithLines {
  type: 'deposit' | 'goodsReturn' | 'invoice';
  status: 'ISSUED' | 'VOIDED';
  lines: ReadonlyArray<{ lineId: string; quantity: number }>;
}

/** Units of each invoice line that goods-return notes not voided took back. */
export function returnedBefore(notes: readonly NoteWithLines[]): Map<string, number> {
  const returned = new Map<string, number>();
  for (const note of notes) {
    if (note.type !== 'goodsReturn' || note.status === 'VOIDED') continue;
    for (const line of note.lines) {
      returned.set(line.lineId, (returned.get(line.lineId) ?? 0) + line.quantity);
    }
  }
  return returned;
}

/** What can still come back of a line: what it billed less earlier returns, never below 0. */
export function returnableQuantity(
  line: { id: string; quantity: number },
  before: ReadonlyMap<string, number>,
): number {
  return Math.max(0, line.quantity - (before.get(line.id) ?? 0));
}
