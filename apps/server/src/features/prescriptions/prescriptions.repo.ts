import type { PrescriptionLineRecord, RecordedAllergy } from '@clinic/domain';
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Prescriptions } from '../../db/schema.ts';
import type { TenantTx } from '../../db/tenant-db.ts';

type Row = Selectable<Prescriptions>;

/** The columns a line is written with (all but the keys and the bookkeeping). */
export type LineValues = Omit<
  Insertable<Prescriptions>,
  'tenantId' | 'id' | 'createdAt' | 'updatedAt' | 'version' | 'warnings'
> & { warnings: PrescriptionLineRecord['warnings'] };

const CYCLES = ['year', 'month', 'week', 'day'] as const;

function toRecord(row: Row): PrescriptionLineRecord {
  const cycle = CYCLES.find((unit) => unit === row.cycle) ?? 'day';
  return {
    id: row.id,
    visitId: row.visitId,
    patientId: row.patientId,
    startDate: row.startDate ?? '',
    endDate: row.endDate ?? '',
    prescriptMode: row.prescriptMode ?? 1,
    doseNum: row.doseNum,
    strengthUm: row.strengthUm,
    consumeUm: row.consumeUm ?? '',
    consumeMethod: row.consumeMethod,
    consumeQuantity: row.consumeQuantity ?? 0,
    frequency: row.frequency ?? '',
    dispenseQuantity: row.dispenseQuantity ?? 0,
    dispenseUm: row.dispenseUm ?? '',
    unitPrice: row.unitPriceCents ?? 0,
    totalPrice: Number(row.totalPriceCents ?? 0),
    precaution: row.precaution,
    indication: row.indication,
    catalogItemId: row.catalogItemId ?? '00000000-0000-0000-0000-000000000000',
    comboItemId: row.comboItemId,
    code: row.itemCode,
    name: row.itemName,
    duration: row.duration ?? 1,
    cycle,
    durationDays: row.durationDays ?? 1,
    taxAmount: Number(row.taxAmountCents ?? 0),
    overrideReason: row.overrideReason,
    warnings: Array.isArray(row.warnings)
      ? (row.warnings as PrescriptionLineRecord['warnings'])
      : [],
    version: row.version,
  };
}

/**
 * Serialises the writes to one visit's lines until the transaction ends, so the duplicate
 * check of one line sees the line another request is adding at the same moment.
 */
export async function lockVisitLines(tx: TenantTx, visitId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`prescriptions:${visitId}`}, 0))`.execute(
    tx.db,
  );
}

/** A visit's lines, oldest first. */
export async function visitLines(tx: TenantTx, visitId: string): Promise<PrescriptionLineRecord[]> {
  const rows = await tx.db
    .selectFrom('prescriptions')
    .selectAll()
    .where('visitId', '=', visitId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map(toRecord);
}

export async function findLine(
  tx: TenantTx,
  id: string,
  lock?: 'update',
): Promise<PrescriptionLineRecord | undefined> {
  const query = tx.db.selectFrom('prescriptions').selectAll().where('id', '=', id);
  const row = await (lock ? query.forUpdate() : query).executeTakeFirst();
  return row && toRecord(row);
}

/** Whether the line has been dispensed (the dispensing feature's record; read here). */
export async function isDispensed(tx: TenantTx, id: string): Promise<boolean> {
  const row = await tx.db
    .selectFrom('dispensedPrescriptions')
    .select('prescriptionId')
    .where('prescriptionId', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertLine(tx: TenantTx, values: LineValues): Promise<string> {
  const { id } = await tx.db
    .insertInto('prescriptions')
    .values({
      ...values,
      tenantId: tx.tenantId,
      warnings: JSON.stringify(values.warnings),
      // Lines added in one call (a combo, a repeat) keep the order they were added in.
      createdAt: sql<Date>`clock_timestamp()`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Rewrites a line when `version` is still its own; false when it is not. */
export async function updateLine(
  tx: TenantTx,
  id: string,
  version: number,
  values: LineValues,
): Promise<boolean> {
  const result = await tx.db
    .updateTable('prescriptions')
    .set((eb) => ({
      ...values,
      warnings: JSON.stringify(values.warnings),
      updatedAt: new Date(),
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteLine(tx: TenantTx, id: string, version: number): Promise<boolean> {
  const result = await tx.db
    .deleteFrom('prescriptions')
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The patient's recorded allergies as the safety checks read them (voided ones too). */
export async function patientAllergies(
  tx: TenantTx,
  patientId: string,
): Promise<RecordedAllergy[]> {
  const rows = await tx.db
    .selectFrom('allergies')
    .select(['id', 'allergenId', 'allergenCode', 'allergenName', 'reaction', 'voidedAt'])
    .where('patientId', '=', patientId)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    allergyDrugID: row.allergenId,
    allergyDrugCode: row.allergenCode,
    allergyDrugName: row.allergenName,
    allergyReaction: row.reaction,
    isVoided: row.voidedAt !== null,
  }));
}

/**
 * The patient's latest visit before `visitId` (by visit date, then creation) that is not
 * voided and has catalog lines: the one "repeat last prescription" copies.
 */
export async function lastPrescribedVisit(
  tx: TenantTx,
  patientId: string,
  visitId: string,
): Promise<string | undefined> {
  const current = await tx.db
    .selectFrom('visits')
    .select(['visitDate', 'createdAt'])
    .where('id', '=', visitId)
    .executeTakeFirstOrThrow();
  const row = await tx.db
    .selectFrom('visits as v')
    .select('v.id')
    .where('v.patientId', '=', patientId)
    .where('v.id', '!=', visitId)
    .where('v.voidedAt', 'is', null)
    .where((eb) =>
      eb.or([
        eb('v.visitDate', '<', current.visitDate),
        eb.and([
          eb('v.visitDate', '=', current.visitDate),
          eb('v.createdAt', '<', current.createdAt),
        ]),
      ]),
    )
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('prescriptions as p')
          .select('p.id')
          .whereRef('p.tenantId', '=', 'v.tenantId')
          .whereRef('p.visitId', '=', 'v.id')
          .where('p.catalogItemId', 'is not', null),
      ),
    )
    .orderBy('v.visitDate', 'desc')
    .orderBy('v.createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}
