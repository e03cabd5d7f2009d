import { describe, expect, it } from 'vitest';
import { toFieldErrors } from '../common/api.ts';
import { nricFor } from './identity.ts';
import {
  PatientCreateBody,
  PatientCreateResult,
  patientCreateBodyFor,
  patientCreateProblems,
} from './patient-create.ts';
import { CUSTOM_CARD_PREFIX, PATIENT_MESSAGES } from './patient-rules.ts';

const TODAY = '2026-11-21';
const PATIENT_ID = '3f0c6c1e-8a51-4d1b-9b7e-2d6f0c9a4b11';

const adult = {
  title: 'Mr',
  name: 'Tan Ah Kow',
  idType: 'NRIC',
  nric: 'S1234567D',
  gender: 'M',
  cardNoPrefix: 'P',
  cardNo: null,
  contactNo: '9123 4567',
  telCode: '65',
  birthDate: '1980-05-17',
  birthTime: null,
  nationality: 'Singapore',
  email: 'tanahkow@example.sg',
  father: null,
  mother: null,
};

function errorsOf(schema: { safeParse(input: unknown): any }, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? [] : toFieldErrors(result.error.issues);
}

function messagesOf(schema: { safeParse(input: unknown): any }, input: unknown) {
  return Object.fromEntries(errorsOf(schema, input).map((e) => [e.field, e.message]));
}

