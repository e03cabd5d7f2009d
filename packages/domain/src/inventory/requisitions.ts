import { z } from 'zod';
import {
  cacheBusters,
  fromQuery,
  optionalText,
  requiredId,
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
  REQUISITION_DIRECTIONS,
  REQUISITION_LINES_MAX,
  REQUISITION_MESSAGES,
  REQUISITION_STATUSES,
} from './stock-counts-rules.ts';

/** Stock asked of another branch of the clinic: requests and answers (doc 3 section 2.4). */

export const RequisitionIdParams = z.strictObject({ id: z.uuid('id must be an id') });
export const NoRequisitionQuery = z.strictObject({ ...cacheBusters });

export const RequisitionsQuery = z.strictObject({
  direction: fromQuery(
    z
      .enum(REQUISITION_DIRECTIONS, {
        error: `direction must be one of ${REQUISITION_DIRECTIONS.join(', ')}`,
      })
      .default('all'),
  ),
  status: fromQuery(
    z
      .enum(REQUISITION_STATUSES, {
        error: `status must be one of ${REQUISITION_STATUSES.join(', ')}`,
      })
      .optional(),
  ),
  pageIndex: fromQuery(wholeNumber('pageIndex', 1).default(1)),
  pageSize: fromQuery(
    wholeNumber('pageSize', 1, INVENTORY_PAGE_SIZE_MAX).default(INVENTORY_PAGE_SIZE),
  ),
  ...cacheBusters,
});
export type RequisitionsQuery = z.infer<typeof RequisitionsQuery>;

export const RequisitionLineInput = z.strictObject({
  itemId: requiredId('itemId is required', 'itemId must be a catalog item id'),
  quantity: wholeNumber('quantity', 1, STOCK_QUANTITY_MAX),
});

export const RequisitionCreateBody = z.strictObject({
  supplyingBranchId: requiredId(
    'Please choose the branch to ask',
    'supplyingBranchId must be a branch id',
  ),
  lines: z
    .array(RequisitionLineInput, { error: 'lines must be a list of items and quantities' })
    .min(1, 'Please add at least one item to ask for')
    .max(REQUISITION_LINES_MAX, `A requisition has at most ${REQUISITION_LINES_MAX} items`),
  remark: optionalText(200, 'remark cannot exceed 200 characters'),
});
export type RequisitionCreateBody = z.infer<typeof RequisitionCreateBody>;

export const RequisitionVersionBody = z.strictObject({ version: versionField() });
export type RequisitionVersionBody = z.infer<typeof RequisitionVersionBody>;

export const RequisitionRefuseBody = z.strictObject({
  version: versionField(),
  reason: requiredText(
    REQUISITION_MESSAGES.reasonRequired,
    200,
    'reason cannot exceed 200 characters',
  ),
});
export type RequisitionRefuseBody = z.infer<typeof RequisitionRefuseBody>;

export const BranchRef = z.object({ id: z.uuid(), code: z.string(), name: z.string() });
export type BranchRef = z.infer<typeof BranchRef>;

export const RequisitionIssuedBatch = z.object({
  batchNo: z.string(),
  expiryDate: z.string().nullable(),
  quantity: z.int(),
});

export const RequisitionLine = z.object({
  itemId: z.uuid(),
  itemCode: z.string(),
  itemName: z.string(),
  dispensingUnit: z.string().nullable(),
  quantity: z.int(),
  /** The batches it was issued from (empty until issued). */
  issued: z.array(RequisitionIssuedBatch),
});
export type RequisitionLine = z.infer<typeof RequisitionLine>;

export const Requisition = z.object({
  id: z.uuid(),
  number: z.int(),
  status: z.enum(REQUISITION_STATUSES),
  requestingBranch: BranchRef,
  supplyingBranch: BranchRef,
  /** Whether the caller's branch is the one that asked. */
  outgoing: z.boolean(),
  remark: z.string().nullable(),
  refuseReason: z.string().nullable(),
  createdAt: z.int(),
  createdByName: z.string().nullable(),
  closedAt: z.int().nullable(),
  closedByName: z.string().nullable(),
  lines: z.array(RequisitionLine),
  version: z.int(),
});
export type Requisition = z.infer<typeof Requisition>;
