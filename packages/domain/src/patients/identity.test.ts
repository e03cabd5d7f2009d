import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ID_NUMBER_REQUIRED,
  ID_NUMBER_TOO_LONG,
  ID_TYPES_WITH_CHECKSUM,
  NRIC_PREFIXES,
  idNumberProblem,
  idTypeNeedsChecksum,
  isNoIdType,
  isValidNric,
  normalizeIdNumber,
  nricCheckLetter,
  nricFor,
  verifyIdMessage,
} from './identity.ts';

const prefix = fc.constantFrom(...NRIC_PREFIXES);
const sevenDigits = fc.stringMatching(/^\d{7}$/);

describe('NRIC and FIN checksum', () => {
  it.each(['S1234567D', 'T1234567J', 'F1234567N', 'G1234567X'])('accepts %s', (value) => {
    expect(isValidNric(value)).toBe(true);
  });

  it('ignores letter case and spaces', () => {
    expect(isValidNric('s1234567d')).toBe(true);
    expect(isValidNric(' S 1234567 D ')).toBe(true);
  });

  it.each([
    ['a wrong check letter', 'S1234567A'],
    ['the S letter on a T number', 'T1234567D'],
    ['the S/T table on a FIN', 'F1234567D'],
    ['eight digits', 'S12345678D'],
    ['six digits', 'S123456D'],
    ['an unknown prefix', 'A1234567D'],
    ['an M-series FIN (not in the spec)', 'M1234567K'],
    ['a letter among the digits', 'S12345A7D'],
    ['an empty value', ''],
  ])('refuses %s', (_, value) => {
    expect(isValidNric(value)).toBe(false);
  });

  it('computes the check letter from the weights 2,7,6,5,4,3,2 and the offset 4', () => {
    // 2*1 + 7*2 + 6*3 + 5*4 + 4*5 + 3*6 + 2*7 = 106; 106 % 11 = 7; (106 + 4) % 11 = 0.
    expect(nricCheckLetter('S', '1234567')).toBe('D');
    expect(nricCheckLetter('T', '1234567')).toBe('J');
    expect(nricCheckLetter('F', '1234567')).toBe('N');
    expect(nricCheckLetter('G', '1234567')).toBe('X');
    expect(nricFor('S', '0000000')).toBe('S0000000J');
    expect(nricFor('G', '0000000')).toBe('G0000000R');
  });

  it('refuses to make a number from anything but 7 digits', () => {
    expect(() => nricFor('S', '123456')).toThrow(RangeError);
    expect(() => nricFor('S', '12345a7')).toThrow(RangeError);
  });

  it('validates every generated number', () => {
    fc.assert(fc.property(prefix, sevenDigits, (p, d) => isValidNric(nricFor(p, d))));
  });

  it('breaks when any single digit changes', () => {
    fc.assert(
      fc.property(
        prefix,
        sevenDigits,
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 1, max: 9 }),
        (p, d, position, shift) => {
          const digits = d.split('');
          digits[position] = String((Number(digits[position]) + shift) % 10);
          const changed = `${p}${digits.join('')}${nricCheckLetter(p, d)}`;
          return !isValidNric(changed);
        },
      ),
    );
  });

  it('breaks when the check letter or the prefix changes', () => {
    fc.assert(
      fc.property(prefix, prefix, sevenDigits, (p, other, d) => {
        const letter = nricCheckLetter(p, d);
        const wrongLetter = letter === 'A' ? 'B' : 'A';
        return (
          !isValidNric(`${p}${d}${wrongLetter}`) &&
          (other === p || !isValidNric(`${other}${d}${letter}`))
        );
      }),
    );
  });
});

describe('ID types', () => {
  it('needs the checksum for NRIC, SB, SH and SP only', () => {
    expect(ID_TYPES_WITH_CHECKSUM).toEqual(['NRIC', 'SB', 'SH', 'SP']);
    expect(idTypeNeedsChecksum('NRIC')).toBe(true);
    expect(idTypeNeedsChecksum('sp')).toBe(true);
    expect(idTypeNeedsChecksum('FIN')).toBe(false);
    expect(idTypeNeedsChecksum('PASSPORT')).toBe(false);
    expect(isNoIdType('NA')).toBe(true);
    expect(isNoIdType(' na ')).toBe(true);
    expect(isNoIdType('NRIC')).toBe(false);
  });

  it('says what is wrong with a number for its type', () => {
    expect(idNumberProblem('NRIC', 'S1234567D')).toBeNull();
    expect(idNumberProblem('NRIC', 'S1234567A')).toBe('Please verify your entry for NRIC');
    expect(idNumberProblem('SB', 'T1234567D')).toBe('Please verify your entry for SB');
    expect(verifyIdMessage('SH')).toBe('Please verify your entry for SH');
    expect(idNumberProblem('PASSPORT', 'E1234567')).toBeNull();
    expect(idNumberProblem('PASSPORT', '  ')).toBe(ID_NUMBER_REQUIRED);
    expect(idNumberProblem('NRIC', null)).toBe('The ID number field is required.');
    expect(idNumberProblem('PASSPORT', 'X'.repeat(31))).toBe(ID_NUMBER_TOO_LONG);
    expect(ID_NUMBER_TOO_LONG).toBe('ID number cannot exceed 30 characters');
    expect(idNumberProblem('NA', null)).toBeNull();
    expect(idNumberProblem('NA', 'anything')).toBeNull();
  });

  it('stores numbers by type', () => {
    expect(normalizeIdNumber('NRIC', ' s1234567d ')).toBe('S1234567D');
    expect(normalizeIdNumber('PASSPORT', ' e1234567 ')).toBe('e1234567');
    expect(normalizeIdNumber('NA', 'S1234567D')).toBeNull();
    expect(normalizeIdNumber('FIN', '')).toBeNull();
  });
});
