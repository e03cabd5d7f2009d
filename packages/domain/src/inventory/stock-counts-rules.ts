/**
 * Stock tally (count sheets and variances) and requisitions between branches (issue 12
 * 'Dispensing and inventory'; docs/architecture.md "Stock tally and requisitions").
 * Zod-free: the web's count sheet reads the arithmetic without the schemas.
 */

export const TALLY_STATUSES = ['open', 'finalised', 'cancelled'] as const;
export type TallyStatus = (typeof TALLY_STATUSES)[number];

export const REQUISITION_STATUSES = ['requested', 'issued', 'refused', 'cancelled'] as const;
export type RequisitionStatus = (typeof REQUISITION_STATUSES)[number];

/** Which requisitions a branch lists: those it asked for, those asked of it, or both. */
export const REQUISITION_DIRECTIONS = ['all', 'outgoing', 'incoming'] as const;
export type RequisitionDirection = (typeof REQUISITION_DIRECTIONS)[number];

/** Most batches one count sheet holds, and items one requisition asks for. */
export const TALLY_LINES_MAX = 5_000;
export const TALLY_ITEMS_MAX = 500;
export const REQUISITION_LINES_MAX = 50;

export const TALLY_MESSAGES = {
  notFound: 'This count sheet does not exist in this branch.',
  openExists: 'This branch already has an open count sheet; finalise or cancel it first.',
  nothingToCount: 'There is no stock of these items in this branch to count.',
  notOpen: 'This count sheet is already finalised or cancelled and can no longer change.',
  batchNotOnSheet: 'This batch is not on this count sheet.',
  batchTwice: 'Each batch may appear only once.',
  itemTwice: 'Each item may be chosen only once.',
  nothingCounted: 'Please enter at least one counted quantity before finalising.',
  reasonRequired: 'Please give the reason for the stock tally.',
} as const;
export type TallyMessageKey = keyof typeof TALLY_MESSAGES;

export const TALLY_REFUSAL_FORMATS = {
  'tally.recount': (batchNo: string, onHand: number, counted: number, expected: number) =>
    `Batch ${batchNo} now holds ${onHand}: its count of ${counted}, entered when it held ` +
    `${expected}, would leave it below zero. Please count it again.`,
} as const;

export const REQUISITION_MESSAGES = {
  notFound: 'This requisition does not exist for this branch.',
  branchUnknown: 'Please choose another branch of this clinic.',
  sameBranch: 'A branch cannot ask itself for stock; please choose another branch.',
  notSupplier: 'Only the supplying branch may issue or refuse this requisition.',
  notRequester: 'Only the requesting branch may cancel this requisition.',
  notRequested: 'This requisition has already been issued, refused or cancelled.',
  reasonRequired: 'Please give the reason for refusing.',
  lineTwice: 'Each item may appear only once in a requisition; add up its quantities.',
} as const;
export type RequisitionMessageKey = keyof typeof REQUISITION_MESSAGES;

export const REQUISITION_REFUSAL_FORMATS = {
  'requisition.batchExpiryDiffers': (batchNo: string, itemName: string) =>
    `Batch ${batchNo} of ${itemName} is already kept by the requesting branch with another ` +
    'expiry date, so it cannot be issued into it. Please check the batch numbers.',
} as const;

/**
 * A counted batch's variance: what was counted less what the ledger held when the count
 * was entered (null while not counted). Posted as it is at finalisation, so movements made
 * after the count (a dispensing meanwhile) stay in the ledger.
 */
export function tallyVariance(counted: number | null, expected: number): number | null {
  return counted === null ? null : counted - expected;
}

/** A variance's value at the batch's unit cost, in cents (negative for a loss). */
export function varianceValueCents(variance: number | null, unitCostCents: number): number | null {
  return variance === null ? null : variance * unitCostCents;
}

export interface TallyTotals {
  lines: number;
  counted: number;
  /** Counted lines whose count differs from what the ledger held. */
  withVariance: number;
  /** Sum of the counted lines' variance values, in cents. */
  valueCents: number;
}

/** Totals of a count sheet's lines. */
export function tallyTotals(
  lines: ReadonlyArray<{ counted: number | null; expected: number; unitCostCents: number }>,
): TallyTotals {
  let counted = 0;
  let withVariance = 0;
  let valueCents = 0;
  for (const line of lines) {
    const variance = tallyVariance(line.counted, line.expected);
    if (variance === null) continue;
    counted += 1;
    if (variance !== 0) withVariance += 1;
    valueCents += variance * line.unitCostCents;
  }
  return { lines: lines.length, counted, withVariance, valueCents };
}
