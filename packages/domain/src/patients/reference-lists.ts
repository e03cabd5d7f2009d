/**
 * The reference lists the new-patient fields choose from (doc 1 section 7): tel codes, ID
 * types, card prefixes, and the order of nationalities.
 */
import { z } from 'zod';
import { PINNED_NATIONALITIES } from './patient-rules.ts';

/**
 * Options with the pinned nationalities first, in the spec's order, then the others as
 * given. Names are matched without regard to letter case.
 */
export function pinNationalities<T>(
  items: readonly T[],
  nameOf: (item: T) => string = String,
): T[] {
  const rank = (item: T) => {
    const name = nameOf(item).trim().toLowerCase();
    const index = PINNED_NATIONALITIES.findIndex((pinned) => pinned.toLowerCase() === name);
    return index === -1 ? PINNED_NATIONALITIES.length : index;
  };
  return items
    .map((item, index) => ({ item, index, rank: rank(item) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ item }) => item);
}

export const TelCodeOption = z.object({ code: z.string(), name: z.string() });
export type TelCodeOption = z.infer<typeof TelCodeOption>;

/**
 * The tel code menu: the clinic's default code first, then the others as given; options
 * with an empty code are skipped (doc 1 section 7).
 */
export function telCodeMenu(
  options: readonly TelCodeOption[],
  defaultCode: string | null,
): { defaultOption: TelCodeOption | null; others: TelCodeOption[] } {
  const usable = options.filter((option) => option.code.trim() !== '');
  const defaultOption = usable.find((option) => option.code === defaultCode) ?? null;
  return { defaultOption, others: usable.filter((option) => option !== defaultOption) };
}

/** One code is 'NA' (no identity number). */
export const IdentificationTypeOption = z.object({ code: z.string(), name: z.string() });
export type IdentificationTypeOption = z.infer<typeof IdentificationTypeOption>;

/** The picker adds the 'Custom' entry (id -1) itself; the server lists real prefixes. */
export const CardPrefixOption = z.object({ prefix: z.string() });
export type CardPrefixOption = z.infer<typeof CardPrefixOption>;
