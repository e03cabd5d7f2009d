import { describe, expect, it } from 'vitest';
import { PAYMENT_STATUS } from './balance.ts';
import {
  chartAxisMaxCents,
  chartLabelRotation,
  largestFirst,
  paymentMethodAmounts,
} from './dashboard.ts';

describe('dashboard figures (doc 1 section 2.10)', () => {
  it('sums settled payments by method, largest first, with their count', () => {
    expect(
      paymentMethodAmounts([
        { method: 'cash', amountCents: 2_000, status: PAYMENT_STATUS.Paid },
        { method: 'nets', amountCents: 4_500, status: PAYMENT_STATUS.Paid },
        { method: 'cash', amountCents: 3_000, status: PAYMENT_STATUS.Paid },
        { method: 'card', amountCents: 9_999, status: PAYMENT_STATUS.Voided },
      ]),
    ).toEqual([
      { paymentMethod: 'cash', amount: 5_000, count: 2 },
      { paymentMethod: 'nets', amount: 4_500, count: 1 },
    ]);
    expect(paymentMethodAmounts([])).toEqual([]);
  });

  it('orders sums made elsewhere the same way: largest first, then by method', () => {
    const sums = [
      { paymentMethod: 'NETS', amount: 4_500, count: 1 },
      { paymentMethod: 'Cash', amount: 5_000, count: 2 },
      { paymentMethod: 'Card', amount: 4_500, count: 3 },
    ];
    expect(largestFirst(sums).map((sum) => sum.paymentMethod)).toEqual(['Cash', 'Card', 'NETS']);
    expect(sums[0]!.paymentMethod).toBe('NETS');
  });

  it('the chart axis maximum is 1.2 x the largest amount, in whole cents', () => {
    expect(chartAxisMaxCents([5_000, 4_500])).toBe(6_000);
    expect(chartAxisMaxCents([1])).toBe(2); // 1.2 -> 2
    expect(chartAxisMaxCents([])).toBe(0);
  });

  it('category labels rotate 30 degrees past 8 methods', () => {
    expect(chartLabelRotation(8)).toBe(0);
    expect(chartLabelRotation(9)).toBe(30);
  });
});
