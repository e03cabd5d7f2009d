import type {
  ConsultTimes,
  DiagnosisRecord,
  PrescriptionRecord,
  VisitDetail,
  VisitListQuery,
  VisitSummary,
} from '@clinic/domain';
import { sql } from 'kysely';
import { pageOf } from '../../db/paging.ts';
import type { TenantTx } from '../../db/tenant-db.ts';
import { toUnix, toUnixOrNull } from '../../platform/scope.ts';

export async function patientVisits(
  tx: TenantTx,
  query: VisitListQuery,
): Promise<{ items: VisitSummary[]; total: number }> {
  const base = tx.db.selectFrom('visits as v').where('v.patientId', '=', query.patientId);
  const { rows, total } = await pageOf(
    base,
    base
      .innerJoin('users as d', (join) =>
        join.onRef('d.tenantId', '=', 'v.tenantId').onRef('d.id', '=', 'v.doctorId'),
      )
      .innerJoin('branches as b', (join) =>
        join.onRef('b.tenantId', '=', 'v.tenantId').onRef('b.id', '=', 'v.branchId'),
      )
      .select([
        'v.id',
        'v.visitDate',
        'v.branchId',
        'b.code as branchCode',
        'v.doctorId',
        'v.consultStart',
        'v.consultEnd',
        'v.voidedAt',
        'v.version',
        'd.firstName',
        'd.lastName',
      ])
      .orderBy('v.visitDate', 'desc')
      .orderBy('v.id', 'desc'),
    query,
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      date: toUnix(row.visitDate),
      branchId: row.branchId,
      branchCode: row.branchCode,
      doctorId: row.doctorId,
      doctorName: `${row.firstName} ${row.lastName}`.trim(),
      consultStartTime: toUnixOrNull(row.consultStart),
      consultEndTime: toUnixOrNull(row.consultEnd),
      isVoided: row.voidedAt !== null,
      version: row.version,
    })),
    total,
  };
}

export async function visitDiagnoses(tx: TenantTx, visitId: string): Promise<DiagnosisRecord[]> {
  const rows = await tx.db
    .selectFrom('diagnoses')
    .select(['id', 'visitId', 'code', 'description', 'remark', 'voidedAt', 'version'])
    .where('visitId', '=', visitId)
    .orderBy('createdAt')
    .execute();
  return rows.map(({ voidedAt, ...row }) => ({ ...row, isVoided: voidedAt !== null }));
}

export function visitPrescriptions(tx: TenantTx, visitId: string): Promise<PrescriptionRecord[]> {
  return tx.db
    .selectFrom('prescriptions')
    .select(['id', 'visitId', 'itemCode', 'itemName'])
    .where('visitId', '=', visitId)
    .orderBy('createdAt')
    .execute();
}

export async function insertVisit(
  tx: TenantTx,
  visit: { branchId: string; patientId: string; doctorId: string; visitDate: Date },
): Promise<string> {
  const { id } = await tx.db
    .insertInto('visits')
    .values({ tenantId: tx.tenantId, ...visit })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function setVisitDate(tx: TenantTx, visitId: string, visitDate: Date): Promise<void> {
  await tx.db
    .updateTable('visits')
    .set({ visitDate, updatedAt: new Date() })
    .where('id', '=', visitId)
    .execute();
}

export async function voidVisit(tx: TenantTx, visitId: string): Promise<void> {
  await tx.db
    .updateTable('visits')
    .set({ voidedAt: new Date(), updatedAt: new Date() })
    .where('id', '=', visitId)
    .execute();
}

/** The spec's delete rule: a non-voided diagnosis or any prescription keeps the visit. */
export async function visitHasClinicalRecords(tx: TenantTx, visitId: string): Promise<boolean> {
  const diagnosis = await tx.db
    .selectFrom('diagnoses')
    .select('id')
    .where('visitId', '=', visitId)
    .where('voidedAt', 'is', null)
    .executeTakeFirst();
  if (diagnosis) return true;
  const prescription = await tx.db
    .selectFrom('prescriptions')
    .select('id')
    .where('visitId', '=', visitId)
    .executeTakeFirst();
  return Boolean(prescription);
}

/** One visit as its page shows it, with the queue entry that opened it (none after a delete). */
export async function visitDetail(tx: TenantTx, id: string): Promise<VisitDetail | undefined> {
  const row = await tx.db
    .selectFrom('visits as v')
    .innerJoin('users as d', (join) =>
      join.onRef('d.tenantId', '=', 'v.tenantId').onRef('d.id', '=', 'v.doctorId'),
    )
    .innerJoin('branches as b', (join) =>
      join.onRef('b.tenantId', '=', 'v.tenantId').onRef('b.id', '=', 'v.branchId'),
    )
    .leftJoin('queueEntries as q', (join) =>
      join.onRef('q.tenantId', '=', 'v.tenantId').onRef('q.visitId', '=', 'v.id'),
    )
    .select([
      'v.id',
      'v.visitDate',
      'v.branchId',
      'b.code as branchCode',
      'v.patientId',
      'v.doctorId',
      'd.firstName',
      'd.lastName',
      'v.consultStart',
      'v.consultEnd',
      'v.voidedAt',
      'v.version',
      'q.id as queueId',
      'q.status as queueStatus',
    ])
    .where('v.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    date: toUnix(row.visitDate),
    branchId: row.branchId,
    branchCode: row.branchCode,
    patientId: row.patientId,
    doctorId: row.doctorId,
    doctorName: `${row.firstName} ${row.lastName}`.trim(),
    consultStartTime: toUnixOrNull(row.consultStart),
    consultEndTime: toUnixOrNull(row.consultEnd),
    isVoided: row.voidedAt !== null,
    version: row.version,
    queueId: row.queueId,
    queueStatus: row.queueStatus,
  };
}

/**
 * The visit's branch, people, state and times: locked FOR SHARE while a record of it is
 * written (it cannot be voided meanwhile), FOR UPDATE while the visit itself changes.
 */
export function visitState(tx: TenantTx, id: string, lock?: 'share' | 'update') {
  const query = tx.db
    .selectFrom('visits')
    .select([
      'id',
      'branchId',
      'patientId',
      'doctorId',
      'consultStart',
      'consultEnd',
      'voidedAt',
      'version',
    ])
    .where('id', '=', id);
  if (lock === 'share') return query.forShare().executeTakeFirst();
  if (lock === 'update') return query.forUpdate().executeTakeFirst();
  return query.executeTakeFirst();
}

/** Sets the consult times when `version` is still the visit's; undefined when it is not. */
export async function setConsultTimes(
  tx: TenantTx,
  id: string,
  version: number,
  times: { consultStart?: Date; consultEnd?: Date },
): Promise<ConsultTimes | undefined> {
  const row = await tx.db
    .updateTable('visits')
    .set({ ...times, version: sql`version + 1`, updatedAt: new Date() })
    .where('id', '=', id)
    .where('version', '=', version)
    .returning(['id', 'consultStart', 'consultEnd', 'version'])
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    consultStartTime: toUnixOrNull(row.consultStart),
    consultEndTime: toUnixOrNull(row.consultEnd),
    version: row.version,
  };
}
