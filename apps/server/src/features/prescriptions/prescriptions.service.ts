import {
  CUSTOMISE_MODE,
  DISPENSED_TYPES,
  clinicFrequencyList,
  PRESCRIPTION_MESSAGES,
  STRENGTH_MODE,
  isRefusalCode,
  prescriptionTotals,
  prescriptionWarnings,
  prescriptionWarningText,
  refusalMessage,
  resolvePrescriptionLine,
  type CatalogItemRecord,
  type MedicationFrequency,
  type MedicationItem,
  type PrescriptionCreateBody,
  type PrescriptionLineInput,
  type PrescriptionLineRecord,
  type PrescriptionProblem,
  type PrescriptionUpdateBody,
  type PrescriptionWarning,
  type RecordedAllergy,
  type VisitPrescription,
  type ReferralMedication,
} from '@clinic/domain';
import type { TenantTx } from '../../db/tenant-db.ts';
import {
  AppError,
  badRequest,
  conflict,
  fieldError,
  fieldErrors,
  notFound,
} from '../../platform/errors.ts';
import type { BranchScope } from '../../platform/scope.ts';
import { clinicContext } from '../branches/branches.service.ts';
import { findItem, listSettings } from '../catalogs/catalogs.service.ts';
import { knownVisit, writableVisit, type WritableVisit } from '../visits/visits.service.ts';
import * as repo from './prescriptions.repo.ts';

/**
 * Prescription lines on a visit (issue 12 'Prescribing'; doc 2 sections 2.10, 3, 7).
 *
 * Decisions where the spec is silent (ours):
 * - The catalog keeps no pack size, so one dispensing unit holds one consume unit in the
 *   arithmetic (a tablet is dispensed as a tablet). Items dispensed in packs (a bottle of
 *   syrup) are prescribed in customise mode, where the doctor types the quantity.
 * - A frequency of the clinic's list is `dosesPerCycle` every `cycleDays` days; a
 *   frequency without them is STAT (code STAT: one dose) or as needed (any other).
 * - The item of a line does not change on update: another drug is another line.
 * - Removing a line deletes it (the audit row keeps who and when); the queue's rule that
 *   a visit with a prescription cannot be deleted then no longer counts it.
 * - Repeat copies the dosing of the patient's latest earlier, not voided visit with
 *   lines, starting the clinic's today, at today's prices, through the same checks;
 *   lines whose item is gone or switched off are refused with the rest (nothing is
 *   written unless every line can be).
 */

/** The clinic's frequency list as dose arithmetic rules (the editor previews with the same). */
async function clinicFrequencies(tx: TenantTx): Promise<MedicationFrequency[]> {
  return clinicFrequencyList(await listSettings(tx, 'frequency', { activeOnly: true }));
}

interface Lists {
  frequencies: MedicationFrequency[];
  units: Set<string>;
  methods: Set<string>;
  today: string;
  allergies: RecordedAllergy[];
}

async function listsFor(tx: TenantTx, scope: BranchScope, patientId: string): Promise<Lists> {
  const [frequencies, units, methods, context, allergies] = await Promise.all([
    clinicFrequencies(tx),
    listSettings(tx, 'unitMeasurement', { activeOnly: true }),
    listSettings(tx, 'consumeMethod', { activeOnly: true }),
    clinicContext(tx, scope.branchId),
    repo.patientAllergies(tx, patientId),
  ]);
  return {
    frequencies,
    units: new Set(units.map((unit) => unit.code)),
    methods: new Set(methods.map((method) => method.code)),
    today: context.today,
    allergies,
  };
}

/** The catalog item of a line: known, prescribable and available in the caller's branch. */
async function prescribableItem(
  tx: TenantTx,
  scope: BranchScope,
  id: string,
): Promise<CatalogItemRecord> {
  const item = await findItem(tx, id, scope.branchId);
  if (!item) throw fieldError('catalogItemId', 'prescription.itemUnknown');
  if (!DISPENSED_TYPES.includes(item.type) && item.type !== 'Combo') {
    throw fieldError('catalogItemId', 'prescription.itemNotPrescribable');
  }
  if (!item.available) throw fieldError('catalogItemId', 'prescription.itemUnavailable');
  return item;
}

type LineFields = Omit<PrescriptionUpdateBody, 'version'>;

const problemCode = (key: PrescriptionProblem['key']) => `prescription.${key}` as const;

