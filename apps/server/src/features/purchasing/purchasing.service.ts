import {
  formatPurchaseNo,
  formatReceivedNo,
  PURCHASE_STATUS,
  purchaseLineAmounts,
  purchaseTotals,
  purchaseTransition,
  receiptProblems,
  refusalMessage,
  statusAfterReceipt,
  type Purchase,
  type PurchaseAction,
  type PurchaseMessageKey,
  type PurchaseConfirmBody,
  type PurchaseCreateBody,
  type PurchaseReceiptAnswer,
  type PurchaseReceiptBody,
  type PurchasesQuery,
  type PurchaseSummary,
  type PurchaseUpdateBody,
  type PurchaseVoidBody,
  type ReceivedNote,
  type ReceivedQuery,
  type ReceivedSummary,
  type FieldError,
  type Vendor,
  type VendorsQuery,
} from '@clinic/domain';
import type { TenantTx } from '../../db/tenant-db.ts';
import { AppError, conflict, fieldError, fieldErrors, notFound } from '../../platform/errors.ts';
import type { BranchScope } from '../../platform/scope.ts';
import { clinicContext } from '../branches/branches.service.ts';
import { receiveInTransaction } from '../inventory/inventory.service.ts';
import * as repo from './purchasing.repo.ts';

/**
 * Purchase orders of a branch and the goods received against them (docs/architecture.md
 * "Purchasing"). An order is edited only as a draft; confirmed, it receives stock in one
 * delivery or several, each a goods received note whose lines make or add to batches and
 * write `receipt` ledger rows (the inventory service's own receipt), in one transaction
 * with the order's new status. The order row is locked first, so two deliveries of one
 * order are checked one after the other and never exceed what was ordered.
 */

const ONE = { pageIndex: 1, pageSize: 1 };

type PurchaseCode = `purchase.${PurchaseMessageKey}`;

/** 409 naming `status`: the order is not in a state that allows this. */
function stateRefusal(code: PurchaseCode): AppError {
  const message = refusalMessage(code);
  return new AppError(409, code, message, [{ field: 'status', message, code }]);
}

function allow(
  order: { status: repo.PurchaseHeaderRow['status'] },
  action: PurchaseAction,
  counts: { lineCount: number; receivedQuantity: number },
) {
  const result = purchaseTransition(order.status, action, counts);
  if (!result.ok) throw stateRefusal(`purchase.${result.reason}`);
  return result.to;
}

function withAmounts(line: repo.PurchaseLineRow) {
  return { ...line, ...purchaseLineAmounts(line) };
}

function summaryOf(
  header: repo.PurchaseHeaderRow,
  lines: repo.PurchaseLineRow[],
): PurchaseSummary & { lines: ReturnType<typeof withAmounts>[] } {
  const priced = lines.map(withAmounts);
  return {
    id: header.id,
    purchaseNo: header.purchaseNo,
    supplier: header.supplier,
    status: header.status,
    statusCode: PURCHASE_STATUS[header.status],
    orderDate: header.orderDate,
    supplierPo: header.supplierPo,
    lineCount: lines.length,
    quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    receivedQuantity: lines.reduce((sum, line) => sum + line.receivedQuantity, 0),
    grandTotalCents: purchaseTotals(priced).grandTotalCents,
    version: header.version,
    updatedAt: header.updatedAt,
    lines: priced,
  };
}

async function loadPurchase(tx: TenantTx, branchId: string, id: string): Promise<Purchase> {
  const {
    items: [header],
  } = await repo.listPurchases(tx, { branchId, id, ...ONE });
  if (!header) throw notFound('purchase.notFound');
  const lines = await repo.purchaseLines(tx, id);
  const summary = summaryOf(header, lines);
  const totals = purchaseTotals(summary.lines);
  const { items: receipts } = await repo.listReceived(tx, {
    branchId,
    purchaseId: id,
    pageIndex: 1,
    pageSize: 1000,
  });
  return {
    ...summary,
    terms: header.terms,
    remark: header.remark,
    voidReason: header.voidReason,
    subtotalCents: totals.subtotalCents,
    taxCents: totals.taxCents,
    receipts: receipts
      .map(({ id: receivedId, receivedNo, receivedDate, supplierInvoiceNo, supplierGrnNo }) => ({
        id: receivedId,
        receivedNo,
        receivedDate,
        supplierInvoiceNo,
        supplierGrnNo,
      }))
      .reverse(),
    createdAt: header.createdAt,
    confirmedAt: header.confirmedAt,
    voidedAt: header.voidedAt,
  };
}

function checkPeriod(query: { fromDate?: string; toDate?: string }) {
  if (query.fromDate && query.toDate && query.fromDate > query.toDate) {
    throw fieldError('toDate', 'stock.periodBackwards');
  }
}

// --- Orders ---------------------------------------------------------------------------

