import type {
  DiagnosisRecord,
  PrescriptionRecord,
  VisitListQuery,
  VisitSummary,
} from '@clinic/domain';
import { sql } from 'kysely';
import type { TenantTx } from '../../db/tenant-db.ts';
import { toUnix, toUnixOrNull } from '../../platform/scope.ts';

export async function patientVisits(
  tx: TenantTx,
  query: VisitListQuery,
): Promise<{ items: VisitSummary[]; total: number }> {
  const base = tx.db.selectFrom('visits as v').where('v.patientId', '=', query.patientId);
  const [rows, count] = await Promise.all([
    base
      .innerJoin('users as d', (join) =>
        join.onRef('d.tenantId', '=', 'v.tenantId').onRef('d.id', '=', 'v.doctorId'),
      )
      .select([
        'v.id',
        'v.visitDate',
        'v.branchId',
        'v.doctorId',
        'v.consultStart',
        'v.consultEnd',
        'v.voidedAt',
        'v.version',
        'd.firstName',
        'd.lastName',
      ])
      .orderBy('v.visitDate', 'desc')
      .offset((query.pageIndex - 1) * query.pageSize)
      .limit(query.pageSize)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      date: toUnix(row.visitDate),
      branchId: row.branchId,
      doctorId: row.doctorId,
      doctorName: `${row.firstName} ${row.lastName}`.trim(),
      consultStartTime: toUnixOrNull(row.consultStart),
      consultEndTime: toUnixOrNull(row.consultEnd),
      isVoided: row.voidedAt !== null,
      version: row.version,
    })),
    total: count.total,
  };
}

export async function visitDiagnoses(tx: TenantTx, visitId: string): Promise<DiagnosisRecord[]> {
  const rows = await tx.db
    .selectFrom('diagnoses')
    .select(['id', 'visitId', 'code', 'description', 'remark', 'voidedAt'])
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
