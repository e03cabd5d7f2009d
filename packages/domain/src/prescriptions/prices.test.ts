import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  basisPointsOfPercent,
  centsOfDollars,
  formatCents,
  linePrice,
  linePriceProblems,
  MAX_UNIT_PRICE_CENTS,
  multiplyCents,
  prescriptionTotals,
  taxOfCents,
} from './prices.ts';
import { MAX_DISPENSE_QUANTITY } from './prescription-line.ts';

describe('line prices in integer cents', () => {
  it('multiplies the unit price by the quantity and adds the tax of the rate', () => {
    // 30 tablets at $0.15 with 9 percent tax: $4.50 and $0.405 -> $0.41 (half up).
    expect(linePrice({ unitPrice: 15, dispenseQuantity: 30, taxRateBasisPoints: 900 })).toEqual({
      unitPrice: 15,
      totalPrice: 450,
      taxAmount: 41,
      totalWithTax: 491,
    });
    expect(linePrice({ unitPrice: 1250, dispenseQuantity: 2, taxRateBasisPoints: null })).toEqual({
      unitPrice: 1250,
      totalPrice: 2500,
      taxAmount: 0,
      totalWithTax: 2500,
    });
    expect(
      linePrice({ unitPrice: 0, dispenseQuantity: 5, taxRateBasisPoints: 700 }).totalWithTax,
    ).toBe(0);
  });

  it('rounds tax half up to the cent', () => {
    expect(taxOfCents(50, 700)).toBe(4); // 3.5 -> 4
    expect(taxOfCents(49, 700)).toBe(3); // 3.43 -> 3
    expect(taxOfCents(1, 4999)).toBe(0); // 0.4999 -> 0
    expect(taxOfCents(1, 5000)).toBe(1); // 0.5 -> 1
  });

  it('refuses a negative, fractional or huge unit price, a zero quantity and a bad rate, by field', () => {
    expect(
      linePriceProblems({ unitPrice: -1, dispenseQuantity: 0, taxRateBasisPoints: 10_001 }),
    ).toEqual([
      { field: 'unitPrice', key: 'unitPriceInvalid' },
      { field: 'dispenseQuantity', key: 'dispenseQuantityWhole' },
      { field: 'taxRate', key: 'taxRateInvalid' },
    ]);
    expect(
      linePriceProblems({ unitPrice: 1.5, dispenseQuantity: 1.5, taxRateBasisPoints: 7.5 }),
    ).toHaveLength(3);
    expect(
      linePriceProblems({
        unitPrice: MAX_UNIT_PRICE_CENTS + 1,
        dispenseQuantity: 1,
        taxRateBasisPoints: 0,
      }),
    ).toEqual([{ field: 'unitPrice', key: 'unitPriceTooLarge' }]);
    expect(() =>
      linePrice({ unitPrice: Number.NaN, dispenseQuantity: 1, taxRateBasisPoints: 0 }),
    ).toThrow(RangeError);
    expect(() => multiplyCents(Number.MAX_SAFE_INTEGER, 2)).toThrow(RangeError);
  });

  it('reads percent rates and typed dollars, and writes cents as dollars', () => {
    expect(basisPointsOfPercent(7)).toBe(700);
    expect(basisPointsOfPercent(8.25)).toBe(825);
    expect(basisPointsOfPercent(0.1)).toBe(10);
    expect(basisPointsOfPercent(7.125)).toBeNull();
    expect(basisPointsOfPercent(101)).toBeNull();
    expect(centsOfDollars('12.34')).toBe(1234);
    expect(centsOfDollars('12.5')).toBe(1250);
    expect(centsOfDollars(' 3 ')).toBe(300);
    expect(centsOfDollars('1.234')).toBeNull();
    expect(centsOfDollars('-1')).toBeNull();
    expect(centsOfDollars('')).toBeNull();
    expect(formatCents(1234)).toBe('12.34');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(-5)).toBe('-0.05');
  });

  it('sums a visit: subtotal, tax and total', () => {
    const lines = [
      linePrice({ unitPrice: 15, dispenseQuantity: 30, taxRateBasisPoints: 900 }),
      linePrice({ unitPrice: 1250, dispenseQuantity: 1, taxRateBasisPoints: 900 }),
    ];
    expect(prescriptionTotals(lines)).toEqual({ subtotal: 1700, taxAmount: 41 + 113, total: 1854 });
    expect(prescriptionTotals([])).toEqual({ subtotal: 0, taxAmount: 0, total: 0 });
  });
});

const prices = fc.integer({ min: 0, max: MAX_UNIT_PRICE_CENTS });
const quantities = fc.integer({ min: 1, max: MAX_DISPENSE_QUANTITY });
const rates = fc.integer({ min: 0, max: 10_000 });

describe('line prices: properties', () => {
  it('the total is the exact integer product; the tax is within half a cent of the rate', () => {
    fc.assert(
      fc.property(prices, quantities, rates, (unitPrice, dispenseQuantity, rate) => {
        const price = linePrice({ unitPrice, dispenseQuantity, taxRateBasisPoints: rate });
        expect(Number.isSafeInteger(price.totalPrice)).toBe(true);
        expect(BigInt(price.totalPrice)).toBe(BigInt(unitPrice) * BigInt(dispenseQuantity));
        // Half up: tax x 10,000 - total x rate is in (-5,000, 5,000] (an exact half goes
        // up), exact in BigInt.
        const error = BigInt(price.taxAmount) * 10_000n - BigInt(price.totalPrice) * BigInt(rate);
        expect(error > -5_000n && error <= 5_000n).toBe(true);
        expect(price.totalWithTax).toBe(price.totalPrice + price.taxAmount);
      }),
    );
  });

  it('an exact half cent of tax goes up (the counterexample a property run found)', () => {
    // 9,943,300 x 27,410 = 272,545,853,000 cents at 0.05 percent: 136,272,926.5 -> .927.
    expect(
      linePrice({ unitPrice: 9_943_300, dispenseQuantity: 27_410, taxRateBasisPoints: 5 })
        .taxAmount,
    ).toBe(136_272_927);
  });

  it('tax grows with the amount and the rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 0, max: 1e12 }),
        rates,
        rates,
        (a, b, rate, otherRate) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(taxOfCents(low, rate)).toBeLessThanOrEqual(taxOfCents(high, rate));
          const [lowRate, highRate] = rate <= otherRate ? [rate, otherRate] : [otherRate, rate];
          expect(taxOfCents(a, lowRate)).toBeLessThanOrEqual(taxOfCents(a, highRate));
        },
      ),
    );
  });

  it('dollars written and read back are the same cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e13 }), (cents) => {
        expect(centsOfDollars(formatCents(cents))).toBe(cents);
      }),
    );
  });
});
