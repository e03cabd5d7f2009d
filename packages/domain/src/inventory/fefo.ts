/**
 * First-expiry-first-out batch selection for dispensing (issue 12 'Dispensing and
 * inventory'; doc 1 section 9 and doc 3 section 9: stock costing method FEFO 1).
 *
 * Decisions where the spec is silent (ours):
 * - A batch expiring on the clinic's date is NOT dispensed: what is handed out today is
 *   taken over the following days, so only batches whose expiry date is after the
 *   clinic's date count as unexpired (an expiry date is the last day of use).
 * - A batch without an expiry date (dressings, devices) is dispensed after every dated
 *   batch.
 * - Batches of the same expiry are taken by batch number, then id, so the choice is the
 *   same on every run.
 * - Quantities are whole dispensing units; a batch's on-hand is never negative (it is the
 *   ledger's sum): a negative or fractional one is a bug and throws.
 */
import { epochDay, formatIsoDate, parseIsoDate } from '../common/dates.ts';

export interface StockBatch {
  id: string;
  batchNo: string;
  /** 'YYYY-MM-DD', the last day of use; null for an item that does not expire. */
  expiryDate: string | null;
  /** Whole units on hand (the ledger's sum for the batch). */
  quantityOnHand: number;
}

export interface BatchPick {
  batchId: string;
  batchNo: string;
  expiryDate: string | null;
  quantity: number;
}

export interface StockShortage {
  /** What was asked for. */
  requested: number;
  /** Unexpired units on hand: what can be dispensed. */
  available: number;
  /** Units on hand in expired batches (not dispensable, shown so the desk knows why). */
  expiredOnHand: number;
}

export const INVENTORY_MESSAGES = {
  quantityRequired: 'The quantity to dispense is required',
  quantityWhole: 'The quantity to dispense must be a whole number greater than 0.',
  clinicDateInvalid: 'The clinic date is not a valid date.',
} as const;
export type InventoryMessageKey = keyof typeof INVENTORY_MESSAGES;

/** Refusals whose words name values (the item, what is left): for the refusal catalogue. */
export const INVENTORY_REFUSAL_FORMATS = {
  'inventory.stockShort': (itemName: string, available: number, requested: number, unit: string) =>
    available === 0
      ? `${itemName} is out of stock: no unexpired ${unit} left (${requested} asked for).`
      : `Only ${available} ${unit} of ${itemName} left in unexpired stock; ${requested} asked for.`,
} as const;

export interface InventoryProblem<F extends string = string> {
  field: F;
  key: InventoryMessageKey;
}

export type FefoResult =
  | { kind: 'picked'; picks: BatchPick[] }
  | { kind: 'invalid'; problems: InventoryProblem<'quantity' | 'clinicDate'>[] }
  | { kind: 'short'; shortage: StockShortage };

function checkedBatch(batch: StockBatch): StockBatch {
  if (!Number.isSafeInteger(batch.quantityOnHand) || batch.quantityOnHand < 0) {
    throw new RangeError(`Batch ${batch.batchNo} has ${String(batch.quantityOnHand)} on hand.`);
  }
  if (batch.expiryDate !== null && parseIsoDate(batch.expiryDate) === null) {
    throw new RangeError(`Batch ${batch.batchNo} has no valid expiry date: ${batch.expiryDate}`);
  }
  return batch;
}

/** Whether a batch may be dispensed on the clinic's date: no expiry, or expiring after it. */
export function isBatchDispensable(
  batch: Pick<StockBatch, 'expiryDate'>,
  clinicDate: string,
): boolean {
  return batch.expiryDate === null || batch.expiryDate > clinicDate;
}

/** Earliest expiry first, undated last, then batch number, then id. */
export function compareByExpiry(a: StockBatch, b: StockBatch): number {
  if (a.expiryDate !== b.expiryDate) {
    if (a.expiryDate === null) return 1;
    if (b.expiryDate === null) return -1;
    return a.expiryDate < b.expiryDate ? -1 : 1;
  }
  if (a.batchNo !== b.batchNo) return a.batchNo < b.batchNo ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The batches and quantities to dispense `quantity` units from on `clinicDate`: first
 * expiry first out, unexpired batches only, never more than a batch holds. A shortage
 * names what can be dispensed; a quantity that is not a whole number above 0 is refused.
 */
export function pickBatchesFefo(
  batches: readonly StockBatch[],
  quantity: number | null,
  clinicDate: string,
): FefoResult {
  const problems: InventoryProblem<'quantity' | 'clinicDate'>[] = [];
  if (quantity === null) problems.push({ field: 'quantity', key: 'quantityRequired' });
  else if (!Number.isSafeInteger(quantity) || quantity < 1) {
    problems.push({ field: 'quantity', key: 'quantityWhole' });
  }
  if (parseIsoDate(clinicDate) === null) {
    problems.push({ field: 'clinicDate', key: 'clinicDateInvalid' });
  }
  if (problems.length > 0 || quantity === null) return { kind: 'invalid', problems };

  const checked = batches.map(checkedBatch);
  const usable = checked
    .filter((batch) => batch.quantityOnHand > 0 && isBatchDispensable(batch, clinicDate))
    .sort(compareByExpiry);
  const available = usable.reduce((sum, batch) => sum + batch.quantityOnHand, 0);
  if (available < quantity) {
    const expiredOnHand = checked
      .filter((batch) => !isBatchDispensable(batch, clinicDate))
      .reduce((sum, batch) => sum + batch.quantityOnHand, 0);
    return { kind: 'short', shortage: { requested: quantity, available, expiredOnHand } };
  }
  const picks: BatchPick[] = [];
  let left = quantity;
  for (const batch of usable) {
    if (left === 0) break;
    const taken = Math.min(left, batch.quantityOnHand);
    picks.push({
      batchId: batch.id,
      batchNo: batch.batchNo,
      expiryDate: batch.expiryDate,
      quantity: taken,
    });
    left -= taken;
  }
  return { kind: 'picked', picks };
}

export type BatchExpiryStatus = 'expired' | 'nearExpiry' | 'unexpired' | 'noExpiry';

/**
 * A batch's state on the clinic's date for the near-expiry list: expired when it may not
 * be dispensed (expiry on or before the date), near expiry when it expires within
 * `nearDays` days after it.
 */
export function batchExpiryStatus(
  expiryDate: string | null,
  clinicDate: string,
  nearDays: number,
): BatchExpiryStatus {
  if (expiryDate === null) return 'noExpiry';
  if (!isBatchDispensable({ expiryDate }, clinicDate)) return 'expired';
  const today = parseIsoDate(clinicDate);
  if (today === null) throw new RangeError(`Not a date: ${clinicDate}`);
  const limit = new Date((epochDay(today) + nearDays) * 86_400_000);
  const last = formatIsoDate({
    year: limit.getUTCFullYear(),
    month: limit.getUTCMonth() + 1,
    day: limit.getUTCDate(),
  });
  return expiryDate <= last ? 'nearExpiry' : 'unexpired';
}
