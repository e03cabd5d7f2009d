/**
 * Money in integer cents (ARCHITECTURE section 9 'Money': integer cents, never floats; one
 * rounding module). Every total on screen, API and print is computed from these helpers.
 *
 * Decisions where the spec is silent (ours):
 * - Rates and percentages are basis points (700 is 7 percent), so a rate of up to two
 *   decimals of a percent stays an integer; a percentage of an amount is rounded half up to
 *   the cent, exactly (BigInt).
 * - Money is written with 2 decimals (doc 3 section 9) and the currency symbol '$' (doc 3
 *   section 9 'Currency default $'); a clinic may pass 'S$'. Thousands are grouped by ','.
 * - A typed amount with more than 2 decimals is refused, never rounded: a fraction of a
 *   cent is bad input (issue 13).
 * - Sharing an amount out by weights uses the largest remainder, so the shares add up.
 */

/** Ours: the largest amount typed or stored ($10,000,000,000), so sums stay exact. */
export const MAX_MONEY_CENTS = 1_000_000_000_000;
/** 100 percent, in basis points. */
export const MAX_TAX_RATE_BASIS_POINTS = 10_000;
export const FULL_PERCENT_BASIS_POINTS = 10_000;

/** Whether a value is a whole number of cents, 0 or more, that arithmetic keeps exact. */
export function isCents(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** Whether a value is a rate in basis points from 0 to 100 percent. */
export function isBasisPoints(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= 0 &&
    value <= FULL_PERCENT_BASIS_POINTS
  );
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
export function percentOfCents(amountCents: number, rateBasisPoints: number): number {
  if (!isCents(amountCents)) throw new RangeError(`Not cents: ${String(amountCents)}`);
  if (!isBasisPoints(rateBasisPoints)) {
    throw new RangeError(`Not a rate: ${String(rateBasisPoints)}`);
  }
  const product = BigInt(amountCents) * BigInt(rateBasisPoints);
  return Number((product * 2n + 10_000n) / 20_000n);
}

/** The tax of an amount at a rate in basis points, half up to the cent. */
export function taxOfCents(amountCents: number, rateBasisPoints: number): number {
  return percentOfCents(amountCents, rateBasisPoints);
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

/** An amount, or 0 when it is below 0 (a balance, a net due). */
export function clampAtZero(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not cents: ${cents}`);
  return Math.max(0, cents);
}

/** Cents as dollars with two decimals ('1234' -> '12.34', '-5' -> '-0.05'), no symbol. */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Cents as money people read: '$1,234.50', '-$0.05'; `symbol` 'S$' gives 'S$1,234.50'. */
export function formatMoney(cents: number, symbol = '$'): string {
  const plain = formatCents(Math.abs(cents));
  const [dollars = '0', decimals = '00'] = plain.split('.');
  const grouped = dollars.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}${symbol}${grouped}.${decimals}`;
}

/** What a person types as dollars ('12', '12.5', '12.34') in cents; null otherwise. */
export function centsOfDollars(text: string): number | null {
  const match = /^\s*(\d{1,12})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

export type MoneyTextProblem = 'notMoney' | 'fractionOfCent' | 'tooLarge';
export type ParsedMoney = { ok: true; cents: number } | { ok: false; problem: MoneyTextProblem };

/**
 * A decimal amount ('1234.5', '1,234.50', '$12', 'S$0.05') in cents, saying why when it is
 * not one: more than 2 decimals is a fraction of a cent; negative amounts are not money here.
 */
export function parseMoney(text: string): ParsedMoney {
  const match = /^\s*(?:S?\$)?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?\s*$/.exec(text);
  if (!match) return { ok: false, problem: 'notMoney' };
  const decimals = match[2] ?? '';
  if (decimals.length > 2) {
    return /^0*$/.test(decimals.slice(2))
      ? parseMoney(`${match[1]}.${decimals.slice(0, 2)}`)
      : { ok: false, problem: 'fractionOfCent' };
  }
  const dollars = (match[1] ?? '').replaceAll(',', '');
  const cents = BigInt(dollars) * 100n + BigInt(decimals.padEnd(2, '0'));
  if (cents > BigInt(MAX_MONEY_CENTS)) return { ok: false, problem: 'tooLarge' };
  return { ok: true, cents: Number(cents) };
}

/**
 * `total` shared out in proportion to `weights` (whole cents each, adding up to `total`):
 * each share is rounded down, then the cents left go one each to the largest remainders
 * (the earlier line first on a tie). All weights 0 gives all shares 0 (and `total` must be 0).
 */
export function allocateCents(totalCents: number, weights: readonly number[]): number[] {
  if (!isCents(totalCents)) throw new RangeError(`Not cents: ${String(totalCents)}`);
  if (!weights.every(isCents)) throw new RangeError('A weight is not whole cents.');
  const weightSum = BigInt(sumCents(weights));
  if (weightSum === 0n) {
    if (totalCents !== 0) throw new RangeError('Nothing to share an amount out over.');
    return weights.map(() => 0);
  }
  const total = BigInt(totalCents);
  const shares = weights.map((weight) => (total * BigInt(weight)) / weightSum);
  const remainders = weights.map((weight, index) => ({
    index,
    remainder: (total * BigInt(weight)) % weightSum,
  }));
  let left = Number(total - shares.reduce((sum, share) => sum + share, 0n));
  remainders.sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const { index } of remainders) {
    if (left === 0) break;
    shares[index] = (shares[index] ?? 0n) + 1n;
    left -= 1;
  }
  return shares.map(Number);
}