describe('new patient payload', () => {
  it('accepts a complete adult and keeps the values', () => {
    expect(PatientCreateBody.parse(adult)).toEqual({
      ...adult,
      cardNoPrefix: 'P',
      cardNo: null,
      ignoreNameCheck: false,
    });
  });

  it('needs only the required fields, blank optional ones become null', () => {
    const { title: _t, email: _e, cardNoPrefix: _p, cardNo: _c, ...required } = adult;
    const parsed = PatientCreateBody.parse({ ...required, father: '  ', mother: '' });
    expect(parsed).toMatchObject({
      title: null,
      email: null,
      cardNoPrefix: null,
      cardNo: null,
      father: null,
      mother: null,
      birthTime: null,
    });
  });

  it('tidies what it is given', () => {
    const parsed = PatientCreateBody.parse({
      ...adult,
      title: 'mrs',
      name: '  Tan   Mei Ling ',
      gender: 'FEMALE',
      nric: ' t1234567j ',
    });
    expect(parsed).toMatchObject({
      title: 'Mrs',
      name: 'Tan Mei Ling',
      gender: 'F',
      nric: 'T1234567J',
    });
  });

  it('names every missing required field', () => {
    expect(messagesOf(PatientCreateBody, {})).toEqual({
      name: 'The name field is required.',
      idType: 'The ID type field is required.',
      gender: 'The gender field is required.',
      contactNo: 'The mobile field is required.',
      telCode: 'The tel code field is required.',
      birthDate: 'The birth date field is required.',
      nationality: 'The nationality field is required.',
    });
  });

  it('requires the ID number unless the ID type is NA, and clears it with NA', () => {
    expect(messagesOf(PatientCreateBody, { ...adult, idType: 'PASSPORT', nric: ' ' })).toEqual({
      nric: 'The ID number field is required.',
    });
    expect(PatientCreateBody.parse({ ...adult, idType: 'NA', nric: 'S1234567D' }).nric).toBeNull();
    expect(PatientCreateBody.parse({ ...adult, idType: 'NA', nric: undefined }).nric).toBeNull();
    expect(PatientCreateBody.parse({ ...adult, idType: 'PASSPORT', nric: 'E1234567' }).nric).toBe(
      'E1234567',
    );
  });

  it.each(['NRIC', 'SB', 'SH', 'SP'])('checks the %s number', (idType) => {
    // The form's words; the server answers the text the spec's client reacts to.
    const form = patientCreateBodyFor({ hasHciCode: false, today: '2026-11-21' });
    expect(messagesOf(form, { ...adult, idType, nric: 'S1234567A' })).toEqual({
      nric: `Please verify your entry for ${idType}`,
    });
    expect(messagesOf(PatientCreateBody, { ...adult, idType, nric: 'S1234567A' })).toEqual({
      nric: 'NRIC is invalid',
    });
    expect(
      errorsOf(PatientCreateBody, { ...adult, idType, nric: nricFor('G', '7654321') }),
    ).toEqual([]);
  });

  it('does not check the number of other ID types', () => {
    expect(errorsOf(PatientCreateBody, { ...adult, idType: 'FIN', nric: 'F0000000A' })).toEqual([]);
  });

  it('requires the card number with the custom prefix and clears it with others', () => {
    expect(
      messagesOf(PatientCreateBody, { ...adult, cardNoPrefix: CUSTOM_CARD_PREFIX, cardNo: '' }),
    ).toEqual({ cardNo: 'The card number field is required when a custom prefix is used.' });
    expect(
      PatientCreateBody.parse({ ...adult, cardNoPrefix: 'Custom', cardNo: ' C-0042 ' }).cardNo,
    ).toBe('C-0042');
    expect(PatientCreateBody.parse({ ...adult, cardNoPrefix: 'P', cardNo: 'C-0042' }).cardNo).toBe(
      null,
    );
    expect(messagesOf(PatientCreateBody, { ...adult, cardNo: 'C'.repeat(31) })).toEqual({
      cardNo: 'Card number cannot exceed 30 characters',
    });
  });

  it('gives the spec texts for lengths and email', () => {
    expect(
      messagesOf(PatientCreateBody, {
        ...adult,
        contactNo: '9'.repeat(33),
        father: 'F'.repeat(141),
        mother: 'M'.repeat(141),
        email: `${'a'.repeat(89)}@example.com`,
      }),
    ).toEqual({
      contactNo: 'Mobile cannot exceed 32 characters',
      father: 'Father name cannot exceed 140 characters',
      mother: 'Mother name cannot exceed 140 characters',
      email: 'Email cannot exceed 100 characters',
    });
    expect(messagesOf(PatientCreateBody, { ...adult, email: 'tan@example.info' })).toEqual({
      email: 'Email cannot have more than 3 letters after "."',
    });
  });

  it('checks formats of the other fields', () => {
    expect(
      messagesOf(PatientCreateBody, {
        ...adult,
        title: 'Captain',
        name: 'N'.repeat(201),
        gender: 'X',
        contactNo: 'none',
        telCode: 'SG',
        birthDate: '17/05/1980',
        birthTime: '7:30',
        nationality: 'N'.repeat(101),
        ignoreNameCheck: 'yes',
      }),
    ).toEqual({
      title: PATIENT_MESSAGES.titleUnknown,
      name: 'Name cannot exceed 200 characters',
      gender: 'Gender must be M (male) or F (female).',
      contactNo: 'Mobile can only contain digits, spaces and + - ( ).',
      telCode: 'Tel code must be a calling code such as 65 or +65.',
      birthDate: 'Birth date must be a date in YYYY-MM-DD format.',
      birthTime: 'Birth time must be a time in HH:MM format.',
      nationality: 'Nationality cannot exceed 100 characters',
      ignoreNameCheck: 'ignoreNameCheck must be true or false',
    });
    expect(PATIENT_MESSAGES.titleUnknown).toContain('The Venerable');
    expect(messagesOf(PatientCreateBody, { ...adult, birthDate: '1899-12-31' })).toEqual({
      birthDate: 'Birth date cannot be earlier than 1900-01-01.',
    });
    expect(messagesOf(PatientCreateBody, { ...adult, birthDate: '2026-02-29' })).toEqual({
      birthDate: 'Birth date must be a date in YYYY-MM-DD format.',
    });
    expect(PatientCreateBody.parse({ ...adult, birthTime: '23:59' }).birthTime).toBe('23:59');
    expect(messagesOf(PatientCreateBody, { ...adult, birthTime: '24:00' })).toEqual({
      birthTime: 'Birth time must be a time in HH:MM format.',
    });
  });

  it('limits the ID type and the card prefix', () => {
    expect(
      messagesOf(PatientCreateBody, {
        ...adult,
        idType: 'I'.repeat(21),
        cardNoPrefix: 'P'.repeat(21),
      }),
    ).toEqual({
      idType: 'ID type cannot exceed 20 characters',
      cardNoPrefix: 'Card number prefix cannot exceed 20 characters',
    });
  });

  it('reports field and cross-field problems together', () => {
    expect(
      messagesOf(PatientCreateBody, {
        ...adult,
        name: '',
        nric: 'S1234567A',
        cardNoPrefix: 'Custom',
        cardNo: null,
      }),
    ).toEqual({
      name: 'The name field is required.',
      nric: 'NRIC is invalid',
      cardNo: 'The card number field is required when a custom prefix is used.',
    });
  });

  it('names unknown fields and wrong types', () => {
    expect(errorsOf(PatientCreateBody, { ...adult, race: 'Chinese' })).toEqual([
      { field: 'race', message: 'race is not a known field', code: 'field.unknown' },
    ]);
    expect(messagesOf(PatientCreateBody, { ...adult, nric: 1234 })).toEqual({
      nric: 'nric must be text',
    });
    expect(messagesOf(PatientCreateBody, { ...adult, father: 12 })).toEqual({
      father: 'father must be text',
    });
  });
});

