import { UserType, type McRecord, type McReport } from '@clinic/domain';
import { sql } from 'kysely';
import type { TenantTx } from '../../db/tenant-db.ts';
import { toUnix } from '../../platform/scope.ts';

/** What a certificate is stored with, apart from its keys and bookkeeping. */
export interface McValues {
  issuedDate: string;
  fromDate: string;
  toDate: string;
  givenDays: number;
  doctorId: string;
  mcPurpose: string | null;
  remark: string | null;
  excuseChit: boolean;
  timeRequired: boolean;
  fromTime: string | null;
  toTime: string | null;
  fitChoice: 1 | 2 | null;
}

/** An active doctor who works in the branch. */
export async function isDoctorOfBranch(
  tx: TenantTx,
  branchId: string,
  userId: string,
): Promise<boolean> {
  const row = await tx.db
    .selectFrom('users as u')
    .innerJoin('userBranches as ub', (join) =>
      join
        .onRef('ub.tenantId', '=', 'u.tenantId')
        .onRef('ub.userId', '=', 'u.id')
        .on('ub.branchId', '=', branchId),
    )
    .select('u.id')
    .where('u.id', '=', userId)
    .where('u.type', '=', UserType.doctor)
    .where('u.isActive', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

function records(tx: TenantTx) {
  return tx.db
    .selectFrom('medicalCertificates as m')
    .innerJoin('users as d', (join) =>
      join.onRef('d.tenantId', '=', 'm.tenantId').onRef('d.id', '=', 'm.doctorId'),
    )
    .select([
      'm.id',
      'm.version',
      'm.visitId',
      'm.patientId',
      'm.branchId',
      'm.mcNo',
      'm.issuedDate',
      'm.fromDate',
      'm.toDate',
      'm.givenDays',
      'm.doctorId',
      'd.firstName',
      'd.lastName',
      'm.mcPurpose',
      'm.remark',
      'm.excuseChit',
      'm.timeRequired',
      'm.fromTime',
      'm.toTime',
      'm.fitChoice',
      'm.createdAt',
    ])
    .where('m.deletedAt', 'is', null);
}

type Row = Awaited<ReturnType<ReturnType<typeof records>['executeTakeFirstOrThrow']>>;

function toRecord({ firstName, lastName, createdAt, fitChoice, ...row }: Row): McRecord {
  return {
    ...row,
    doctorName: `${firstName} ${lastName}`.trim(),
    fitChoice: fitChoice === 1 || fitChoice === 2 ? fitChoice : null,
    createdAt: toUnix(createdAt),
  };
}

export async function findCertificate(tx: TenantTx, id: string): Promise<McRecord | undefined> {
  const row = await records(tx).where('m.id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/** A visit's certificates, oldest first. */
export async function visitCertificates(tx: TenantTx, visitId: string): Promise<McRecord[]> {
  const rows = await records(tx)
    .where('m.visitId', '=', visitId)
    .orderBy('m.createdAt')
    .orderBy('m.mcNo')
    .execute();
  return rows.map(toRecord);
}

/** Whether the branch has a certificate (deleted ones included) with this number. */
export async function mcNoTaken(tx: TenantTx, branchId: string, mcNo: string): Promise<boolean> {
  const row = await tx.db
    .selectFrom('medicalCertificates')
    .select('id')
    .where('branchId', '=', branchId)
    .where('mcNo', '=', mcNo)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The branch's next number of the year: the counter row is locked until the transaction
 * ends, so concurrent creates in one branch take consecutive numbers, one at a time.
 */
export async function nextMcSeq(tx: TenantTx, branchId: string, year: number): Promise<number> {
  const row = await tx.db
    .insertInto('mcCounters')
    .values({ tenantId: tx.tenantId, branchId, year, lastValue: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['tenantId', 'branchId', 'year'])
        .doUpdateSet({ lastValue: sql<number>`mc_counters.last_value + 1` }),
    )
    .returning('lastValue')
    .executeTakeFirstOrThrow();
  return row.lastValue;
}

export async function insertCertificate(
  tx: TenantTx,
  keys: {
    branchId: string;
    visitId: string;
    patientId: string;
    mcNo: string;
    createdBy: string;
  },
  values: McValues,
): Promise<string> {
  const { id } = await tx.db
    .insertInto('medicalCertificates')
    .values({ tenantId: tx.tenantId, ...keys, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Changes a live certificate at `version`; false when it changed meanwhile or is gone. */
export async function updateCertificate(
  tx: TenantTx,
  id: string,
  version: number,
  userId: string,
  values: McValues,
): Promise<boolean> {
  const result = await tx.db
    .updateTable('medicalCertificates')
    .set({
      ...values,
      updatedBy: userId,
      updatedAt: new Date(),
      version: sql<number>`version + 1`,
    })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes (keeps the row and its number) at `version`; false when it changed or is gone. */
export async function deleteCertificate(
  tx: TenantTx,
  id: string,
  version: number,
  userId: string,
): Promise<boolean> {
  const result = await tx.db
    .updateTable('medicalCertificates')
    .set({
      deletedAt: new Date(),
      deletedBy: userId,
      version: sql<number>`version + 1`,
    })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The print data of a live certificate (doc 3 section 3.4). */
export async function certificateReport(tx: TenantTx, id: string): Promise<McReport | undefined> {
  const row = await tx.db
    .selectFrom('medicalCertificates as m')
    .innerJoin('users as d', (join) =>
      join.onRef('d.tenantId', '=', 'm.tenantId').onRef('d.id', '=', 'm.doctorId'),
    )
    .innerJoin('patients as p', (join) =>
      join.onRef('p.tenantId', '=', 'm.tenantId').onRef('p.id', '=', 'm.patientId'),
    )
    .select([
      'm.id',
      'm.visitId',
      'm.branchId',
      'm.mcNo',
      'm.issuedDate',
      'm.fromDate',
      'm.toDate',
      'm.givenDays',
      'm.mcPurpose',
      'm.remark',
      'm.excuseChit',
      'm.timeRequired',
      'm.fromTime',
      'm.toTime',
      'm.fitChoice',
      'd.firstName',
      'd.lastName',
      'd.mcr',
      'p.name as patientName',
      'p.nric',
    ])
    .where('m.id', '=', id)
    .where('m.deletedAt', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    visitId: row.visitId,
    doctorFullName: `${row.firstName} ${row.lastName}`.trim(),
    doctorMcr: row.mcr,
    fitChoice: row.fitChoice === 1 || row.fitChoice === 2 ? row.fitChoice : null,
    issueDate: row.issuedDate,
    fromDate: row.fromDate,
    toDate: row.toDate,
    givenDays: row.givenDays,
    excuseChit: row.excuseChit,
    mcNo: row.mcNo,
    mcPurpose: row.mcPurpose,
    patientName: row.patientName,
    nric: row.nric,
    remark: row.remark,
    timeRequired: row.timeRequired,
    fromTime: row.timeRequired ? row.fromTime : null,
    toTime: row.timeRequired ? row.toTime : null,
    branchId: row.branchId,
  };
}
