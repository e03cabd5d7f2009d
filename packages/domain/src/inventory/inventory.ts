import { z } from 'zod';
import {
  cacheBusters,
  fromQuery,
  isoDate,
  optionalId,
  optionalText,
  requiredId,
  requiredText,
  versionField,
  wholeNumber,
} from '../common/fields.ts';
import {
  DISPENSE_LINES_MAX,
  INVENTORY_PAGE_SIZE,
  INVENTORY_PAGE_SIZE_MAX,
  NEAR_EXPIRY_DAYS_DEFAULT,
  NEAR_EXPIRY_DAYS_MAX,
  STOCK_MOVEMENT_KINDS,
  STOCK_QUANTITY_MAX,
  UNIT_COST_MAX_CENTS,
} from './inventory-rules.ts';

/** Stock, suppliers and dispensing: requests and answers (doc 3 sections 2.4, 7.1). */

const page = {
  pageIndex: fromQuery(wholeNumber('pageIndex', 1).default(1)),
  pageSize: fromQuery(
    wholeNumber('pageSize', 1, INVENTORY_PAGE_SIZE_MAX).default(INVENTORY_PAGE_SIZE),
  ),
};
const keyword = optionalText(100, 'keyword cannot exceed 100 characters');
const itemId = requiredId('itemId is required', 'itemId must be a catalog item id');
const quantity = wholeNumber('quantity', 1, STOCK_QUANTITY_MAX);
const queryDate = (field: string) =>
  fromQuery(isoDate(`${field} is required`, `${field} must be a date YYYY-MM-DD`).optional());

export const InventoryIdParams = z.strictObject({ id: z.uuid('id must be an id') });
export const NoInventoryQuery = z.strictObject({ ...cacheBusters });

// --- Items and batches ----------------------------------------------------------------

export const InventoryItemsQuery = z.strictObject({ keyword, ...page, ...cacheBusters });
export type InventoryItemsQuery = z.infer<typeof InventoryItemsQuery>;

/** A stocked catalog item with the branch's on-hand (the ledger's sum). */
export const InventoryItem = z.object({
  itemId: z.uuid(),
  code: z.string(),
  name: z.string(),
  type: z.string(),
  dispensingUnit: z.string().nullable(),
  /** Every unit on hand in the branch (expired batches included). */
  onHand: z.int(),
  /** Units in batches that may no longer be dispensed. */
  expiredOnHand: z.int(),
  /** The branch's reorder level; null when none is set. */
  reorderLevel: z.int().nullable(),
  /** The reorder level's version: 0 when none is set. */
  reorderVersion: z.int(),
});
export type InventoryItem = z.infer<typeof InventoryItem>;

export const StockBatchRecord = z.object({
  id: z.uuid(),
  itemId: z.uuid(),
  itemCode: z.string(),
  itemName: z.string(),
  batchNo: z.string(),
  expiryDate: z.string().nullable(),
  unitCostCents: z.int(),
  supplierId: z.uuid().nullable(),
  onHand: z.int(),
  /** On the clinic's date: expired, nearExpiry (within the days asked, default 90), unexpired, noExpiry. */
  expiryStatus: z.enum(['expired', 'nearExpiry', 'unexpired', 'noExpiry']),
  createdAt: z.int(),
});
export type StockBatchRecord = z.infer<typeof StockBatchRecord>;

export const StockMovementRecord = z.object({
  id: z.uuid(),
  itemId: z.uuid(),
  itemName: z.string(),
  batchId: z.uuid(),
  batchNo: z.string(),
  quantity: z.int(),
  kind: z.enum(STOCK_MOVEMENT_KINDS),
  reason: z.string().nullable(),
  referenceId: z.uuid().nullable(),
  createdBy: z.uuid().nullable(),
  createdAt: z.int(),
});
export type StockMovementRecord = z.infer<typeof StockMovementRecord>;

export const ItemDetailQuery = z.strictObject({ ...page, ...cacheBusters });
export type ItemDetailQuery = z.infer<typeof ItemDetailQuery>;

export const InventoryItemDetail = z.object({
  item: InventoryItem,
  batches: z.array(StockBatchRecord),
  /** A page of the item's ledger, newest first. */
  ledger: z.object({ items: z.array(StockMovementRecord), total: z.int() }),
});
export type InventoryItemDetail = z.infer<typeof InventoryItemDetail>;

