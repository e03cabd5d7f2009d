import {
  batchExpiryStatus,
  epochDay,
  formatIsoDate,
  NEAR_EXPIRY_DAYS_DEFAULT,
  parseIsoDate,
  pickBatchesFefo,
  refusalMessage,
  startOfDayUnix,
  type AdjustmentBody,
  type BatchesQuery,
  type DispenseBody,
  type DispenseRecord,
  type DispenseReportQuery,
  type DispenseReportRow,
  type InventoryItem,
  type InventoryItemDetail,
  type InventoryItemsQuery,
  type ItemLogQuery,
  type ItemLogRow,
  type ItemDetailQuery,
  type ReceiptBody,
  type ReorderLevelBody,
  type StockBatchRecord,
  type StockChange,
  type StockMovementRecord,
  type Supplier,
  type SupplierCreateBody,
  type SupplierUpdateBody,
  type SuppliersQuery,
  type TransactionsQuery,
} from '@clinic/domain';
import type { TenantTx } from '../../db/tenant-db.ts';
import {
  AppError,
  conflict,
  fieldError,
  isUniqueViolation,
  notFound,
} from '../../platform/errors.ts';
import type { BranchScope } from '../../platform/scope.ts';
import { clinicContext } from '../branches/branches.service.ts';
import { writableVisit } from '../visits/visits.service.ts';
import * as repo from './inventory.repo.ts';

/**
 * Stock per branch: batches and the ledger (on-hand is the ledger's sum), receipts,
 * adjustments, dispensing first-expiry-first-out, suppliers (docs/architecture.md
 * "Inventory"). Every writer of a batch's stock locks the batch row first (FOR UPDATE),
 * so checks against its on-hand hold until the transaction ends; a database trigger
 * refuses any ledger row that would leave a batch below zero all the same.
 */

const ITEM_PAGE_ALL = { pageIndex: 1, pageSize: 1 };

function withStatus(
  batch: repo.BatchRow,
  clinicDate: string,
  nearDays = NEAR_EXPIRY_DAYS_DEFAULT,
): StockBatchRecord {
  return { ...batch, expiryStatus: batchExpiryStatus(batch.expiryDate, clinicDate, nearDays) };
}

async function today(tx: TenantTx, branchId: string): Promise<string> {
  return (await clinicContext(tx, branchId)).today;
}

async function itemRow(
  tx: TenantTx,
  branchId: string,
  itemId: string,
  clinicDate: string,
): Promise<InventoryItem | undefined> {
  const { items } = await repo.listItems(tx, {
    branchId,
    keyword: null,
    clinicDate,
    itemIds: [itemId],
    ...ITEM_PAGE_ALL,
  });
  return items[0];
}

// --- Items, batches, ledger -------------------------------------------------------------

export function listItems(
  scope: BranchScope,
  query: InventoryItemsQuery,
): Promise<{ items: InventoryItem[]; total: number }> {
  return scope.run(async (tx) =>
    repo.listItems(tx, {
      branchId: scope.branchId,
      keyword: query.keyword,
      clinicDate: await today(tx, scope.branchId),
      pageIndex: query.pageIndex,
      pageSize: query.pageSize,
    }),
  );
}

export function itemDetail(
  scope: BranchScope,
  id: string,
  query: ItemDetailQuery,
): Promise<InventoryItemDetail> {
  return scope.run(async (tx) => {
    const clinicDate = await today(tx, scope.branchId);
    const item = await itemRow(tx, scope.branchId, id, clinicDate);
    if (!item) throw notFound('stock.itemUnknown');
    const [batches, ledger] = await Promise.all([
      repo.listBatches(tx, { branchId: scope.branchId, itemId: id, includeEmpty: true }),
      repo.listMovements(tx, { branchId: scope.branchId, itemId: id, ...query }),
    ]);
    return { item, batches: batches.map((batch) => withStatus(batch, clinicDate)), ledger };
  });
}

