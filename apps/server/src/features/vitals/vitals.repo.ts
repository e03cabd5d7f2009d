import {
  fagerstromName,
  smokingStatusName,
  stageOfChangeName,
  type ConsultNoteRecord,
  type PhysicalReading,
  type VisitFactsRecord,
} from '@clinic/domain';
import { sql, type Selectable, type Updateable } from 'kysely';
import type { ConsultNotes, DB, PhysicalReadings, VisitFacts } from '../../db/schema.ts';
import type { TenantTx } from '../../db/tenant-db.ts';
import { toUnix } from '../../platform/scope.ts';

/** The visit a record is written in (the visits service's `writableVisit`): which, whose. */
export interface VisitRef {
  id: string;
  patientId: string;
}

/** The tables of a visit's record: one row or more per visit, each with its version. */
type RecordTable = 'visitFacts' | 'physicalReadings' | 'consultNotes';

/** The columns every new row of a visit's record gets: whose, which visit, who made it. */
function newRow(tx: TenantTx, visit: VisitRef, userId: string) {
  return {
    tenantId: tx.tenantId,
    visitId: visit.id,
    patientId: visit.patientId,
    createdBy: userId,
    updatedBy: userId,
  };
}

/**
 * The version-checked update of a row of a visit's record (by its id, or its visit's for a
 * one-per-visit table): sets the values, who changed it and when, and the next version,
 * while `version` is still the one the caller read. Undefined when it is not (someone
 * saved meanwhile) or there is no such row.
 */
function updateIfCurrent<T extends RecordTable>(
  tx: TenantTx,
  table: T,
  row: { id: string } | { visitId: string },
  version: number,
  userId: string,
  values: Updateable<DB[T]>,
): Promise<Selectable<DB[T]> | undefined> {
  const [column, value] =
    'id' in row ? (['id', row.id] as const) : (['visitId', row.visitId] as const);
  // Kysely cannot call `set` on a table still generic: the union of the three it can.
  const name: RecordTable = table;
  return tx.db
    .updateTable(name)
    .set({ ...values, updatedBy: userId, updatedAt: new Date(), version: sql<number>`version + 1` })
    .where(column, '=', value)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst() as Promise<Selectable<DB[T]> | undefined>;
}

/** The columns of a visit's facts, as the request carries them (after the smoking rule). */
export interface FactsValues {
  height: number | null;
  weight: number | null;
  waist: number | null;
  bmi: number | null;
  weightNotFeasible: boolean;
  smokingStatus: string | null;
  yearStartedSmoking: number | null;
  numberSticksPerDay: number | null;
  fagerstromTestScore: string | null;
  stageOfChange: string | null;
  smokingAssessmentDate: string | null;
  smokingAssessmentRemark: string | null;
}

function factsRecord(row: Selectable<VisitFacts>): VisitFactsRecord {
  return {
    id: row.id,
    visitId: row.visitId,
    patientId: row.patientId,
    height: row.height,
    weight: row.weight,
    waist: row.waist,
    bmi: row.bmi,
    weightNotFeasible: row.weightNotFeasible,
    smokingStatus: row.smokingStatus,
    smokingStatusVal: smokingStatusName(row.smokingStatus),
    yearStartedSmoking: row.yearStartedSmoking,
    numberSticksPerday: row.numberSticksPerDay,
    fagerstromTestScore: row.fagerstromTestScore,
    fagerstromTestScoreVal: fagerstromName(row.fagerstromTestScore),
    stateOfChange: row.stageOfChange,
    stageOfChangeVal: stageOfChangeName(row.stageOfChange),
    smokingAssessmentDate: row.smokingAssessmentDate,
    smokingAssessmentRemark: row.smokingAssessmentRemark,
    version: row.version,
  };
}

export async function visitFacts(tx: TenantTx, visitId: string): Promise<VisitFactsRecord | null> {
  const row = await tx.db
    .selectFrom('visitFacts')
    .selectAll()
    .where('visitId', '=', visitId)
    .executeTakeFirst();
  return row ? factsRecord(row) : null;
}

