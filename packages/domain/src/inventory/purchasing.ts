import { z } from 'zod';
import {
  cacheBusters,
  fromQuery,
  isoDate,
  optionalText,
  requiredId,
  requiredText,
  versionField,
  wholeNumber,
} from '../common/fields.ts';
import { MAX_TAX_RATE_BASIS_POINTS } from '../prescriptions/prices.ts';
import {
  INVENTORY_PAGE_SIZE_MAX,
  STOCK_QUANTITY_MAX,
  UNIT_COST_MAX_CENTS,
} from './inventory-rules.ts';
import {
  PURCHASE_LINES_MAX,
  PURCHASE_MESSAGES,
  PURCHASE_PAGE_SIZE,
  PURCHASE_STATUSES,
  PURCHASE_VOID_REASON_MAX,
  RECEIPT_LINES_MAX,
} from './purchasing-rules.ts';

/** Purchase orders, goods received and vendors: requests and answers (doc 3 sections 2.1, 2.4, 7.1, 7.3). */

const page = {
  pageIndex: fromQuery(wholeNumber('pageIndex', 1).default(1)),
  pageSize: fromQuery(
    wholeNumber('pageSize', 1, INVENTORY_PAGE_SIZE_MAX).default(PURCHASE_PAGE_SIZE),
  ),
};
const keyword = optionalText(100, 'keyword cannot exceed 100 characters');
const queryDate = (field: string) =>
  fromQuery(isoDate(`${field} is required`, `${field} must be a date YYYY-MM-DD`).optional());
const reference = (field: string) => optionalText(50, `${field} cannot exceed 50 characters`);
const quantity = wholeNumber('quantity', 1, STOCK_QUANTITY_MAX);
const unitCostCents = wholeNumber('unitCostCents', 0, UNIT_COST_MAX_CENTS);

export const PurchaseIdParams = z.strictObject({ id: z.uuid('id must be an id') });
export const NoPurchaseQuery = z.strictObject({ ...cacheBusters });

// --- Orders ---------------------------------------------------------------------------

export const PurchaseLineInput = z.strictObject({
  itemId: requiredId('itemId is required', 'itemId must be a catalog item id'),
  quantity,
  unitCostCents,
  /** Basis points (900 = 9%); absent or null: the catalog item's tax rate. */
  taxRateBasisPoints: wholeNumber('taxRateBasisPoints', 0, MAX_TAX_RATE_BASIS_POINTS)
    .nullable()
    .default(null),
});
export type PurchaseLineInput = z.infer<typeof PurchaseLineInput>;

const orderFields = {
  supplierId: requiredId('Please choose a supplier', 'supplierId must be a supplier id'),
  /** The order's date; absent: the clinic's today. */
  orderDate: isoDate('orderDate is required', 'orderDate must be a date YYYY-MM-DD')
    .nullable()
    .default(null),
  /** The supplier's own reference for the order (doc 3's supplier PO). */
  supplierPo: reference('supplierPo'),
  /** Payment terms, e.g. '30 days'. */
  terms: optionalText(100, 'terms cannot exceed 100 characters'),
  remark: optionalText(500, 'remark cannot exceed 500 characters', 'multi'),
  lines: z
    .array(PurchaseLineInput, { error: 'lines must be a list of items and quantities' })
    .max(PURCHASE_LINES_MAX, `A purchase order has at most ${PURCHASE_LINES_MAX} lines`)
    .default([]),
};
export const PurchaseCreateBody = z.strictObject(orderFields);
export type PurchaseCreateBody = z.infer<typeof PurchaseCreateBody>;
export const PurchaseUpdateBody = z.strictObject({ ...orderFields, version: versionField() });
export type PurchaseUpdateBody = z.infer<typeof PurchaseUpdateBody>;
export const PurchaseConfirmBody = z.strictObject({ version: versionField() });
export type PurchaseConfirmBody = z.infer<typeof PurchaseConfirmBody>;
export const PurchaseVoidBody = z.strictObject({
  version: versionField(),
  reason: requiredText(
    PURCHASE_MESSAGES.voidReasonRequired,
    PURCHASE_VOID_REASON_MAX,
    `reason cannot exceed ${PURCHASE_VOID_REASON_MAX} characters`,
  ),
});
export type PurchaseVoidBody = z.infer<typeof PurchaseVoidBody>;

const status = z.enum(PURCHASE_STATUSES);

export const PurchasesQuery = z.strictObject({
  status: fromQuery(
    z
      .enum(PURCHASE_STATUSES, { error: `status must be one of ${PURCHASE_STATUSES.join(', ')}` })
      .optional(),
  ),
  supplierId: fromQuery(z.uuid('supplierId must be a supplier id').optional()),
  fromDate: queryDate('fromDate'),
  toDate: queryDate('toDate'),
  keyword,
  ...page,
  ...cacheBusters,
});
export type PurchasesQuery = z.infer<typeof PurchasesQuery>;

const supplierRef = z.object({ id: z.uuid(), code: z.string(), name: z.string() });

export const PurchaseLine = z.object({
  id: z.uuid(),
  lineNo: z.int(),
  itemId: z.uuid(),
  itemCode: z.string(),
  itemName: z.string(),
  dispensingUnit: z.string().nullable(),
  quantity: z.int(),
  receivedQuantity: z.int(),
  unitCostCents: z.int(),
  taxRateBasisPoints: z.int(),
  subtotalCents: z.int(),
  taxCents: z.int(),
  totalCents: z.int(),
});
export type PurchaseLine = z.infer<typeof PurchaseLine>;

