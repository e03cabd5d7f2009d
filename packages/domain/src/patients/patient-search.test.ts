import { describe, expect, it } from 'vitest';
import { toFieldErrors } from '../common/api.ts';
import { PatientOption, PatientOptionQuery, PatientSearchResult } from './patient-search.ts';

const PATIENT_ID = '3f0c6c1e-8a51-4d1b-9b7e-2d6f0c9a4b11';
const DOCTOR_ID = '7c2a9e54-1f3b-4c8d-a6e2-5b9f1d3c7e22';

function messagesOf(schema: { safeParse(input: unknown): any }, input: unknown) {
  const result = schema.safeParse(input);
  const errors = result.success ? [] : toFieldErrors(result.error.issues);
  return Object.fromEntries(errors.map((e) => [e.field, e.message]));
}

describe('patient picker search', () => {
  it('searches with at least 2 characters, by name unless told', () => {
    expect(PatientOptionQuery.parse({ keyword: ' ta ' })).toEqual({
      keyword: 'ta',
      filter: 'patient_name',
    });
    expect(PatientOptionQuery.parse({ keyword: '9123', filter: 'contact_no', t: '1' }).filter).toBe(
      'contact_no',
    );
    expect(messagesOf(PatientOptionQuery, { keyword: ' t ' })).toEqual({
      keyword: 'Please enter at least 2 characters to search.',
    });
    expect(messagesOf(PatientOptionQuery, { keyword: 'x'.repeat(101) })).toEqual({
      keyword: 'The search keyword cannot exceed 100 characters.',
    });
    expect(messagesOf(PatientOptionQuery, { keyword: 'tan', filter: 'race' })).toEqual({
      filter:
        'filter must be one of: patient_name, nric, card_no, contact_no, home_postal, home_address',
    });
  });

  it('describes its answers', () => {
    const option = {
      id: PATIENT_ID,
      name: 'Tan Ah Kow',
      nric: 'S1234567D',
      title: 'Mr',
      idType: 'NRIC',
      gender: 'M',
      cardNoPrefix: 'P',
      cardNo: 'P000123',
      contactNo: '91234567',
      telCode: '65',
      birthDate: '1980-05-17',
      consultDoctor: DOCTOR_ID,
    };
    expect(PatientOption.parse(option)).toEqual(option);
    const result = {
      id: PATIENT_ID,
      name: 'Tan Ah Kow',
      nric: null,
      address: '1 Orchard Road',
      postal: '238823',
      contactNo: null,
      cardNo: null,
    };
    expect(PatientSearchResult.parse(result)).toEqual(result);
  });
});
