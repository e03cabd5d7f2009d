/**
 * Stock, suppliers and dispensing (issue 12 'Dispensing and inventory'; doc 3 sections
 * 2.4, 7.1). Zod-free: the web reads these without the schemas.
 */

/** The kinds of ledger rows. */
export const STOCK_MOVEMENT_KINDS = [
  'receipt',
  'dispense',
  'adjustment',
  'tally',
  'requisition',
  /** Goods given back on a goods-return credit note (positive), or taken out again when it is voided (negative). */
  'return',
] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

/** Days ahead the near-expiry list looks by default. */
export const NEAR_EXPIRY_DAYS_DEFAULT = 90;
export const NEAR_EXPIRY_DAYS_MAX = 3650;
export const INVENTORY_PAGE_SIZE = 20;
export const INVENTORY_PAGE_SIZE_MAX = 200;
/** Largest quantity of one receipt, adjustment or dispense line. */
export const STOCK_QUANTITY_MAX = 1_000_000;
export const UNIT_COST_MAX_CENTS = 100_000_000;
export const DISPENSE_LINES_MAX = 50;

export const STOCK_MESSAGES = {
  itemUnknown: 'Please choose an item of the catalog that is dispensed from stock.',
  batchUnknown: 'This batch does not exist in this branch.',
  batchOfAnotherItem: 'This batch holds another item.',
  batchExpiryDiffers:
    'This batch number was received before with another expiry date; please check the batch number.',
  supplierUnknown: 'Please choose a supplier from the list.',
  supplierNotFound: 'This supplier does not exist.',
  supplierCodeTaken: 'Another supplier already has this code.',
  belowZero: 'This adjustment would leave the batch below zero.',
  lineTwice: 'Each item may appear only once in a dispensing; add up its quantities.',
  periodBackwards: 'The end date must be on or after the start date.',
  reasonRequired: 'Please give the reason for the adjustment.',
} as const;
export type StockMessageKey = keyof typeof STOCK_MESSAGES;

/** Refusals whose words name values. */
export const STOCK_REFUSAL_FORMATS = {
  'stock.belowZeroLeft': (batchNo: string, onHand: number) =>
    `Batch ${batchNo} holds ${onHand}; an adjustment may not take it below zero.`,
  'stock.returnedGone': (itemName: string, batchNo: string, onHand: number, returned: number) =>
    `${returned} of ${itemName} went back into batch ${batchNo}, which now holds ${onHand}: the returned stock is no longer there to take out again. Adjust or receive the stock first.`,
} as const;