/** Inserts a visit's first facts; null when the visit has facts already. */
export async function insertFacts(
  tx: TenantTx,
  visit: VisitRef,
  userId: string,
  values: FactsValues,
): Promise<VisitFactsRecord | null> {
  const row = await tx.db
    .insertInto('visitFacts')
    .values({ ...newRow(tx, visit, userId), ...values })
    .onConflict((oc) => oc.columns(['tenantId', 'visitId']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ? factsRecord(row) : null;
}

/** Updates a visit's facts when `version` is still current; null otherwise. */
export async function updateFacts(
  tx: TenantTx,
  visitId: string,
  version: number,
  userId: string,
  values: FactsValues,
): Promise<VisitFactsRecord | null> {
  const row = await updateIfCurrent(tx, 'visitFacts', { visitId }, version, userId, values);
  return row ? factsRecord(row) : null;
}

export interface ReadingValues {
  readingTime: Date;
  systolic: number | null;
  diastolic: number | null;
  pulse: number | null;
  glucose: number | null;
  temperature: number | null;
  height: number | null;
  weight: number | null;
  bsa: number | null;
  bmi: number | null;
}

function readingRecord(row: Selectable<PhysicalReadings>): PhysicalReading {
  return {
    id: row.id,
    visitId: row.visitId,
    readingTime: toUnix(row.readingTime),
    systolic: row.systolic,
    diastolic: row.diastolic,
    pulse: row.pulse,
    glucose: row.glucose,
    temperature: row.temperature,
    height: row.height,
    weight: row.weight,
    bsa: row.bsa,
    bmi: row.bmi,
    version: row.version,
  };
}

export async function visitReadings(tx: TenantTx, visitId: string): Promise<PhysicalReading[]> {
  const rows = await tx.db
    .selectFrom('physicalReadings')
    .selectAll()
    .where('visitId', '=', visitId)
    .orderBy('readingTime')
    .orderBy('createdAt')
    .execute();
  return rows.map(readingRecord);
}

/** A reading's visit id (null when the clinic has no such reading). */
export async function readingVisitId(tx: TenantTx, readingId: string): Promise<string | null> {
  const row = await tx.db
    .selectFrom('physicalReadings')
    .select('visitId')
    .where('id', '=', readingId)
    .executeTakeFirst();
  return row?.visitId ?? null;
}

export async function insertReading(
  tx: TenantTx,
  visit: VisitRef,
  userId: string,
  values: ReadingValues,
): Promise<PhysicalReading> {
  const row = await tx.db
    .insertInto('physicalReadings')
    .values({ ...newRow(tx, visit, userId), ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
  return readingRecord(row);
}

export async function updateReading(
  tx: TenantTx,
  readingId: string,
  version: number,
  userId: string,
  values: ReadingValues,
): Promise<PhysicalReading | null> {
  const row = await updateIfCurrent(
    tx,
    'physicalReadings',
    { id: readingId },
    version,
    userId,
    values,
  );
  return row ? readingRecord(row) : null;
}

export async function deleteReading(
  tx: TenantTx,
  readingId: string,
  version: number,
): Promise<boolean> {
  const { numDeletedRows } = await tx.db
    .deleteFrom('physicalReadings')
    .where('id', '=', readingId)
    .where('version', '=', version)
    .executeTakeFirstOrThrow();
  return numDeletedRows > 0n;
}

export interface NoteValues {
  history: string | null;
  examination: string | null;
  plan: string | null;
  freeText: string | null;
}

function noteRecord(
  row: Selectable<ConsultNotes> & { firstName: string | null; lastName: string | null },
): ConsultNoteRecord {
  return {
    visitId: row.visitId,
    history: row.history,
    examination: row.examination,
    plan: row.plan,
    freeText: row.freeText,
    version: row.version,
    updatedAt: toUnix(row.updatedAt),
    updatedByName: row.firstName === null ? null : `${row.firstName} ${row.lastName ?? ''}`.trim(),
  };
}

export async function consultNote(
  tx: TenantTx,
  visitId: string,
): Promise<ConsultNoteRecord | null> {
  const row = await tx.db
    .selectFrom('consultNotes as n')
    .leftJoin('users as u', (join) =>
      join.onRef('u.tenantId', '=', 'n.tenantId').onRef('u.id', '=', 'n.updatedBy'),
    )
    .selectAll('n')
    .select(['u.firstName', 'u.lastName'])
    .where('n.visitId', '=', visitId)
    .executeTakeFirst();
  return row ? noteRecord(row) : null;
}

/** Writes the note: creates it (version null) or updates the current version; false when stale. */
export async function saveConsultNote(
  tx: TenantTx,
  visit: VisitRef,
  version: number | null,
  userId: string,
  values: NoteValues,
): Promise<boolean> {
  if (version === null) {
    const row = await tx.db
      .insertInto('consultNotes')
      .values({ ...newRow(tx, visit, userId), ...values })
      .onConflict((oc) => oc.columns(['tenantId', 'visitId']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }
  const row = await updateIfCurrent(
    tx,
    'consultNotes',
    { visitId: visit.id },
    version,
    userId,
    values,
  );
  return row !== undefined;
}
