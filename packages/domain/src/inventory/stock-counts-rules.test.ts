import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tallyTotals, tallyVariance, varianceValueCents } from './stock-counts-rules.ts';

describe('count sheet arithmetic', () => {
  it('a variance is counted less expected; none while not counted', () => {
    expect(tallyVariance(37, 40)).toBe(-3);
    expect(tallyVariance(13, 12)).toBe(1);
    expect(tallyVariance(0, 0)).toBe(0);
    expect(tallyVariance(null, 40)).toBeNull();
    expect(varianceValueCents(-3, 25)).toBe(-75);
    expect(varianceValueCents(null, 25)).toBeNull();
  });

  it('posting the variance onto what the batch held gives the count, whatever it held', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(10_000), (expected, counted) => {
        expect(expected + tallyVariance(counted, expected)!).toBe(counted);
      }),
    );
  });

  it('totals count the counted lines and sum their values', () => {
    expect(
      tallyTotals([
        { counted: 37, expected: 40, unitCostCents: 25 },
        { counted: 10, expected: 10, unitCostCents: 30 },
        { counted: null, expected: 5, unitCostCents: 99 },
        { counted: 13, expected: 12, unitCostCents: 80 },
      ]),
    ).toEqual({ lines: 4, counted: 3, withVariance: 2, valueCents: 5 });
  });
});
