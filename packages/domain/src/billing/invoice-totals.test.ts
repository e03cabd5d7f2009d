import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  invoiceProblems,
  invoiceTotals,
  roundingAdjustment,
  type Discount,
  type InvoiceInput,
  type InvoiceLineInput,
  type RoundingMode,
} from './invoice-totals.ts';
import { sumCents } from './money.ts';

function line(partial: Partial<InvoiceLineInput>): InvoiceLineInput {
  return {
    unitPriceCents: 1_000,
    quantity: 1,
    discount: null,
    taxRateBasisPoints: 900,
    category: 'service',
    isWhitelistDrug: false,
    claimable: true,
    ...partial,
  };
}

describe('invoice totals', () => {
  it('a consultation of $30 and 20 tablets at $0.45 less 10 % on the tablets, at 9 % GST', () => {
    const totals = invoiceTotals({
      lines: [
        line({ unitPriceCents: 3_000 }),
        line({
          unitPriceCents: 45,
          quantity: 20,
          category: 'medication',
          discount: { kind: 'percent', value: 1_000 },
        }),
      ],
    });
    expect(totals.lines).toEqual([
      {
        amountCents: 3_000,
        lineDiscountCents: 0,
        subtotalCents: 3_000,
        invoiceDiscountShareCents: 0,
        taxCents: 270,
      },
      {
        amountCents: 900,
        lineDiscountCents: 90,
        subtotalCents: 810,
        invoiceDiscountShareCents: 0,
        taxCents: 73, // 72.9 half up
      },
    ]);
    expect(totals).toMatchObject({
      subtotal: 3_810,
      discount: 0,
      taxAmount: 343,
      subsidyTotal: 0,
      insuranceAmount: 0,
      roundingAmount: 0,
      grandTotal: 4_153,
    });
  });

  it('spreads a $10 invoice discount over three $10 lines as 334, 333, 333 cents before tax', () => {
    const totals = invoiceTotals({
      lines: [line({}), line({}), line({})],
      discount: { kind: 'amount', value: 1_000 },
    });
    expect(totals.lines.map((l) => l.invoiceDiscountShareCents)).toEqual([334, 333, 333]);
    // Tax on 6.66, 6.67, 6.67 at 9 %: 59.94 -> 60, 60.03 -> 60, 60.03 -> 60.
    expect(totals.lines.map((l) => l.taxCents)).toEqual([60, 60, 60]);
    expect(totals).toMatchObject({ subtotal: 3_000, discount: 1_000, taxAmount: 180 });
    expect(totals.grandTotal).toBe(2_180);
  });

  it('takes a percent invoice discount of the subtotal after line discounts, half up', () => {
    const totals = invoiceTotals({
      lines: [line({ unitPriceCents: 1_005, discount: { kind: 'amount', value: 100 } })],
      discount: { kind: 'percent', value: 500 },
    });
    expect(totals.subtotal).toBe(905);
    expect(totals.discount).toBe(45); // 45.25 -> 45
  });

  it('applies subsidies then insurance only up to what is owed, never below zero', () => {
    const totals = invoiceTotals({
      lines: [line({ unitPriceCents: 2_000, taxRateBasisPoints: 0 })],
      subsidiesCents: [1_500, 1_000],
      insuranceCents: 800,
    });
    expect(totals.subsidies).toEqual([1_500, 500]);
    expect(totals).toMatchObject({ subsidyTotal: 2_000, insuranceAmount: 0, grandTotal: 0 });
  });

  it('rounds cash to 5 cents: to the nearest, or down in the payer’s favour', () => {
    expect(
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((c) => roundingAdjustment(100 + c, 'nearest5Cents')),
    ).toEqual([0, -1, -2, 2, 1, 0, -1, -2, 2, 1]);
    expect([0, 1, 4, 6, 9].map((c) => roundingAdjustment(100 + c, 'down5Cents'))).toEqual([
      0, -1, -4, -1, -4,
    ]);
    expect(roundingAdjustment(103, 'none')).toBe(0);
    const totals = invoiceTotals({
      lines: [line({ unitPriceCents: 1_003, taxRateBasisPoints: 0 })],
      rounding: 'nearest5Cents',
    });
    expect(totals).toMatchObject({ roundingAmount: 2, grandTotal: 1_005 });
  });

  it('refuses bad input by line and field instead of computing', () => {
    const input: InvoiceInput = {
      lines: [
        line({ unitPriceCents: -1 }),
        line({ quantity: 1.5 }),
        line({ discount: { kind: 'percent', value: 10_001 } }),
        line({ unitPriceCents: 500, discount: { kind: 'amount', value: 501 } }),
      ],
      subsidiesCents: [0.5],
      insuranceCents: -1,
    };
    expect(invoiceProblems(input)).toEqual([
      { problem: 'lineInvalid', line: 0 },
      { problem: 'lineInvalid', line: 1 },
      { problem: 'lineDiscountInvalid', line: 2 },
      { problem: 'lineDiscountAboveAmount', line: 3 },
      { problem: 'subsidyInvalid' },
      { problem: 'insuranceInvalid' },
    ]);
    expect(() => invoiceTotals(input)).toThrow(RangeError);
    expect(
      invoiceProblems({ lines: [line({})], discount: { kind: 'amount', value: 1_001 } }),
    ).toEqual([{ problem: 'discountAboveSubtotal' }]);
    expect(
      invoiceProblems({ lines: [line({})], discount: { kind: 'amount', value: 1_000 } }),
    ).toEqual([]);
  });
});

