import {
  dateOfUnix,
  keptReferralFields,
  maskNric,
  needsModifiedReason,
  REFERRAL_PROMPT_DONE,
  REFERRAL_STATUS,
  type HsgStatus,
  type ReferralLetterData,
  type ReferralOption,
  type ReferralOutCreateBody,
  type ReferralOutRecord,
  type ReferralOutUpdateBody,
  type ReferralVoidBody,
} from '@clinic/domain';
import type { TenantTx } from '../../db/tenant-db.ts';
import { badRequest, conflict, fieldError, forbidden, notFound } from '../../platform/errors.ts';
import type { BranchScope } from '../../platform/scope.ts';
import { clinicContext } from '../branches/branches.service.ts';
import { referralMedications } from '../prescriptions/prescriptions.service.ts';
import { hsgEnrolment } from '../subsidies/subsidies.service.ts';
import { visitDiagnosesIn, writableVisit } from '../visits/visits.service.ts';
import * as repo from './referrals.repo.ts';

/**
 * Referrals out (doc 2 sections 2.5, 4.3, 5, 7). Reading is clinic-wide by permission
 * (docs/architecture.md "Clinical reads"); writing is for the visit's own branch, in a
 * visit that is not voided (`writableVisit`, the spec's branch message). The field rules
 * are the domain's (checked by the request schema); here: the lists, the statuses, the
 * versions and the visit's parts a referral includes.
 */

export { seedLists as seedReferralLists } from './referrals.repo.ts';

type ReferralBody = ReferralOutCreateBody | ReferralOutUpdateBody;

/** HSG: the institution must take the type and offer the specialty; both descriptions are the list's. */
async function hsgTarget(tx: TenantTx, body: ReferralBody) {
  const type = body.referralType;
  const institutionCode = body.referralInstitution;
  if (!body.isHsg || type === null || !institutionCode || !body.speciallyService) return {};
  const institution = (await repo.institutionsOfType(tx, type)).find(
    (option) => option.code === institutionCode,
  );
  if (!institution) throw fieldError('referralInstitution', 'referral.institutionUnknown');
  const specialty = (await repo.specialtiesOf(tx, institutionCode, type)).find(
    (option) => option.code === body.speciallyService,
  );
  if (!specialty) throw fieldError('speciallyService', 'referral.specialtyUnknown');
  return {
    referralInstitutionDescription: institution.description,
    speciallyServiceDescription: specialty.description,
  };
}

/** The visit's diagnoses and medications, when the referral includes them (a snapshot). */
async function includedParts(tx: TenantTx, visitId: string, body: ReferralBody) {
  const diagnoses = body.isIncludingDiagnosis ? await visitDiagnosesIn(tx, visitId) : [];
  return {
    diagnosis: diagnoses
      .filter((diagnosis) => !diagnosis.isVoided)
      .map(({ code, description, remark }) => ({ code, description, remark })),
    medications: body.isIncludingMedication ? await referralMedications(tx, visitId) : [],
  };
}

async function valuesOf(
  tx: TenantTx,
  visit: { id: string; branchId: string },
  body: ReferralBody,
): Promise<repo.ReferralValues> {
  const kept = keptReferralFields({ ...body, referTo: body.referTo });
  const { hciCode } = await clinicContext(tx, visit.branchId);
  return {
    hciCode,
    issueDate: new Date((body.issueDate ?? 0) * 1000),
    isHsg: kept.isHsg,
    referralType: kept.referralType,
    referralInstitution: kept.referralInstitution,
    referralInstitutionDescription: kept.referralInstitutionDescription,
    speciallyService: kept.speciallyService,
    speciallyServiceDescription: kept.speciallyServiceDescription,
    ...(await hsgTarget(tx, body)),
    referTo: kept.referTo,
    referralReason: kept.referralReason,
    drugAllergies: kept.drugAllergies,
    diagnosisText: kept.diagnosisText,
    medicalHistory: kept.medicalHistory,
    treatments: kept.treatments,
    isNamedDoctor: kept.isNamedDoctor,
    doctorName: kept.doctorName,
    isRelatedToChas: kept.isRelatedToChas,
    isRelatedToSfl: kept.isRelatedToSfl,
    isRelatedToVcdss: kept.isRelatedToVcdss,
    isRelatedToNone: kept.isRelatedToNone,
    patientRequest: kept.patientRequest,
    billSizeCents: kept.billSize,
    note: kept.note,
    fastTrackReason: kept.fastTrackReason,
    isIncludingDiagnosis: kept.isIncludingDiagnosis,
    isIncludingMedication: kept.isIncludingMedication,
    isIncludingProcedure: kept.isIncludingProcedure,
    isIncludingReview: kept.isIncludingReview,
    procedureContent: kept.procedureContent,
    reviewContent: kept.reviewContent,
    referralLetter: kept.referralLetter,
    ...(await includedParts(tx, visit.id, body)),
  };
}

