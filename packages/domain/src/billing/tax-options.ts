/**
 * Tax options with rates by effective date (issue 13: 'a rate carries an effective-from date
 * so a change never alters a finalised invoice'). The first option is the default.
 *
 * Decisions where the spec is silent (ours):
 * - Dates are ISO calendar dates ('YYYY-MM-DD'); a rate is in force from its date on, until
 *   the next rate's date. Before the first rate an option has none (null).
 * - Seeded: 'TAX' at the spec's default 7 % (doc 1 section 1) as the first, and Singapore's
 *   GST with its history (3 % 1994, 4 % 2003, 5 % 2004, 7 % mid-2007, 8 % 2023, 9 % since
 *   2024-01-01) for the clinic to choose; 'NONE' for a clinic not registered for GST.
 * - A finalised invoice keeps the rate it was computed with; this answers new invoices.
 */
import { isIsoDate } from '../common/dates.ts';

export interface TaxRate {
  effectiveFrom: string;
  rateBasisPoints: number;
}

export interface TaxOption {
  code: string;
  name: string;
  /** Any order; the latest effective-from on or before a date is in force. */
  rates: readonly TaxRate[];
}

export const SEEDED_TAX_OPTIONS: readonly TaxOption[] = [
  { code: 'TAX', name: 'Tax', rates: [{ effectiveFrom: '1970-01-01', rateBasisPoints: 700 }] },
  {
    code: 'SG-GST',
    name: 'GST',
    rates: [
      { effectiveFrom: '1994-04-01', rateBasisPoints: 300 },
      { effectiveFrom: '2003-01-01', rateBasisPoints: 400 },
      { effectiveFrom: '2004-01-01', rateBasisPoints: 500 },
      { effectiveFrom: '2007-07-01', rateBasisPoints: 700 },
      { effectiveFrom: '2023-01-01', rateBasisPoints: 800 },
      { effectiveFrom: '2024-01-01', rateBasisPoints: 900 },
    ],
  },
  { code: 'NONE', name: 'No tax', rates: [{ effectiveFrom: '1970-01-01', rateBasisPoints: 0 }] },
];

/** The rate of `option` in force on `date` (basis points); null before its first rate. */
export function taxRateOn(option: TaxOption, date: string): number | null {
  if (!isIsoDate(date)) throw new RangeError(`Not a date: ${date}`);
  let inForce: TaxRate | null = null;
  for (const entry of option.rates) {
    if (entry.effectiveFrom <= date && (!inForce || entry.effectiveFrom >= inForce.effectiveFrom)) {
      inForce = entry;
    }
  }
  return inForce?.rateBasisPoints ?? null;
}

/** The default tax option: the first one (issue 13). */
export function defaultTaxOption(options: readonly TaxOption[]): TaxOption | null {
  return options[0] ?? null;
}

/** The rate of the option with `code` on `date`; null for an unknown code or no rate yet. */
export function taxRateOfOptionOn(
  options: readonly TaxOption[],
  code: string,
  date: string,
): number | null {
  const option = options.find((candidate) => candidate.code === code);
  return option ? taxRateOn(option, date) : null;
}
