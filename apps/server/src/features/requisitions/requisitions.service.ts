import {
  pickBatchesFefo,
  refusalMessage,
  type BranchRef,
  type Requisition,
  type RequisitionCreateBody,
  type RequisitionRefuseBody,
  type RequisitionsQuery,
} from '@clinic/domain';
import type { TenantTx } from '../../db/tenant-db.ts';
import { AppError, conflict, fieldError, forbidden, notFound } from '../../platform/errors.ts';
import type { BranchScope } from '../../platform/scope.ts';
import { clinicContext } from '../branches/branches.service.ts';
import {
  batchForTransfer,
  branchBatches,
  lockBatches,
  postMovements,
  stockedItem,
  stockShortRefusal,
  type NewMovement,
} from '../inventory/inventory.service.ts';
import * as repo from './requisitions.repo.ts';

/**
 * Requisitions (docs/architecture.md "Stock tally and requisitions"): a branch asks
 * another branch of the clinic for items; the supplying branch issues all of it (first
 * expiry first out from its unexpired batches, into batches of the same number, expiry
 * and cost at the requesting branch, in one transaction) or refuses it with a reason;
 * the requesting branch may cancel it while it waits.
 */

type Found = NonNullable<Awaited<ReturnType<typeof repo.findRequisition>>>;

async function reread(tx: TenantTx, branchId: string, id: string): Promise<Requisition> {
  const found = await repo.findRequisition(tx, branchId, id);
  if (!found) throw new Error('The requisition just written is not there.');
  return publicOf(found);
}

function publicOf(found: Found): Requisition {
  const { supplyingBranchId: _s, requestingBranchId: _r, ...requisition } = found;
  return requisition;
}

export function list(
  scope: BranchScope,
  query: RequisitionsQuery,
): Promise<{ items: Requisition[]; total: number }> {
  return scope.run((tx) => repo.listRequisitions(tx, { branchId: scope.branchId, ...query }));
}

export function branches(scope: BranchScope): Promise<{ items: BranchRef[]; total: number }> {
  return scope.run(async (tx) => {
    const items = await repo.otherBranches(tx, scope.branchId);
    return { items, total: items.length };
  });
}

export function one(scope: BranchScope, id: string): Promise<Requisition> {
  return scope.run(async (tx) => {
    const found = await repo.findRequisition(tx, scope.branchId, id);
    if (!found) throw notFound('requisition.notFound');
    return publicOf(found);
  });
}

export function create(scope: BranchScope, body: RequisitionCreateBody): Promise<Requisition> {
  return scope.run(async (tx) => {
    if (body.supplyingBranchId === scope.branchId) {
      throw fieldError('supplyingBranchId', 'requisition.sameBranch');
    }
    if (!(await repo.branchExists(tx, body.supplyingBranchId))) {
      throw fieldError('supplyingBranchId', 'requisition.branchUnknown');
    }
    const seen = new Set<string>();
    for (const [index, line] of body.lines.entries()) {
      if (seen.has(line.itemId)) throw fieldError(`lines.${index}.itemId`, 'requisition.lineTwice');
      seen.add(line.itemId);
      if (!(await stockedItem(tx, line.itemId))) {
        throw fieldError(`lines.${index}.itemId`, 'stock.itemUnknown');
      }
    }
    const id = await repo.insertRequisition(
      tx,
      {
        number: await repo.nextNumber(tx),
        requestingBranchId: scope.branchId,
        supplyingBranchId: body.supplyingBranchId,
        remark: body.remark,
        createdBy: scope.userId,
      },
      body.lines,
    );
    return reread(tx, scope.branchId, id);
  });
}

/** The requisition, locked and still waiting, for the side that may act on it. */
async function waiting(
  tx: TenantTx,
  scope: BranchScope,
  id: string,
  version: number,
  side: 'supplier' | 'requester',
): Promise<Found> {
  const found = await repo.findRequisition(tx, scope.branchId, id, true);
  if (!found) throw notFound('requisition.notFound');
  if (side === 'supplier' && found.supplyingBranchId !== scope.branchId) {
    throw forbidden('requisition.notSupplier');
  }
  if (side === 'requester' && found.requestingBranchId !== scope.branchId) {
    throw forbidden('requisition.notRequester');
  }
  if (found.status !== 'requested') {
    throw new AppError(409, 'requisition.notRequested', refusalMessage('requisition.notRequested'));
  }
  if (found.version !== version) throw conflict();
  return found;
}