/** Every problem of a line, in one 400; the warnings' words when a reason is missing. */
function refuse(
  problems: readonly PrescriptionProblem[],
  warnings: readonly PrescriptionWarning[],
): never {
  const errors = problems.map(({ field, key }) => {
    if (key === 'overrideReasonRequired') {
      const words = warnings.map(prescriptionWarningText).join(' ');
      return {
        field,
        code: 'prescription.warnings' as const,
        message: refusalMessage('prescription.warnings', words),
      };
    }
    const code = problemCode(key);
    return {
      field,
      code: isRefusalCode(code) ? code : undefined,
      message: PRESCRIPTION_MESSAGES[key],
    };
  });
  throw fieldErrors(errors);
}

/** A line's columns from the editor's fields, checked against the item, lists and visit. */
function resolveLine(
  item: CatalogItemRecord,
  fields: LineFields,
  lists: Lists,
  visitLines: readonly PrescriptionLineRecord[],
  lineId: string | null,
): Omit<repo.LineValues, 'visitId' | 'patientId' | 'branchId' | 'createdBy' | 'updatedBy'> {
  const mode = fields.prescriptMode;
  const consumeUm =
    fields.consumeUm ??
    (mode === STRENGTH_MODE ? item.dispensingUnit : (item.defaultDoseUnit ?? item.dispensingUnit));
  if (consumeUm === null || !lists.units.has(consumeUm)) {
    throw fieldError('consumeUm', 'prescription.consumeUmUnknown');
  }
  const consumeMethod = fields.consumeMethod ?? item.defaultConsumeMethod;
  if (consumeMethod !== null && !lists.methods.has(consumeMethod)) {
    throw fieldError('consumeMethod', 'prescription.consumeMethodUnknown');
  }
  const warnings = prescriptionWarnings(
    { name: item.name, catalogItemId: item.id, lineId },
    lists.allergies,
    visitLines.map((line) => ({ id: line.id, catalogItemId: line.catalogItemId, name: line.name })),
  );
  const input: PrescriptionLineInput = {
    prescriptMode: mode,
    doseNum: fields.doseNum,
    consumeQuantity: fields.consumeQuantity,
    frequency: fields.frequency,
    duration: fields.duration,
    cycle: fields.cycle,
    startDate: fields.startDate ?? lists.today,
    dispenseQuantity: fields.dispenseQuantity,
    unitPrice: item.priceCents,
    taxRateBasisPoints: item.taxBasisPoints,
    precaution: fields.precaution,
    indication: fields.indication,
    overrideReason: fields.overrideReason,
  };
  const pack = { strength: item.strength, consumePerDispenseUnit: 1 };
  const result = resolvePrescriptionLine(input, pack, warnings, lists.frequencies);
  if (!result.ok) refuse(result.problems, warnings);
  const line = result.value;
  return {
    catalogItemId: item.id,
    itemCode: item.code,
    itemName: item.name,
    startDate: input.startDate,
    endDate: line.endDate,
    prescriptMode: line.prescriptMode,
    doseNum: line.prescriptMode === STRENGTH_MODE ? fields.doseNum : null,
    strengthUm: item.strengthUnit,
    consumeUm,
    consumeMethod,
    consumeQuantity: line.consumeQuantity,
    frequency: line.frequency.code,
    duration: line.duration,
    cycle: line.cycle,
    durationDays: line.durationDays,
    dispenseQuantity: line.dispenseQuantity,
    dispenseUm: item.dispensingUnit ?? consumeUm,
    unitPriceCents: line.unitPrice,
    totalPriceCents: line.totalPrice,
    taxBasisPoints: item.taxBasisPoints,
    taxAmountCents: line.taxAmount,
    precaution: fields.precaution,
    indication: fields.indication,
    overrideReason: line.overrideReason,
    warnings: warnings.map((warning) => ({
      kind: warning.kind,
      message: prescriptionWarningText(warning),
    })),
  };
}

function withTotals(items: PrescriptionLineRecord[]): VisitPrescription {
  const totals = prescriptionTotals(
    items.map((line) => ({ totalPrice: line.totalPrice, taxAmount: line.taxAmount })),
  );
  return {
    items,
    total: items.length,
    subtotal: totals.subtotal,
    taxAmount: totals.taxAmount,
    totalWithTax: totals.total,
  };
}

