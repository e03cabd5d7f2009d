/**
 * The dashboard's money figures (doc 1 section 2.10 and section 3 'Dashboard data').
 *
 * Decisions where the spec is silent (ours):
 * - Voided payments count nowhere; methods are listed by amount, largest first, then by
 *   method code so the order is stable.
 * - The chart axis maximum is 1.2 x the largest amount, rounded up to the cent; with no
 *   payment it is 0 (the empty state 'No payment on this day' shows instead).
 */
import { PAYMENT_STATUS, type PaymentStatus } from './balance.ts';
import { isCents, sumCents } from './money.ts';

export interface PaymentMethodAmount {
  paymentMethod: string;
  amount: number;
  count: number;
}

/** Settled payments summed by method: amount in cents and how many. */
export function paymentMethodAmounts(
  payments: readonly { method: string; amountCents: number; status: PaymentStatus }[],
): PaymentMethodAmount[] {
  const byMethod = new Map<string, PaymentMethodAmount>();
  for (const payment of payments) {
    if (payment.status !== PAYMENT_STATUS.Paid) continue;
    const entry = byMethod.get(payment.method) ?? {
      paymentMethod: payment.method,
      amount: 0,
      count: 0,
    };
    entry.amount = sumCents([entry.amount, payment.amountCents]);
    entry.count += 1;
    byMethod.set(payment.method, entry);
  }
  return largestFirst([...byMethod.values()]);
}

/**
 * Methods' sums (the dashboard sums them in SQL) in the list's order: by amount, largest
 * first, then by method so the order is stable.
 */
export function largestFirst(amounts: readonly PaymentMethodAmount[]): PaymentMethodAmount[] {
  return [...amounts].sort(
    (a, b) => b.amount - a.amount || a.paymentMethod.localeCompare(b.paymentMethod),
  );
}

/** The payment chart's axis maximum: 1.2 x the largest amount, rounded up to the cent. */
export function chartAxisMaxCents(amounts: readonly number[]): number {
  if (!amounts.every(isCents)) throw new RangeError('An amount is not whole cents.');
  const largest = amounts.reduce((max, amount) => Math.max(max, amount), 0);
  return Math.ceil((largest * 12) / 10);
}

/** The category labels' rotation: 30 degrees past 8 methods, else none. */
export function chartLabelRotation(methodCount: number): 0 | 30 {
  return methodCount > 8 ? 30 : 0;
}
