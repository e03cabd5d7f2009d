import { describe, expect, it } from 'vitest';
import {
  isValidMobile,
  isValidPatientEmail,
  isValidTelCode,
  patientEmailProblem,
} from './contact.ts';

describe('patient email rule', () => {
  it.each(['tanahkow@example.sg', 'tan_ah-kow+clinic@mail.example.com', 'A@B.CO'])(
    'accepts %s',
    (email) => expect(isValidPatientEmail(email)).toBe(true),
  );

  it.each([
    ['tanahkow@example.info', 'Email cannot have more than 3 letters after "."'],
    ['tan.ahkow@example.sg', 'Email cannot have a "." before "@".'],
    ['tanahkow', 'Please enter a valid email address.'],
    ['tanahkow@example', 'Please enter a valid email address.'],
    ['tanahkow@example.c', 'Please enter a valid email address.'],
    ['tan ahkow@example.sg', 'Please enter a valid email address.'],
    ['tan@ahkow@example.sg', 'Please enter a valid email address.'],
    ['@example.sg', 'Please enter a valid email address.'],
    ['tanahkow@example.s9', 'Please enter a valid email address.'],
    [`${'a'.repeat(89)}@example.com`, 'Email cannot exceed 100 characters'],
  ])('refuses %s', (email, problem) => {
    expect(patientEmailProblem(email)).toBe(problem);
  });

  it('takes exactly 100 characters', () => {
    expect(isValidPatientEmail(`${'a'.repeat(88)}@example.com`)).toBe(true);
  });
});

describe('mobile and tel code', () => {
  it('takes digits with separators, up to 32 characters', () => {
    expect(isValidMobile('9123 4567')).toBe(true);
    expect(isValidMobile('+65 (9123)-4567')).toBe(true);
    expect(isValidMobile('9'.repeat(32))).toBe(true);
    expect(isValidMobile('9'.repeat(33))).toBe(false);
    expect(isValidMobile('call me')).toBe(false);
    expect(isValidMobile('+ -')).toBe(false);
  });
  it('takes calling codes', () => {
    expect(['65', '+65', '1-876', '+852'].every(isValidTelCode)).toBe(true);
    expect(['', 'SG', '+', '12345'].some(isValidTelCode)).toBe(false);
  });
});
