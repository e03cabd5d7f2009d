import { queueCreateBodyFor, type PatientCreateBody, type QueueCreateBody } from '@clinic/domain';
import { clinicUnixOf } from '../../../app/clinic-time.ts';
import {
  fieldErrorsOf,
  type Checked,
  type FieldErrors,
} from '../../../components/form/field-errors.ts';
import { checkNewPatient, type PatientForm } from '../../patients/patient-form.ts';

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