async function reload(tx: TenantTx, id: string): Promise<ReferralOutRecord> {
  const record = await repo.findReferral(tx, id);
  if (!record) throw notFound('referral.notFound');
  return record;
}

export function patientReferrals(
  scope: BranchScope,
  patientId: string,
): Promise<ReferralOutRecord[]> {
  return scope.run((tx) => repo.patientReferrals(tx, patientId));
}

export function referral(scope: BranchScope, id: string): Promise<ReferralOutRecord> {
  return scope.run((tx) => reload(tx, id));
}

export function createReferral(
  scope: BranchScope,
  body: ReferralOutCreateBody,
): Promise<ReferralOutRecord> {
  return scope.run(async (tx) => {
    const visit = await writableVisit(tx, scope, body.visitId, {
      field: 'visitId',
      patient: { id: body.patientId, field: 'patientId', code: 'referral.patientNotOfVisit' },
    });
    const values = await valuesOf(tx, visit, body);
    const id = await repo.insertReferral(
      tx,
      {
        branchId: visit.branchId,
        visitId: visit.id,
        patientId: visit.patientId,
        doctorId: visit.doctorId,
        createdBy: scope.userId,
      },
      values,
    );
    return reload(tx, id);
  });
}

/** The referral to change: of the caller's branch, its visit not voided, itself not voided. */
export async function writableReferral(tx: TenantTx, scope: BranchScope, id: string) {
  const current = await repo.findReferral(tx, id);
  if (!current) throw notFound('referral.notFound');
  const visit = await writableVisit(tx, scope, current.visitId);
  if (current.referralStatus === REFERRAL_STATUS.cancelled) throw badRequest('referral.voided');
  return { current, visit };
}

/** The echoed keys of an update, when sent, are the referral's own. */
function checkEchoedKeys(current: ReferralOutRecord, body: ReferralOutUpdateBody): void {
  if (body.id && body.id !== current.id) throw fieldError('id', 'referral.notFound');
  if (body.visitId && body.visitId !== current.visitId) {
    throw fieldError('visitId', 'referral.patientNotOfVisit');
  }
  if (body.patientId && body.patientId !== current.patientId) {
    throw fieldError('patientId', 'referral.patientNotOfVisit');
  }
}

/**
 * Saves a referral again. A draft stays a draft; any other status needs a modified reason
 * (kept with its time) and becomes Corrected (6).
 */
export function updateReferral(
  scope: BranchScope,
  id: string,
  body: ReferralOutUpdateBody,
): Promise<ReferralOutRecord> {
  return scope.run(async (tx) => {
    const { current, visit } = await writableReferral(tx, scope, id);
    checkEchoedKeys(current, body);
    const status = current.referralStatus as (typeof REFERRAL_STATUS)[keyof typeof REFERRAL_STATUS];
    const modified = needsModifiedReason(status);
    if (modified && !body.modifiedReason) {
      throw fieldError('modifiedReason', 'referral.modifiedReasonRequired');
    }
    const values = await valuesOf(tx, visit, body);
    const changes: repo.ReferralValues = modified
      ? {
          ...values,
          referralStatus: REFERRAL_STATUS.corrected,
          modifiedReason: body.modifiedReason,
          modifiedAt: new Date(),
        }
      : values;
    if (!(await repo.updateReferral(tx, id, body.rowVersion, scope.userId, changes))) {
      throw conflict();
    }
    return reload(tx, id);
  });
}

