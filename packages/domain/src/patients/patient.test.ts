import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toFieldErrors } from '../common/api.ts';
import { addMonths, daysBetween, formatIsoDate, parseIsoDate } from '../common/dates.ts';
import { nricFor } from './identity.ts';
import {
  CUSTOM_CARD_PREFIX,
  GENDERS,
  PATIENT_MESSAGES,
  PatientCardNoPatchBody,
  PatientCreateBody,
  PatientCreateResult,
  PatientIdParams,
  PatientNricPatchBody,
  PatientOption,
  PatientOptionQuery,
  PatientSearchResult,
  ageInDays,
  ageOn,
  isEnglishName,
  isMinor,
  isNewborn,
  isValidMobile,
  isValidPatientEmail,
  isValidTelCode,
  patientCreateBodyFor,
  patientCreateProblems,
  patientEmailProblem,
  pinNationalities,
  telCodeMenu,
  tidyName,
  toEnglishName,
  toGender,
} from './patient.ts';

const TODAY = '2026-11-21';
const PATIENT_ID = '3f0c6c1e-8a51-4d1b-9b7e-2d6f0c9a4b11';
const DOCTOR_ID = '7c2a9e54-1f3b-4c8d-a6e2-5b9f1d3c7e22';

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

describe('constants', () => {
  it('pins six nationalities first, in order, keeping the rest as given', () => {
    expect(
      pinNationalities(['Australia', 'taiwan', 'China', 'Malaysia', 'Singapore', 'Brunei']),
    ).toEqual(['Singapore', 'Malaysia', 'taiwan', 'Australia', 'China', 'Brunei']);
    const options = [{ name: 'Japan' }, { name: 'India' }];
    expect(pinNationalities(options, (o) => o.name)).toEqual([
      { name: 'India' },
      { name: 'Japan' },
    ]);
  });
  it('codes genders M and F, and reads MALE and FEMALE', () => {
    expect(GENDERS.map((g) => g.code)).toEqual(['M', 'F']);
    expect(toGender('male')).toBe('M');
    expect(toGender(' FEMALE ')).toBe('F');
    expect(toGender('f')).toBe('F');
    expect(toGender('X')).toBeNull();
  });
});

describe('age', () => {
  it.each([
    ['1980-05-17', '2026-11-21', { years: 46, months: 6, days: 4 }],
    ['2026-11-21', '2026-11-21', { years: 0, months: 0, days: 0 }],
    ['2026-10-25', '2026-11-21', { years: 0, months: 0, days: 27 }],
    ['2010-11-22', '2026-11-21', { years: 15, months: 11, days: 30 }],
    ['2010-11-21', '2026-11-21', { years: 16, months: 0, days: 0 }],
    // A day the month lacks counts as its last day.
    ['2026-01-31', '2026-02-28', { years: 0, months: 1, days: 0 }],
    ['2026-01-31', '2026-03-01', { years: 0, months: 1, days: 1 }],
    ['2024-02-29', '2025-02-28', { years: 1, months: 0, days: 0 }],
    ['2024-02-29', '2028-02-29', { years: 4, months: 0, days: 0 }],
  ])('born %s is on %s %o', (birth, today, age) => {
    expect(ageOn(birth, today)).toEqual(age);
  });

  it('has no age before birth or for a bad date', () => {
    expect(ageOn('2026-11-22', TODAY)).toBeNull();
    expect(ageOn('2026-02-30', TODAY)).toBeNull();
    expect(ageOn('1980-05-17', 'today')).toBeNull();
    expect(ageInDays('2026-11-22', TODAY)).toBeNull();
  });

  it('adds back up to today, with months under 12 and days under a month', () => {
    const date = fc
      .date({
        min: new Date('1900-01-01T00:00:00Z'),
        max: new Date('2100-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(date, date, (a, b) => {
        const [birth, today] = a <= b ? [a, b] : [b, a];
        const age = ageOn(birth, today);
        const from = parseIsoDate(birth);
        const to = parseIsoDate(today);
        if (!age || !from || !to) return false;
        const anchor = addMonths(from, age.years * 12 + age.months);
        const nextAnchor = addMonths(from, age.years * 12 + age.months + 1);
        return (
          age.months < 12 &&
          formatIsoDate(anchor) <= today &&
          formatIsoDate(nextAnchor) > today &&
          daysBetween(anchor, to) === age.days
        );
      }),
    );
  });

  it('counts a newborn from birth day to 28 days and a minor under 16 years', () => {
    expect(ageInDays('2026-10-24', TODAY)).toBe(28);
    expect(isNewborn(TODAY, TODAY)).toBe(true);
    expect(isNewborn('2026-10-24', TODAY)).toBe(true);
    expect(isNewborn('2026-10-23', TODAY)).toBe(false);
    expect(isNewborn('2026-11-22', TODAY)).toBe(false);
    expect(isMinor('2010-11-22', TODAY)).toBe(true);
    expect(isMinor('2010-11-21', TODAY)).toBe(false);
  });
});

describe('English names', () => {
  it.each([
    'Tan Ah Kow',
    "Mary O'Neil",
    'Lee-Anne Lim',
    'Rajan s/o Muthu',
    'Ahmad @ Mat',
    'Tan Ah Kow (Chen Ya Gou)',
    'Lim, J.',
  ])('accepts %s', (name) => expect(isEnglishName(name)).toBe(true));

  it.each(['陈亚狗', 'Tan 亚狗', 'José', 'Baby 2', '  ', "'-."])('refuses %s', (name) =>
    expect(isEnglishName(name)).toBe(false),
  );

  it('strips what is not English, folding accents and apostrophes', () => {
    expect(toEnglishName('Tan 亚狗 Ah Kow')).toBe('Tan  Ah Kow');
    expect(toEnglishName('José Müller')).toBe('Jose Muller');
    expect(toEnglishName('O’Neil\tMary')).toBe("O'Neil Mary");
    expect(toEnglishName('Ali2 ')).toBe('Ali ');
    expect(tidyName('  Tan   Ah\tKow ')).toBe('Tan Ah Kow');
  });

  it('always gives a name made of English characters only', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (value) => {
        const stripped = toEnglishName(value);
        return !/[a-z]/i.test(stripped) || isEnglishName(stripped);
      }),
    );
  });
});

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
  it('puts the default code first and skips empty codes', () => {
    const options = [
      { code: '60', name: 'Malaysia' },
      { code: '', name: 'Unknown' },
      { code: '65', name: 'Singapore' },
    ];
    expect(telCodeMenu(options, '65')).toEqual({
      defaultOption: { code: '65', name: 'Singapore' },
      others: [{ code: '60', name: 'Malaysia' }],
    });
    expect(telCodeMenu(options, null).defaultOption).toBeNull();
    expect(telCodeMenu(options, null).others).toHaveLength(2);
  });
});

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

describe('patient picker and changes', () => {
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

  it('describes the answers', () => {
    expect(PatientCreateResult.parse({ patientId: PATIENT_ID })).toEqual({ patientId: PATIENT_ID });
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
