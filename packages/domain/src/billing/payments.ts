/**
 * Taking a payment split across methods, with change for cash (issue 13: 'split across
 * methods, partial, change for cash'). Methods are seeded data (settings sales/payment-method).
 *
 * Decisions where the spec is silent (ours):
 * - Only a method that gives change (cash) may be tendered above what is owed; the change is
 *   what cash tendered exceeds the balance left after the other methods. Non-cash methods
 *   together above the balance are refused (a card is never charged more than owed).
 * - Tendering less than the balance is a partial payment; nothing is refused for it.
 * - The same method tendered twice is taken as one tender of the sum, in first-seen order.
 */
import { isCents, sumCents } from './money.ts';

export interface PaymentMethod {
  code: string;
  name: string;
  /** Whether the desk gives change for an amount above what is owed. */
  givesChange: boolean;
}

export const SEEDED_PAYMENT_METHODS: readonly PaymentMethod[] = [
  { code: 'cash', name: 'Cash', givesChange: true },
  { code: 'nets', name: 'NETS', givesChange: false },
  { code: 'card', name: 'Credit Card', givesChange: false },
  { code: 'paynow', name: 'PayNow', givesChange: false },
  { code: 'cheque', name: 'Cheque', givesChange: false },
];

export interface Tender {
  method: string;
  amountCents: number;
}

export type TenderProblem =
  'nothingTendered' | 'amountInvalid' | 'unknownMethod' | 'nonCashAboveBalance';

export type TenderResult =
  | { ok: true; applied: Tender[]; appliedCents: number; changeCents: number }
  | { ok: false; problem: TenderProblem };

function mergeByMethod(tenders: readonly Tender[]): Tender[] {
  const merged = new Map<string, number>();
  for (const { method, amountCents } of tenders) {
    merged.set(method, (merged.get(method) ?? 0) + amountCents);
  }
  return [...merged].map(([method, amountCents]) => ({ method, amountCents }));
}

/**
 * What each tender pays of `balanceCents` and the change to give back. Non-cash tenders are
 * applied whole; cash covers what they leave, and the rest of the cash is change.
 */
export function applyTenders(
  tenders: readonly Tender[],
  balanceCents: number,
  methods: readonly PaymentMethod[] = SEEDED_PAYMENT_METHODS,
): TenderResult {
  if (!isCents(balanceCents)) throw new RangeError(`Not cents: ${String(balanceCents)}`);
  if (!tenders.every((tender) => isCents(tender.amountCents))) {
    return { ok: false, problem: 'amountInvalid' };
  }
  const merged = mergeByMethod(tenders).filter((tender) => tender.amountCents > 0);
  if (merged.length === 0) return { ok: false, problem: 'nothingTendered' };
  const methodOf = new Map(methods.map((method) => [method.code, method]));
  if (!merged.every((tender) => methodOf.has(tender.method))) {
    return { ok: false, problem: 'unknownMethod' };
  }
  const givesChange = (tender: Tender): boolean =>
    methodOf.get(tender.method)?.givesChange ?? false;
  const nonCash = sumCents(merged.filter((t) => !givesChange(t)).map((t) => t.amountCents));
  if (nonCash > balanceCents) return { ok: false, problem: 'nonCashAboveBalance' };
  let leftForCash = balanceCents - nonCash;
  let changeCents = 0;
  const applied = merged.map((tender): Tender => {
    if (!givesChange(tender)) return tender;
    const taken = Math.min(tender.amountCents, leftForCash);
    leftForCash -= taken;
    changeCents += tender.amountCents - taken;
    return { method: tender.method, amountCents: taken };
  });
  const kept = applied.filter((tender) => tender.amountCents > 0);
  return {
    ok: true,
    applied: kept,
    appliedCents: sumCents(kept.map((tender) => tender.amountCents)),
    changeCents,
  };
}