describe('new patient rules that need the clinic', () => {
  const withHci = { hasHciCode: true, today: TODAY };
  const withoutHci = { hasHciCode: false, today: TODAY };

  it('wants an English name only with an HCI code', () => {
    const body = { ...adult, name: 'Tan 亚狗' };
    expect(patientCreateProblems(body, withHci)).toEqual([
      { field: 'name', message: 'Please enter the english name' },
    ]);
    expect(patientCreateProblems(body, withoutHci)).toEqual([]);
  });

  it('refuses a birth date after today', () => {
    expect(patientCreateProblems({ ...adult, birthDate: '2026-11-22' }, withoutHci)).toEqual([
      { field: 'birthDate', message: 'Birth date cannot be later than today.' },
    ]);
    expect(patientCreateProblems({ ...adult, birthDate: TODAY, father: 'X' }, withoutHci)).toEqual(
      [],
    );
  });

  it('wants a parent for a patient under 16', () => {
    const child = { ...adult, birthDate: '2010-11-22' };
    expect(patientCreateProblems(child, withoutHci)).toEqual([
      { field: 'father', message: PATIENT_MESSAGES.fatherRequired },
      { field: 'mother', message: PATIENT_MESSAGES.motherRequired },
    ]);
    expect(PATIENT_MESSAGES.fatherRequired).toBe(
      'The father name field is required for a patient under 16 when the mother name is empty.',
    );
    expect(PATIENT_MESSAGES.motherRequired).toBe(
      'The mother name field is required for a patient under 16 when the father name is empty.',
    );
    expect(patientCreateProblems({ ...child, father: 'Tan Ah Kow' }, withoutHci)).toEqual([]);
    expect(patientCreateProblems({ ...child, mother: 'Lim Mei' }, withoutHci)).toEqual([]);
    expect(patientCreateProblems({ ...child, birthDate: '2010-11-21' }, withoutHci)).toEqual([]);
  });

  it('wants the birth time of a newborn when the clinic has an HCI code', () => {
    const baby = { ...adult, birthDate: '2026-10-24', mother: 'Lim Mei' };
    expect(patientCreateProblems(baby, withHci)).toEqual([
      {
        field: 'birthTime',
        message: 'The birth time field is required for a baby up to 28 days old.',
      },
    ]);
    expect(patientCreateProblems({ ...baby, birthDate: TODAY }, withHci)).toHaveLength(1);
    expect(patientCreateProblems({ ...baby, birthTime: '06:45' }, withHci)).toEqual([]);
    expect(patientCreateProblems({ ...baby, birthDate: '2026-10-23' }, withHci)).toEqual([]);
    expect(patientCreateProblems(baby, withoutHci)).toEqual([]);
  });

  it('skips what the schema reports', () => {
    expect(patientCreateProblems({ birthDate: 'soon', name: 42 }, withHci)).toEqual([]);
  });

  it('adds the rules to the schema for a form that knows the clinic', () => {
    const schema = patientCreateBodyFor(withHci);
    expect(
      messagesOf(schema, {
        ...adult,
        name: 'Tan 亚狗',
        birthDate: '2026-11-01',
        gender: '',
      }),
    ).toEqual({
      gender: 'The gender field is required.',
      name: 'Please enter the english name',
      father: PATIENT_MESSAGES.fatherRequired,
      mother: PATIENT_MESSAGES.motherRequired,
      birthTime: PATIENT_MESSAGES.birthTimeRequired,
    });
    expect(schema.parse(adult)).toEqual(PatientCreateBody.parse(adult));
  });
});

describe('new patient answer', () => {
  it('is the new id', () => {
    expect(PatientCreateResult.parse({ patientId: PATIENT_ID })).toEqual({ patientId: PATIENT_ID });
  });
});