/** The fields of a combo component's line: its item's default dosing, the combo's quantity. */
function comboFields(
  component: CatalogItemRecord,
  quantity: number,
  body: PrescriptionCreateBody,
): LineFields {
  if (component.defaultDose === null || component.defaultFrequency === null) {
    throw fieldError('catalogItemId', 'prescription.comboIncomplete');
  }
  return {
    startDate: body.startDate,
    prescriptMode: CUSTOMISE_MODE,
    doseNum: null,
    consumeQuantity: component.defaultDose,
    consumeUm: component.defaultDoseUnit,
    consumeMethod: component.defaultConsumeMethod,
    frequency: component.defaultFrequency,
    duration: component.defaultDurationDays,
    cycle: component.defaultDurationDays === null ? null : 'day',
    dispenseQuantity: quantity,
    precaution: body.precaution,
    indication: body.indication,
    overrideReason: body.overrideReason,
  };
}

async function addLines(
  tx: TenantTx,
  scope: BranchScope,
  visit: WritableVisit,
  lines: Array<{ item: CatalogItemRecord; fields: LineFields; comboItemId: string | null }>,
  lists: Lists,
): Promise<void> {
  const existing = await repo.visitLines(tx, visit.id);
  for (const { item, fields, comboItemId } of lines) {
    const values = resolveLine(item, fields, lists, existing, null);
    const id = await repo.insertLine(tx, {
      ...values,
      comboItemId,
      visitId: visit.id,
      patientId: visit.patientId,
      branchId: scope.branchId,
      createdBy: scope.userId,
      updatedBy: scope.userId,
    });
    const added = await repo.findLine(tx, id);
    if (added) existing.push(added);
  }
}

// --- Reads ------------------------------------------------------------------------------

/** A visit's lines with totals (clinical reads are clinic-wide). */
export function visitPrescription(scope: BranchScope, visitId: string): Promise<VisitPrescription> {
  return scope.run(async (tx) => {
    await knownVisit(tx, visitId);
    return withTotals(await repo.visitLines(tx, visitId));
  });
}

/** Doc 2 section 7: the visit's medication list as a referral letter carries it. */
export function visitMedication(scope: BranchScope, visitId: string): Promise<MedicationItem[]> {
  return scope.run(async (tx) => {
    await knownVisit(tx, visitId);
    const lines = await repo.visitLines(tx, visitId);
    return lines.map((line) => ({
      code: line.code,
      name: line.name,
      dispenseQty: line.dispenseQuantity,
      um: line.dispenseUm,
      consumeQty: line.consumeQuantity,
      consumeUM: line.consumeUm,
      frequency: line.frequency,
      spec: {
        consumeMethod: line.consumeMethod,
        consumeQty: line.consumeQuantity,
        consumeUM: line.consumeUm,
        frequency: line.frequency,
      },
    }));
  });
}

export function prescriptionLine(scope: BranchScope, id: string): Promise<PrescriptionLineRecord> {
  return scope.run(async (tx) => {
    const line = await repo.findLine(tx, id);
    if (!line) throw notFound('prescription.notFound');
    return line;
  });
}

// --- Writes -----------------------------------------------------------------------------

/** Adds a line of a catalog item to the visit; a combo adds one line per medicine in it. */
export function addPrescription(
  scope: BranchScope,
  visitId: string,
  body: PrescriptionCreateBody,
): Promise<VisitPrescription> {
  return scope.run(async (tx) => {
    const visit = await writableVisit(tx, scope, visitId);
    await repo.lockVisitLines(tx, visit.id);
    const item = await prescribableItem(tx, scope, body.catalogItemId);
    const lists = await listsFor(tx, scope, visit.patientId);
    let lines: Array<{ item: CatalogItemRecord; fields: LineFields; comboItemId: string | null }>;
    if (item.type === 'Combo') {
      lines = [];
      for (const component of item.components) {
        const part = await findItem(tx, component.itemId, scope.branchId);
        if (!part || !DISPENSED_TYPES.includes(part.type)) continue; // services are billed, not prescribed
        if (!part.available) throw fieldError('catalogItemId', 'prescription.itemUnavailable');
        lines.push({
          item: part,
          fields: comboFields(part, component.quantity, body),
          comboItemId: item.id,
        });
      }
      if (lines.length === 0) throw fieldError('catalogItemId', 'prescription.itemNotPrescribable');
    } else {
      lines = [{ item, fields: body, comboItemId: null }];
    }
    await addLines(tx, scope, visit, lines, lists);
    return withTotals(await repo.visitLines(tx, visit.id));
  });
}

/**
 * A dispensed line is what the patient took home: it is neither changed nor removed (409).
 * Called with the line locked, as dispensing locks it, so the two take turns.
 */
