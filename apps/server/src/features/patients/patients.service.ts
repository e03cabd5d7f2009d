import {
  CUSTOM_CARD_PREFIX,
  ageInMonths,
  ageOn,
  ageText,
  idNumberProblem,
  isNoIdType,
  normalizeIdNumber,
  patientCreateProblems,
  verifyIdMessage,
  type FieldError,
  type PatientCreateBody,
  type PatientHeaderInfo,
  type PatientOptionQuery,
} from '@clinic/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { TenantTx } from '../../db/tenant-db.ts';
import {
  fieldError,
  fieldErrors,
  fieldProblem,
  isUniqueViolation,
  notFound,
  rateLimited,
  type AppError,
} from '../../platform/errors.ts';
import type { BranchScope } from '../../platform/scope.ts';
import { clinicContext } from '../branches/branches.service.ts';
import { findOptionByCode, listOptions } from '../options/options.service.ts';
import * as repo from './patients.repo.ts';

/** A queued patient's doctor becomes their consulting doctor (the queue sets it). */
export { setConsultDoctor as rememberConsultDoctor } from './patients.repo.ts';

function refuse(errors: FieldError[]): never {
  throw fieldErrors(errors);
}

/** The ID type, gender and nationality must be entries of the clinic's lists. */
async function listProblems(tx: TenantTx, body: PatientCreateBody): Promise<FieldError[]> {
  const problems: FieldError[] = [];
  if (!(await findOptionByCode(tx, 'identificationType', body.idType))) {
    problems.push({ field: 'idType', message: 'Please choose an ID type from the list.' });
  }
  if (!(await findOptionByCode(tx, 'gender', body.gender))) {
    problems.push({ field: 'gender', message: 'Please choose a gender from the list.' });
  }
  if (!(await findOptionByCode(tx, 'nationality', body.nationality))) {
    problems.push({ field: 'nationality', message: 'Please choose a nationality from the list.' });
  }
  return problems;
}

/** The spec's duplicate rules, in the order the front desk resolves them. */
async function duplicateProblem(tx: TenantTx, body: PatientCreateBody): Promise<AppError | null> {
  if (body.nric && (await repo.nricTaken(tx, body.nric)))
    return fieldError('nric', 'patient.nricTaken');
  if (body.cardNo && (await repo.cardNoTaken(tx, body.cardNo)))
    return fieldError('cardNo', 'patient.cardNoTaken');
  if (!body.ignoreNameCheck && (await repo.sameNamePatient(tx, body)))
    return fieldError('name', 'patient.nameTaken');
  return null;
}

async function cardNumberFor(
  tx: TenantTx,
  body: PatientCreateBody,
): Promise<{ prefix: string | null; cardNo: string | null }> {
  if (body.cardNoPrefix === CUSTOM_CARD_PREFIX)
    return { prefix: CUSTOM_CARD_PREFIX, cardNo: body.cardNo };
  const prefixes = await listOptions(tx, 'cardPrefix', { activeOnly: true });
  const prefix = body.cardNoPrefix ?? prefixes[0]?.code;
  if (!prefix) return { prefix: null, cardNo: null };
  if (!prefixes.some((option) => option.code === prefix)) {
    refuse([
      { field: 'cardNoPrefix', message: 'Please choose a card number prefix from the list.' },
    ]);
  }
  return { prefix, cardNo: await repo.nextCardNumber(tx, prefix) };
}

/** New patients a clinic on trial may register in 24 hours (the outside probe added 300,000). */
export const TRIAL_PATIENTS_PER_DAY = 1000;

async function checkTrialLimit(tx: TenantTx): Promise<void> {
  const added = await repo.patientsAddedTodayOnTrial(tx);
  if (added !== null && added >= TRIAL_PATIENTS_PER_DAY) {
    throw rateLimited(3600, 'patient.trialLimit', TRIAL_PATIENTS_PER_DAY);
  }
}

/** Registers a patient with every rule of the add-to-queue form. */
export async function createPatient(
  scope: BranchScope,
  body: PatientCreateBody,
): Promise<{ patientId: string }> {
  try {
    return await scope.run(async (tx) => {
      const clinic = await clinicContext(tx, scope.branchId);
      const problems = [
        ...patientCreateProblems(body, {
          hasHciCode: Boolean(clinic.hciCode),
          today: clinic.today,
        }),
        ...(await listProblems(tx, body)),
      ];
      if (problems.length > 0) refuse(problems);
      await checkTrialLimit(tx);
      const duplicate = await duplicateProblem(tx, body);
      if (duplicate) throw duplicate;
      const { prefix, cardNo } = await cardNumberFor(tx, body);
      const { ignoreNameCheck: _ignore, ...fields } = body;
      const patientId = await repo.insertPatient(tx, { ...fields, cardNoPrefix: prefix, cardNo });
      return { patientId };
    });
  } catch (error) {
    // Another desk registered the same ID or card number a moment ago.
    if (isUniqueViolation(error, 'patients_nric_key'))
      throw fieldError('nric', 'patient.nricTaken');
    if (isUniqueViolation(error, 'patients_card_no_key'))
      throw fieldError('cardNo', 'patient.cardNoTaken');
    throw error;
  }
}

