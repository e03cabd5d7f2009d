import {
  ageOn,
  CYCLE_UNITS,
  instructionLists,
  medicationInstructions,
  refusalMessage,
  type CycleUnit,
  type DispenseResult,
  type DispensingLine,
  type InstructionLists,
  type MedicationLabelItem,
  type MedicationLabels,
  type VisitDispensing,
} from '@clinic/domain';
import type { TenantTx } from '../../db/tenant-db.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import type { BranchScope } from '../../platform/scope.ts';
import { clinicContext } from '../branches/branches.service.ts';
import { listSettings } from '../catalogs/catalogs.service.ts';
import { dispenseInTransaction } from '../inventory/inventory.service.ts';
import { writableVisit } from '../visits/visits.service.ts';
import * as repo from './dispensing.repo.ts';

/**
 * Dispensing a visit's prescription lines, all or some, and their medication labels
 * (issue 12; docs/architecture.md "Dispensing"). The stock is taken by the inventory
 * feature's `dispenseInTransaction` (first expiry first out, batches locked, one dispense
 * record and its ledger rows); this feature records which prescription line each
 * dispensed quantity belongs to, and from which batches.
 *
 * Decisions where the spec is silent (ours):
 * - A line is dispensed once, whole: its dispensing quantity. Naming a dispensed line
 *   again is 409 `dispensing.alreadyDispensed` naming the drug; with no line named, every
 *   line not yet dispensed is dispensed, and 409 `dispensing.nothingToDispense` when none is left.
 * - Lines of the same item in one dispensing are taken together (one ledger line per item)
 *   and the batches shared out to the lines in their order, earliest expiry first.
 * - A line that names no stocked catalog item (written before the catalog) cannot be dispensed.
 */

const CYCLES: ReadonlySet<string> = new Set(CYCLE_UNITS);
const cycleOf = (cycle: string): CycleUnit => (CYCLES.has(cycle) ? (cycle as CycleUnit) : 'day');

/** The clinic's prescription settings lists (inactive entries too: old lines still read). */
async function clinicLists(tx: TenantTx): Promise<InstructionLists> {
  const all = { activeOnly: false };
  const [units, methods, frequencies, indications, precautions] = await Promise.all([
    listSettings(tx, 'unitMeasurement', all),
    listSettings(tx, 'consumeMethod', all),
    listSettings(tx, 'frequency', all),
    listSettings(tx, 'indication', all),
    listSettings(tx, 'precaution', all),
  ]);
  return instructionLists({ units, methods, frequencies, indications, precautions });
}

function instructionsOf(row: repo.LineRow, lists: InstructionLists): string {
  return medicationInstructions(
    {
      consumeQuantity: row.consumeQuantity,
      consumeUm: row.consumeUm,
      consumeMethod: row.consumeMethod,
      frequency: row.frequency,
      duration: row.duration,
      cycle: cycleOf(row.cycle),
      indication: row.indication,
      precaution: row.precaution,
    },
    lists,
  );
}

/** The visit's lines with their state and the stock of the caller's branch. */
async function dispensingState(
  tx: TenantTx,
  scope: BranchScope,
  visit: { id: string; branchId: string },
): Promise<VisitDispensing> {
  const rows = await repo.lines(tx, { visitId: visit.id });
  const { today } = await clinicContext(tx, scope.branchId);
  const itemIds = [
    ...new Set(rows.filter((row) => row.dispensable).map((row) => row.catalogItemId!)),
  ];
  const [lists, stock, batches] = await Promise.all([
    clinicLists(tx),
    repo.itemStock(tx, scope.branchId, itemIds, today),
    repo.lineBatches(
      tx,
      rows.filter((row) => row.dispenseId).map((row) => row.prescriptionId),
    ),
  ]);
  const items = rows.map((row): DispensingLine => {
    const itemStock = row.dispensable ? (stock.get(row.catalogItemId!) ?? null) : null;
    return {
      prescriptionId: row.prescriptionId,
      catalogItemId: row.catalogItemId,
      code: row.code,
      name: row.name,
      quantity: row.quantity,
      unit: row.unit,
      instructions: instructionsOf(row, lists),
      dispensable: row.dispensable,
      available: row.dispensable ? (itemStock?.available ?? 0) : null,
      onHand: row.dispensable ? (itemStock?.onHand ?? 0) : null,
      dispensed:
        row.dispenseId && row.dispensedAt !== null && row.dispensedBranchId
          ? {
              dispenseId: row.dispenseId,
              dispensedAt: row.dispensedAt,
              dispensedBy:
                row.dispensedById && row.dispensedByName
                  ? { id: row.dispensedById, name: row.dispensedByName }
                  : null,
              branchId: row.dispensedBranchId,
              batches: batches
                .filter((batch) => batch.prescriptionId === row.prescriptionId)
                .map(({ prescriptionId: _line, ...batch }) => batch),
            }
          : null,
    };
  });
  return { visitId: visit.id, branchId: visit.branchId, items, total: items.length };
}