async function refuseDispensed(tx: TenantTx, id: string): Promise<void> {
  if (await repo.isDispensed(tx, id)) {
    throw new AppError(409, 'dispensing.lineLocked', refusalMessage('dispensing.lineLocked'));
  }
}

/** Changes a line's dosing (its item stays), with the version read. */
export function updatePrescription(
  scope: BranchScope,
  id: string,
  body: PrescriptionUpdateBody,
): Promise<PrescriptionLineRecord> {
  return scope.run(async (tx) => {
    const line = await repo.findLine(tx, id);
    if (!line) throw notFound('prescription.notFound');
    const visit = await writableVisit(tx, scope, line.visitId);
    await repo.lockVisitLines(tx, visit.id);
    if (!(await repo.findLine(tx, id, 'update'))) throw notFound('prescription.notFound');
    await refuseDispensed(tx, id);
    const item = await prescribableItem(tx, scope, line.catalogItemId);
    const lists = await listsFor(tx, scope, visit.patientId);
    const others = await repo.visitLines(tx, visit.id);
    const { version, ...fields } = body;
    const values = resolveLine(item, fields, lists, others, id);
    const updated = await repo.updateLine(tx, id, version, {
      ...values,
      comboItemId: line.comboItemId,
      visitId: visit.id,
      patientId: visit.patientId,
      branchId: scope.branchId,
      updatedBy: scope.userId,
    });
    if (!updated) throw conflict();
    const saved = await repo.findLine(tx, id);
    if (!saved) throw notFound('prescription.notFound');
    return saved;
  });
}

/** Removes a line with the version read; answers the line as it was. */
export function removePrescription(
  scope: BranchScope,
  id: string,
  version: number,
): Promise<PrescriptionLineRecord> {
  return scope.run(async (tx) => {
    const line = await repo.findLine(tx, id);
    if (!line) throw notFound('prescription.notFound');
    await writableVisit(tx, scope, line.visitId);
    if (!(await repo.findLine(tx, id, 'update'))) throw notFound('prescription.notFound');
    await refuseDispensed(tx, id);
    if (!(await repo.deleteLine(tx, id, version))) throw conflict();
    return line;
  });
}

/** Copies the patient's last earlier prescription onto this visit, re-priced and re-checked. */
export function repeatLastPrescription(
  scope: BranchScope,
  visitId: string,
  overrideReason: string | null,
): Promise<VisitPrescription> {
  return scope.run(async (tx) => {
    const visit = await writableVisit(tx, scope, visitId);
    await repo.lockVisitLines(tx, visit.id);
    const earlier = await repo.lastPrescribedVisit(tx, visit.patientId, visit.id);
    if (earlier === undefined) throw badRequest('prescription.noEarlierPrescription');
    const source = (await repo.visitLines(tx, earlier)).filter(
      (line) => line.catalogItemId !== '00000000-0000-0000-0000-000000000000',
    );
    const lists = await listsFor(tx, scope, visit.patientId);
    const lines = [];
    for (const line of source) {
      const item = await prescribableItem(tx, scope, line.catalogItemId);
      lines.push({
        item,
        comboItemId: line.comboItemId,
        fields: {
          startDate: null,
          prescriptMode: line.prescriptMode,
          doseNum: line.doseNum,
          consumeQuantity: line.prescriptMode === CUSTOMISE_MODE ? line.consumeQuantity : null,
          consumeUm: line.consumeUm,
          consumeMethod: line.consumeMethod,
          frequency: line.frequency,
          duration: line.duration,
          cycle: line.cycle,
          dispenseQuantity: line.dispenseQuantity,
          precaution: line.precaution,
          indication: line.indication,
          overrideReason,
        },
      });
    }
    if (lines.length === 0) throw badRequest('prescription.nothingToRepeat');
    await addLines(tx, scope, visit, lines, lists);
    return withTotals(await repo.visitLines(tx, visit.id));
  });
}

/** The visit's lines as a referral letter lists them, read in the caller's transaction. */
export async function referralMedications(
  tx: TenantTx,
  visitId: string,
): Promise<ReferralMedication[]> {
  const lines = await repo.visitLines(tx, visitId);
  return lines.map((line) => ({
    code: line.code,
    name: line.name,
    dispenseQty: line.dispenseQuantity,
    um: line.dispenseUm,
    consumeMethod: line.consumeMethod,
    consumeQty: line.consumeQuantity,
    consumeUM: line.consumeUm,
    frequency: line.frequency,
  }));
}
