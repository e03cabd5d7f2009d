import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { categorySubtotals, maskNric, paymentStatusWord, taxInvoiceOf } from './billing-prints.ts';
import type { Invoice } from './billing.ts';
import { sumCents } from './money.ts';

describe('maskNric (doc 3 section 5)', () => {
  it('shows only the last 4 characters for a Singapore branch', () => {
    expect(maskNric('S1234567D', 'SG')).toBe('*****567D');
    expect(maskNric('AB12', 'SG')).toBe('AB12');
    expect(maskNric(null, 'SG')).toBeNull();
  });

  it('shows the whole ID for a branch elsewhere', () => {
    expect(maskNric('S1234567D', 'MY')).toBe('S1234567D');
  });

  it('keeps the length and the last 4 characters of any ID', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 30 }), (ic) => {
        const masked = maskNric(ic, 'SG')!;
        expect(masked).toHaveLength(ic.length);
        expect(masked.slice(-4)).toBe(ic.slice(-4));
        expect(masked.slice(0, -4).replaceAll('*', '')).toBe('');
      }),
    );
  });
});

describe('paymentStatusWord', () => {
  it('is SETTLED for 0, VOIDED for -1, else blank', () => {
    expect([0, -1, 1].map(paymentStatusWord)).toEqual(['SETTLED', 'VOIDED', '']);
  });
});

describe('categorySubtotals', () => {
  it('adds up each category, so the categories add up to the lines', () => {
    const line = fc.record({
      category: fc.constantFrom('medication', 'service', 'other'),
      subtotalCents: fc.integer({ min: 0, max: 1_000_000 }),
      taxCents: fc.integer({ min: 0, max: 100_000 }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), (lines) => {
        const summary = categorySubtotals(lines);
        expect(new Set(summary.map((row) => row.category)).size).toBe(summary.length);
        expect(sumCents(summary.map((row) => row.subtotal))).toBe(
          sumCents(lines.map((row) => row.subtotalCents)),
        );
        expect(sumCents(summary.map((row) => row.tax))).toBe(
          sumCents(lines.map((row) => row.taxCents)),
        );
      }),
    );
  });
});

function invoice(statusCode: number, paidCents: number): Invoice {
  const line = (
    id: string,
    category: 'medication' | 'service',
    claimable: boolean,
    price: number,
  ) => ({
    id,
    lineNo: 1,
    kind: category,
    catalogItemId: null,
    prescriptionId: null,
    code: id,
    name: id,
    quantity: 1,
    unit: null,
    unitPriceCents: price,
    discount: null,
    taxRateBasisPoints: 900,
    category,
    claimable,
    isWhitelistDrug: false,
    amountCents: price,
    lineDiscountCents: 0,
    subtotalCents: price,
    invoiceDiscountShareCents: 0,
    taxCents: 0,
    subsidyCents: category === 'medication' ? 1000 : 0,
  });
  return {
    id: '00000000-0000-4000-8000-000000000001',
    invoiceNo: 'INV-000001',
    status: statusCode === 4 ? 'FULLY' : 'ISSUED',
    statusCode,
    branchId: '00000000-0000-4000-8000-000000000002',
    visitId: '00000000-0000-4000-8000-000000000003',
    patient: { id: '00000000-0000-4000-8000-000000000004', name: 'Tan' },
    invoiceDate: '2026-11-27',
    dueDate: null,
    grandTotalCents: 3000,
    paidCents,
    balanceCents: 3000 - paidCents,
    version: 1,
    updatedAt: 0,
    billTo: { kind: 'patient', companyId: null, name: 'Tan', address: null },
    discount: null,
    roundingMode: 'none',
    taxOption: { code: 'NONE', name: 'No tax' },
    taxRateBasisPoints: 0,
    lines: [
      line('a', 'medication', true, 2000),
      line('b', 'service', false, 1500),
      line('c', 'service', true, 500),
    ],
    subtotalCents: 4000,
    discountCents: 0,
    taxCents: 0,
    subsidyCents: 1000,
    subsidy: null,
    insuranceCents: 0,
    roundingCents: 0,
    creditedCents: 0,
    payments: [],
    remarks: null,
    voidReason: null,
    createdAt: 0,
    finalisedAt: 0,
    voidedAt: null,
  };
}

describe('taxInvoiceOf (doc 3 sections 2.1, 4)', () => {
  const patient = { id: '00000000-0000-4000-8000-000000000004', name: 'Tan', ic: '*****567D' };

  it('shows the net due as the patient payable, the delivery fee of non-claimable services', () => {
    const printed = taxInvoiceOf(invoice(1, 0), patient);
    expect(printed).toMatchObject({
      grandTotal: 4000,
      subsidyTotal: 1000,
      netDueAmount: 3000,
      patientPayable: 3000,
      deliveryFee: 1500,
      subsidy: null,
    });
    expect(printed.items.map((item) => item.category)).toEqual([1, 2, 2]);
  });

  it("breaks a scheme's subsidy down: HSG with its drug lines, CHAS as a dollar subsidy only", () => {
    const scheme = {
      schemeCode: 'HSG',
      schemeName: 'Healthier SG',
      tierCode: 'HSG-BLUE',
      tierName: 'Healthier SG chronic (CHAS Blue)',
      visitKind: 'chronicSimple' as const,
      dollarSubsidyCents: 800,
      percentageSubsidyCents: 150,
      gstAbsorbedCents: 50,
    };
    const hsg = taxInvoiceOf({ ...invoice(1, 0), subsidy: scheme }, patient);
    expect(hsg.subsidy).toMatchObject({
      scheme: 'HSG',
      dollarSubsidy: 800,
      percentageSubsidy: 150,
      gstAbsorbed: 50,
    });
    expect(hsg.items.map((item) => item.subsidy)).toEqual([1000, 0, 0]);
    const chas = taxInvoiceOf(
      { ...invoice(1, 0), subsidy: { ...scheme, schemeCode: 'CHAS', dollarSubsidyCents: 9000 } },
      patient,
    );
    // The dollar subsidy shown is at most the bill plus tax ($40.00).
    expect(chas.subsidy).toMatchObject({
      scheme: 'WDRUG-CHAS',
      dollarSubsidy: 4000,
      percentageSubsidy: 0,
      gstAbsorbed: 0,
    });
  });

  it('shows the real amount paid as the patient payable for status 4', () => {
    expect(taxInvoiceOf(invoice(4, 3005), patient)).toMatchObject({
      netDueAmount: 3000,
      realAmountPaid: 3005,
      patientPayable: 3005,
    });
  });
});
