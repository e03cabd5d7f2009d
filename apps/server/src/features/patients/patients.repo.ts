import type { PatientSearchFilter } from '@clinic/domain';
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Patients } from '../../db/schema.ts';
import { tenantArgument, type TenantRead, type TenantTx } from '../../db/tenant-db.ts';
import { containsPattern } from '../../db/like.ts';

/** What registration writes; the rest of a patient row comes from later screens. */
export type NewPatient = Omit<
  Insertable<Patients>,
  | 'tenantId'
  | 'id'
  | 'version'
  | 'createdAt'
  | 'updatedAt'
  | 'homeAddress'
  | 'homePostal'
  | 'companyId'
  | 'consultDoctorId'
>;

/**
 * Patients the clinic registered in the last 24 hours, counted only while it is on trial
 * (null otherwise): a trial clinic is small, so the count is cheap there.
 */
export async function patientsAddedTodayOnTrial(tx: TenantTx): Promise<number | null> {
  const tenant = await tx.db
    .selectFrom('tenants')
    .select('status')
    .where('id', '=', tx.tenantId)
    .executeTakeFirst();
  if (tenant?.status !== 'trial') return null;
  const { count } = await tx.db
    .selectFrom('patients')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('createdAt', '>', sql<Date>`now() - interval '1 day'`)
    .executeTakeFirstOrThrow();
  return count;
}

export async function insertPatient(tx: TenantTx, patient: NewPatient): Promise<string> {
  const { id } = await tx.db
    .insertInto('patients')
    .values({ tenantId: tx.tenantId, ...patient })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export function findPatient(tx: TenantTx, id: string) {
  return tx.db.selectFrom('patients').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function nricTaken(tx: TenantTx, nric: string, exceptId?: string): Promise<boolean> {
  let query = tx.db.selectFrom('patients').select('id').where('nric', '=', nric);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return Boolean(await query.executeTakeFirst());
}

export async function cardNoTaken(
  tx: TenantTx,
  cardNo: string,
  exceptId?: string,
): Promise<boolean> {
  let query = tx.db.selectFrom('patients').select('id').where('cardNo', '=', cardNo);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return Boolean(await query.executeTakeFirst());
}

/** Another patient with the same name, gender, birth date and ID type. */
export async function sameNamePatient(
  tx: TenantTx,
  patient: Pick<NewPatient, 'name' | 'gender' | 'birthDate' | 'idType'>,
): Promise<boolean> {
  const found = await tx.db
    .selectFrom('patients')
    .select('id')
    .where(sql`lower(name)`, '=', patient.name.toLowerCase())
    .where('gender', '=', patient.gender)
    .where('birthDate', '=', patient.birthDate)
    .where('idType', '=', patient.idType)
    .executeTakeFirst();
  return Boolean(found);
}

/**
 * The next card number of a prefix: a counter row per prefix, incremented atomically, so
 * concurrent registrations never get the same number; numbers typed by hand are skipped.
 */
export async function nextCardNumber(tx: TenantTx, prefix: string): Promise<string> {
  for (;;) {
    const { lastValue } = await tx.db
      .insertInto('cardNumberCounters')
      .values({ tenantId: tx.tenantId, prefix, lastValue: 1 })
      .onConflict((oc) =>
        oc
          .columns(['tenantId', 'prefix'])
          .doUpdateSet((eb) => ({ lastValue: eb('cardNumberCounters.lastValue', '+', 1) })),
      )
      .returning('lastValue')
      .executeTakeFirstOrThrow();
    const cardNo = `${prefix}${String(lastValue).padStart(6, '0')}`;
    if (!(await cardNoTaken(tx, cardNo))) return cardNo;
  }
}

export async function setNric(tx: TenantTx, id: string, nric: string): Promise<void> {
  await tx.db
    .updateTable('patients')
    .set((eb) => ({ nric, updatedAt: new Date(), version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function setCardNo(tx: TenantTx, id: string, cardNo: string): Promise<void> {
  await tx.db
    .updateTable('patients')
    .set((eb) => ({ cardNo, updatedAt: new Date(), version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** The doctor the picker preselects for the patient next time (no new version: not an edit). */
export async function setConsultDoctor(tx: TenantTx, id: string, doctorId: string): Promise<void> {
  await tx.db
    .updateTable('patients')
    .set({ consultDoctorId: doctorId })
    .where('tenantId', '=', tx.tenantId)
    .where('id', '=', id)
    .execute();
}

export const SEARCH_LIMIT = 20;

export type PatientSearchRow = Pick<
  Selectable<Patients>,
  | 'id'
  | 'name'
  | 'nric'
  | 'title'
  | 'idType'
  | 'gender'
  | 'cardNoPrefix'
  | 'cardNo'
  | 'contactNo'
  | 'telCode'
  | 'birthDate'
  | 'consultDoctorId'
  | 'homeAddress'
  | 'homePostal'
>;

/**
 * The picker's first page for a keyword, in name order, in one statement.
 * - Names: every word of the keyword starts a word of the name, in any order
 *   (`search_patient_names`, migration 2026-11-24T0100).
 * - Other fields: the field contains the keyword (`search_patients`, which can use the
 *   trigram indexes; migration 2026-11-21T1800).
 */
export async function searchPatients(
  read: TenantRead,
  filter: PatientSearchFilter,
  keyword: string,
): Promise<PatientSearchRow[]> {
  const tenant = tenantArgument(read.tenantId);
  const query =
    filter === 'patient_name'
      ? sql<PatientSearchRow>`SELECT * FROM search_patient_names(${tenant}, ${keyword}, ${SEARCH_LIMIT})`
      : sql<PatientSearchRow>`
          SELECT * FROM search_patients_in(${tenant}, ${filter}, ${containsPattern(keyword)}, ${SEARCH_LIMIT})`;
  const { rows } = await query.execute(read.db);
  return rows;
}
