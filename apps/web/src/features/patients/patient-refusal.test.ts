import { PATIENT_MESSAGES } from '@clinic/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http.ts';
import { patientRefusalOf } from './patient-refusal.ts';

describe('patient refusals', () => {
  it('recognises the refusals that open a dialog, by message or by field', () => {
    expect(patientRefusalOf(new ApiError(400, PATIENT_MESSAGES.nricInvalid))).toBe('nricInvalid');
    const taken = new ApiError(400, 'Two problems', 'VALIDATION', [
      { field: 'gender', message: 'Please choose a gender from the list.' },
      { field: 'nric', message: PATIENT_MESSAGES.nricTaken },
    ]);
    expect(patientRefusalOf(taken)).toBe('nricTaken');
    expect(patientRefusalOf(new ApiError(409, PATIENT_MESSAGES.cardNoTaken))).toBe('cardNoTaken');
    expect(patientRefusalOf(new ApiError(409, PATIENT_MESSAGES.nameTaken))).toBe('nameTaken');
  });

  it('leaves everything else to an alert', () => {
    expect(patientRefusalOf(new ApiError(500, 'Something broke'))).toBeNull();
    expect(patientRefusalOf(new TypeError(PATIENT_MESSAGES.nricTaken))).toBeNull();
  });
});
