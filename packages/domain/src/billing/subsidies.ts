/**
 * Scheme subsidies: the tax invoice's subsidy breakdown (doc 3 section 2.1 'Tax invoice' and
 * section 4) and CHAS tiers as data with a per-visit subsidy computation.
 *
 * Rules of the spec (doc 3 section 2.1):
 * - WDRUG-CHAS is the CHAS chronic tier drug subsidy: a dollar subsidy only, GST figure 0.
 *   Any other code is the Healthier SG (HSG) chronic tier: dollar subsidy, percentage
 *   subsidy and GST absorbed by government.
 * - The dollar subsidy shown is the total dollar-based subsidy if bill plus tax exceeds it,
 *   else bill plus tax.
 * - The delivery fee is the sum of unit prices of non-claimable service lines.
 * - The subsidy total is the sum of the invoice's subsidy amounts; the patient payable is
 *   the real amount paid for an invoice of status 4 (fully paid), else the net due.
 *
 * Decisions where the spec is silent (ours):
 * - The HSG percentage subsidy is the sum of the drugs' subsidy_subvention_by_percentage and
 *   the GST absorbed the sum of their total_drug_gst (the calculator's figures, in cents).
 * - The tax invoice's grand total is before subsidies (subtotal - discount + tax); its net
 *   due is the invoice's grand total (after subsidies, insurance and rounding).
 * - A scheme's subsidy covers claimable lines only, in line order, each up to what the line
 *   bills (its subtotal less its share of the invoice discount, plus its tax), up to the
 *   tier's cap for the visit and what is left of the patient's annual cap.
 * - CHAS_TIERS are seeded defaults a clinic edits in settings (sales/subsidies): the per-visit
 *   and annual caps published for CHAS from November 2019, in use into 2024 outside the
 *   Healthier SG chronic tier. Check them against chas.sg before relying on them.
 */
import { INVOICE_STATUS } from './balance.ts';
import type { InvoiceLineTotals, InvoiceTotals } from './invoice-totals.ts';
import { clampAtZero, isCents, sumCents } from './money.ts';

export const WDRUG_CHAS = 'WDRUG-CHAS';

export interface CalculatorDrug {
  /** subsidy_subvention_by_percentage. */
  percentageSubsidyCents: number;
  /** total_drug_price_with_gst. */
  priceWithGstCents: number;
  /** total_drug_gst. */
  gstCents: number;
}

export interface TaxInvoiceSubsidyInput {
  /** calculatorJson.category: the subsidy code. */
  category: string;
  /** calculatorJson.total_dollar_based_subsidy. */
  totalDollarBasedSubsidyCents: number;
  drugs: readonly CalculatorDrug[];
  /** The bill before tax (the invoice subtotal less its discount). */
  billCents: number;
  taxCents: number;
}

export interface TaxInvoiceSubsidyBreakdown {
  scheme: 'WDRUG-CHAS' | 'HSG';
  dollarSubsidyCents: number;
  percentageSubsidyCents: number;
  gstAbsorbedCents: number;
}

/** The dollar subsidy shown: the total dollar-based subsidy, at most bill plus tax. */
export function dollarSubsidyShown(
  totalDollarBasedCents: number,
  billPlusTaxCents: number,
): number {
  if (!isCents(totalDollarBasedCents) || !isCents(billPlusTaxCents)) {
    throw new RangeError('A subsidy figure is not whole cents.');
  }
  return billPlusTaxCents > totalDollarBasedCents ? totalDollarBasedCents : billPlusTaxCents;
}

/** The subsidy lines a tax invoice shows for its calculator figures. */
export function taxInvoiceSubsidyBreakdown(
  input: TaxInvoiceSubsidyInput,
): TaxInvoiceSubsidyBreakdown {
  const dollarSubsidyCents = dollarSubsidyShown(
    input.totalDollarBasedSubsidyCents,
    sumCents([input.billCents, input.taxCents]),
  );
  if (input.category === WDRUG_CHAS) {
    return {
      scheme: WDRUG_CHAS,
      dollarSubsidyCents,
      percentageSubsidyCents: 0,
      gstAbsorbedCents: 0,
    };
  }
  return {
    scheme: 'HSG',
    dollarSubsidyCents,
    percentageSubsidyCents: sumCents(input.drugs.map((drug) => drug.percentageSubsidyCents)),
    gstAbsorbedCents: sumCents(input.drugs.map((drug) => drug.gstCents)),
  };
}