export const ReorderLevelBody = z.strictObject({
  reorderLevel: wholeNumber('reorderLevel', 0, STOCK_QUANTITY_MAX),
  /** 0 when the branch has no reorder level for the item yet. */
  version: versionField(),
});
export type ReorderLevelBody = z.infer<typeof ReorderLevelBody>;

export const BatchesQuery = z.strictObject({
  itemId: fromQuery(z.uuid('itemId must be a catalog item id').optional()),
  batchId: fromQuery(z.uuid('batchId must be a batch id').optional()),
  /** Include batches with nothing left (default: only batches with stock). */
  includeEmpty: fromQuery(
    z
      .enum(['true', 'false'], { error: 'includeEmpty must be true or false' })
      .transform((value) => value === 'true')
      .default(false),
  ),
  ...cacheBusters,
});
export type BatchesQuery = z.infer<typeof BatchesQuery>;

export const TransactionsQuery = z.strictObject({
  itemId: fromQuery(z.uuid('itemId must be a catalog item id').optional()),
  batchId: fromQuery(z.uuid('batchId must be a batch id').optional()),
  kind: fromQuery(
    z
      .enum(STOCK_MOVEMENT_KINDS, {
        error: `kind must be one of ${STOCK_MOVEMENT_KINDS.join(', ')}`,
      })
      .optional(),
  ),
  fromDate: queryDate('fromDate'),
  toDate: queryDate('toDate'),
  ...page,
  ...cacheBusters,
});
export type TransactionsQuery = z.infer<typeof TransactionsQuery>;

export const NearExpiryQuery = z.strictObject({
  days: fromQuery(wholeNumber('days', 1, NEAR_EXPIRY_DAYS_MAX).default(NEAR_EXPIRY_DAYS_DEFAULT)),
  ...cacheBusters,
});
export type NearExpiryQuery = z.infer<typeof NearExpiryQuery>;

// --- Receipts and adjustments ---------------------------------------------------------

export const ReceiptBody = z.strictObject({
  itemId,
  batchNo: requiredText('batchNo is required', 50, 'batchNo cannot exceed 50 characters'),
  /** The last day of use; null for an item that does not expire. */
  expiryDate: isoDate('expiryDate is required', 'expiryDate must be a date YYYY-MM-DD')
    .nullable()
    .default(null),
  quantity,
  unitCostCents: wholeNumber('unitCostCents', 0, UNIT_COST_MAX_CENTS),
  supplierId: optionalId('supplierId must be a supplier id'),
  remark: optionalText(200, 'remark cannot exceed 200 characters'),
});
export type ReceiptBody = z.infer<typeof ReceiptBody>;

export const AdjustmentBody = z.strictObject({
  batchId: requiredId('batchId is required', 'batchId must be a batch id'),
  /** Signed: positive adds stock, negative takes it away; never 0. */
  quantity: wholeNumber('quantity', -STOCK_QUANTITY_MAX, STOCK_QUANTITY_MAX).refine(
    (value) => value !== 0,
    'quantity must not be 0',
  ),
  reason: requiredText(
    'Please give the reason for the adjustment.',
    200,
    'reason cannot exceed 200 characters',
  ),
});
export type AdjustmentBody = z.infer<typeof AdjustmentBody>;

/** What a receipt or adjustment wrote: the batch as it now stands and the ledger row. */
export const StockChange = z.object({
  batch: StockBatchRecord,
  movement: StockMovementRecord,
});
export type StockChange = z.infer<typeof StockChange>;

// --- Suppliers ------------------------------------------------------------------------

export const SuppliersQuery = z.strictObject({ keyword, ...page, ...cacheBusters });
export type SuppliersQuery = z.infer<typeof SuppliersQuery>;

/** name@domain.tld, printable characters only (no spaces, controls or direction marks). */
const EMAIL_SHAPE = /^[^\s@\p{C}]+@[^\s@\p{C}]+\.[^\s@\p{C}]+$/u;

