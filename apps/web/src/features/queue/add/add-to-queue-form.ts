import {
  queueCreateBodyFor,
  type PatientCreateBody,
  type PatientPickerOption,
  type QueueCreateBody,
} from '@clinic/domain';
import { clinicUnixOf } from '../../../app/clinic-time.ts';
import {
  checkWith,
  errorsAt,
  type Checked,
  type FieldErrors,
} from '../../../components/form/field-errors.ts';
import { EMPTY_PATIENT, checkNewPatient, type PatientForm } from '../../patients/patient-form.ts';

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

/**
 * The dialog's values. The patient is the one chosen in the picker, or else the new
 * patient of `newPatient`, who stands in for the picker's field until registered.
 */
export type AddToQueueValues = {
  patient: PatientPickerOption | null;
  /** The new patient, registered by an earlier Save whose queueing then failed. */
  registeredPatientId: string | null;
  visit: VisitForm;
  newPatient: PatientForm;
};

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

export const EMPTY_VISIT: VisitForm = {
  doctorId: null,
  visitPurposes: [],
  remark: '',
  isBackdate: false,
  visitDate: null,
  visitTime: '',
};

export const EMPTY_ADD_TO_QUEUE: AddToQueueValues = {
  patient: null,
  registeredPatientId: null,
  visit: EMPTY_VISIT,
  newPatient: EMPTY_PATIENT,
};

/** The patient the visit is for, when known: chosen, or registered by an earlier Save. */
export function knownPatientId(values: AddToQueueValues): string | null {
  return values.patient?.id ?? values.registeredPatientId;
}

/** The `POST /queue` body for a patient (null: none chosen yet), checked with the clinic's rules. */
export function checkVisit(
  visit: VisitForm,
  patientId: string | null,
  context: ClinicContext,
): Checked<QueueCreateBody> {
  return checkWith(queueCreateBodyFor(context), {
    patientId: patientId ?? undefined,
    doctorId: visit.doctorId ?? undefined,
    visitPurposes: visit.visitPurposes,
    remark: visit.remark,
    isBackdate: visit.isBackdate,
    visitDate: visit.isBackdate
      ? clinicUnixOf(visit.visitDate, visit.visitTime, context.timezoneOffset)
      : null,
  });
}

/** Where the messages about a `POST /queue` body show: `patientId` at the picker, the rest in the visit. */
export function visitErrorPaths(errors: FieldErrors): FieldErrors {
  const { patientId, ...visitFields } = errors;
  return { ...errorsAt('visit', visitFields), ...(patientId ? { patient: patientId } : {}) };
}

export interface AddToQueueCheck {
  /** Messages by field path; empty when the dialog can be saved. */
  errors: FieldErrors;
  /** The new patient to register first, when there is one and it passed. */
  patientBody: PatientCreateBody | null;
}

/**
 * Every rule of the dialog at once (the values with the lists' defaults filled in). A new
 * patient stands in for the patient field: its id comes from registering it, just before
 * the visit is queued.
 */
export function checkAddToQueue(values: AddToQueueValues, context: ClinicContext): AddToQueueCheck {
  const patientId = knownPatientId(values);
  const visitCheck = checkVisit(values.visit, patientId, context);
  const visitErrors = visitCheck.ok ? {} : visitErrorPaths(visitCheck.errors);
  if (patientId) return { errors: visitErrors, patientBody: null };
  const { patient: _standsIn, ...errors } = visitErrors;
  const patientCheck = checkNewPatient(values.newPatient, context);
  if (patientCheck.ok) return { errors, patientBody: patientCheck.body };
  return {
    errors: { ...errors, ...errorsAt('newPatient', patientCheck.errors) },
    patientBody: null,
  };
}