const discountArb = (max: number): fc.Arbitrary<Discount | null> =>
  fc.oneof(
    fc.constant(null),
    fc.record({ kind: fc.constant('amount' as const), value: fc.integer({ min: 0, max }) }),
    fc.record({
      kind: fc.constant('percent' as const),
      value: fc.integer({ min: 0, max: 10_000 }),
    }),
  );

const lineArb: fc.Arbitrary<InvoiceLineInput> = fc
  .record({
    unitPriceCents: fc.integer({ min: 0, max: 100_000 }),
    quantity: fc.integer({ min: 0, max: 100 }),
    taxRateBasisPoints: fc.constantFrom(0, 700, 800, 900, 825),
    category: fc.constantFrom('medication' as const, 'service' as const, 'other' as const),
    isWhitelistDrug: fc.boolean(),
    claimable: fc.boolean(),
  })
  .chain((base) =>
    discountArb(base.unitPriceCents * base.quantity).map((discount) => ({ ...base, discount })),
  );

const invoiceArb: fc.Arbitrary<InvoiceInput> = fc
  .array(lineArb, { minLength: 1, maxLength: 12 })
  .chain((lines) => {
    const input = { lines };
    const subtotal = invoiceTotals(input).subtotal;
    return fc.record({
      lines: fc.constant(lines),
      discount: discountArb(subtotal),
      subsidiesCents: fc.array(fc.integer({ min: 0, max: 50_000 }), { maxLength: 3 }),
      insuranceCents: fc.integer({ min: 0, max: 50_000 }),
      rounding: fc.constantFrom<RoundingMode>('none', 'nearest5Cents', 'down5Cents'),
    });
  });

describe('invoice identities (property)', () => {
  it('grand total = subtotal - discount + tax - subsidies - insurance + rounding, never below 0', () => {
    fc.assert(
      fc.property(invoiceArb, (input) => {
        expect(invoiceProblems(input)).toEqual([]);
        const t = invoiceTotals(input);
        expect(t.grandTotal).toBe(
          t.subtotal -
            t.discount +
            t.taxAmount -
            t.subsidyTotal -
            t.insuranceAmount +
            t.roundingAmount,
        );
        expect(t.grandTotal).toBeGreaterThanOrEqual(0);
        expect(t.subsidyTotal).toBe(sumCents(t.subsidies));
        expect(t.subsidyTotal).toBeLessThanOrEqual(sumCents(input.subsidiesCents ?? []));
        expect(t.insuranceAmount).toBeLessThanOrEqual(input.insuranceCents ?? 0);
        if (input.rounding !== 'none') expect(t.grandTotal % 5).toBe(0);
      }),
    );
  });

  it('the lines add up: subtotals to the subtotal, discount shares to the discount, taxes to the tax', () => {
    fc.assert(
      fc.property(invoiceArb, (input) => {
        const t = invoiceTotals(input);
        expect(sumCents(t.lines.map((l) => l.subtotalCents))).toBe(t.subtotal);
        expect(sumCents(t.lines.map((l) => l.invoiceDiscountShareCents))).toBe(t.discount);
        expect(sumCents(t.lines.map((l) => l.taxCents))).toBe(t.taxAmount);
        t.lines.forEach((l, index) => {
          expect(l.amountCents - l.lineDiscountCents).toBe(l.subtotalCents);
          expect(l.invoiceDiscountShareCents).toBeLessThanOrEqual(l.subtotalCents);
          const rate = input.lines[index]?.taxRateBasisPoints ?? 0;
          const exact = ((l.subtotalCents - l.invoiceDiscountShareCents) * rate) / 10_000;
          expect(Math.abs(l.taxCents - exact)).toBeLessThanOrEqual(0.5);
        });
      }),
    );
  });

  it('while subsidies and insurance fit in the bill they are applied whole', () => {
    fc.assert(
      fc.property(invoiceArb, (input) => {
        const t = invoiceTotals({ ...input, rounding: 'none' });
        const owed = t.subtotal - t.discount + t.taxAmount;
        const asked = sumCents([...(input.subsidiesCents ?? []), input.insuranceCents ?? 0]);
        if (asked <= owed) {
          expect(t.subsidyTotal + t.insuranceAmount).toBe(asked);
          expect(t.grandTotal).toBe(owed - asked);
        } else {
          expect(t.grandTotal).toBe(0);
        }
      }),
    );
  });
});
