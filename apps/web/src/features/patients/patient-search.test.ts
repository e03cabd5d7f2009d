import type { PatientPickerOption } from '@clinic/domain';
import { describe, expect, it } from 'vitest';
import { filterDetail, isSearchable, moveHighlight, nextFilter } from './patient-search.ts';

const patient: PatientPickerOption = {
  id: '20000000-0000-4000-8000-000000000001',
  name: 'Tan Ah Kow',
  nric: 'S1234567D',
  title: 'Mr',
  idType: 'NRIC',
  gender: 'M',
  cardNoPrefix: 'P',
  cardNo: 'P000123',
  contactNo: '91234567',
  telCode: '+65',
  birthDate: '1980-01-02',
  consultDoctor: null,
  homeAddress: '1 Orchard Road',
  homePostal: '238823',
};

describe('patient search helpers', () => {
  it('searches from 2 characters, spaces aside', () => {
    expect(isSearchable('t')).toBe(false);
    expect(isSearchable(' t ')).toBe(false);
    expect(isSearchable('ta')).toBe(true);
  });

  it('steps through the filters and wraps around', () => {
    expect(nextFilter('patient_name', 1)).toBe('nric');
    expect(nextFilter('patient_name', -1)).toBe('home_address');
    expect(nextFilter('home_address', 1)).toBe('patient_name');
  });

  it('moves the highlight through the results and wraps around', () => {
    expect(moveHighlight(-1, 3, 1)).toBe(0);
    expect(moveHighlight(-1, 3, -1)).toBe(2);
    expect(moveHighlight(2, 3, 1)).toBe(0);
    expect(moveHighlight(0, 3, -1)).toBe(2);
    expect(moveHighlight(1, 0, 1)).toBe(-1);
  });

  it('adds the row of the chosen filter', () => {
    expect(filterDetail(patient, 'patient_name')).toBeNull();
    expect(filterDetail(patient, 'nric')).toBeNull();
    expect(filterDetail(patient, 'card_no')).toBe('P000123');
    expect(filterDetail(patient, 'contact_no')).toBe('+65 91234567');
    expect(filterDetail(patient, 'home_postal')).toBe('238823');
    expect(filterDetail(patient, 'home_address')).toBe('1 Orchard Road');
  });
});
