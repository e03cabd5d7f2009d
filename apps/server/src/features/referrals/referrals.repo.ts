import type {
  ReferralDiagnosis,
  ReferralMedication,
  ReferralOption,
  ReferralOutRecord,
} from '@clinic/domain';
import { sql, type Insertable } from 'kysely';
import type { ReferralsOut } from '../../db/schema.ts';
import type { TenantTx } from '../../db/tenant-db.ts';
import { toUnix, toUnixOrNull } from '../../platform/scope.ts';

/** What a save writes of a referral out, apart from its keys and bookkeeping. */
export type ReferralValues = Omit<
  Insertable<ReferralsOut>,
  | 'tenantId'
  | 'id'
  | 'branchId'
  | 'visitId'
  | 'patientId'
  | 'doctorId'
  | 'createdBy'
  | 'version'
  | 'createdAt'
  | 'updatedAt'
  | 'diagnosis'
  | 'medications'
> & { diagnosis: ReferralDiagnosis[]; medications: ReferralMedication[] };

export async function seedLists(tx: TenantTx): Promise<void> {
  await sql`SELECT seed_referral_lists(${tx.tenantId}::uuid)`.execute(tx.db);
}

/** The clinic's active institutions taking referrals of `type`, in the list's order. */
export function institutionsOfType(tx: TenantTx, type: number): Promise<ReferralOption[]> {
  return tx.db
    .selectFrom('referralInstitutions')
    .select(['code', 'description'])
    .where('isActive', '=', true)
    .where(sql<boolean>`${type}::smallint = ANY (referral_types)`)
    .orderBy('sortOrder')
    .orderBy('description')
    .execute();
}

/** The active specialties an institution taking `type` offers. */
export function specialtiesOf(
  tx: TenantTx,
  institutionCode: string,
  type: number,
): Promise<ReferralOption[]> {
  return tx.db
    .selectFrom('referralInstitutionSpecialties as o')
    .innerJoin('referralInstitutions as i', (join) =>
      join.onRef('i.tenantId', '=', 'o.tenantId').onRef('i.code', '=', 'o.institutionCode'),
    )
    .innerJoin('referralSpecialties as s', (join) =>
      join.onRef('s.tenantId', '=', 'o.tenantId').onRef('s.code', '=', 'o.specialtyCode'),
    )
    .select(['s.code', 's.description'])
    .where('o.institutionCode', '=', institutionCode)
    .where('i.isActive', '=', true)
    .where('s.isActive', '=', true)
    .where(sql<boolean>`${type}::smallint = ANY (i.referral_types)`)
    .orderBy('s.sortOrder')
    .orderBy('s.description')
    .execute();
}

function records(tx: TenantTx) {
  return tx.db.selectFrom('referralsOut as r').selectAll('r');
}

type Row = Awaited<ReturnType<ReturnType<typeof records>['executeTakeFirstOrThrow']>>;

function toRecord(row: Row): ReferralOutRecord {
  return {
    id: row.id,
    rowVersion: row.version,
    patientId: row.patientId,
    visitId: row.visitId,
    branchId: row.branchId,
    hciCode: row.hciCode,
    isHsg: row.isHsg,
    referralType: row.referralType,
    referralInstitution: row.referralInstitution,
    referralInstitutionDescription: row.referralInstitutionDescription,
    speciallyService: row.speciallyService,
    speciallyServiceDescription: row.speciallyServiceDescription,
    referralReason: row.referralReason,
    drugAllergies: row.drugAllergies,
    diagnosisText: row.diagnosisText,
    medicalHistory: row.medicalHistory,
    treatments: row.treatments,
    isNamedDoctor: row.isNamedDoctor,
    doctorName: row.doctorName,
    isRelatedToChas: row.isRelatedToChas,
    isRelatedToSfl: row.isRelatedToSfl,
    isRelatedToVcdss: row.isRelatedToVcdss,
    isRelatedToNone: row.isRelatedToNone,
    patientRequest: row.patientRequest,
    billSize: row.billSizeCents,
    note: row.note,
    isIncludingDiagnosis: row.isIncludingDiagnosis,
    isIncludingMedication: row.isIncludingMedication,
    isIncludingProcedure: row.isIncludingProcedure,
    isIncludingReview: row.isIncludingReview,
    referralStatus: row.referralStatus,
    sendStatus: row.sendStatus,
    diagnosis: row.diagnosis as ReferralDiagnosis[],
    medications: row.medications as ReferralMedication[],
    procedureContent: row.procedureContent,
    reviewContent: row.reviewContent,
    referralLetter: row.referralLetter,
    modifiedReason: row.modifiedReason,
    modifiedDate: toUnixOrNull(row.modifiedAt),
    voidedReason: row.voidedReason,
    voidedDate: toUnixOrNull(row.voidedAt),
    fastTrackReason: row.fastTrackReason,
    referTo: row.referTo,
    issueDate: toUnix(row.issueDate),
    createdBy: row.createdBy,
    updatedAt: toUnix(row.updatedAt),
  };
}