export const PurchaseSummary = z.object({
  id: z.uuid(),
  purchaseNo: z.string(),
  supplier: supplierRef,
  status,
  /** Doc 3 section 3.7's number of the status. */
  statusCode: z.int(),
  orderDate: z.string(),
  supplierPo: z.string().nullable(),
  lineCount: z.int(),
  quantity: z.int(),
  receivedQuantity: z.int(),
  grandTotalCents: z.int(),
  version: z.int(),
  updatedAt: z.int(),
});
export type PurchaseSummary = z.infer<typeof PurchaseSummary>;

export const ReceivedRef = z.object({
  id: z.uuid(),
  receivedNo: z.string(),
  receivedDate: z.string(),
  supplierInvoiceNo: z.string().nullable(),
  supplierGrnNo: z.string().nullable(),
});

export const Purchase = PurchaseSummary.extend({
  terms: z.string().nullable(),
  remark: z.string().nullable(),
  voidReason: z.string().nullable(),
  lines: z.array(PurchaseLine),
  subtotalCents: z.int(),
  taxCents: z.int(),
  receipts: z.array(ReceivedRef),
  createdAt: z.int(),
  confirmedAt: z.int().nullable(),
  voidedAt: z.int().nullable(),
});
export type Purchase = z.infer<typeof Purchase>;

// --- Goods received -------------------------------------------------------------------

export const ReceiptLineInput = z.strictObject({
  purchaseLineId: requiredId('purchaseLineId is required', 'purchaseLineId must be a line id'),
  batchNo: requiredText('batchNo is required', 50, 'batchNo cannot exceed 50 characters'),
  /** The last day of use; null for an item that does not expire. */
  expiryDate: isoDate('expiryDate is required', 'expiryDate must be a date YYYY-MM-DD')
    .nullable()
    .default(null),
  quantity,
  /** Absent or null: the order line's unit cost. */
  unitCostCents: unitCostCents.nullable().default(null),
});
export type ReceiptLineInput = z.infer<typeof ReceiptLineInput>;

export const PurchaseReceiptBody = z.strictObject({
  receivedDate: isoDate('receivedDate is required', 'receivedDate must be a date YYYY-MM-DD'),
  /** The supplier's invoice and goods received (delivery) numbers, as printed on their papers. */
  supplierInvoiceNo: reference('supplierInvoiceNo'),
  supplierGrnNo: reference('supplierGrnNo'),
  remark: optionalText(500, 'remark cannot exceed 500 characters', 'multi'),
  lines: z
    .array(ReceiptLineInput, { error: 'lines must be a list of received batches' })
    .min(1, 'Please receive at least one line')
    .max(RECEIPT_LINES_MAX, `A receipt has at most ${RECEIPT_LINES_MAX} lines`),
});
export type PurchaseReceiptBody = z.infer<typeof PurchaseReceiptBody>;

export const ReceivedLine = z.object({
  id: z.uuid(),
  purchaseLineId: z.uuid(),
  itemId: z.uuid(),
  itemCode: z.string(),
  itemName: z.string(),
  batchId: z.uuid(),
  batchNo: z.string(),
  expiryDate: z.string().nullable(),
  quantity: z.int(),
  unitCostCents: z.int(),
  movementId: z.uuid(),
});
export type ReceivedLine = z.infer<typeof ReceivedLine>;

export const ReceivedSummary = ReceivedRef.extend({
  purchaseId: z.uuid(),
  purchaseNo: z.string(),
  supplier: supplierRef,
  lineCount: z.int(),
  quantity: z.int(),
  totalCostCents: z.int(),
  createdAt: z.int(),
});
export type ReceivedSummary = z.infer<typeof ReceivedSummary>;

export const ReceivedNote = ReceivedSummary.extend({
  remark: z.string().nullable(),
  lines: z.array(ReceivedLine),
});
export type ReceivedNote = z.infer<typeof ReceivedNote>;

export const PurchaseReceiptAnswer = z.object({ purchase: Purchase, received: ReceivedNote });
export type PurchaseReceiptAnswer = z.infer<typeof PurchaseReceiptAnswer>;

export const ReceivedQuery = z.strictObject({
  purchaseId: fromQuery(z.uuid('purchaseId must be a purchase order id').optional()),
  supplierId: fromQuery(z.uuid('supplierId must be a supplier id').optional()),
  fromDate: queryDate('fromDate'),
  toDate: queryDate('toDate'),
  keyword,
  ...page,
  ...cacheBusters,
});
export type ReceivedQuery = z.infer<typeof ReceivedQuery>;

// --- Vendors (doc 3 sections 7.1, 7.3: the clinic's suppliers in the print's shape) ----

export const Vendor = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  /** Not kept for suppliers yet: always null. */
  fax: z.string().nullable(),
  /** The supplier's contact person. */
  salesRep: z.string().nullable(),
  email: z.string().nullable(),
  isActive: z.boolean(),
});
export type Vendor = z.infer<typeof Vendor>;

export const VendorsQuery = z.strictObject({ keyword, ...cacheBusters });
export type VendorsQuery = z.infer<typeof VendorsQuery>;
