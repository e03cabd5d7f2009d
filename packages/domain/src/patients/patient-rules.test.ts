import { describe, expect, it } from 'vitest';
import { GENDERS, PATIENT_MESSAGES, toGender } from './patient-rules.ts';

describe('patient constants', () => {
  it('codes genders M and F, and reads MALE and FEMALE', () => {
    expect(GENDERS.map((g) => g.code)).toEqual(['M', 'F']);
    expect(toGender('male')).toBe('M');
    expect(toGender(' FEMALE ')).toBe('F');
    expect(toGender('f')).toBe('F');
    expect(toGender('X')).toBeNull();
  });
  it('keeps the texts the client reacts to', () => {
    expect(PATIENT_MESSAGES.nricInvalid).toBe('NRIC is invalid');
    expect(PATIENT_MESSAGES.nricTaken).toBe('Patient nric already in used');
    expect(PATIENT_MESSAGES.cardNoTaken).toBe('Patient card number already in used');
    expect(PATIENT_MESSAGES.noPatientSelected).toBe('No patient selected');
    expect(PATIENT_MESSAGES.searchEmpty).toBe('NO RESULT');
    expect(PATIENT_MESSAGES.searchHint).toBe(
      'At least 2 character or try search with different criteria',
    );
  });
});
