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
