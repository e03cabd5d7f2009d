import { PATIENT_MESSAGES } from '@clinic/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http.ts';
import { patientRefusalOf } from './patient-refusal.ts';

describe('patient refusals', () => {
  it('recognises the refusals that open a dialog, by the code of the answer or of a field', () => {
    expect(patientRefusalOf(new ApiError(400, 'x', 'patient.nricInvalid'))).toBe('nricInvalid');
    const taken = new ApiError(400, 'Two problems', 'request.invalid', [
      {
        field: 'gender',
        message: 'Please choose a gender from the list.',
        code: 'patient.genderNotListed',
      },
      { field: 'nric', message: 'reworded', code: 'patient.nricTaken' },
    ]);
    expect(patientRefusalOf(taken)).toBe('nricTaken');
    expect(patientRefusalOf(new ApiError(400, 'x', 'patient.cardNoTaken'))).toBe('cardNoTaken');
    expect(patientRefusalOf(new ApiError(400, 'x', 'patient.nameTaken'))).toBe('nameTaken');
  });

  it('never goes by the words: the spec texts under another code are left to an alert', () => {
    expect(patientRefusalOf(new ApiError(500, 'Something broke', 'server.failed'))).toBeNull();
    expect(
      patientRefusalOf(new ApiError(400, PATIENT_MESSAGES.nricTaken, 'request.refused')),
    ).toBeNull();
    expect(patientRefusalOf(new TypeError(PATIENT_MESSAGES.nricTaken))).toBeNull();
  });
});
