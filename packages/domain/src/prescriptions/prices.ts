/**
 * Prices of prescription lines in integer cents (ARCHITECTURE section 9 'Money': integer
 * cents, never floats). The generic cents helpers live in billing/money.ts and are
 * re-exported here so earlier imports keep working.
 *
 * Decisions where the spec is silent (ours):
 * - A catalog item's tax rate is in basis points (700 is 7 percent, the spec's default
 *   rate, doc 1 section 1), so a rate of up to 2 decimals of a percent stays an integer.
 * - Prices are before tax; the tax of a line is its total x rate, rounded half up to the
 *   cent, on each line (the invoice detail carries a tax amount per line, doc 3 section
 *   3.2), and a visit's tax is the sum of its lines' taxes.
 * - A unit price of 0 is allowed on a line (a free sample); negative prices are not.
 */
import {
  isCents,
  MAX_TAX_RATE_BASIS_POINTS,
  multiplyCents,
  sumCents,
  taxOfCents,
} from '../billing/money.ts';
import type { PrescriptionProblem } from './prescription-line.ts';

/** Ours: the largest unit price a line takes ($100,000) and quantity x price stays exact. */
export const MAX_UNIT_PRICE_CENTS = 10_000_000;
export {
  basisPointsOfPercent,
  centsOfDollars,
  formatCents,
  isCents,
  MAX_TAX_RATE_BASIS_POINTS,
  multiplyCents,
  sumCents,
  taxOfCents,
} from '../billing/money.ts';

export interface LinePriceInput {
  /** Cents, from the catalogue item option's price. */
  unitPrice: number;
  /** Whole dispensing units. */
  dispenseQuantity: number;
  /** The catalog item's tax rate in basis points; null or 0 when it carries none. */
  taxRateBasisPoints: number | null;
}

export interface LinePrice {
  unitPrice: number;
  /** unitPrice x dispenseQuantity. */
  totalPrice: number;
  /** totalPrice x rate, rounded half up to the cent. */
  taxAmount: number;
  /** totalPrice + taxAmount. */
  totalWithTax: number;
}

export type PriceField = 'unitPrice' | 'dispenseQuantity' | 'taxRate';

/** The problems of a line's price input, by field. */
export function linePriceProblems(input: LinePriceInput): PrescriptionProblem<PriceField>[] {
  const problems: PrescriptionProblem<PriceField>[] = [];
  if (!isCents(input.unitPrice)) problems.push({ field: 'unitPrice', key: 'unitPriceInvalid' });
  else if (input.unitPrice > MAX_UNIT_PRICE_CENTS) {
    problems.push({ field: 'unitPrice', key: 'unitPriceTooLarge' });
  }
  const quantity = input.dispenseQuantity;
  if (!Number.isSafeInteger(quantity) || quantity < 1) {
    problems.push({ field: 'dispenseQuantity', key: 'dispenseQuantityWhole' });
  }
  const rate = input.taxRateBasisPoints;
  if (
    rate !== null &&
    !(Number.isInteger(rate) && rate >= 0 && rate <= MAX_TAX_RATE_BASIS_POINTS)
  ) {
    problems.push({ field: 'taxRate', key: 'taxRateInvalid' });
  }
  return problems;
}

/**
 * A line's total, tax and total with tax; throws on input linePriceProblems refuses (the
 * caller checks first). Quantities past MAX_DISPENSE_QUANTITY are the dose rules' to refuse.
 */
export function linePrice(input: LinePriceInput): LinePrice {
  const problems = linePriceProblems(input);
  if (problems.length > 0) throw new RangeError(`Invalid price: ${JSON.stringify(problems)}`);
  const totalPrice = multiplyCents(input.unitPrice, input.dispenseQuantity);
  const taxAmount = taxOfCents(totalPrice, input.taxRateBasisPoints ?? 0);
  return {
    unitPrice: input.unitPrice,
    totalPrice,
    taxAmount,
    totalWithTax: sumCents([totalPrice, taxAmount]),
  };
}

export interface PrescriptionTotals {
  subtotal: number;
  taxAmount: number;
  total: number;
}

/** A visit's prescription totals: the sums of its lines' totals and taxes. */
export function prescriptionTotals(
  lines: readonly Pick<LinePrice, 'totalPrice' | 'taxAmount'>[],
): PrescriptionTotals {
  const subtotal = sumCents(lines.map((line) => line.totalPrice));
  const taxAmount = sumCents(lines.map((line) => line.taxAmount));
  return { subtotal, taxAmount, total: sumCents([subtotal, taxAmount]) };
}
