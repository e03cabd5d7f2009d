/**
 * An invoice's figures (doc 3 section 3.3: subtotal, discount, tax, insurance, subsidies,
 * rounding, grand total) from its lines, in integer cents. Identity, property-tested:
 *   grandTotal = subtotal - discount + taxAmount - subsidyTotal - insuranceAmount
 *                + roundingAmount >= 0
 * where subtotal is the sum of the lines after their own discounts.
 *
 * Decisions where the spec is silent (ours):
 * - A line's discount is on its amount (unit price x quantity): an amount in cents, or a
 *   percent in basis points rounded half up. The spec's unitDiscountType/Value per unit is
 *   mapped by the caller (an amount per unit x quantity). A discount above the amount is
 *   refused, never cut.
 * - The invoice discount (amount, or percent of the subtotal half up) is spread over the
 *   lines in proportion to their subtotals by largest remainder, so the shares add up to it.
 * - Tax is per line: half up on the line's subtotal less its share of the invoice discount
 *   (doc 3 section 3.3: a detail carries its tax amount); taxAmount is the sum of the lines'.
 * - Subsidies then insurance are applied in order up to what is still owed, so the grand
 *   total never goes below 0; the figures answered are the amounts applied.
 * - Rounding (doc 1 section 3: 'payment rounding mode number') is applied last, to the total
 *   after subsidies and insurance, and never takes it below 0.
 */
import {
  allocateCents,
  isBasisPoints,
  isCents,
  multiplyCents,
  percentOfCents,
  sumCents,
} from './money.ts';

export type Discount = { kind: 'amount'; value: number } | { kind: 'percent'; value: number };
export type LineCategory = 'medication' | 'service' | 'other';

/** Rounding modes by their number; 'down5Cents' rounds in the payer's favour. */
export const ROUNDING_MODES = { none: 0, nearest5Cents: 1, down5Cents: 2 } as const;
export type RoundingMode = keyof typeof ROUNDING_MODES;

export interface InvoiceLineInput {
  unitPriceCents: number;
  quantity: number;
  discount?: Discount | null;
  taxRateBasisPoints: number;
  category: LineCategory;
  isWhitelistDrug: boolean;
  claimable: boolean;
}

export interface InvoiceInput {
  lines: readonly InvoiceLineInput[];
  discount?: Discount | null;
  subsidiesCents?: readonly number[];
  insuranceCents?: number;
  rounding?: RoundingMode;
}

export interface InvoiceLineTotals {
  /** unit price x quantity. */
  amountCents: number;
  lineDiscountCents: number;
  /** amount - line discount. */
  subtotalCents: number;
  /** This line's part of the invoice discount. */
  invoiceDiscountShareCents: number;
  taxCents: number;
}

export interface InvoiceTotals {
  lines: InvoiceLineTotals[];
  subtotal: number;
  discount: number;
  taxAmount: number;
  /** The amounts applied of each subsidy, in the order given. */
  subsidies: number[];
  subsidyTotal: number;
  insuranceAmount: number;
  roundingAmount: number;
  grandTotal: number;
}

export type InvoiceProblem =
  | 'lineInvalid'
  | 'lineDiscountInvalid'
  | 'lineDiscountAboveAmount'
  | 'discountInvalid'
  | 'discountAboveSubtotal'
  | 'subsidyInvalid'
  | 'insuranceInvalid';

export interface InvoiceProblemAt {
  problem: InvoiceProblem;
  /** The line's index, for a line's problem. */
  line?: number;
}

function discountCents(discount: Discount | null | undefined, amountCents: number): number {
  if (!discount) return 0;
  return discount.kind === 'amount' ? discount.value : percentOfCents(amountCents, discount.value);
}

function isDiscount(discount: Discount | null | undefined): boolean {
  if (!discount) return true;
  if (discount.kind === 'amount') return isCents(discount.value);
  return discount.kind === 'percent' && isBasisPoints(discount.value);
}