export function listPurchases(
  scope: BranchScope,
  query: PurchasesQuery,
): Promise<{ items: PurchaseSummary[]; total: number }> {
  return scope.run(async (tx) => {
    checkPeriod(query);
    const { items, total } = await repo.listPurchases(tx, { branchId: scope.branchId, ...query });
    const lines = await repo.linesOfPurchases(
      tx,
      items.map((item) => item.id),
    );
    return {
      items: items.map((header) => {
        const { lines: _lines, ...summary } = summaryOf(header, lines.get(header.id) ?? []);
        return summary;
      }),
      total,
    };
  });
}

export function purchase(scope: BranchScope, id: string): Promise<Purchase> {
  return scope.run((tx) => loadPurchase(tx, scope.branchId, id));
}

/** The supplier (live and active) and the lines' items (stocked, each once) of an order. */
async function checkedOrder(tx: TenantTx, body: PurchaseCreateBody) {
  const [vendor] = await repo.listVendors(tx, { id: body.supplierId });
  if (!vendor) throw fieldError('supplierId', 'stock.supplierUnknown');
  if (!vendor.isActive) throw fieldError('supplierId', 'purchase.supplierInactive');
  const items = await repo.orderableItems(
    tx,
    body.lines.map((line) => line.itemId),
  );
  const byId = new Map(items.map((item) => [item.id, item]));
  const seen = new Set<string>();
  const problems: FieldError[] = [];
  body.lines.forEach((line, index) => {
    const field = `lines.${index}.itemId`;
    if (!byId.has(line.itemId)) {
      problems.push({
        field,
        message: refusalMessage('stock.itemUnknown'),
        code: 'stock.itemUnknown',
      });
    } else if (seen.has(line.itemId)) {
      problems.push({
        field,
        message: refusalMessage('purchase.itemTwice'),
        code: 'purchase.itemTwice',
      });
    }
    seen.add(line.itemId);
  });
  if (problems.length > 0) throw fieldErrors(problems);
  const lines: repo.LineValues[] = body.lines.map((line) => ({
    itemId: line.itemId,
    quantity: line.quantity,
    unitCostCents: line.unitCostCents,
    taxRateBasisPoints: line.taxRateBasisPoints ?? byId.get(line.itemId)!.taxBasisPoints,
  }));
  const values = async (branchId: string): Promise<repo.OrderValues> => ({
    supplierId: body.supplierId,
    orderDate: body.orderDate ?? (await clinicContext(tx, branchId)).today,
    supplierPo: body.supplierPo,
    terms: body.terms,
    remark: body.remark,
  });
  return { lines, values };
}

export function createPurchase(scope: BranchScope, body: PurchaseCreateBody): Promise<Purchase> {
  return scope.run(async (tx) => {
    const { lines, values } = await checkedOrder(tx, body);
    const seq = await repo.nextNumber(tx, scope.branchId, 'purchase');
    const id = await repo.insertPurchase(
      tx,
      { branchId: scope.branchId, purchaseNo: formatPurchaseNo(seq), createdBy: scope.userId },
      await values(scope.branchId),
    );
    await repo.replaceLines(tx, id, lines);
    return loadPurchase(tx, scope.branchId, id);
  });
}

async function lockedPurchase(tx: TenantTx, branchId: string, id: string) {
  const order = await repo.lockPurchase(tx, branchId, id);
  if (!order) throw notFound('purchase.notFound');
  return order;
}

export function updatePurchase(
  scope: BranchScope,
  id: string,
  body: PurchaseUpdateBody,
): Promise<Purchase> {
  return scope.run(async (tx) => {
    const order = await lockedPurchase(tx, scope.branchId, id);
    if (order.version !== body.version) throw conflict();
    allow(order, 'edit', { lineCount: body.lines.length, receivedQuantity: 0 });
    const { lines, values } = await checkedOrder(tx, body);
    if (!(await repo.updateDraft(tx, id, body.version, await values(scope.branchId)))) {
      throw conflict();
    }
    await repo.replaceLines(tx, id, lines);
    return loadPurchase(tx, scope.branchId, id);
  });
}

export function confirmPurchase(
  scope: BranchScope,
  id: string,
  body: PurchaseConfirmBody,
): Promise<Purchase> {
  return scope.run(async (tx) => {
    const order = await lockedPurchase(tx, scope.branchId, id);
    if (order.version !== body.version) throw conflict();
    const lines = await repo.purchaseLines(tx, id);
    const to = allow(order, 'confirm', { lineCount: lines.length, receivedQuantity: 0 });
    await repo.setStatus(tx, id, { status: to, version: body.version, confirmedBy: scope.userId });
    return loadPurchase(tx, scope.branchId, id);
  });
}

export function voidPurchase(
  scope: BranchScope,
  id: string,
  body: PurchaseVoidBody,
): Promise<Purchase> {
  return scope.run(async (tx) => {
    const order = await lockedPurchase(tx, scope.branchId, id);
    if (order.version !== body.version) throw conflict();
    const lines = await repo.purchaseLines(tx, id);
    const received = lines.reduce((sum, line) => sum + line.receivedQuantity, 0);
    const to = allow(order, 'void', { lineCount: lines.length, receivedQuantity: received });
    await repo.setStatus(tx, id, {
      status: to,
      version: body.version,
      voidedBy: scope.userId,
      voidReason: body.reason,
    });
    return loadPurchase(tx, scope.branchId, id);
  });
}

