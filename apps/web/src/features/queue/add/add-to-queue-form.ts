import {
  CUSTOM_CARD_PREFIX,
  isNoIdType,
  patientCreateBodyFor,
  queueCreateBodyFor,
  toFieldErrors,
  type PatientCreateBody,
  type PatientPickerOption,
  type PatientProfile,
  type QueueCreateBody,
} from '@clinic/domain';
import { clinicUnixOf } from '../../../app/clinic-time.ts';

/** The visit half of the dialog: who sees the patient, why, and (when backdating) when. */
export interface VisitForm {
  doctorId: string | null;
  visitPurposes: string[];
  remark: string;
  isBackdate: boolean;
  /** 'YYYY-MM-DD'. */
  visitDate: string | null;
  /** 'HH:mm'. */
  visitTime: string;
}

/** The patient panel: a new patient's fields, or a chosen patient's shown read-only. */
export interface PatientForm {
  title: string | null;
  name: string;
  gender: string | null;
  /** 'YYYY-MM-DD'. */
  birthDate: string | null;
  /** 'HH:mm'; asked only when the clinic has an HCI code. */
  birthTime: string;
  idType: string | null;
  nric: string;
  cardNoPrefix: string | null;
  cardNo: string;
  telCode: string | null;
  contactNo: string;
  father: string;
  mother: string;
  nationality: string | null;
  email: string;
}

/** What the clinic's rules depend on: its HCI code, its today and its clock. */
export interface ClinicContext {
  hasHciCode: boolean;
  /** The clinic's today, 'YYYY-MM-DD'. */
  today: string;
  /** Unix seconds. */
  now: number;
  /** The clinic's time zone, minutes east of UTC: a backdated visit's date and time are in it. */
  timezoneOffset: number;
}

export type FieldErrors = Partial<Record<string, string>>;

export type Checked<T> = { ok: true; body: T } | { ok: false; errors: FieldErrors };

export const EMPTY_VISIT: VisitForm = {
  doctorId: null,
  visitPurposes: [],
  remark: '',
  isBackdate: false,
  visitDate: null,
  visitTime: '',
};

export const EMPTY_PATIENT: PatientForm = {
  title: null,
  name: '',
  gender: null,
  birthDate: null,
  birthTime: '',
  idType: null,
  nric: '',
  cardNoPrefix: null,
  cardNo: '',
  telCode: null,
  contactNo: '',
  father: '',
  mother: '',
  nationality: null,
  email: '',
};

/** A chosen patient as the panel shows it (the profile, once loaded, fills every field). */
export function patientFormOf(patient: PatientPickerOption | PatientProfile): PatientForm {
  const profile = 'nationality' in patient ? patient : null;
  return {
    title: patient.title,
    name: patient.name,
    gender: patient.gender,
    birthDate: patient.birthDate,
    birthTime: profile?.birthTime ?? '',
    idType: patient.idType,
    nric: patient.nric ?? '',
    cardNoPrefix: patient.cardNoPrefix,
    cardNo: patient.cardNo ?? '',
    telCode: patient.telCode,
    contactNo: patient.contactNo ?? '',
    father: profile?.father ?? '',
    mother: profile?.mother ?? '',
    nationality: profile?.nationality ?? null,
    email: profile?.email ?? '',
  };
}

/** Another ID type; NA has no number, so the number is cleared. */
export function withIdType(form: PatientForm, idType: string | null): PatientForm {
  return { ...form, idType, nric: idType && isNoIdType(idType) ? '' : form.nric };
}

/** Another card prefix; only the Custom prefix keeps a typed number (others are numbered). */
export function withCardPrefix(form: PatientForm, cardNoPrefix: string | null): PatientForm {
  return {
    ...form,
    cardNoPrefix,
    cardNo: cardNoPrefix === CUSTOM_CARD_PREFIX ? form.cardNo : '',
  };
}

function fieldErrorsOf(issues: Parameters<typeof toFieldErrors>[0]): FieldErrors {
  return Object.fromEntries(toFieldErrors(issues).map((error) => [error.field, error.message]));
}

/** The new patient's `POST /patients` body, checked with the clinic's rules. */
export function checkNewPatient(
  form: PatientForm,
  context: ClinicContext,
): Checked<PatientCreateBody> {
  const result = patientCreateBodyFor(context).safeParse({
    ...form,
    birthTime: context.hasHciCode ? form.birthTime : null,
  });
  return result.success
    ? { ok: true, body: result.data }
    : { ok: false, errors: fieldErrorsOf(result.error.issues) };
}

/** The `POST /queue` body for a patient (null: none chosen yet), checked with the clinic's rules. */
export function checkVisit(
  visit: VisitForm,
  patientId: string | null,
  context: ClinicContext,
): Checked<QueueCreateBody> {
  const result = queueCreateBodyFor(context).safeParse({
    patientId: patientId ?? undefined,
    doctorId: visit.doctorId ?? undefined,
    visitPurposes: visit.visitPurposes,
    remark: visit.remark,
    isBackdate: visit.isBackdate,
    visitDate: visit.isBackdate
      ? clinicUnixOf(visit.visitDate, visit.visitTime, context.timezoneOffset)
      : null,
  });
  return result.success
    ? { ok: true, body: result.data }
    : { ok: false, errors: fieldErrorsOf(result.error.issues) };
}

export interface AddToQueueCheck {
  /** Messages by field; empty when the dialog can be saved. */
  errors: FieldErrors;
  /** The new patient to register first, when there is one and it passed. */
  patientBody: PatientCreateBody | null;
}

/**
 * Every rule of the dialog at once. `newPatient` holds the new patient's fields, or is
 * null when the patient is known (`patientId`). A new patient stands in for the patient
 * field: its id comes from registering it, just before the visit is queued.
 */
export function checkAddToQueue(
  visit: VisitForm,
  patientId: string | null,
  newPatient: PatientForm | null,
  context: ClinicContext,
): AddToQueueCheck {
  const visitCheck = checkVisit(visit, patientId, context);
  const errors: FieldErrors = visitCheck.ok ? {} : { ...visitCheck.errors };
  if (newPatient === null) return { errors, patientBody: null };
  delete errors.patientId;
  const patientCheck = checkNewPatient(newPatient, context);
  if (patientCheck.ok) return { errors, patientBody: patientCheck.body };
  return { errors: { ...errors, ...patientCheck.errors }, patientBody: null };
}