/** `GET /visits/{id}/dispensing`: readable from any branch (stock is the caller's). */
export function visitDispensing(scope: BranchScope, visitId: string): Promise<VisitDispensing> {
  return scope.run(async (tx) => {
    const visit = await repo.visitFacts(tx, visitId);
    if (!visit) throw notFound('visit.notFound');
    return dispensingState(tx, scope, visit);
  });
}

export interface DispenseLinesRequest {
  visitId: string;
  /** The lines to dispense; null for every line not yet dispensed. */
  prescriptionIds: readonly string[] | null;
}

/** The lines a request dispenses, each with the request field that named it. */
function chosenLines(
  rows: repo.LineRow[],
  prescriptionIds: readonly string[] | null,
): Array<{ row: repo.LineRow; field: string }> {
  if (prescriptionIds === null) {
    const open = rows.filter((row) => row.dispensable && !row.dispenseId);
    if (open.length === 0) {
      throw new AppError(
        409,
        'dispensing.nothingToDispense',
        refusalMessage('dispensing.nothingToDispense'),
      );
    }
    return open.map((row) => ({ row, field: 'prescriptionIds' }));
  }
  const seen = new Set<string>();
  return prescriptionIds.map((id, index) => {
    const field = `prescriptionIds.${index}`;
    const key = id.toLowerCase();
    if (seen.has(key)) throw fieldError(field, 'dispensing.lineTwice');
    seen.add(key);
    const row = rows.find((line) => line.prescriptionId === key);
    if (!row) throw fieldError(field, 'dispensing.lineUnknown');
    if (row.dispenseId) {
      const message = refusalMessage('dispensing.alreadyDispensed', row.name);
      throw new AppError(409, 'dispensing.alreadyDispensed', message, [
        { field, message, code: 'dispensing.alreadyDispensed' },
      ]);
    }
    if (!row.dispensable) throw fieldError(field, 'dispensing.lineNotDispensable');
    return { row, field };
  });
}

/** The chosen lines by item (one ledger line per item), in the order first named. */
function byItem(chosen: Array<{ row: repo.LineRow; field: string }>) {
  const groups = new Map<string, Array<{ row: repo.LineRow; field: string }>>();
  for (const line of chosen) {
    const itemId = line.row.catalogItemId!;
    groups.set(itemId, [...(groups.get(itemId) ?? []), line]);
  }
  return [...groups.entries()].map(([itemId, lines]) => ({ itemId, lines }));
}

/** The inventory's refusal of item group `g` (`groups.g.…`), naming the request's field instead. */
function renamed(error: unknown, fieldOfGroup: (group: number) => string): unknown {
  if (!(error instanceof AppError) || !error.errors) return error;
  const errors = error.errors.map((problem) => {
    const match = /^groups\.(\d+)\./.exec(problem.field);
    return match ? { ...problem, field: fieldOfGroup(Number(match[1])) } : problem;
  });
  return new AppError(error.status, error.code, error.message, errors, error.headers);
}

/** Shares an item's dispensed batches (earliest expiry first) out to its lines in order. */
export function shareBatches(
  quantities: readonly number[],
  batches: ReadonlyArray<{ batchId: string; quantity: number }>,
): Array<Array<{ batchId: string; quantity: number }>> {
  const left = batches.map((batch) => ({ ...batch }));
  return quantities.map((wanted) => {
    const taken: Array<{ batchId: string; quantity: number }> = [];
    let owed = wanted;
    for (const batch of left) {
      if (owed === 0) break;
      const quantity = Math.min(owed, batch.quantity);
      if (quantity === 0) continue;
      taken.push({ batchId: batch.batchId, quantity });
      batch.quantity -= quantity;
      owed -= quantity;
    }
    if (owed > 0) throw new Error('The dispensed batches do not cover the lines.');
    return taken;
  });
}

/**
 * Dispenses a visit's prescription lines inside the caller's transaction: the visit is of
 * the caller's branch and not voided (404, 403 `visit.anotherBranch`, 400 `visit.voided`);
 * the lines are locked; each is refused if not of the visit, named twice, already
 * dispensed or not kept in stock; the stock is taken by the inventory's
 * `dispenseInTransaction` (409 `inventory.stockShort` naming the drug, the field naming the
 * line); then which line took which batches is recorded. Nothing is written unless all is.
 * For `POST /visits/{id}/dispense` and the billing issue's `PATCH /payments/{id}/dispense`.
 */