// --- Goods received -------------------------------------------------------------------

/**
 * Receives a delivery against a confirmed order: the order row is locked, the lines are
 * checked against what remains (an over-receipt is refused naming the line, nothing
 * written), then each line makes or adds to its batch with a `receipt` ledger row
 * referencing the goods received note, and the order becomes PARTIALLY or STOCKED.
 */
export function receivePurchase(
  scope: BranchScope,
  id: string,
  body: PurchaseReceiptBody,
): Promise<PurchaseReceiptAnswer> {
  return scope.run(async (tx) => {
    const order = await lockedPurchase(tx, scope.branchId, id);
    const ordered = await repo.purchaseLines(tx, id);
    allow(order, 'receive', { lineCount: ordered.length, receivedQuantity: 0 });
    const problems = receiptProblems(body.lines, ordered);
    if (problems.length > 0) {
      throw fieldErrors(
        problems.map((problem) => {
          const message =
            problem.code === 'purchase.overReceipt'
              ? refusalMessage(problem.code, ...problem.values!)
              : refusalMessage(problem.code);
          return { field: problem.field, message, code: problem.code };
        }),
      );
    }
    const seq = await repo.nextNumber(tx, scope.branchId, 'received');
    const receivedId = await repo.insertReceived(tx, {
      branchId: scope.branchId,
      receivedNo: formatReceivedNo(seq),
      purchaseId: id,
      receivedDate: body.receivedDate,
      supplierInvoiceNo: body.supplierInvoiceNo,
      supplierGrnNo: body.supplierGrnNo,
      remark: body.remark,
      createdBy: scope.userId,
    });
    const lineById = new Map(ordered.map((line) => [line.id, line]));
    // Batches are locked in (item, batch number) order, as dispensing locks them in id order.
    const order_ = body.lines
      .map((line, index) => ({ line, index, ordered: lineById.get(line.purchaseLineId)! }))
      .sort((a, b) =>
        a.ordered.itemId === b.ordered.itemId
          ? a.line.batchNo.toLowerCase().localeCompare(b.line.batchNo.toLowerCase())
          : a.ordered.itemId < b.ordered.itemId
            ? -1
            : 1,
      );
    const written: Array<{
      index: number;
      row: Parameters<typeof repo.insertReceivedLines>[2][number];
    }> = [];
    for (const { line, index, ordered: orderLine } of order_) {
      const unitCostCents = line.unitCostCents ?? orderLine.unitCostCents;
      const { batchId, movementId } = await receiveInTransaction(tx, {
        scope,
        receipt: {
          itemId: orderLine.itemId,
          batchNo: line.batchNo,
          expiryDate: line.expiryDate,
          quantity: line.quantity,
          unitCostCents,
          supplierId: order.supplierId,
          remark: null,
        },
        referenceId: receivedId,
        field: `lines.${index}`,
      });
      written.push({
        index,
        row: {
          purchaseLineId: orderLine.id,
          batchId,
          movementId,
          quantity: line.quantity,
          unitCostCents,
        },
      });
    }
    written.sort((a, b) => a.index - b.index);
    await repo.insertReceivedLines(
      tx,
      receivedId,
      written.map(({ row }) => row),
    );
    const after = await repo.purchaseLines(tx, id);
    await repo.setStatus(tx, id, { status: statusAfterReceipt(after) });
    return {
      purchase: await loadPurchase(tx, scope.branchId, id),
      received: await loadReceived(tx, scope.branchId, receivedId),
    };
  });
}

async function loadReceived(tx: TenantTx, branchId: string, id: string): Promise<ReceivedNote> {
  const {
    items: [note],
  } = await repo.listReceived(tx, { branchId, id, ...ONE });
  if (!note) throw notFound('purchase.receivedNotFound');
  return { ...note, lines: await repo.receivedLines(tx, id) };
}

export function listReceived(
  scope: BranchScope,
  query: ReceivedQuery,
): Promise<{ items: ReceivedSummary[]; total: number }> {
  return scope.run(async (tx) => {
    checkPeriod(query);
    const { items, total } = await repo.listReceived(tx, { branchId: scope.branchId, ...query });
    return { items: items.map(({ remark: _remark, ...item }) => item), total };
  });
}

export function received(scope: BranchScope, id: string): Promise<ReceivedNote> {
  return scope.run((tx) => loadReceived(tx, scope.branchId, id));
}

// --- Vendors --------------------------------------------------------------------------

export function vendor(scope: BranchScope, id: string): Promise<Vendor> {
  return scope.run(async (tx) => {
    const found = await repo.findVendor(tx, id);
    if (!found) throw notFound('stock.supplierNotFound');
    return found;
  });
}

/** The clinic's active suppliers as vendors (the print's and the pickers' list). */
export function vendors(
  scope: BranchScope,
  query: VendorsQuery,
): Promise<{ items: Vendor[]; total: number }> {
  return scope.run(async (tx) => {
    const items = await repo.listVendors(tx, { keyword: query.keyword, activeOnly: true });
    return { items, total: items.length };
  });
}