export function setReorderLevel(
  scope: BranchScope,
  id: string,
  body: ReorderLevelBody,
): Promise<InventoryItem> {
  return scope.run(async (tx) => {
    if (!(await repo.stockedItem(tx, id))) throw notFound('stock.itemUnknown');
    const saved = await repo.upsertReorderLevel(
      tx,
      scope.branchId,
      id,
      body.reorderLevel,
      body.version,
    );
    if (!saved) throw conflict();
    const item = await itemRow(tx, scope.branchId, id, await today(tx, scope.branchId));
    if (!item) throw notFound('stock.itemUnknown');
    return item;
  });
}

export function batches(
  scope: BranchScope,
  query: BatchesQuery,
): Promise<{ items: StockBatchRecord[]; total: number }> {
  return scope.run(async (tx) => {
    const clinicDate = await today(tx, scope.branchId);
    const rows = await repo.listBatches(tx, {
      branchId: scope.branchId,
      itemId: query.itemId,
      batchId: query.batchId,
      includeEmpty: query.includeEmpty,
    });
    const items = rows.map((row) => withStatus(row, clinicDate));
    return { items, total: items.length };
  });
}

function addDays(date: string, days: number): string {
  const parsed = parseIsoDate(date);
  if (!parsed) throw new RangeError(`Not a date: ${date}`);
  const day = new Date((epochDay(parsed) + days) * 86_400_000);
  return formatIsoDate({
    year: day.getUTCFullYear(),
    month: day.getUTCMonth() + 1,
    day: day.getUTCDate(),
  });
}

/** Batches with stock that have expired or expire within `days` days, earliest first. */
export function nearExpiry(
  scope: BranchScope,
  days: number,
): Promise<{ items: StockBatchRecord[]; total: number }> {
  return scope.run(async (tx) => {
    const clinicDate = await today(tx, scope.branchId);
    const rows = await repo.listBatches(tx, {
      branchId: scope.branchId,
      includeEmpty: false,
      expiringBy: addDays(clinicDate, days),
    });
    const items = rows.map((row) => withStatus(row, clinicDate, days));
    return { items, total: items.length };
  });
}

/** Items whose on-hand is below the branch's reorder level. */
export function lowStock(scope: BranchScope): Promise<{ items: InventoryItem[]; total: number }> {
  return scope.run(async (tx) =>
    repo.listItems(tx, {
      branchId: scope.branchId,
      keyword: null,
      clinicDate: await today(tx, scope.branchId),
      lowStockOnly: true,
      pageIndex: 1,
      pageSize: 10_000,
    }),
  );
}

/** The period of clinic dates [fromDate, toDate] as times (toDate's whole day included). */
async function period(
  tx: TenantTx,
  branchId: string,
  fromDate: string | undefined,
  toDate: string | undefined,
): Promise<{ from?: Date; to?: Date }> {
  const { offsetMinutes } = await clinicContext(tx, branchId);
  const at = (date: string) => {
    const parsed = parseIsoDate(date);
    if (!parsed) throw new RangeError(`Not a date: ${date}`);
    return new Date(startOfDayUnix(parsed, offsetMinutes) * 1000);
  };
  return {
    from: fromDate ? at(fromDate) : undefined,
    to: toDate ? at(addDays(toDate, 1)) : undefined,
  };
}

export function transactions(
  scope: BranchScope,
  query: TransactionsQuery,
): Promise<{ items: StockMovementRecord[]; total: number }> {
  return scope.run(async (tx) => {
    if (query.fromDate && query.toDate && query.fromDate > query.toDate) {
      throw fieldError('toDate', 'stock.periodBackwards');
    }
    return repo.listMovements(tx, {
      branchId: scope.branchId,
      itemId: query.itemId,
      batchId: query.batchId,
      kind: query.kind,
      ...(await period(tx, scope.branchId, query.fromDate, query.toDate)),
      pageIndex: query.pageIndex,
      pageSize: query.pageSize,
    });
  });
}

// --- Receipts and adjustments -----------------------------------------------------------

async function stockChange(
  tx: TenantTx,
  branchId: string,
  batchId: string,
  movementId: string,
): Promise<StockChange> {
  const clinicDate = await today(tx, branchId);
  const [batch] = await repo.listBatches(tx, { branchId, batchId, includeEmpty: true });
  const { items } = await repo.listMovements(tx, {
    branchId,
    ids: [movementId],
    ...ITEM_PAGE_ALL,
  });
  const [movement] = items;
  if (!batch || !movement) throw new Error('The stock change just written is not there.');
  return { batch: withStatus(batch, clinicDate), movement };
}

