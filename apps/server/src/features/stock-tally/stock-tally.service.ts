import {
  refusalMessage,
  type TalliesQuery,
  type TallyCancelBody,
  type TallyCreateBody,
  type TallyFinaliseBody,
  type TallyHistory,
  type TallySaveBody,
  type TallySheet,
  type TallySummary,
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
import {
  branchBatches,
  lockBatches,
  postMovements,
  stockedItem,
} from '../inventory/inventory.service.ts';
import * as repo from './stock-tally.repo.ts';

/**
 * Count sheets (docs/architecture.md "Stock tally and requisitions"): a sheet lists the
 * branch's batches with stock; counts are entered (part-filled saves, versioned), each
 * with what the ledger held at that moment; finalising posts each counted batch's variance
 * as a `tally` ledger row, so movements made meanwhile are kept.
 */

async function sheetOf(tx: TenantTx, sheet: TallySummary): Promise<TallySheet> {
  return { sheet, lines: await repo.tallyLines(tx, sheet.id) };
}

async function reread(tx: TenantTx, branchId: string, id: string): Promise<TallySheet> {
  const sheet = await repo.findTally(tx, branchId, id);
  if (!sheet) throw new Error('The count sheet just written is not there.');
  return sheetOf(tx, sheet);
}

/** The sheet, locked, still open and at the caller's version. */
async function openSheetForChange(
  tx: TenantTx,
  branchId: string,
  id: string,
  version: number,
): Promise<TallySummary> {
  const sheet = await repo.findTally(tx, branchId, id, true);
  if (!sheet) throw notFound('tally.notFound');
  if (sheet.version !== version) throw conflict();
  if (sheet.status !== 'open')
    throw new AppError(409, 'tally.notOpen', refusalMessage('tally.notOpen'));
  return sheet;
}

export function list(
  scope: BranchScope,
  query: TalliesQuery,
): Promise<{ items: TallySummary[]; total: number }> {
  return scope.run((tx) => repo.listTallies(tx, { branchId: scope.branchId, ...query }));
}

export function sheet(scope: BranchScope, id: string): Promise<TallySheet> {
  return scope.run(async (tx) => {
    const found = await repo.findTally(tx, scope.branchId, id);
    if (!found) throw notFound('tally.notFound');
    return sheetOf(tx, found);
  });
}

function openExists(): AppError {
  return new AppError(409, 'tally.openExists', refusalMessage('tally.openExists'));
}

/** Opens a sheet of every batch with stock of the chosen items (none chosen: all items). */
export function open(scope: BranchScope, body: TallyCreateBody): Promise<TallySheet> {
  return scope.run(async (tx) => {
    const itemIds = body.itemIds.length > 0 ? body.itemIds : undefined;
    for (const [index, itemId] of body.itemIds.entries()) {
      if (!(await stockedItem(tx, itemId)))
        throw fieldError(`itemIds.${index}`, 'stock.itemUnknown');
    }
    const number = await repo.nextNumber(tx, scope.branchId);
    if (await repo.openSheetExists(tx, scope.branchId)) throw openExists();
    const batches = await branchBatches(tx, {
      branchId: scope.branchId,
      itemIds,
      withStockOnly: true,
    });
    if (batches.length === 0) {
      throw fieldError('itemIds', 'tally.nothingToCount');
    }
    const id = await repo
      .insertTally(tx, {
        branchId: scope.branchId,
        number,
        remark: body.remark,
        createdBy: scope.userId,
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error, 'stock_tallies_one_open')) throw openExists();
        throw error;
      });
    await repo.insertLines(
      tx,
      id,
      batches.map((batch) => ({
        batchId: batch.id,
        itemId: batch.itemId,
        unitCostCents: batch.unitCostCents,
        expected: batch.onHand,
      })),
    );
    return reread(tx, scope.branchId, id);
  });
}

/**
 * Saves the counts sent (other lines keep theirs). A changed count takes what the batch
 * holds now as its expected quantity: the count is of the shelf as it is now.
 */