/** The delivery fee: the sum of unit prices of non-claimable service lines. */
export function deliveryFeeCents(
  items: readonly { category: string; claimable: boolean; unitPriceCents: number }[],
): number {
  return sumCents(
    items
      .filter((item) => item.category === 'service' && !item.claimable)
      .map((item) => item.unitPriceCents),
  );
}

export interface TaxInvoiceFigures {
  subtotal: number;
  taxAmount: number;
  /** Before subsidies: subtotal - discount + tax. */
  grandTotal: number;
  subsidyTotal: number;
  netDueAmount: number;
  /** What the tax invoice shows the patient pays. */
  patientPayable: number;
}

/** The tax invoice's totals; status 4 shows the real amount paid as the patient payable. */
export function taxInvoiceFigures(
  totals: InvoiceTotals,
  status: number,
  realAmountPaidCents: number,
): TaxInvoiceFigures {
  if (!isCents(realAmountPaidCents)) throw new RangeError('The amount paid is not whole cents.');
  const netDueAmount = totals.grandTotal;
  return {
    subtotal: totals.subtotal,
    taxAmount: totals.taxAmount,
    grandTotal: totals.subtotal - totals.discount + totals.taxAmount,
    subsidyTotal: totals.subsidyTotal,
    netDueAmount,
    patientPayable: status === INVOICE_STATUS.FullyPaid ? realAmountPaidCents : netDueAmount,
  };
}

export const SCHEME_VISIT_KINDS = ['commonIllness', 'chronicSimple', 'chronicComplex'] as const;
export type SchemeVisitKind = (typeof SCHEME_VISIT_KINDS)[number];

/** CHAS (dollar subsidies only) or the Healthier SG chronic tier (also drug subsidies). */
export const SUBSIDY_SCHEMES = { CHAS: 'CHAS', HSG: 'Healthier SG' } as const;
export type SubsidySchemeCode = keyof typeof SUBSIDY_SCHEMES;

export interface SubsidyTier {
  scheme: SubsidySchemeCode;
  code: string;
  name: string;
  /** Per visit; null when the tier gives nothing for that kind of visit. */
  perVisitCapCents: Readonly<Record<SchemeVisitKind, number | null>>;
  /** Per calendar year; null when there is no annual cap. */
  annualCapCents: Readonly<Record<SchemeVisitKind, number | null>>;
  /** HSG chronic visits: the part of a whitelisted drug's price the scheme pays (basis points). */
  drugSubsidyBasisPoints: number;
  /** HSG chronic visits: the GST of whitelisted drugs is absorbed by government. */
  absorbsDrugGst: boolean;
}

function tier(
  code: string,
  name: string,
  perVisit: [number | null, number, number],
  annual: [number, number],
  hsg?: { drugSubsidyBasisPoints: number },
): SubsidyTier {
  return {
    scheme: hsg ? 'HSG' : 'CHAS',
    drugSubsidyBasisPoints: hsg?.drugSubsidyBasisPoints ?? 0,
    absorbsDrugGst: hsg !== undefined,
    code,
    name,
    perVisitCapCents: {
      commonIllness: perVisit[0],
      chronicSimple: perVisit[1],
      chronicComplex: perVisit[2],
    },
    annualCapCents: { commonIllness: null, chronicSimple: annual[0], chronicComplex: annual[1] },
  };
}

/** Seeded defaults, editable by the clinic (see the header). */
export const CHAS_TIERS: readonly SubsidyTier[] = [
  tier('CHAS-BLUE', 'CHAS Blue', [1850, 8000, 12500], [32000, 50000]),
  tier('CHAS-ORANGE', 'CHAS Orange', [1000, 5000, 8000], [20000, 32000]),
  tier('CHAS-GREEN', 'CHAS Green', [null, 2800, 4000], [11200, 16000]),
  tier('MG', 'Merdeka Generation', [2350, 8500, 13000], [34000, 52000]),
  tier('PG', 'Pioneer Generation', [2850, 9000, 13500], [36000, 54000]),
];

