import { singleLineString } from '../common/text.ts';
import { z } from 'zod';
import { isHexColour } from '../common/colours.ts';
import {
  cacheBusters,
  fromQuery,
  optionalText,
  versionField,
  wholeNumber,
} from '../common/fields.ts';

/** The clinic's editable lists (administrators change them through /settings/lists/{list}). */
export const OPTION_LIST_NAMES = [
  'telCode',
  'identificationType',
  'nationality',
  'gender',
  'visitPurpose',
  'queueStatus',
  'cardPrefix',
  'roomService',
  'waitingArea',
  'mcPurpose',
  'relationship',
  'salutation',
] as const;
export type OptionListName = (typeof OPTION_LIST_NAMES)[number];

/** Room services and waiting areas belong to a branch (the BranchId of the call). */
export const BRANCH_OPTION_LISTS: readonly OptionListName[] = ['roomService', 'waitingArea'];

export const OptionListParams = z.strictObject({
  list: z.enum(OPTION_LIST_NAMES, { error: `list must be one of ${OPTION_LIST_NAMES.join(', ')}` }),
});

export const OptionItemParams = OptionListParams.extend({ id: z.uuid('id must be an option id') });

/** An entry of a list as administrators see it. */
export const OptionRecord = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  color: z.string().nullable(),
  isActive: z.boolean(),
  isDefault: z.boolean(),
  sortOrder: z.int(),
  version: z.int(),
});
export type OptionRecord = z.infer<typeof OptionRecord>;

const optionFields = {
  code: singleLineString({ error: 'The code field is required.' })
    .trim()
    .min(1, 'The code field is required.')
    .max(100, 'The code cannot exceed 100 characters.'),
  /** Defaults to the code. */
  name: optionalText(200, 'The name cannot exceed 200 characters.'),
  color: optionalText(20, 'color must be a hex colour such as #1D4ED8').refine(
    (value) => value === null || isHexColour(value),
    'color must be a hex colour such as #1D4ED8',
  ),
  isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
  isDefault: z.boolean({ error: 'isDefault must be true or false' }).default(false),
  sortOrder: wholeNumber('sortOrder', 0, 100_000).default(0),
};

export const OptionCreateBody = z.strictObject(optionFields);
export type OptionCreateBody = z.infer<typeof OptionCreateBody>;

export const OptionUpdateBody = z.strictObject({ ...optionFields, version: versionField() });
export type OptionUpdateBody = z.infer<typeof OptionUpdateBody>;

export const OptionDeleteBody = z.strictObject({ version: versionField() });

export const KeywordQuery = z.strictObject({
  keyword: optionalText(100, 'keyword cannot exceed 100 characters'),
  ...cacheBusters,
});

/** Room services and waiting areas are asked for with page=1&pageSize=999. */
export const LookupPageQuery = z.strictObject({
  page: fromQuery(wholeNumber('page', 1).default(1)),
  pageSize: fromQuery(wholeNumber('pageSize', 1, 999).default(999)),
  ...cacheBusters,
});

export const CodeNameOption = z.object({ code: z.string(), name: z.string() });
export type CodeNameOption = z.infer<typeof CodeNameOption>;

/** Card number prefixes; the last entry is 'Custom' (id -1): the user types the number. */
export const CardPrefixItem = z.object({
  id: z.union([z.uuid(), z.literal(-1)]),
  prefix: z.string(),
});
export type CardPrefixItem = z.infer<typeof CardPrefixItem>;

export const CompanyOption = z.object({ id: z.uuid(), code: z.string(), name: z.string() });
export type CompanyOption = z.infer<typeof CompanyOption>;

/** `GET /dictionary/options?typeId=`: the dictionaries' lists by type (doc 2 section 7). */
export const DICTIONARY_TYPES = {
  1: 'mcPurpose',
  2: 'relationship',
  3: 'salutation',
} as const satisfies Record<number, OptionListName>;

const DICTIONARY_TYPE_TEXT = 'typeId must be 1 (MC purposes), 2 (relationships) or 3 (salutations)';

export const DictionaryQuery = z.strictObject({
  typeId: fromQuery(
    z.union([z.literal(1), z.literal(2), z.literal(3)], { error: DICTIONARY_TYPE_TEXT }),
  ),
  ...cacheBusters,
});

/** An entry of a dictionary: `description` is what forms show and keep. */
export const DictionaryOption = z.object({
  id: z.uuid(),
  code: z.string(),
  description: z.string(),
});
export type DictionaryOption = z.infer<typeof DictionaryOption>;