export function save(scope: BranchScope, id: string, body: TallySaveBody): Promise<TallySheet> {
  return scope.run(async (tx) => {
    await openSheetForChange(tx, scope.branchId, id, body.version);
    const lines = await repo.tallyLines(tx, id);
    const byBatch = new Map(lines.map((line) => [line.batchId, line]));
    body.lines.forEach((input, index) => {
      if (!byBatch.has(input.batchId)) {
        throw fieldError(`lines.${index}.batchId`, 'tally.batchNotOnSheet');
      }
    });
    const recounted = body.lines.filter(
      (input) => input.counted !== byBatch.get(input.batchId)!.counted,
    );
    const onHand = new Map(
      (
        await branchBatches(tx, {
          branchId: scope.branchId,
          batchIds: recounted.map((input) => input.batchId),
          withStockOnly: false,
        })
      ).map((batch) => [batch.id, batch.onHand]),
    );
    for (const input of body.lines) {
      const line = byBatch.get(input.batchId)!;
      if (recounted.includes(input)) {
        await repo.updateLineCount(tx, id, {
          batchId: input.batchId,
          counted: input.counted,
          expected: onHand.get(input.batchId) ?? line.expected,
          reason: input.reason,
        });
      } else if (input.reason !== line.reason) {
        await repo.updateLineReason(tx, id, input.batchId, input.reason);
      }
    }
    if (!(await repo.touchTally(tx, id, body.version))) throw conflict();
    return reread(tx, scope.branchId, id);
  });
}

/**
 * Posts each counted batch's variance (counted less what it held when counted) as a
 * `tally` ledger row and closes the sheet; uncounted batches are left as they are. The
 * batches are locked first, so the check that none goes below zero holds.
 */
export function finalise(
  scope: BranchScope,
  id: string,
  body: TallyFinaliseBody,
): Promise<TallySheet> {
  return scope.run(async (tx) => {
    await openSheetForChange(tx, scope.branchId, id, body.version);
    const lines = await repo.tallyLines(tx, id);
    const counted = lines.filter((line) => line.counted !== null && line.variance !== null);
    if (counted.length === 0) throw fieldError('version', 'tally.nothingCounted');
    await lockBatches(tx, {
      branchIds: [scope.branchId],
      batchIds: counted.map((line) => line.batchId),
    });
    const onHand = new Map(
      (
        await branchBatches(tx, {
          branchId: scope.branchId,
          batchIds: counted.map((line) => line.batchId),
          withStockOnly: false,
        })
      ).map((batch) => [batch.id, batch.onHand]),
    );
    for (const line of counted) {
      const now = onHand.get(line.batchId) ?? 0;
      if (now + line.variance! < 0) {
        const index = lines.indexOf(line);
        const message = refusalMessage(
          'tally.recount',
          line.batchNo,
          now,
          line.counted!,
          line.expected,
        );
        throw new AppError(409, 'tally.recount', message, [
          { field: `lines.${index}.counted`, message, code: 'tally.recount' },
        ]);
      }
    }
    for (const line of counted.filter((candidate) => candidate.variance !== 0)) {
      const [movementId] = await postMovements(tx, [
        {
          branchId: scope.branchId,
          itemId: line.itemId,
          batchId: line.batchId,
          quantity: line.variance!,
          kind: 'tally',
          reason: line.reason ?? body.reason,
          referenceId: id,
          createdBy: scope.userId,
        },
      ]);
      await repo.setLineMovement(tx, id, line.batchId, movementId!);
    }
    if (!(await repo.touchTally(tx, id, body.version))) throw conflict();
    await repo.closeTally(tx, id, {
      status: 'finalised',
      reason: body.reason,
      closedBy: scope.userId,
    });
    return reread(tx, scope.branchId, id);
  });
}

export function cancel(scope: BranchScope, id: string, body: TallyCancelBody): Promise<TallySheet> {
  return scope.run(async (tx) => {
    await openSheetForChange(tx, scope.branchId, id, body.version);
    if (!(await repo.touchTally(tx, id, body.version))) throw conflict();
    await repo.closeTally(tx, id, {
      status: 'cancelled',
      reason: body.reason,
      closedBy: scope.userId,
    });
    return reread(tx, scope.branchId, id);
  });
}

/** The item's counts on the branch's finalised sheets. */
export function itemHistory(scope: BranchScope, itemId: string): Promise<TallyHistory> {
  return scope.run(async (tx) => {
    const item = await stockedItem(tx, itemId);
    if (!item) throw notFound('stock.itemUnknown');
    return {
      item: {
        itemId: item.id,
        code: item.code,
        name: item.name,
        dispensingUnit: item.dispensingUnit,
      },
      rows: await repo.itemHistory(tx, scope.branchId, itemId),
    };
  });
}
