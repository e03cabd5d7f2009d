import { describe, expect, it } from 'vitest';
import type { PatientReferenceLists } from './patient-api.ts';
import {
  EMPTY_PATIENT,
  patientFormOf,
  patientWithDefaults,
  withCardPrefix,
  withIdType,
  type PatientForm,
} from './patient-form.ts';

const PATIENT = '20000000-0000-4000-8000-000000000001';
const adult: PatientForm = {
  ...EMPTY_PATIENT,
  name: 'Tan Ah Kow',
  gender: 'M',
  birthDate: '1980-01-02',
  idType: 'NRIC',
  nric: 'S1234567D',
  cardNoPrefix: 'P',
  telCode: '+65',
  contactNo: '91234567',
  nationality: 'SG',
};

describe('patient form', () => {
  it('clears the ID number for NA and keeps it otherwise', () => {
    expect(withIdType(adult, 'NA').nric).toBe('');
    expect(withIdType(adult, 'PP').nric).toBe('S1234567D');
  });

  it('keeps a typed card number only with the Custom prefix', () => {
    const custom = withCardPrefix({ ...adult, cardNo: 'X1' }, 'Custom');
    expect(custom.cardNo).toBe('X1');
    expect(withCardPrefix(custom, 'P').cardNo).toBe('');
  });

  it('shows a chosen patient with what the picker knows', () => {
    const form = patientFormOf({
      id: PATIENT,
      name: 'Tan Ah Kow',
      nric: null,
      title: 'Mr',
      idType: 'NA',
      gender: 'M',
      cardNoPrefix: 'P',
      cardNo: 'P000001',
      contactNo: '91234567',
      telCode: '+65',
      birthDate: '1980-01-02',
      consultDoctor: null,
      homeAddress: null,
      homePostal: null,
    });
    expect(form).toMatchObject({ title: 'Mr', nric: '', cardNo: 'P000001', nationality: null });
  });

  it("fills the blank list fields with the lists' defaults, keeping what was chosen", () => {
    const lists: PatientReferenceLists = {
      genders: [],
      idTypes: [{ code: 'NRIC', name: 'NRIC' }],
      nationalities: [{ code: 'SG', name: 'Singapore' }],
      telCodes: [],
      defaultTelCode: { code: '+65', name: 'Singapore' },
      cardPrefixes: [{ id: '40000000-0000-4000-8000-000000000001', prefix: 'P' }],
    };
    expect(patientWithDefaults(EMPTY_PATIENT, lists)).toMatchObject({
      telCode: '+65',
      idType: 'NRIC',
      nationality: 'SG',
      cardNoPrefix: 'P',
    });
    expect(patientWithDefaults({ ...EMPTY_PATIENT, idType: 'PP' }, lists).idType).toBe('PP');
    expect(patientWithDefaults(EMPTY_PATIENT, { ...lists, idTypes: [] }).idType).toBeNull();
  });
});
