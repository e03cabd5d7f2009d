import { describe, expect, it } from 'vitest';
import { toFieldErrors } from '../common/api.ts';
import { PatientCardNoPatchBody, PatientNricPatchBody } from './patient-changes.ts';
import { PatientIdParams } from './patient-profile.ts';

function messagesOf(schema: { safeParse(input: unknown): any }, input: unknown) {
  const result = schema.safeParse(input);
  const errors = result.success ? [] : toFieldErrors(result.error.issues);
  return Object.fromEntries(errors.map((e) => [e.field, e.message]));
}

describe('patient changes', () => {
  it('takes a new ID number or card number', () => {
    expect(PatientNricPatchBody.parse({ nric: ' S1234567D ' })).toEqual({ nric: 'S1234567D' });
    expect(messagesOf(PatientNricPatchBody, {})).toEqual({
      nric: 'The ID number field is required.',
    });
    expect(messagesOf(PatientNricPatchBody, { nric: 'X'.repeat(31) })).toEqual({
      nric: 'ID number cannot exceed 30 characters',
    });
    expect(PatientCardNoPatchBody.parse({ cardNo: ' P-0001 ' })).toEqual({ cardNo: 'P-0001' });
    expect(messagesOf(PatientCardNoPatchBody, { cardNo: '' })).toEqual({
      cardNo: 'The card number field is required.',
    });
    expect(messagesOf(PatientIdParams, { id: '12' })).toEqual({ id: 'id must be a patient id' });
  });
});