export async function findReferral(
  tx: TenantTx,
  id: string,
): Promise<ReferralOutRecord | undefined> {
  const row = await records(tx).where('r.id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/** A patient's referrals out, newest referral date first. */
export async function patientReferrals(
  tx: TenantTx,
  patientId: string,
): Promise<ReferralOutRecord[]> {
  const rows = await records(tx)
    .where('r.patientId', '=', patientId)
    .orderBy('r.issueDate', 'desc')
    .orderBy('r.createdAt', 'desc')
    .execute();
  return rows.map(toRecord);
}

const asJson = (values: ReferralValues) => ({
  ...values,
  diagnosis: JSON.stringify(values.diagnosis),
  medications: JSON.stringify(values.medications),
});

export async function insertReferral(
  tx: TenantTx,
  keys: {
    branchId: string;
    visitId: string;
    patientId: string;
    doctorId: string;
    createdBy: string;
  },
  values: ReferralValues,
): Promise<string> {
  const { id } = await tx.db
    .insertInto('referralsOut')
    .values({ tenantId: tx.tenantId, ...keys, ...asJson(values) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Changes a referral that is not voided at `version`; false when it changed meanwhile. */
export async function updateReferral(
  tx: TenantTx,
  id: string,
  version: number,
  userId: string,
  values: ReferralValues,
): Promise<boolean> {
  const result = await tx.db
    .updateTable('referralsOut')
    .set({
      ...asJson(values),
      updatedBy: userId,
      updatedAt: new Date(),
      version: sql<number>`version + 1`,
    })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('referralStatus', '<>', 3)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Voids (status 3) with its reason at `version`; false when it changed meanwhile. */
export async function voidReferral(
  tx: TenantTx,
  id: string,
  version: number,
  userId: string,
  reason: string,
): Promise<boolean> {
  const result = await tx.db
    .updateTable('referralsOut')
    .set({
      referralStatus: 3,
      voidedReason: reason,
      voidedAt: new Date(),
      voidedBy: userId,
      updatedBy: userId,
      updatedAt: new Date(),
      version: sql<number>`version + 1`,
    })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('referralStatus', '<>', 3)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** What the letter prints besides the referral: its patient, the signer, the branch's country. */
export async function letterFacts(
  tx: TenantTx,
  referral: { patientId: string },
  signer: { userId: string; branchId: string },
) {
  const [patient, user, branch] = await Promise.all([
    tx.db
      .selectFrom('patients')
      .select(['name', 'nric', 'birthDate', 'gender'])
      .where('id', '=', referral.patientId)
      .executeTakeFirst(),
    tx.db
      .selectFrom('users')
      .select(['firstName', 'lastName', 'mcr'])
      .where('id', '=', signer.userId)
      .executeTakeFirst(),
    tx.db
      .selectFrom('branches')
      .select('country')
      .where('id', '=', signer.branchId)
      .executeTakeFirst(),
  ]);
  return { patient, user, country: branch?.country ?? '' };
}

/** The patient's email on record: where a letter goes when the caller names no address. */
export async function patientEmail(tx: TenantTx, patientId: string): Promise<string | null> {
  const row = await tx.db
    .selectFrom('patients')
    .select('email')
    .where('id', '=', patientId)
    .executeTakeFirst();
  return row?.email?.trim() || null;
}

/**
 * Marks a referral's letter Sent (2), carried by outbox mail `mailId`. The send status is
 * not the editor's content: the version stays, so an open editor can still save.
 */
export async function markSent(
  tx: TenantTx,
  id: string,
  sent: { to: string; by: string; mailId: string },
): Promise<void> {
  await tx.db
    .updateTable('referralsOut')
    .set({
      sendStatus: 2,
      sentTo: sent.to,
      sentBy: sent.by,
      sentAt: new Date(),
      sendMailId: sent.mailId,
    })
    .where('id', '=', id)
    .execute();
}

/** The send status the delivery of mail `mailId` gives, if that mail is still the referral's latest. */
export async function setSendStatus(
  tx: TenantTx,
  id: string,
  mailId: string,
  sendStatus: number,
): Promise<void> {
  await tx.db
    .updateTable('referralsOut')
    .set({ sendStatus })
    .where('id', '=', id)
    .where('sendMailId', '=', mailId)
    .execute();
}

/** Moves a referral to `status` after a submission, at `version`; false when it changed meanwhile. */
export async function setSubmittedStatus(
  tx: TenantTx,
  id: string,
  version: number,
  userId: string,
  status: number,
): Promise<boolean> {
  const result = await tx.db
    .updateTable('referralsOut')
    .set({
      referralStatus: status,
      updatedBy: userId,
      updatedAt: new Date(),
      version: sql<number>`version + 1`,
    })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('referralStatus', '<>', 3)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertSubmission(
  tx: TenantTx,
  submission: {
    referralId: string;
    programme: string;
    payloadSha256: string;
    outcomeStatus: number;
    receipt: string | null;
    submittedBy: string;
  },
): Promise<void> {
  await tx.db
    .insertInto('referralSubmissions')
    .values({ tenantId: tx.tenantId, ...submission })
    .execute();
}