/** Ledger rows that move one line's stock, first expiry first out, to the requesting branch. */
async function transferLine(
  tx: TenantTx,
  scope: BranchScope,
  found: Found,
  index: number,
  clinicDate: string,
): Promise<NewMovement[]> {
  const line = found.lines[index]!;
  const { supplyingBranchId: from, requestingBranchId: to } = found;
  // Both branches' batches of the item, in the order every writer locks them.
  await lockBatches(tx, { branchIds: [from, to], itemIds: [line.itemId] });
  const batches = await branchBatches(tx, {
    branchId: from,
    itemIds: [line.itemId],
    withStockOnly: true,
  });
  const result = pickBatchesFefo(
    batches.map((batch) => ({ ...batch, quantityOnHand: batch.onHand })),
    line.quantity,
    clinicDate,
  );
  if (result.kind === 'invalid') throw new Error('A requisition line holds no valid quantity.');
  if (result.kind === 'short') {
    const item = { name: line.itemName, dispensingUnit: line.dispensingUnit };
    const { available, requested } = result.shortage;
    throw stockShortRefusal(`lines.${index}.quantity`, item, available, requested);
  }
  const movements: NewMovement[] = [];
  const common = {
    itemId: line.itemId,
    kind: 'requisition' as const,
    reason: `Requisition #${found.number}`,
    referenceId: found.id,
    createdBy: scope.userId,
  };
  for (const pick of result.picks) {
    const source = batches.find((batch) => batch.id === pick.batchId)!;
    const target = await batchForTransfer(tx, {
      branchId: to,
      itemId: line.itemId,
      batchNo: source.batchNo,
      expiryDate: source.expiryDate,
      unitCostCents: source.unitCostCents,
      supplierId: source.supplierId,
      createdBy: scope.userId,
    });
    if (target === 'expiryDiffers') {
      const message = refusalMessage(
        'requisition.batchExpiryDiffers',
        source.batchNo,
        line.itemName,
      );
      throw new AppError(409, 'requisition.batchExpiryDiffers', message, [
        { field: `lines.${index}.itemId`, message, code: 'requisition.batchExpiryDiffers' },
      ]);
    }
    movements.push(
      { ...common, branchId: from, batchId: source.id, quantity: -pick.quantity },
      { ...common, branchId: to, batchId: target.id, quantity: pick.quantity },
    );
  }
  return movements;
}

/** Issues every line in full, or nothing: a short line is a 409 naming the item. */
export function issue(scope: BranchScope, id: string, version: number): Promise<Requisition> {
  return scope.run(async (tx) => {
    const found = await waiting(tx, scope, id, version, 'supplier');
    const { today } = await clinicContext(tx, scope.branchId);
    const order = found.lines
      .map((line, index) => ({ itemId: line.itemId, index }))
      .sort((a, b) => (a.itemId < b.itemId ? -1 : 1));
    const movements: NewMovement[] = [];
    for (const { index } of order) {
      movements.push(...(await transferLine(tx, scope, found, index, today)));
    }
    await postMovements(tx, movements);
    const closed = await repo.closeRequisition(tx, id, version, {
      status: 'issued',
      closedBy: scope.userId,
    });
    if (!closed) throw conflict();
    return reread(tx, scope.branchId, id);
  });
}

export function refuse(
  scope: BranchScope,
  id: string,
  body: RequisitionRefuseBody,
): Promise<Requisition> {
  return scope.run(async (tx) => {
    await waiting(tx, scope, id, body.version, 'supplier');
    const closed = await repo.closeRequisition(tx, id, body.version, {
      status: 'refused',
      refuseReason: body.reason,
      closedBy: scope.userId,
    });
    if (!closed) throw conflict();
    return reread(tx, scope.branchId, id);
  });
}

export function cancel(scope: BranchScope, id: string, version: number): Promise<Requisition> {
  return scope.run(async (tx) => {
    await waiting(tx, scope, id, version, 'requester');
    const closed = await repo.closeRequisition(tx, id, version, {
      status: 'cancelled',
      closedBy: scope.userId,
    });
    if (!closed) throw conflict();
    return reread(tx, scope.branchId, id);
  });
}