async function existingPatient(tx: TenantTx, id: string) {
  const patient = await repo.findPatient(tx, id);
  if (!patient) throw notFound('patient.notFound');
  return patient;
}

/** Corrects a patient's ID number: the checksum of their ID type, unique in the clinic. */
export async function changeNric(
  scope: BranchScope,
  id: string,
  nric: string,
): Promise<{ id: string; nric: string | null }> {
  try {
    return await scope.run(async (tx) => {
      const patient = await existingPatient(tx, id);
      if (isNoIdType(patient.idType)) {
        throw fieldError('nric', 'patient.noIdNumber');
      }
      const problem = idNumberProblem(patient.idType, nric);
      if (problem)
        throw problem === verifyIdMessage(patient.idType)
          ? fieldError('nric', 'patient.nricInvalid')
          : fieldProblem('nric', problem);
      const normalized = normalizeIdNumber(patient.idType, nric);
      if (normalized && (await repo.nricTaken(tx, normalized, id)))
        throw fieldError('nric', 'patient.nricTaken');
      await repo.setNric(tx, id, normalized ?? nric);
      return { id, nric: normalized };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'patients_nric_key'))
      throw fieldError('nric', 'patient.nricTaken');
    throw error;
  }
}

export async function changeCardNo(
  scope: BranchScope,
  id: string,
  cardNo: string,
): Promise<{ id: string; cardNo: string }> {
  try {
    return await scope.run(async (tx) => {
      await existingPatient(tx, id);
      if (await repo.cardNoTaken(tx, cardNo, id)) throw fieldError('cardNo', 'patient.cardNoTaken');
      await repo.setCardNo(tx, id, cardNo);
      return { id, cardNo };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'patients_card_no_key'))
      throw fieldError('cardNo', 'patient.cardNoTaken');
    throw error;
  }
}

/** The picker's search: one statement, no transaction (see `tenantArgument`). */
export async function searchPatients(
  db: Kysely<DB>,
  scope: BranchScope,
  query: PatientOptionQuery,
) {
  const rows = await repo.searchPatients(
    { db, tenantId: scope.tenantId },
    query.filter,
    query.keyword,
  );
  return rows.map(({ consultDoctorId, ...row }) => ({ ...row, consultDoctor: consultDoctorId }));
}

/** The patient's profile (its route declares the audit row of the read). */
export async function patientProfile(scope: BranchScope, id: string) {
  return scope.run(async (tx) => {
    const patient = await existingPatient(tx, id);
    const clinic = await clinicContext(tx, scope.branchId);
    const { tenantId: _tenant, consultDoctorId, createdAt, updatedAt, ...fields } = patient;
    return {
      ...fields,
      consultDoctor: consultDoctorId,
      age: ageOn(patient.birthDate, clinic.today),
      createdAt: Math.floor(createdAt.getTime() / 1000),
      updatedAt: Math.floor(updatedAt.getTime() / 1000),
    };
  });
}

/** What the header card of every patient page shows (its route declares the audit row). */
export async function patientHeader(scope: BranchScope, id: string): Promise<PatientHeaderInfo> {
  return scope.run(async (tx) => {
    const patient = await existingPatient(tx, id);
    const clinic = await clinicContext(tx, scope.branchId);
    const age = ageOn(patient.birthDate, clinic.today);
    return {
      id: patient.id,
      name: patient.name,
      title: patient.title,
      nric: patient.nric,
      idType: patient.idType,
      gender: patient.gender,
      birthDate: patient.birthDate,
      age,
      ageInMonths: ageInMonths(age),
      ageText: ageText(age),
      cardNoPrefix: patient.cardNoPrefix,
      cardNo: patient.cardNo,
      telCode: patient.telCode,
      contactNo: patient.contactNo,
      email: patient.email,
      nationality: patient.nationality,
      homeAddress: patient.homeAddress,
      homePostal: patient.homePostal,
      alertMessage: patient.alertMessage,
      version: patient.version,
    };
  });
}

/**
 * The patient's vaccinations for the header's count. There is no vaccination record yet
 * (a later issue adds the table and this reads it): every patient has none.
 */
export async function vaccinationCount(
  scope: BranchScope,
  patientId: string,
): Promise<{ count: number }> {
  return scope.run(async (tx) => {
    await existingPatient(tx, patientId);
    return { count: 0 };
  });
}
