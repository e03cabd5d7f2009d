import { PATIENT_MESSAGES } from '@clinic/domain';
import { ApiError } from '../../api/http.ts';

/** Refusals of `POST /patients` the dialog answers with a dialog of its own (doc 1 section 8). */
export type PatientRefusal = 'nricInvalid' | 'nricTaken' | 'cardNoTaken' | 'nameTaken';

const REFUSALS: ReadonlyArray<[PatientRefusal, string]> = [
  ['nricInvalid', PATIENT_MESSAGES.nricInvalid],
  ['nricTaken', PATIENT_MESSAGES.nricTaken],
  ['cardNoTaken', PATIENT_MESSAGES.cardNoTaken],
  ['nameTaken', PATIENT_MESSAGES.nameTaken],
];

/** Which of those refusals a failure is (by the server's message or a field's), if any. */
export function patientRefusalOf(error: unknown): PatientRefusal | null {
  if (!(error instanceof ApiError)) return null;
  const messages = [error.message, ...error.errors.map((fieldError) => fieldError.message)];
  return REFUSALS.find(([, text]) => messages.includes(text))?.[0] ?? null;
}