export async function dispensePrescriptionLines(
  tx: TenantTx,
  scope: BranchScope,
  request: DispenseLinesRequest,
): Promise<DispenseResult> {
  const visit = await writableVisit(tx, scope, request.visitId);
  await repo.lockVisitLines(tx, visit.id);
  const chosen = chosenLines(await repo.lines(tx, { visitId: visit.id }), request.prescriptionIds);
  const groups = byItem(chosen);
  const record = await dispenseInTransaction(tx, {
    scope,
    visitId: visit.id,
    field: 'groups',
    lines: groups.map((group) => ({
      itemId: group.itemId,
      quantity: group.lines.reduce((sum, line) => sum + line.row.quantity, 0),
    })),
  }).catch((error: unknown) => {
    throw renamed(error, (group) => groups[group]?.lines[0]?.field ?? 'prescriptionIds');
  });
  const dispensed = groups.flatMap((group, index) => {
    const taken = shareBatches(
      group.lines.map((line) => line.row.quantity),
      record.lines[index]!.batches,
    );
    return group.lines.map(({ row }, line) => ({
      prescriptionId: row.prescriptionId,
      dispenseRecordId: record.id,
      visitId: visit.id,
      itemId: group.itemId,
      quantity: row.quantity,
      createdBy: scope.userId,
      batches: taken[line]!,
    }));
  });
  await repo.insertDispensedLines(tx, dispensed);
  const state = await dispensingState(tx, scope, visit);
  const ids = new Set(dispensed.map((line) => line.prescriptionId));
  return {
    ...state,
    dispenseId: record.id,
    prescriptionIds: state.items.map((item) => item.prescriptionId).filter((id) => ids.has(id)),
  };
}

/** `POST /visits/{id}/dispense`. */
export function dispenseVisit(
  scope: BranchScope,
  visitId: string,
  prescriptionIds: readonly string[] | null,
): Promise<DispenseResult> {
  return scope.run((tx) => dispensePrescriptionLines(tx, scope, { visitId, prescriptionIds }));
}

// --- Medication labels --------------------------------------------------------------------

/**
 * `GET /reports/labels/medication?ids=` (doc 3 sections 3.2, 7.1): one item per line, in
 * the visit's order, with the batches it was dispensed from. The lines are of one visit
 * (a print is for one patient). Readable from any branch, as the record is.
 */
export function medicationLabels(
  scope: BranchScope,
  prescriptionIds: readonly string[],
): Promise<MedicationLabels> {
  return scope.run(async (tx) => {
    const rows = await repo.lines(tx, { ids: prescriptionIds });
    const missing = prescriptionIds.find((id) => !rows.some((row) => row.prescriptionId === id));
    if (missing !== undefined) throw notFound('prescription.notFound');
    const visitIds = new Set(rows.map((row) => row.visitId));
    if (visitIds.size !== 1) throw fieldError('ids', 'dispensing.labelsOfOneVisit');
    const visit = await repo.visitFacts(tx, rows[0]!.visitId);
    if (!visit) throw notFound('visit.notFound');
    const context = await clinicContext(tx, scope.branchId);
    const [lists, batches] = await Promise.all([
      clinicLists(tx),
      repo.lineBatches(tx, prescriptionIds),
    ]);
    const age = ageOn(visit.birthDate, context.today);
    const items = rows.map((row): MedicationLabelItem => ({
      prescriptionId: row.prescriptionId,
      code: row.code,
      patientName: visit.patientName,
      date: row.dispensedAt === null ? context.today : context.dateOf(row.dispensedAt),
      qty: row.quantity,
      um: row.unit,
      itemName: row.name,
      duration: row.durationDays,
      specification: {
        consumeMethod: row.consumeMethod,
        consumeQty: row.consumeQuantity,
        consumeUM: row.consumeUm,
        frequency: row.frequency,
        indication: row.indication,
        precaution: row.precaution,
        warningMessage: null,
        remark: row.itemRemark,
      },
      batches: batches
        .filter((batch) => batch.prescriptionId === row.prescriptionId)
        .map((batch) => ({ batchNumber: batch.batchNo, expiryDate: batch.expiryDate })),
      instructions: instructionsOf(row, lists),
      patientAge: age ? { years: age.years, months: age.months } : null,
      dispensed: row.dispenseId !== null,
    }));
    return { visitId: visit.id, items };
  });
}