export interface ReceiptRequest {
  /** The receiving branch and user. */
  scope: Pick<BranchScope, 'branchId' | 'userId'>;
  receipt: ReceiptBody;
  /** The record the ledger row belongs to (a goods received note); null for a plain receipt. */
  referenceId?: string | null;
  /** Where the receipt is in the caller's request: refusals name `${field}.batchNo` etc. */
  field?: string;
}

/**
 * Stock in, inside the caller's transaction: a new batch (or more of the batch of that
 * number and expiry, locked FOR UPDATE) and its `receipt` ledger row. For purchasing's
 * goods received notes and the plain receipt route.
 */
export async function receiveInTransaction(
  tx: TenantTx,
  request: ReceiptRequest,
): Promise<{ batchId: string; movementId: string }> {
  const { receipt: body, scope } = request;
  const at = (name: string) => (request.field ? `${request.field}.${name}` : name);
  if (!(await repo.stockedItem(tx, body.itemId)))
    throw fieldError(at('itemId'), 'stock.itemUnknown');
  if (body.supplierId && !(await repo.findSupplier(tx, body.supplierId))) {
    throw fieldError(at('supplierId'), 'stock.supplierUnknown');
  }
  const existing = await repo.lockBatchByNumber(tx, scope.branchId, body.itemId, body.batchNo);
  if (existing && existing.expiryDate !== body.expiryDate) {
    throw fieldError(at('expiryDate'), 'stock.batchExpiryDiffers');
  }
  const batchId =
    existing?.id ??
    (await repo
      .insertBatch(tx, {
        branchId: scope.branchId,
        itemId: body.itemId,
        batchNo: body.batchNo,
        expiryDate: body.expiryDate,
        unitCostCents: body.unitCostCents,
        supplierId: body.supplierId,
        createdBy: scope.userId,
      })
      .catch((error: unknown) => {
        // Another receipt made this batch number meanwhile: the caller tries again.
        if (isUniqueViolation(error, 'stock_batches_number_key')) throw conflict();
        throw error;
      }));
  const [movementId] = await repo.insertMovements(tx, [
    {
      branchId: scope.branchId,
      itemId: body.itemId,
      batchId,
      quantity: body.quantity,
      kind: 'receipt',
      reason: body.remark,
      referenceId: request.referenceId ?? null,
      createdBy: scope.userId,
    },
  ]);
  return { batchId, movementId: movementId! };
}

/** Stock in: a new batch (or more of a batch of that number and expiry) and its receipt row. */
export function receive(scope: BranchScope, body: ReceiptBody): Promise<StockChange> {
  return scope.run(async (tx) => {
    const { batchId, movementId } = await receiveInTransaction(tx, { scope, receipt: body });
    return stockChange(tx, scope.branchId, batchId, movementId);
  });
}

/** A correction of a batch with its reason: in or out, never below zero. */
export function adjust(scope: BranchScope, body: AdjustmentBody): Promise<StockChange> {
  return scope.run(async (tx) => {
    const batch = await repo.lockBatch(tx, scope.branchId, body.batchId);
    if (!batch) throw fieldError('batchId', 'stock.batchUnknown');
    if (batch.onHand + body.quantity < 0) {
      throw fieldError('quantity', 'stock.belowZeroLeft', batch.batchNo, batch.onHand);
    }
    const [movementId] = await repo.insertMovements(tx, [
      {
        branchId: scope.branchId,
        itemId: batch.itemId,
        batchId: batch.id,
        quantity: body.quantity,
        kind: 'adjustment',
        reason: body.reason,
        referenceId: null,
        createdBy: scope.userId,
      },
    ]);
    return stockChange(tx, scope.branchId, batch.id, movementId!);
  });
}

// --- Dispensing -------------------------------------------------------------------------

export interface DispenseRequest {
  /** The caller: its branch is the stock's and must be the visit's. */
  scope: BranchScope;
  visitId: string;
  lines: Array<{ itemId: string; quantity: number }>;
  /** Where the lines are in the caller's request (`lines` by default): refusals name `${field}.${index}.…`. */
  field?: string;
}

