import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INVOICE_STATUS } from './balance.ts';
import { invoiceTotals, type InvoiceLineInput } from './invoice-totals.ts';
import { sumCents } from './money.ts';
import {
  CHAS_TIERS,
  deliveryFeeCents,
  dollarSubsidyShown,
  lineBilledCents,
  schemeSubsidy,
  taxInvoiceFigures,
  taxInvoiceSubsidyBreakdown,
  WDRUG_CHAS,
  type SubsidyTier,
} from './subsidies.ts';

function tierOf(code: string): SubsidyTier {
  const found = CHAS_TIERS.find((candidate) => candidate.code === code);
  if (!found) throw new Error(`No tier ${code}`);
  return found;
}

const line = (unitPriceCents: number): InvoiceLineInput => ({
  unitPriceCents,
  quantity: 1,
  taxRateBasisPoints: 900,
  category: 'service',
  isWhitelistDrug: false,
  claimable: true,
});

const drugs = [
  { percentageSubsidyCents: 1_200, priceWithGstCents: 2_616, gstCents: 216 },
  { percentageSubsidyCents: 300, priceWithGstCents: 654, gstCents: 54 },
];

describe('tax invoice subsidy rules (doc 3 section 2.1)', () => {
  it('WDRUG-CHAS: a $30 chronic drug subsidy shows $30 and no GST', () => {
    expect(
      taxInvoiceSubsidyBreakdown({
        category: WDRUG_CHAS,
        totalDollarBasedSubsidyCents: 3_000,
        drugs,
        billCents: 5_000,
        taxCents: 450,
      }),
    ).toEqual({
      scheme: 'WDRUG-CHAS',
      dollarSubsidyCents: 3_000,
      percentageSubsidyCents: 0,
      gstAbsorbedCents: 0,
    });
  });

  it('HSG chronic tier: dollar subsidy, percentage subsidy and the GST absorbed by government', () => {
    expect(
      taxInvoiceSubsidyBreakdown({
        category: 'HSG-CHRONIC',
        totalDollarBasedSubsidyCents: 2_800,
        drugs,
        billCents: 5_000,
        taxCents: 450,
      }),
    ).toEqual({
      scheme: 'HSG',
      dollarSubsidyCents: 2_800,
      percentageSubsidyCents: 1_500,
      gstAbsorbedCents: 270,
    });
  });

  it('dollar subsidy shown: a $40 subsidy on a $25 bill plus $2.25 tax shows $27.25', () => {
    expect(dollarSubsidyShown(4_000, 2_725)).toBe(2_725);
    expect(
      taxInvoiceSubsidyBreakdown({
        category: WDRUG_CHAS,
        totalDollarBasedSubsidyCents: 4_000,
        drugs: [],
        billCents: 2_500,
        taxCents: 225,
      }).dollarSubsidyCents,
    ).toBe(2_725);
  });

  it('dollar subsidy shown: a $28 subsidy on a $50 bill plus tax shows $28, and on exactly $28 too', () => {
    expect(dollarSubsidyShown(2_800, 5_450)).toBe(2_800);
    expect(dollarSubsidyShown(2_800, 2_800)).toBe(2_800);
  });

  it('the dollar subsidy shown is never above the subsidy nor above bill plus tax (property)', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000_000), (subsidy, billPlusTax) => {
        const shown = dollarSubsidyShown(subsidy, billPlusTax);
        expect(shown).toBe(Math.min(subsidy, billPlusTax));
      }),
    );
  });

  it('delivery fee: the unit prices of non-claimable service lines ($8 + $5), quantities ignored', () => {
    expect(
      deliveryFeeCents([
        { category: 'service', claimable: false, unitPriceCents: 800 },
        { category: 'service', claimable: false, unitPriceCents: 500 },
        { category: 'service', claimable: true, unitPriceCents: 3_000 },
        { category: 'medication', claimable: false, unitPriceCents: 999 },
      ]),
    ).toBe(1_300);
  });

  it('status 4 shows the real amount paid as the patient payable; otherwise the net due', () => {
    const totals = invoiceTotals({ lines: [line(5_000)], subsidiesCents: [1_850, 1_000] });
    // $50 + $4.50 GST = $54.50, less $28.50 of subsidies = $26.00 net due.
    const issued = taxInvoiceFigures(totals, INVOICE_STATUS.Issued, 0);
    expect(issued).toEqual({
      subtotal: 5_000,
      taxAmount: 450,
      grandTotal: 5_450,
      subsidyTotal: 2_850,
      netDueAmount: 2_600,
      patientPayable: 2_600,
    });
    const paid = taxInvoiceFigures(totals, INVOICE_STATUS.FullyPaid, 2_595);
    expect(paid.patientPayable).toBe(2_595);
    expect(paid.netDueAmount).toBe(2_600);
  });

  it('subsidy total is the sum of the subsidy amounts (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(5_000), { maxLength: 4 }), (subsidies) => {
        const totals = invoiceTotals({ lines: [line(100_000)], subsidiesCents: subsidies });
        expect(taxInvoiceFigures(totals, 1, 0).subsidyTotal).toBe(sumCents(subsidies));
      }),
    );
  });
});

