/**
 * A scheme subsidy on one invoice (issue 13; doc 3 section 2.1 'Tax invoice'): what each
 * line gets, the breakdown the tax invoice shows, and the invoice's figures after it.
 *
 * Rules (doc 3), shown by the worked examples of `invoice-subsidy.test.ts`:
 * - CHAS (WDRUG-CHAS on chronic visits) is a dollar subsidy only: no percentage, GST 0.
 * - The Healthier SG chronic tier, on chronic visits, also pays a percentage of each
 *   claimable whitelisted drug (after discounts) and absorbs that drug's GST.
 * - The dollar subsidy shown is the dollar entitlement if the bill plus tax left exceeds it,
 *   else that bill plus tax (`dollarSubsidyShown`).
 *
 * Decisions where the spec is silent (ours):
 * - The dollar entitlement is the tier's cap for the visit's kind, cut to what is left of
 *   the patient's annual cap. Only dollar subsidies count towards an annual cap; the drug
 *   percentage and the GST absorbed are uncapped.
 * - Annual caps are pots per calendar year: common illness visits have their own, chronic
 *   simple and complex visits share one (the visit's kind chooses which cap applies to it).
 * - Dollar subsidies go on claimable lines in line order, each up to what the line still
 *   bills after its drug subsidy and absorbed GST (`schemeSubsidy`).
 */
import {
  invoiceTotals,
  type Discount,
  type InvoiceLineInput,
  type InvoiceTotals,
  type RoundingMode,
} from './invoice-totals.ts';
import { clampAtZero, percentOfCents, sumCents } from './money.ts';
import {
  lineBilledCents,
  schemeSubsidy,
  type SchemeVisitKind,
  type SubsidyTier,
} from './subsidies.ts';

export type AnnualPot = 'commonIllness' | 'chronic';

/** The annual cap a visit of this kind draws on. */
export function annualPotOf(kind: SchemeVisitKind): AnnualPot {
  return kind === 'commonIllness' ? 'commonIllness' : 'chronic';
}

/** Dollar subsidies of the year's finalised invoices, by pot. */
export type AnnualUsage = Readonly<Record<AnnualPot, number>>;

/** What is left of the tier's annual cap for a visit of `kind`; null when it has none. */
export function annualRemainingCents(
  tier: SubsidyTier,
  kind: SchemeVisitKind,
  usage: AnnualUsage,
): number | null {
  const cap = tier.annualCapCents[kind];
  return cap === null ? null : clampAtZero(cap - usage[annualPotOf(kind)]);
}

export interface InvoiceSubsidyInput {
  /** The invoice's lines, each at its tax rate. */
  lines: readonly InvoiceLineInput[];
  discount?: Discount | null;
  tier: SubsidyTier;
  visitKind: SchemeVisitKind;
  usage: AnnualUsage;
}

export interface InvoiceSubsidy {
  /** Each line's subsidy: its dollar part, drug subsidy and GST absorbed. */
  perLineCents: number[];
  dollarSubsidyCents: number;
  percentageSubsidyCents: number;
  gstAbsorbedCents: number;
  totalCents: number;
}

const isChronic = (kind: SchemeVisitKind) => kind !== 'commonIllness';

/** The scheme's subsidy of an invoice; throws RangeError where `invoiceTotals` would. */
export function invoiceSchemeSubsidy(input: InvoiceSubsidyInput): InvoiceSubsidy {
  const { tier, visitKind } = input;
  const before = invoiceTotals({ lines: input.lines, discount: input.discount });
  const drugScheme = tier.scheme === 'HSG' && isChronic(visitKind);
  const drugParts = before.lines.map((totals, index) => {
    const line = input.lines[index]!;
    if (!drugScheme || !line.claimable || !line.isWhitelistDrug) return { pct: 0, gst: 0 };
    const net = totals.subtotalCents - totals.invoiceDiscountShareCents;
    return {
      pct: percentOfCents(net, Math.min(tier.drugSubsidyBasisPoints, 10_000)),
      gst: tier.absorbsDrugGst ? totals.taxCents : 0,
    };
  });
  const left = before.lines.map(
    (totals, index) => lineBilledCents(totals) - drugParts[index]!.pct - drugParts[index]!.gst,
  );
  const dollars = schemeSubsidy({
    lines: left.map((billedCents, index) => ({
      billedCents,
      claimable: input.lines[index]!.claimable,
    })),
    tier,
    visitKind,
    annualRemainingCents: annualRemainingCents(tier, visitKind, input.usage),
  });
  const perLineCents = drugParts.map(
    (part, index) => part.pct + part.gst + (dollars.perLineCents[index] ?? 0),
  );
  const percentageSubsidyCents = sumCents(drugParts.map((part) => part.pct));
  const gstAbsorbedCents = sumCents(drugParts.map((part) => part.gst));
  return {
    perLineCents,
    dollarSubsidyCents: dollars.totalCents,
    percentageSubsidyCents,
    gstAbsorbedCents,
    totalCents: sumCents(perLineCents),
  };
}

/** The dollar entitlement of a visit: its cap, cut to what is left of the annual cap. */
export function dollarEntitlementCents(
  tier: SubsidyTier,
  kind: SchemeVisitKind,
  usage: AnnualUsage,
): number {
  const cap = tier.perVisitCapCents[kind] ?? 0;
  const remaining = annualRemainingCents(tier, kind, usage);
  return remaining === null ? cap : Math.min(cap, remaining);
}

/** The invoice's figures with the lines' subsidies (none when `perLineCents` is empty). */
export function subsidisedInvoiceTotals(input: {
  lines: readonly InvoiceLineInput[];
  discount?: Discount | null;
  rounding?: RoundingMode;
  insuranceCents?: number;
  perLineSubsidyCents: readonly number[];
}): InvoiceTotals {
  return invoiceTotals({
    lines: input.lines,
    discount: input.discount,
    rounding: input.rounding,
    insuranceCents: input.insuranceCents,
    subsidiesCents: input.perLineSubsidyCents.filter((cents) => cents > 0),
  });
}