/** Voids a referral with its reason (status 3: read-only from then on); answers it voided. */
export function voidReferral(
  scope: BranchScope,
  id: string,
  body: ReferralVoidBody,
): Promise<ReferralOutRecord> {
  return scope.run(async (tx) => {
    await writableReferral(tx, scope, id);
    const voided = await repo.voidReferral(
      tx,
      id,
      body.rowVersion,
      scope.userId,
      body.voidedReason,
    );
    if (!voided) throw conflict();
    return reload(tx, id);
  });
}

/**
 * The quick prompt ('Do you want to referral out?' YES): a draft referral out of the visit,
 * dated now, with the visit's diagnoses as its preliminary diagnosis. The editor completes it.
 */
export function promptReferral(
  scope: BranchScope,
  body: { outVisitID: string; patientID: string },
): Promise<string> {
  return scope.run(async (tx) => {
    const visit = await writableVisit(tx, scope, body.outVisitID, {
      field: 'outVisitID',
      patient: { id: body.patientID, field: 'patientID', code: 'referral.patientNotOfVisit' },
    });
    const { hciCode, now } = await clinicContext(tx, visit.branchId);
    const diagnoses = (await visitDiagnosesIn(tx, visit.id)).filter((d) => !d.isVoided);
    await repo.insertReferral(
      tx,
      {
        branchId: visit.branchId,
        visitId: visit.id,
        patientId: visit.patientId,
        doctorId: visit.doctorId,
        createdBy: scope.userId,
      },
      {
        hciCode,
        issueDate: new Date(now * 1000),
        diagnosisText: diagnoses.map((d) => d.description).join('; ') || null,
        diagnosis: [],
        medications: [],
      },
    );
    return REFERRAL_PROMPT_DONE;
  });
}

export function institutions(scope: BranchScope, type: number): Promise<ReferralOption[]> {
  return scope.run((tx) => repo.institutionsOfType(tx, type));
}

export function specialties(
  scope: BranchScope,
  institutionCode: string,
  type: number,
): Promise<ReferralOption[]> {
  return scope.run((tx) => repo.specialtiesOf(tx, institutionCode, type));
}

/** `GET /enrolment/hsg-status`, answered from the patient's subsidy card. */
export async function hsgStatus(scope: BranchScope, patientId: string): Promise<HsgStatus> {
  const { enrolled, tierName } = await hsgEnrolment(scope, patientId);
  return { patientID: patientId, enrolled_status: enrolled, tierName };
}

/** 'HH:mm' of a Unix time, seen from a zone `offsetMinutes` east of UTC. */
function timeOfUnix(seconds: number, offsetMinutes: number): string {
  return new Date((seconds + offsetMinutes * 60) * 1000).toISOString().slice(11, 16);
}

/**
 * The referral letter's print data (doc 3 section 2.1): only at the referral's own branch
 * (the letterhead and HCI code are the branch's) and never of a voided referral (the spec
 * hides its print). The doctor is the signed-in user (doc 2 section 6).
 */
export function referralLetter(scope: BranchScope, id: string): Promise<ReferralLetterData> {
  return scope.run(async (tx) => {
    const referral = await reload(tx, id);
    if (referral.branchId !== scope.branchId) throw forbidden('referral.printAnotherBranch');
    if (referral.referralStatus === REFERRAL_STATUS.cancelled) {
      throw badRequest('referral.voidedNoPrint');
    }
    return letterDataIn(tx, scope, referral);
  });
}

/** The letter's data of a referral of the caller's branch, signed by the caller. */
export async function letterDataIn(
  tx: TenantTx,
  scope: BranchScope,
  referral: ReferralOutRecord,
): Promise<ReferralLetterData> {
  const { hciCode, offsetMinutes } = await clinicContext(tx, scope.branchId);
  const facts = await repo.letterFacts(tx, referral, scope);
  if (!facts.patient || !facts.user) throw notFound('referral.notFound');
  return {
    visitId: referral.visitId,
    referral,
    patient: {
      name: facts.patient.name,
      ic: maskNric(facts.patient.nric, facts.country),
      birthDate: facts.patient.birthDate,
      gender: facts.patient.gender,
    },
    fullName: `${facts.user.firstName} ${facts.user.lastName}`.trim(),
    mcr: facts.user.mcr,
    hciCode: hciCode ?? referral.hciCode,
    issued: {
      date: dateOfUnix(referral.issueDate, offsetMinutes),
      time: timeOfUnix(referral.issueDate, offsetMinutes),
    },
  };
}