function lineProblems(line: InvoiceLineInput, index: number): InvoiceProblemAt[] {
  const valid =
    isCents(line.unitPriceCents) &&
    Number.isSafeInteger(line.quantity) &&
    line.quantity >= 0 &&
    Number.isSafeInteger(line.unitPriceCents * line.quantity) &&
    isBasisPoints(line.taxRateBasisPoints);
  if (!valid) return [{ problem: 'lineInvalid', line: index }];
  if (!isDiscount(line.discount)) return [{ problem: 'lineDiscountInvalid', line: index }];
  const amount = line.unitPriceCents * line.quantity;
  return discountCents(line.discount, amount) > amount
    ? [{ problem: 'lineDiscountAboveAmount', line: index }]
    : [];
}

/** The problems of an invoice's input: the caller refuses them before computing totals. */
export function invoiceProblems(input: InvoiceInput): InvoiceProblemAt[] {
  const problems = input.lines.flatMap(lineProblems);
  if (!isDiscount(input.discount)) problems.push({ problem: 'discountInvalid' });
  if (!(input.subsidiesCents ?? []).every(isCents)) problems.push({ problem: 'subsidyInvalid' });
  if (!isCents(input.insuranceCents ?? 0)) problems.push({ problem: 'insuranceInvalid' });
  if (problems.length > 0) return problems;
  const subtotal = sumCents(input.lines.map((line) => lineSubtotal(line)));
  if (discountCents(input.discount, subtotal) > subtotal) {
    problems.push({ problem: 'discountAboveSubtotal' });
  }
  return problems;
}

function lineSubtotal(line: InvoiceLineInput): number {
  const amount = multiplyCents(line.unitPriceCents, line.quantity);
  return amount - discountCents(line.discount, amount);
}

/** The cents added (or taken, negative) to round `totalCents` by `mode`. */
export function roundingAdjustment(totalCents: number, mode: RoundingMode): number {
  if (!isCents(totalCents)) throw new RangeError(`Not cents: ${String(totalCents)}`);
  const remainder = totalCents % 5;
  if (mode === 'none' || remainder === 0) return 0;
  if (mode === 'down5Cents') return -remainder;
  return remainder <= 2 ? -remainder : 5 - remainder;
}

/** Amounts applied in order, each up to what is left of `owedCents`. */
function applyUpTo(owedCents: number, amounts: readonly number[]): number[] {
  let left = owedCents;
  return amounts.map((amount) => {
    const applied = Math.min(amount, left);
    left -= applied;
    return applied;
  });
}

/** The invoice's figures; throws RangeError on input invoiceProblems refuses. */
export function invoiceTotals(input: InvoiceInput): InvoiceTotals {
  const problems = invoiceProblems(input);
  if (problems.length > 0) throw new RangeError(`Invalid invoice: ${JSON.stringify(problems)}`);
  const amounts = input.lines.map((line) => multiplyCents(line.unitPriceCents, line.quantity));
  const subtotals = input.lines.map((line) => lineSubtotal(line));
  const subtotal = sumCents(subtotals);
  const discount = discountCents(input.discount, subtotal);
  const shares = allocateCents(discount, subtotals);
  const lines = input.lines.map((line, index): InvoiceLineTotals => {
    const amountCents = amounts[index] ?? 0;
    const subtotalCents = subtotals[index] ?? 0;
    const share = shares[index] ?? 0;
    return {
      amountCents,
      lineDiscountCents: amountCents - subtotalCents,
      subtotalCents,
      invoiceDiscountShareCents: share,
      taxCents: percentOfCents(subtotalCents - share, line.taxRateBasisPoints),
    };
  });
  const taxAmount = sumCents(lines.map((line) => line.taxCents));
  const owed = subtotal - discount + taxAmount;
  const subsidies = applyUpTo(owed, input.subsidiesCents ?? []);
  const subsidyTotal = sumCents(subsidies);
  const [insuranceAmount = 0] = applyUpTo(owed - subsidyTotal, [input.insuranceCents ?? 0]);
  const beforeRounding = owed - subsidyTotal - insuranceAmount;
  const roundingAmount = roundingAdjustment(beforeRounding, input.rounding ?? 'none');
  return {
    lines,
    subtotal,
    discount,
    taxAmount,
    subsidies,
    subsidyTotal,
    insuranceAmount,
    roundingAmount,
    grandTotal: beforeRounding + roundingAmount,
  };
}