/** 409 naming the item and what is left (the domain's stockShort words). */
function stockShort(
  field: string,
  item: { name: string; dispensingUnit: string | null },
  available: number,
  requested: number,
): AppError {
  const unit = item.dispensingUnit ?? 'units';
  const message = refusalMessage('inventory.stockShort', item.name, available, requested, unit);
  return new AppError(409, 'inventory.stockShort', message, [
    { field, message, code: 'inventory.stockShort' },
  ]);
}

/**
 * Dispenses the lines for a visit inside the caller's transaction: the visit is of the
 * branch and not voided; each item is taken first-expiry-first-out from its unexpired
 * batches (locked FOR UPDATE, items in id order so two dispensings cannot deadlock); the
 * dispense record and its ledger rows are written together, or nothing is. For the
 * prescriptions and billing features (the payment's dispense call).
 */
export async function dispenseInTransaction(
  tx: TenantTx,
  request: DispenseRequest,
): Promise<DispenseRecord> {
  const field = request.field ?? 'lines';
  const seen = new Set<string>();
  request.lines.forEach((line, index) => {
    if (seen.has(line.itemId)) throw fieldError(`${field}.${index}.itemId`, 'stock.lineTwice');
    seen.add(line.itemId);
  });
  const { branchId, userId } = request.scope;
  await writableVisit(tx, request.scope, request.visitId, { field: 'visitId' });
  const clinicDate = await today(tx, branchId);
  const items = await Promise.all(
    request.lines.map(async (line, index) => {
      const item = await repo.stockedItem(tx, line.itemId);
      if (!item) throw fieldError(`${field}.${index}.itemId`, 'stock.itemUnknown');
      return item;
    }),
  );
  const order = request.lines
    .map((line, index) => ({ line, index, item: items[index]! }))
    .sort((a, b) => (a.line.itemId < b.line.itemId ? -1 : 1));
  const picked: Array<{ index: number; picks: Array<repo.BatchRow & { quantity: number }> }> = [];
  for (const { line, index, item } of order) {
    const batches = await repo.lockItemBatches(tx, branchId, line.itemId);
    const result = pickBatchesFefo(
      batches.map((batch) => ({
        id: batch.id,
        batchNo: batch.batchNo,
        expiryDate: batch.expiryDate,
        quantityOnHand: batch.onHand,
      })),
      line.quantity,
      clinicDate,
    );
    if (result.kind === 'invalid') {
      throw fieldError(`${field}.${index}.quantity`, 'inventory.quantityWhole');
    }
    if (result.kind === 'short') {
      const { available, requested } = result.shortage;
      throw stockShort(`${field}.${index}.quantity`, item, available, requested);
    }
    picked.push({
      index,
      picks: result.picks.map((pick) => ({
        ...batches.find((batch) => batch.id === pick.batchId)!,
        quantity: pick.quantity,
      })),
    });
  }
  const record = await repo.insertDispenseRecord(tx, {
    branchId,
    visitId: request.visitId,
    createdBy: userId,
  });
  await repo.insertMovements(
    tx,
    picked.flatMap(({ picks }) =>
      picks.map((pick) => ({
        branchId,
        itemId: pick.itemId,
        batchId: pick.id,
        quantity: -pick.quantity,
        kind: 'dispense' as const,
        reason: null,
        referenceId: record.id,
        createdBy: userId,
      })),
    ),
  );
  picked.sort((a, b) => a.index - b.index);
  return {
    id: record.id,
    visitId: request.visitId,
    createdAt: record.createdAt,
    lines: picked.map(({ index, picks }) => ({
      itemId: request.lines[index]!.itemId,
      itemName: items[index]!.name,
      quantity: request.lines[index]!.quantity,
      batches: picks.map((pick) => ({
        batchId: pick.id,
        batchNo: pick.batchNo,
        expiryDate: pick.expiryDate,
        quantity: pick.quantity,
      })),
    })),
  };
}

export function dispense(scope: BranchScope, body: DispenseBody): Promise<DispenseRecord> {
  return scope.run((tx) =>
    dispenseInTransaction(tx, {
      scope,
      visitId: body.visitId,
      lines: body.lines,
    }),
  );
}

