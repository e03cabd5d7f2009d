/**
 * Singapore identity numbers (NRIC for citizens and permanent residents, FIN for
 * foreigners): a prefix letter, 7 digits and a check letter, e.g. S1234567D.
 *
 * Check letter (doc 1 section 5): weights 2,7,6,5,4,3,2 over the 7 digits; 4 is added for
 * the T and G prefixes (born or registered from 2000); the sum modulo 11 picks a letter
 * from the S/T table or the F/G table.
 *
 * Only the S, T, F and G prefixes of the spec are known here. FINs issued from 2022 start
 * with M and use another table; no ID type that needs the checksum (NRIC, SB, SH, SP: all
 * NRIC-based) can carry one, so an M number is refused by the checksum rather than guessed.
 */

export const NRIC_PREFIXES = ['S', 'T', 'F', 'G'] as const;
export type NricPrefix = (typeof NRIC_PREFIXES)[number];

export const NRIC_WEIGHTS = [2, 7, 6, 5, 4, 3, 2] as const;

const CHECK_LETTERS: Record<NricPrefix, string> = {
  S: 'JZIHGFEDCBA',
  T: 'JZIHGFEDCBA',
  F: 'XWUTRQPNMLK',
  G: 'XWUTRQPNMLK',
};
const OFFSET: Record<NricPrefix, number> = { S: 0, T: 4, F: 0, G: 4 };

const NRIC_PATTERN = /^([STFG])(\d{7})([A-Z])$/;

/** ID types whose number must pass the checksum (doc 1 section 5). */
export const ID_TYPES_WITH_CHECKSUM = ['NRIC', 'SB', 'SH', 'SP'] as const;

/** Longest identity number of any type (passports, foreign ids). */
export const ID_NUMBER_MAX = 30;
export const ID_NUMBER_REQUIRED = 'The ID number field is required.';
export const ID_NUMBER_TOO_LONG = `ID number cannot exceed ${ID_NUMBER_MAX} characters`;

/** The ID type of a patient without an identity number: the number is cleared. */
export const NO_ID_TYPE = 'NA';

/** Whether numbers of this ID type must pass the checksum (codes compared in capitals). */
export function idTypeNeedsChecksum(idType: string): boolean {
  return (ID_TYPES_WITH_CHECKSUM as readonly string[]).includes(idType.trim().toUpperCase());
}

export function isNoIdType(idType: string): boolean {
  return idType.trim().toUpperCase() === NO_ID_TYPE;
}

/** An identity number as stored: spaces removed, in capitals. */
export function normalizeNric(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

function isNricPrefix(value: string): value is NricPrefix {
  return (NRIC_PREFIXES as readonly string[]).includes(value);
}

/** The check letter for a prefix and 7 digits. */
export function nricCheckLetter(prefix: NricPrefix, sevenDigits: string): string {
  if (!/^\d{7}$/.test(sevenDigits)) {
    throw new RangeError(`An NRIC has exactly 7 digits, got '${sevenDigits}'`);
  }
  let sum = OFFSET[prefix];
  NRIC_WEIGHTS.forEach((weight, i) => {
    sum += weight * Number(sevenDigits[i]);
  });
  const letter = CHECK_LETTERS[prefix][sum % 11];
  if (letter === undefined) throw new RangeError('unreachable: the tables have 11 letters');
  return letter;
}

/** A whole valid number, e.g. `nricFor('S', '1234567')` is 'S1234567D'. */
export function nricFor(prefix: NricPrefix, sevenDigits: string): string {
  return `${prefix}${sevenDigits}${nricCheckLetter(prefix, sevenDigits)}`;
}

/**
 * Whether `value` is a valid NRIC or FIN: 9 characters, a known prefix, 7 digits and the
 * right check letter. Letter case and spaces do not matter ('s1234567d' is valid).
 */
export function isValidNric(value: string): boolean {
  const match = NRIC_PATTERN.exec(normalizeNric(value));
  if (!match) return false;
  const [, prefix = '', digits = '', letter] = match;
  return isNricPrefix(prefix) && nricCheckLetter(prefix, digits) === letter;
}

/** 'Please verify your entry for {idType}' (doc 1 section 5). */
export function verifyIdMessage(idType: string): string {
  return `Please verify your entry for ${idType}`;
}

/**
 * The problem with an identity number for an ID type, or null when it is acceptable:
 * required unless the type is NA, and a valid checksum for the NRIC-based types. Used by
 * the create schema and by the ID number change (`PATCH /patients/{id}/nric`), where the
 * ID type is the patient's own.
 */
export function idNumberProblem(idType: string, nric: string | null | undefined): string | null {
  if (isNoIdType(idType)) return null;
  const value = nric?.trim() ?? '';
  if (value === '') return ID_NUMBER_REQUIRED;
  if (value.length > ID_NUMBER_MAX) return ID_NUMBER_TOO_LONG;
  if (idTypeNeedsChecksum(idType) && !isValidNric(value)) return verifyIdMessage(idType.trim());
  return null;
}

/**
 * An identity number as stored for its ID type: null for NA (or when blank), spaces
 * removed and in capitals for the checksum types, trimmed otherwise.
 */
export function normalizeIdNumber(idType: string, nric: string | null | undefined): string | null {
  const value = nric?.trim() ?? '';
  if (isNoIdType(idType) || value === '') return null;
  return idTypeNeedsChecksum(idType) ? normalizeNric(value) : value;
}
