import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateCents,
  clampAtZero,
  formatCents,
  formatMoney,
  parseMoney,
  percentOfCents,
  sumCents,
} from './money.ts';

describe('money in integer cents', () => {
  it('takes a percent of an amount half up to the cent', () => {
    expect(percentOfCents(450, 900)).toBe(41); // $4.50 x 9 % = 40.5 cents -> 41
    expect(percentOfCents(10_000, 1_250)).toBe(1_250);
    expect(percentOfCents(1, 4_999)).toBe(0);
    expect(percentOfCents(1, 5_000)).toBe(1);
    expect(() => percentOfCents(100, 10_001)).toThrow(RangeError);
    expect(() => percentOfCents(1.5, 700)).toThrow(RangeError);
  });

  it('sums, and clamps a negative amount at zero', () => {
    expect(sumCents([150, 250, -100])).toBe(300);
    expect(clampAtZero(-1)).toBe(0);
    expect(clampAtZero(42)).toBe(42);
    expect(() => sumCents([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
  });

  it('writes money with 2 decimals, grouped thousands and the currency symbol', () => {
    expect(formatMoney(123_450)).toBe('$1,234.50');
    expect(formatMoney(123_450, 'S$')).toBe('S$1,234.50');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(-99_999_999)).toBe('-$999,999.99');
    expect(formatMoney(100_000_000)).toBe('$1,000,000.00');
    expect(formatCents(123_450)).toBe('1234.50');
  });

  it('reads typed amounts and refuses a fraction of a cent', () => {
    expect(parseMoney('1234.5')).toEqual({ ok: true, cents: 123_450 });
    expect(parseMoney('1,234.50')).toEqual({ ok: true, cents: 123_450 });
    expect(parseMoney('S$0.05')).toEqual({ ok: true, cents: 5 });
    expect(parseMoney(' $12 ')).toEqual({ ok: true, cents: 1_200 });
    expect(parseMoney('1.230')).toEqual({ ok: true, cents: 123 });
    expect(parseMoney('1.234')).toEqual({ ok: false, problem: 'fractionOfCent' });
    expect(parseMoney('0.001')).toEqual({ ok: false, problem: 'fractionOfCent' });
    expect(parseMoney('-1')).toEqual({ ok: false, problem: 'notMoney' });
    expect(parseMoney('1,23.00')).toEqual({ ok: false, problem: 'notMoney' });
    expect(parseMoney('')).toEqual({ ok: false, problem: 'notMoney' });
    expect(parseMoney('99999999999999')).toEqual({ ok: false, problem: 'tooLarge' });
  });

  it('reads back every amount it writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_000 }), (cents) => {
        expect(parseMoney(formatMoney(cents, 'S$'))).toEqual({ ok: true, cents });
        expect(parseMoney(formatCents(cents))).toEqual({ ok: true, cents });
      }),
    );
  });

  it('shares an amount out by weights by largest remainder', () => {
    expect(allocateCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateCents(10, [0, 50, 150])).toEqual([0, 3, 7]); // 2.5 and 7.5: the tie to the earlier
    expect(allocateCents(0, [0, 0])).toEqual([0, 0]);
    expect(() => allocateCents(5, [0, 0])).toThrow(RangeError);
  });

  it('gives shares that add up to the amount, none above its weight', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 30 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, fraction) => {
          const total = Math.floor(sumCents(weights) * fraction);
          const shares = allocateCents(total, weights);
          expect(sumCents(shares)).toBe(total);
          shares.forEach((share, index) => {
            expect(share).toBeGreaterThanOrEqual(0);
            expect(share).toBeLessThanOrEqual(weights[index] ?? 0);
          });
        },
      ),
    );
  });
});