export function dispenseReport(
  scope: BranchScope,
  query: DispenseReportQuery,
): Promise<{ items: DispenseReportRow[]; total: number }> {
  return scope.run(async (tx) => {
    if (query.fromDate && query.toDate && query.fromDate > query.toDate) {
      throw fieldError('toDate', 'stock.periodBackwards');
    }
    const items = await repo.dispenseReport(tx, {
      branchId: scope.branchId,
      itemId: query.itemId,
      ...(await period(tx, scope.branchId, query.fromDate, query.toDate)),
    });
    return { items, total: items.length };
  });
}

// --- Suppliers --------------------------------------------------------------------------

export function suppliers(
  scope: BranchScope,
  query: SuppliersQuery,
): Promise<{ items: Supplier[]; total: number }> {
  return scope.run((tx) => repo.listSuppliers(tx, query));
}

export function supplier(scope: BranchScope, id: string): Promise<Supplier> {
  return scope.run(async (tx) => {
    const found = await repo.findSupplier(tx, id);
    if (!found) throw notFound('stock.supplierNotFound');
    return found;
  });
}

function supplierValues(body: SupplierCreateBody): repo.SupplierValues {
  const { code, name, contactPerson, contactNo, email, address, isActive } = body;
  return { code, name, contactPerson, contactNo, email, address, isActive };
}

async function codeTaken<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error, 'suppliers_code_key')) {
      throw fieldError('code', 'stock.supplierCodeTaken');
    }
    throw error;
  }
}

export function createSupplier(scope: BranchScope, body: SupplierCreateBody): Promise<Supplier> {
  return scope.run((tx) => codeTaken(repo.insertSupplier(tx, supplierValues(body))));
}

export function updateSupplier(
  scope: BranchScope,
  id: string,
  body: SupplierUpdateBody,
): Promise<Supplier> {
  return scope.run(async (tx) => {
    if (!(await repo.findSupplier(tx, id))) throw notFound('stock.supplierNotFound');
    const saved = await codeTaken(repo.updateSupplier(tx, id, body.version, supplierValues(body)));
    if (!saved) throw conflict();
    return saved;
  });
}

export function deleteSupplier(scope: BranchScope, id: string, version: number): Promise<void> {
  return scope.run(async (tx) => {
    if (!(await repo.findSupplier(tx, id))) throw notFound('stock.supplierNotFound');
    if (!(await repo.deleteSupplier(tx, id, version))) throw conflict();
  });
}

// --- Stock moves of other features, inside their transaction ------------------------------

export type { BatchRow as StockBatchRow, NewMovement } from './inventory.repo.ts';

/** A stocked item of the catalog (not deleted): its code, name and unit, or undefined. */
export function stockedItem(tx: TenantTx, itemId: string) {
  return repo.stockedItem(tx, itemId);
}

/** The branch's batches with their on-hand (not locked), earliest expiry first. */
export function branchBatches(
  tx: TenantTx,
  filter: {
    branchId: string;
    itemIds?: readonly string[];
    batchIds?: readonly string[];
    withStockOnly: boolean;
  },
): Promise<repo.BatchRow[]> {
  return repo.listBatches(tx, {
    branchId: filter.branchId,
    itemIds: filter.itemIds,
    batchIds: filter.batchIds,
    includeEmpty: !filter.withStockOnly,
  });
}

/**
 * Locks batches FOR UPDATE (by item, then id: the order dispensing takes them) before
 * their on-hand is read and ledger rows are posted against it.
 */
export function lockBatches(
  tx: TenantTx,
  filter: {
    branchIds: readonly string[];
    itemIds?: readonly string[];
    batchIds?: readonly string[];
  },
): Promise<void> {
  return repo.lockBatches(tx, filter);
}

/**
 * Appends ledger rows in the caller's transaction. The caller holds the batches' locks
 * (`lockBatches`) and has checked what they hold; the trigger still refuses any row that
 * would leave a batch below zero.
 */
export function postMovements(tx: TenantTx, movements: repo.NewMovement[]): Promise<string[]> {
  return repo.insertMovements(tx, movements);
}

/**
 * The branch's batch of that number for the item (locked), or a new one with that expiry,
 * cost and supplier: where stock moved from another branch goes. `expiryDiffers` when the
 * branch keeps that number with another expiry.
 */
