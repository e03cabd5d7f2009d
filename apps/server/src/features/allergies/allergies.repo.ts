import { reactionName, type AllergiesAndAlert, type AllergyRecord } from '@clinic/domain';
import type { Selectable } from 'kysely';
import type { Allergies } from '../../db/schema.ts';
import type { TenantTx } from '../../db/tenant-db.ts';
import { toUnix } from '../../platform/scope.ts';

type Row = Selectable<Allergies> & { firstName: string; lastName: string };

function toRecord(row: Row): AllergyRecord {
  return {
    id: row.id,
    patientId: row.patientId,
    visitId: row.visitId,
    allergyType: row.allergyType as AllergyRecord['allergyType'],
    allergyDrugID: row.allergenId,
    allergyDrugCode: row.allergenCode,
    allergyDrugName: row.allergenName,
    allergyReaction: row.reaction as AllergyRecord['allergyReaction'],
    allergyReactionName: reactionName(row.reaction),
    allergyRemark: row.remark,
    onsetDate: row.onsetDate,
    createdAt: toUnix(row.createdAt),
    createdByName: `${row.firstName} ${row.lastName}`.trim(),
    isVoided: row.voidedAt !== null,
    version: row.version,
  };
}

function selectAllergies(tx: TenantTx) {
  return tx.db
    .selectFrom('allergies as a')
    .innerJoin('users as u', (join) =>
      join.onRef('u.tenantId', '=', 'a.tenantId').onRef('u.id', '=', 'a.createdBy'),
    )
    .selectAll('a')
    .select(['u.firstName', 'u.lastName']);
}

/** A patient's recorded allergies: drug allergies first, then by onset date, newest first. */
export async function patientAllergies(tx: TenantTx, patientId: string): Promise<AllergyRecord[]> {
  const rows = await selectAllergies(tx)
    .where('a.patientId', '=', patientId)
    .where('a.voidedAt', 'is', null)
    .orderBy('a.allergyType')
    .orderBy('a.onsetDate', 'desc')
    .orderBy('a.createdAt', 'desc')
    .execute();
  return rows.map(toRecord);
}

export async function findAllergy(tx: TenantTx, id: string): Promise<AllergyRecord | undefined> {
  const row = await selectAllergies(tx).where('a.id', '=', id).executeTakeFirst();
  return row && toRecord(row);
}

export async function patientAlert(
  tx: TenantTx,
  patientId: string,
): Promise<{ alertMessage: string | null } | undefined> {
  return tx.db
    .selectFrom('patients')
    .select('alertMessage')
    .where('id', '=', patientId)
    .executeTakeFirst();
}

export async function patientExists(tx: TenantTx, patientId: string): Promise<boolean> {
  return (await patientAlert(tx, patientId)) !== undefined;
}

/** Records it; undefined when the patient has this allergen recorded already. */
export async function insertAllergy(
  tx: TenantTx,
  values: {
    patientId: string;
    visitId: string | null;
    branchId: string;
    allergyType: string;
    allergenId: string;
    allergenCode: string;
    allergenName: string;
    reaction: string;
    remark: string;
    onsetDate: string;
    createdBy: string;
  },
): Promise<string | undefined> {
  const row = await tx.db
    .insertInto('allergies')
    .values({ tenantId: tx.tenantId, ...values })
    .onConflict((oc) =>
      oc.columns(['tenantId', 'patientId', 'allergenId']).where('voidedAt', 'is', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Removes (voids) it at `version`; false when the version is stale or it is removed. */
export async function voidAllergy(
  tx: TenantTx,
  id: string,
  version: number,
  userId: string,
): Promise<boolean> {
  const result = await tx.db
    .updateTable('allergies')
    .set((eb) => ({
      voidedAt: new Date(),
      voidedBy: userId,
      updatedAt: new Date(),
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .where('version', '=', version)
    .where('voidedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function allergiesAndAlert(
  tx: TenantTx,
  patientId: string,
): Promise<AllergiesAndAlert | undefined> {
  const patient = await patientAlert(tx, patientId);
  if (!patient) return undefined;
  return { alertMessage: patient.alertMessage, allergies: await patientAllergies(tx, patientId) };
}
