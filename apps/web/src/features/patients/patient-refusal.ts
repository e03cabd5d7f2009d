import type { RefusalCode } from '@clinic/domain';
import { ApiError } from '../../api/http.ts';

/** Refusals of `POST /patients` the dialog answers with a dialog of its own (doc 1 section 8). */
export type PatientRefusal = 'nricInvalid' | 'nricTaken' | 'cardNoTaken' | 'nameTaken';

const REFUSAL_BY_CODE: Partial<Record<RefusalCode, PatientRefusal>> = {
  'patient.nricInvalid': 'nricInvalid',
  'patient.nricTaken': 'nricTaken',
  'patient.cardNoTaken': 'cardNoTaken',
  'patient.nameTaken': 'nameTaken',
};

/** Which of those refusals a failure is (by the code of the answer or of a field), if any. */
export function patientRefusalOf(error: unknown): PatientRefusal | null {
  if (!(error instanceof ApiError)) return null;
  const codes = [error.code, ...error.errors.map((fieldError) => fieldError.code)];
  for (const code of codes) {
    const refusal = code && REFUSAL_BY_CODE[code];
    if (refusal) return refusal;
  }
  return null;
}