export async function batchForTransfer(
  tx: TenantTx,
  batch: repo.NewBatch,
): Promise<{ id: string } | 'expiryDiffers'> {
  const existing = await repo.lockBatchByNumber(tx, batch.branchId, batch.itemId, batch.batchNo);
  if (existing) return existing.expiryDate === batch.expiryDate ? existing : 'expiryDiffers';
  const id = await repo.insertBatch(tx, batch).catch((error: unknown) => {
    if (isUniqueViolation(error, 'stock_batches_number_key')) throw conflict();
    throw error;
  });
  return { id };
}

export interface ReturnedStock {
  branchId: string;
  itemId: string;
  batchId: string;
  quantity: number;
}

/**
 * Puts returned goods back into the batches they left (ledger kind `return`, positive,
 * `referenceId` the credit note), inside the caller's transaction, the batches locked
 * first as every writer does. An expired batch takes its goods back too: the ledger follows
 * the goods, and FEFO never dispenses an expired batch.
 */
export async function restockInTransaction(
  tx: TenantTx,
  restock: { lines: ReturnedStock[]; referenceId: string; reason: string; userId: string },
): Promise<void> {
  const lines = restock.lines.filter((line) => line.quantity > 0);
  if (lines.length === 0) return;
  await repo.lockBatches(tx, {
    branchIds: [...new Set(lines.map((line) => line.branchId))],
    batchIds: lines.map((line) => line.batchId),
  });
  await repo.insertMovements(
    tx,
    lines.map((line) => ({
      ...line,
      kind: 'return' as const,
      reason: restock.reason,
      referenceId: restock.referenceId,
      createdBy: restock.userId,
    })),
  );
}

/**
 * Takes out again what `restockInTransaction` put back under `referenceId` (its void), as
 * negative `return` rows. 409 `stock.returnedGone` naming the item and batch when a batch no
 * longer holds what went back into it (dispensed or adjusted since): nothing is taken.
 */
export async function undoRestockInTransaction(
  tx: TenantTx,
  undo: { referenceId: string; reason: string; userId: string },
): Promise<void> {
  const returned = await repo.returnedByReference(tx, undo.referenceId);
  if (returned.length === 0) return;
  await repo.lockBatches(tx, {
    branchIds: [...new Set(returned.map((line) => line.branchId))],
    batchIds: returned.map((line) => line.batchId),
  });
  for (const line of returned) {
    const [batch] = await repo.listBatches(tx, {
      branchId: line.branchId,
      batchId: line.batchId,
      includeEmpty: true,
    });
    if (batch && batch.onHand < line.quantity) {
      const code = 'stock.returnedGone';
      const message = refusalMessage(
        code,
        batch.itemName,
        batch.batchNo,
        batch.onHand,
        line.quantity,
      );
      throw new AppError(409, code, message, []);
    }
  }
  await repo.insertMovements(
    tx,
    returned.map((line) => ({
      ...line,
      quantity: -line.quantity,
      kind: 'return' as const,
      reason: undo.reason,
      referenceId: undo.referenceId,
      createdBy: undo.userId,
    })),
  );
}

/** 409 `inventory.stockShort` on `field`, naming the item and what is left. */
export function stockShortRefusal(
  field: string,
  item: { name: string; dispensingUnit: string | null },
  available: number,
  requested: number,
): AppError {
  return stockShort(field, item, available, requested);
}
// --- Item log ---------------------------------------------------------------------------

/** Each stocked item's opening, ins, outs and closing over a period of clinic dates. */
export function itemLog(
  scope: BranchScope,
  query: ItemLogQuery,
): Promise<{ items: ItemLogRow[]; total: number }> {
  return scope.run(async (tx) => {
    if (query.fromDate > query.toDate) throw fieldError('toDate', 'stock.periodBackwards');
    const { from, to } = await period(tx, scope.branchId, query.fromDate, query.toDate);
    return repo.itemLog(tx, {
      branchId: scope.branchId,
      keyword: query.keyword,
      from: from!,
      to: to!,
      pageIndex: query.pageIndex,
      pageSize: query.pageSize,
    });
  });
}