describe('CHAS tiers and scheme subsidies', () => {
  it('seeds CHAS Blue, Orange, Green, Merdeka and Pioneer generation with per-visit caps', () => {
    expect(CHAS_TIERS.map((t) => t.code)).toEqual([
      'CHAS-BLUE',
      'CHAS-ORANGE',
      'CHAS-GREEN',
      'MG',
      'PG',
    ]);
    expect(tierOf('CHAS-BLUE').perVisitCapCents).toEqual({
      commonIllness: 1_850,
      chronicSimple: 8_000,
      chronicComplex: 12_500,
    });
    expect(tierOf('CHAS-GREEN').perVisitCapCents.commonIllness).toBeNull();
  });

  it('CHAS Blue common illness: a $30 consultation and $12 of medicine get $18.50, on the first line', () => {
    expect(
      schemeSubsidy({
        lines: [
          { billedCents: 3_000, claimable: true },
          { billedCents: 1_200, claimable: true },
        ],
        tier: tierOf('CHAS-BLUE'),
        visitKind: 'commonIllness',
      }),
    ).toEqual({ perLineCents: [1_850, 0], totalCents: 1_850 });
  });

  it('CHAS Orange chronic simple: $50 cap spread over claimable lines only ($20 skipped)', () => {
    expect(
      schemeSubsidy({
        lines: [
          { billedCents: 2_000, claimable: false },
          { billedCents: 3_000, claimable: true },
          { billedCents: 4_000, claimable: true },
        ],
        tier: tierOf('CHAS-ORANGE'),
        visitKind: 'chronicSimple',
      }),
    ).toEqual({ perLineCents: [0, 3_000, 2_000], totalCents: 5_000 });
  });

  it('CHAS Green gives nothing for a common illness', () => {
    expect(
      schemeSubsidy({
        lines: [{ billedCents: 3_000, claimable: true }],
        tier: tierOf('CHAS-GREEN'),
        visitKind: 'commonIllness',
      }).totalCents,
    ).toBe(0);
  });

  it('Pioneer generation chronic complex: $135 cap cut to the $40 left of the annual cap', () => {
    expect(
      schemeSubsidy({
        lines: [{ billedCents: 20_000, claimable: true }],
        tier: tierOf('PG'),
        visitKind: 'chronicComplex',
        annualRemainingCents: 4_000,
      }).totalCents,
    ).toBe(4_000);
  });

  it('a scheme subsidy on billed lines feeds the invoice: bill plus tax less subsidy', () => {
    const lines = [line(3_000), { ...line(1_000), claimable: false }];
    const before = invoiceTotals({ lines });
    const subsidy = schemeSubsidy({
      lines: before.lines.map((l, index) => ({
        billedCents: lineBilledCents(l),
        claimable: lines[index]?.claimable ?? false,
      })),
      tier: tierOf('CHAS-BLUE'),
      visitKind: 'commonIllness',
    });
    const after = invoiceTotals({ lines, subsidiesCents: [subsidy.totalCents] });
    // $30 + $2.70 and $10 + $0.90 = $43.60, less $18.50 = $25.10.
    expect(after.grandTotal).toBe(2_510);
  });

  it('never above the cap, a line’s bill, or on a non-claimable line (property)', () => {
    const lineArb = fc.record({ billedCents: fc.nat(50_000), claimable: fc.boolean() });
    fc.assert(
      fc.property(
        fc.array(lineArb, { maxLength: 8 }),
        fc.constantFrom(...CHAS_TIERS),
        fc.constantFrom(
          'commonIllness' as const,
          'chronicSimple' as const,
          'chronicComplex' as const,
        ),
        fc.option(fc.nat(60_000)),
        (lines, tier, visitKind, annualRemainingCents) => {
          const result = schemeSubsidy({ lines, tier, visitKind, annualRemainingCents });
          const cap = tier.perVisitCapCents[visitKind] ?? 0;
          expect(result.totalCents).toBe(sumCents(result.perLineCents));
          expect(result.totalCents).toBeLessThanOrEqual(cap);
          if (annualRemainingCents !== null) {
            expect(result.totalCents).toBeLessThanOrEqual(annualRemainingCents);
          }
          result.perLineCents.forEach((subsidy, index) => {
            const target = lines[index];
            expect(subsidy).toBeLessThanOrEqual(target?.claimable ? target.billedCents : 0);
          });
          const claimable = sumCents(lines.filter((l) => l.claimable).map((l) => l.billedCents));
          const limit = Math.min(
            cap,
            annualRemainingCents ?? tier.annualCapCents[visitKind] ?? cap,
          );
          expect(result.totalCents).toBe(Math.min(claimable, limit));
        },
      ),
    );
  });
});
