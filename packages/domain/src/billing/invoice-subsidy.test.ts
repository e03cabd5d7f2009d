import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  annualRemainingCents,
  dollarEntitlementCents,
  invoiceSchemeSubsidy,
  subsidisedInvoiceTotals,
  type AnnualUsage,
} from './invoice-subsidy.ts';
import { invoiceTotals, type InvoiceLineInput } from './invoice-totals.ts';
import { sumCents } from './money.ts';
import {
  dollarSubsidyShown,
  lineBilledCents,
  SCHEME_VISIT_KINDS,
  SEEDED_SUBSIDY_TIERS,
  type SubsidyTier,
} from './subsidies.ts';

function tierOf(code: string): SubsidyTier {
  const found = SEEDED_SUBSIDY_TIERS.find((candidate) => candidate.code === code);
  if (!found) throw new Error(`No tier ${code}`);
  return found;
}

const NONE_USED: AnnualUsage = { commonIllness: 0, chronic: 0 };

const service = (unitPriceCents: number): InvoiceLineInput => ({
  unitPriceCents,
  quantity: 1,
  taxRateBasisPoints: 900,
  category: 'service',
  isWhitelistDrug: false,
  claimable: true,
});
const drug = (unitPriceCents: number, quantity = 1): InvoiceLineInput => ({
  unitPriceCents,
  quantity,
  taxRateBasisPoints: 900,
  category: 'medication',
  isWhitelistDrug: true,
  claimable: true,
});

describe('scheme subsidies of an invoice (worked examples)', () => {
  it('WDRUG-CHAS: CHAS Blue chronic simple pays dollars only, no percentage and GST 0, even on whitelisted drugs', () => {
    // $30 consultation + $40 whitelisted drug, 9 % GST: $32.70 + $43.60 = $76.30 billed.
    const subsidy = invoiceSchemeSubsidy({
      lines: [service(3_000), drug(4_000)],
      tier: tierOf('CHAS-BLUE'),
      visitKind: 'chronicSimple',
      usage: NONE_USED,
    });
    expect(subsidy).toEqual({
      perLineCents: [3_270, 4_360],
      dollarSubsidyCents: 7_630,
      percentageSubsidyCents: 0,
      gstAbsorbedCents: 0,
      totalCents: 7_630,
    });
  });

  it('HSG chronic tier: 75 % of a $40 whitelisted drug ($30) and its $3.60 GST, then dollars up to the $80 cap', () => {
    const subsidy = invoiceSchemeSubsidy({
      lines: [drug(4_000), service(10_000)],
      tier: tierOf('HSG-BLUE'),
      visitKind: 'chronicSimple',
      usage: NONE_USED,
    });
    // The drug line bills $43.60: $30 + $3.60 by percentage and GST, $10 left for dollars.
    expect(subsidy.percentageSubsidyCents).toBe(3_000);
    expect(subsidy.gstAbsorbedCents).toBe(360);
    expect(subsidy.dollarSubsidyCents).toBe(8_000);
    expect(subsidy.perLineCents).toEqual([4_360, 7_000]);
    expect(subsidy.totalCents).toBe(11_360);
  });

  it('HSG chronic tier on a common illness visit: dollars only (the drug subsidy is for chronic visits)', () => {
    const subsidy = invoiceSchemeSubsidy({
      lines: [drug(4_000)],
      tier: tierOf('HSG-BLUE'),
      visitKind: 'commonIllness',
      usage: NONE_USED,
    });
    expect(subsidy).toMatchObject({
      dollarSubsidyCents: 1_850,
      percentageSubsidyCents: 0,
      gstAbsorbedCents: 0,
    });
  });

  it('dollar subsidy shown: an $80 entitlement on a $25 bill plus $2.25 GST shows $27.25', () => {
    const subsidy = invoiceSchemeSubsidy({
      lines: [service(2_500)],
      tier: tierOf('CHAS-BLUE'),
      visitKind: 'chronicSimple',
      usage: NONE_USED,
    });
    expect(subsidy.dollarSubsidyCents).toBe(dollarSubsidyShown(8_000, 2_725));
    expect(subsidy.dollarSubsidyCents).toBe(2_725);
  });

  it('annual cap: $300 of CHAS Blue chronic subsidies used this year leaves $20 for a chronic simple visit', () => {
    const usage = { commonIllness: 0, chronic: 30_000 };
    expect(annualRemainingCents(tierOf('CHAS-BLUE'), 'chronicSimple', usage)).toBe(2_000);
    expect(annualRemainingCents(tierOf('CHAS-BLUE'), 'chronicComplex', usage)).toBe(20_000);
    expect(annualRemainingCents(tierOf('CHAS-BLUE'), 'commonIllness', usage)).toBeNull();
    const subsidy = invoiceSchemeSubsidy({
      lines: [service(10_000)],
      tier: tierOf('CHAS-BLUE'),
      visitKind: 'chronicSimple',
      usage,
    });
    expect(subsidy.totalCents).toBe(2_000);
  });

  it('grand total = lines - discounts + tax - subsidies: $76.30 less a $18.50 CHAS Blue common illness subsidy is $57.80', () => {
    const lines = [service(3_000), drug(4_000)];
    const subsidy = invoiceSchemeSubsidy({
      lines,
      tier: tierOf('CHAS-BLUE'),
      visitKind: 'commonIllness',
      usage: NONE_USED,
    });
    const totals = subsidisedInvoiceTotals({ lines, perLineSubsidyCents: subsidy.perLineCents });
    expect(totals.subsidyTotal).toBe(1_850);
    expect(totals.grandTotal).toBe(5_780);
  });
});

