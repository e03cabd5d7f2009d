/**
 * Prices of prescription lines in integer cents (ARCHITECTURE section 9 'Money': integer
 * cents, never floats). There is no shared money module in packages/domain yet; these are
 * the line's arithmetic, written so a later money module can take them over whole.
 *
 * Decisions where the spec is silent (ours):
 * - A catalog item's tax rate is in basis points (700 is 7 percent, the spec's default
 *   rate, doc 1 section 1), so a rate of up to 2 decimals of a percent stays an integer.
 * - Prices are before tax; the tax of a line is its total x rate, rounded half up to the
 *   cent, on each line (the invoice detail carries a tax amount per line, doc 3 section
 *   3.2), and a visit's tax is the sum of its lines' taxes.
 * - A unit price of 0 is allowed on a line (a free sample); negative prices are not.
 */
import type { PrescriptionProblem } from './prescription-line.ts';

/** Ours: the largest unit price a line takes ($100,000) and quantity x price stays exact. */
export const MAX_UNIT_PRICE_CENTS = 10_000_000;
/** 100 percent, in basis points. */
export const MAX_TAX_RATE_BASIS_POINTS = 10_000;

/** Whether a value is a whole number of cents, 0 or more, that arithmetic keeps exact. */
export function isCents(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** A rate in percent (7, 8.25) as basis points (700, 825); null past 2 decimals or 0..100. */
export function basisPointsOfPercent(percent: number): number | null {
  if (!Number.isFinite(percent)) return null;
  const shifted = Number(`${percent}e2`);
  const whole = Math.round(shifted);
  if (Math.abs(shifted - whole) > 1e-6 || whole < 0 || whole > MAX_TAX_RATE_BASIS_POINTS) {
    return null;
  }
  return whole;
}

/** `amount` x `rate` / 10,000, rounded half up to the cent, exactly (BigInt). */
export function taxOfCents(amountCents: number, rateBasisPoints: number): number {
  if (!isCents(amountCents)) throw new RangeError(`Not cents: ${String(amountCents)}`);
  if (
    !Number.isInteger(rateBasisPoints) ||
    rateBasisPoints < 0 ||
    rateBasisPoints > MAX_TAX_RATE_BASIS_POINTS
  ) {
    throw new RangeError(`Not a tax rate: ${rateBasisPoints}`);
  }
  const product = BigInt(amountCents) * BigInt(rateBasisPoints);
  return Number((product * 2n + 10_000n) / 20_000n);
}

/** unitPrice x quantity in cents; throws unless both are whole and the product exact. */
export function multiplyCents(unitPriceCents: number, quantity: number): number {
  if (!isCents(unitPriceCents)) throw new RangeError(`Not cents: ${String(unitPriceCents)}`);
  if (!Number.isSafeInteger(quantity) || quantity < 0) {
    throw new RangeError(`Not a whole quantity: ${quantity}`);
  }
  const total = unitPriceCents * quantity;
  if (!Number.isSafeInteger(total)) throw new RangeError('The total is too large to be exact.');
  return total;
}

/** The sum of amounts in cents; throws when one is not whole or the sum not exact. */
export function sumCents(amounts: readonly number[]): number {
  let total = 0;
  for (const amount of amounts) {
    if (!Number.isSafeInteger(amount)) throw new RangeError(`Not cents: ${amount}`);
    total += amount;
    if (!Number.isSafeInteger(total)) throw new RangeError('The sum is too large to be exact.');
  }
  return total;
}

/** Cents as dollars with two decimals ('1234' -> '12.34', '-5' -> '-0.05'), no symbol. */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** What a person types as dollars ('12', '12.5', '12.34') in cents; null otherwise. */
export function centsOfDollars(text: string): number | null {
  const match = /^\s*(\d{1,12})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

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
