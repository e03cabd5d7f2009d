import { z } from 'zod';
import {
  cacheBusters,
  fromQuery,
  optionalText,
  requiredText,
  versionField,
  wholeNumber,
} from '../common/fields.ts';
import {
  INVENTORY_PAGE_SIZE,
  INVENTORY_PAGE_SIZE_MAX,
  STOCK_QUANTITY_MAX,
} from './inventory-rules.ts';
import {
  TALLY_ITEMS_MAX,
  TALLY_LINES_MAX,
  TALLY_MESSAGES,
  TALLY_STATUSES,
} from './stock-counts-rules.ts';

/** Count sheets and their variances: requests and answers (doc 3 section 2.4 stockTally). */

const page = {
  pageIndex: fromQuery(wholeNumber('pageIndex', 1).default(1)),
  pageSize: fromQuery(
    wholeNumber('pageSize', 1, INVENTORY_PAGE_SIZE_MAX).default(INVENTORY_PAGE_SIZE),
  ),
};

export const TallyIdParams = z.strictObject({ id: z.uuid('id must be an id') });

export const TalliesQuery = z.strictObject({
  status: fromQuery(
    z
      .enum(TALLY_STATUSES, { error: `status must be one of ${TALLY_STATUSES.join(', ')}` })
      .optional(),
  ),
  ...page,
  ...cacheBusters,
});
export type TalliesQuery = z.infer<typeof TalliesQuery>;

export const NoTallyQuery = z.strictObject({ ...cacheBusters });

/** A new count sheet: every stocked item of the branch, or the items chosen. */
export const TallyCreateBody = z.strictObject({
  itemIds: z
    .array(z.uuid('itemIds must be catalog item ids'), {
      error: 'itemIds must be a list of catalog item ids',
    })
    .max(TALLY_ITEMS_MAX, `A count sheet takes at most ${TALLY_ITEMS_MAX} chosen items`)
    .refine((ids) => new Set(ids).size === ids.length, TALLY_MESSAGES.itemTwice)
    .default([]),
  remark: optionalText(200, 'remark cannot exceed 200 characters'),
});
export type TallyCreateBody = z.infer<typeof TallyCreateBody>;

export const TallyLineInput = z.strictObject({
  batchId: z.uuid('batchId must be a batch id'),
  /** What is on the shelf; null clears the count. */
  counted: wholeNumber('counted', 0, STOCK_QUANTITY_MAX).nullable(),
  /** Why this batch differs (a broken bottle); the sheet's reason is used when blank. */
  reason: optionalText(200, 'reason cannot exceed 200 characters'),
});

/** Counts entered so far (part-filled is fine): only the lines sent change. */
export const TallySaveBody = z.strictObject({
  version: versionField(),
  lines: z
    .array(TallyLineInput, { error: 'lines must be a list of batches and counts' })
    .max(TALLY_LINES_MAX, `A count sheet has at most ${TALLY_LINES_MAX} lines`)
    .refine(
      (lines) => new Set(lines.map((line) => line.batchId)).size === lines.length,
      TALLY_MESSAGES.batchTwice,
    ),
});
export type TallySaveBody = z.infer<typeof TallySaveBody>;

export const TallyFinaliseBody = z.strictObject({
  version: versionField(),
  reason: requiredText(TALLY_MESSAGES.reasonRequired, 200, 'reason cannot exceed 200 characters'),
});
export type TallyFinaliseBody = z.infer<typeof TallyFinaliseBody>;

export const TallyCancelBody = z.strictObject({
  version: versionField(),
  reason: optionalText(200, 'reason cannot exceed 200 characters'),
});
export type TallyCancelBody = z.infer<typeof TallyCancelBody>;

export const TallySummary = z.object({
  id: z.uuid(),
  number: z.int(),
  status: z.enum(TALLY_STATUSES),
  remark: z.string().nullable(),
  /** The finalisation's or cancellation's reason. */
  reason: z.string().nullable(),
  lineCount: z.int(),
  countedCount: z.int(),
  /** Sum of the counted lines' variance values, in cents. */
  varianceValueCents: z.int(),
  createdAt: z.int(),
  createdByName: z.string().nullable(),
  closedAt: z.int().nullable(),
  closedByName: z.string().nullable(),
  version: z.int(),
});
export type TallySummary = z.infer<typeof TallySummary>;

export const TallyLine = z.object({
  batchId: z.uuid(),
  itemId: z.uuid(),
  itemCode: z.string(),
  itemName: z.string(),
  dispensingUnit: z.string().nullable(),
  batchNo: z.string(),
  expiryDate: z.string().nullable(),
  unitCostCents: z.int(),
  /** What the ledger held when the count was entered (when the sheet was opened, until then). */
  expected: z.int(),
  counted: z.int().nullable(),
  variance: z.int().nullable(),
  varianceValueCents: z.int().nullable(),
  reason: z.string().nullable(),
  countedAt: z.int().nullable(),
});
export type TallyLine = z.infer<typeof TallyLine>;

export const TallySheet = z.object({ sheet: TallySummary, lines: z.array(TallyLine) });
export type TallySheet = z.infer<typeof TallySheet>;

/** One batch of an item on a finalised sheet: the item's tally history. */
export const TallyHistoryRow = z.object({
  tallyId: z.uuid(),
  number: z.int(),
  finalisedAt: z.int(),
  finalisedByName: z.string().nullable(),
  batchId: z.uuid(),
  batchNo: z.string(),
  expiryDate: z.string().nullable(),
  expected: z.int(),
  counted: z.int().nullable(),
  variance: z.int().nullable(),
  varianceValueCents: z.int().nullable(),
  reason: z.string().nullable(),
});
export type TallyHistoryRow = z.infer<typeof TallyHistoryRow>;

export const TallyHistory = z.object({
  item: z.object({
    itemId: z.uuid(),
    code: z.string(),
    name: z.string(),
    dispensingUnit: z.string().nullable(),
  }),
  rows: z.array(TallyHistoryRow),
});
export type TallyHistory = z.infer<typeof TallyHistory>;