/**
 * Healthier SG chronic tier entries (seeded defaults, ours): the CHAS tier's dollar caps,
 * plus a drug subsidy on whitelisted drugs and their GST absorbed on chronic visits. The
 * percentages are placeholders a clinic sets from the scheme's published rates.
 */
export const HSG_CHRONIC_TIERS: readonly SubsidyTier[] = [
  tier('HSG-BLUE', 'Healthier SG chronic (CHAS Blue)', [1850, 8000, 12500], [32000, 50000], {
    drugSubsidyBasisPoints: 7500,
  }),
  tier('HSG-ORANGE', 'Healthier SG chronic (CHAS Orange)', [1000, 5000, 8000], [20000, 32000], {
    drugSubsidyBasisPoints: 5000,
  }),
  tier('HSG-MG', 'Healthier SG chronic (Merdeka Generation)', [2350, 8500, 13000], [34000, 52000], {
    drugSubsidyBasisPoints: 7500,
  }),
  tier('HSG-PG', 'Healthier SG chronic (Pioneer Generation)', [2850, 9000, 13500], [36000, 54000], {
    drugSubsidyBasisPoints: 7500,
  }),
];

/** Every tier a clinic starts with (the subsidies migration keeps a frozen copy). */
export const SEEDED_SUBSIDY_TIERS: readonly SubsidyTier[] = [...CHAS_TIERS, ...HSG_CHRONIC_TIERS];

export interface SchemeSubsidyInput {
  lines: readonly { billedCents: number; claimable: boolean }[];
  tier: SubsidyTier;
  visitKind: SchemeVisitKind;
  /** What is left of the patient's annual cap this year; null when not tracked. */
  annualRemainingCents?: number | null;
}

export interface SchemeSubsidy {
  perLineCents: number[];
  totalCents: number;
}

/** What a line bills: its subtotal less its share of the invoice discount, plus its tax. */
export function lineBilledCents(line: InvoiceLineTotals): number {
  return line.subtotalCents - line.invoiceDiscountShareCents + line.taxCents;
}

/** A scheme's subsidy per line and in total for one visit (capped; claimable lines only). */
export function schemeSubsidy(input: SchemeSubsidyInput): SchemeSubsidy {
  const visitCap = input.tier.perVisitCapCents[input.visitKind] ?? 0;
  const annualLeft = input.annualRemainingCents ?? input.tier.annualCapCents[input.visitKind];
  let left = annualLeft === null ? visitCap : Math.min(visitCap, clampAtZero(annualLeft));
  const perLineCents = input.lines.map((line) => {
    if (!isCents(line.billedCents)) throw new RangeError('A line is not whole cents.');
    if (!line.claimable) return 0;
    const subsidy = Math.min(left, line.billedCents);
    left -= subsidy;
    return subsidy;
  });
  return { perLineCents, totalCents: sumCents(perLineCents) };
}

/** Refusals of the subsidy routes (ours; the spec names none). */
export const SUBSIDY_MESSAGES = {
  tierNotFound: 'This subsidy tier does not exist.',
  tierUnknown: "Please choose one of the clinic's subsidy tiers.",
  tierInactive: 'This subsidy tier is no longer in use; please choose another.',
  validFromRequired: 'Please give the date the card is valid from.',
  validToBeforeFrom: 'The card cannot expire before it is valid.',
  tierNameRequired: 'Please give the name of the tier.',
} as const;
export type SubsidyMessageKey = keyof typeof SUBSIDY_MESSAGES;

/** Whether a card valid from `validFrom` to `validTo` (null: no expiry) holds on `date`. */
export function cardValidOn(
  card: { validFrom: string; validTo: string | null },
  date: string,
): boolean {
  return card.validFrom <= date && (card.validTo === null || date <= card.validTo);
}