const supplierFields = {
  code: requiredText('Code is required', 50, 'Code cannot exceed 50 characters'),
  name: requiredText('Name is required', 200, 'Name cannot exceed 200 characters'),
  contactPerson: optionalText(100, 'contactPerson cannot exceed 100 characters'),
  contactNo: optionalText(30, 'contactNo cannot exceed 30 characters'),
  email: optionalText(200, 'email cannot exceed 200 characters').refine(
    (value) => value === null || EMAIL_SHAPE.test(value),
    'Please enter a valid email address',
  ),
  address: optionalText(500, 'address cannot exceed 500 characters', 'multi'),
  isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
};
export const SupplierCreateBody = z.strictObject(supplierFields);
export type SupplierCreateBody = z.infer<typeof SupplierCreateBody>;
export const SupplierUpdateBody = z.strictObject({ ...supplierFields, version: versionField() });
export type SupplierUpdateBody = z.infer<typeof SupplierUpdateBody>;
export const SupplierDeleteBody = z.strictObject({ version: versionField() });

export const Supplier = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  contactPerson: z.string().nullable(),
  contactNo: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  isActive: z.boolean(),
  version: z.int(),
  updatedAt: z.int(),
});
export type Supplier = z.infer<typeof Supplier>;

// --- Dispensing -----------------------------------------------------------------------

export const DispenseLineInput = z.strictObject({ itemId, quantity });

export const DispenseBody = z.strictObject({
  visitId: requiredId('visitId is required', 'visitId must be a visit id'),
  lines: z
    .array(DispenseLineInput, { error: 'lines must be a list of items and quantities' })
    .min(1, 'Please choose at least one item to dispense')
    .max(DISPENSE_LINES_MAX, `A dispensing has at most ${DISPENSE_LINES_MAX} lines`),
});
export type DispenseBody = z.infer<typeof DispenseBody>;

export const DispensePick = z.object({
  batchId: z.uuid(),
  batchNo: z.string(),
  expiryDate: z.string().nullable(),
  quantity: z.int(),
});

export const DispenseRecord = z.object({
  id: z.uuid(),
  visitId: z.uuid(),
  createdAt: z.int(),
  lines: z.array(
    z.object({
      itemId: z.uuid(),
      itemName: z.string(),
      quantity: z.int(),
      batches: z.array(DispensePick),
    }),
  ),
});
export type DispenseRecord = z.infer<typeof DispenseRecord>;

/** `GET /inventory/batchs/dispense-record` (doc 3 section 7.1): the batch dispensing report. */
export const DispenseReportQuery = z.strictObject({
  fromDate: queryDate('fromDate'),
  toDate: queryDate('toDate'),
  itemId: fromQuery(z.uuid('itemId must be a catalog item id').optional()),
  ...cacheBusters,
});
export type DispenseReportQuery = z.infer<typeof DispenseReportQuery>;

export const DispenseReportRow = z.object({
  dispenseId: z.uuid(),
  visitId: z.uuid(),
  dispensedAt: z.int(),
  itemId: z.uuid(),
  itemCode: z.string(),
  itemName: z.string(),
  batchId: z.uuid(),
  batchNo: z.string(),
  expiryDate: z.string().nullable(),
  quantity: z.int(),
});
export type DispenseReportRow = z.infer<typeof DispenseReportRow>;

// --- Item log -------------------------------------------------------------------------

/** The item log: each stocked item's movement over a period of clinic dates. */
export const ItemLogQuery = z.strictObject({
  fromDate: fromQuery(isoDate('fromDate is required', 'fromDate must be a date YYYY-MM-DD')),
  toDate: fromQuery(isoDate('toDate is required', 'toDate must be a date YYYY-MM-DD')),
  keyword,
  ...page,
  ...cacheBusters,
});
export type ItemLogQuery = z.infer<typeof ItemLogQuery>;

export const ItemLogRow = z.object({
  itemId: z.uuid(),
  code: z.string(),
  name: z.string(),
  dispensingUnit: z.string().nullable(),
  /** On hand at the start of fromDate. */
  opening: z.int(),
  /** Units in (receipts, positive adjustments and counts) during the period. */
  ins: z.int(),
  /** Units out (dispensed, negative adjustments and counts), as a positive number. */
  outs: z.int(),
  /** On hand at the end of toDate: opening + ins - outs. */
  closing: z.int(),
});
export type ItemLogRow = z.infer<typeof ItemLogRow>;