const lineArb = fc.record({
  unitPriceCents: fc.nat(30_000),
  quantity: fc.integer({ min: 0, max: 5 }),
  taxRateBasisPoints: fc.constantFrom(0, 700, 900),
  category: fc.constantFrom('medication' as const, 'service' as const, 'other' as const),
  isWhitelistDrug: fc.boolean(),
  claimable: fc.boolean(),
  discount: fc.option(
    fc.record({
      kind: fc.constant('percent' as const),
      value: fc.integer({ min: 0, max: 10_000 }),
    }),
  ),
});
const usageArb = fc.record({ commonIllness: fc.nat(60_000), chronic: fc.nat(60_000) });
const caseArb = fc.record({
  lines: fc.array(lineArb, { maxLength: 6 }),
  discount: fc.option(
    fc.record({
      kind: fc.constant('percent' as const),
      value: fc.integer({ min: 0, max: 10_000 }),
    }),
  ),
  tier: fc.constantFrom(...SEEDED_SUBSIDY_TIERS),
  visitKind: fc.constantFrom(...SCHEME_VISIT_KINDS),
  usage: usageArb,
  rounding: fc.constantFrom('none' as const, 'nearest5Cents' as const, 'down5Cents' as const),
});

describe('scheme subsidies of an invoice (properties)', () => {
  it('a line never gets more than it bills, nor a non-claimable line anything', () => {
    fc.assert(
      fc.property(caseArb, (input) => {
        const subsidy = invoiceSchemeSubsidy(input);
        const billed = invoiceTotals(input).lines.map(lineBilledCents);
        subsidy.perLineCents.forEach((cents, index) => {
          expect(cents).toBeGreaterThanOrEqual(0);
          expect(cents).toBeLessThanOrEqual(input.lines[index]!.claimable ? billed[index]! : 0);
        });
      }),
    );
  });

  it('the dollar part never exceeds the visit cap nor the annual remainder, and is the dollar subsidy shown', () => {
    fc.assert(
      fc.property(caseArb, (input) => {
        const subsidy = invoiceSchemeSubsidy(input);
        const cap = input.tier.perVisitCapCents[input.visitKind] ?? 0;
        const remaining = annualRemainingCents(input.tier, input.visitKind, input.usage);
        expect(subsidy.dollarSubsidyCents).toBeLessThanOrEqual(cap);
        if (remaining !== null) expect(subsidy.dollarSubsidyCents).toBeLessThanOrEqual(remaining);
        const billed = invoiceTotals(input).lines.map(lineBilledCents);
        const claimableLeft =
          sumCents(billed.map((cents, index) => (input.lines[index]!.claimable ? cents : 0))) -
          subsidy.percentageSubsidyCents -
          subsidy.gstAbsorbedCents;
        expect(subsidy.dollarSubsidyCents).toBe(
          dollarSubsidyShown(
            dollarEntitlementCents(input.tier, input.visitKind, input.usage),
            claimableLeft,
          ),
        );
      }),
    );
  });

  it('CHAS never gives a percentage or absorbed GST; the parts add up to the total', () => {
    fc.assert(
      fc.property(caseArb, (input) => {
        const subsidy = invoiceSchemeSubsidy(input);
        if (input.tier.scheme === 'CHAS' || input.visitKind === 'commonIllness') {
          expect(subsidy.percentageSubsidyCents + subsidy.gstAbsorbedCents).toBe(0);
        }
        expect(subsidy.totalCents).toBe(sumCents(subsidy.perLineCents));
        expect(subsidy.totalCents).toBe(
          subsidy.dollarSubsidyCents + subsidy.percentageSubsidyCents + subsidy.gstAbsorbedCents,
        );
      }),
    );
  });

  it('grand total = sum of lines - discounts + tax - subsidies + rounding, never below 0', () => {
    fc.assert(
      fc.property(caseArb, (input) => {
        const subsidy = invoiceSchemeSubsidy(input);
        const totals = subsidisedInvoiceTotals({
          ...input,
          perLineSubsidyCents: subsidy.perLineCents,
        });
        expect(totals.subsidyTotal).toBe(subsidy.totalCents);
        expect(totals.grandTotal).toBe(
          totals.subtotal -
            totals.discount +
            totals.taxAmount -
            totals.subsidyTotal -
            totals.insuranceAmount +
            totals.roundingAmount,
        );
        expect(totals.grandTotal).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
