import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messageCatalogue } from '../common/messages.ts';
import { toFieldErrors } from '../common/api.ts';
import { countries, isCountryCode } from './countries.ts';
import {
  TenantConfirmBody,
  TenantRegistrationBody,
  isValidClinicName,
  isValidEmail,
  isValidSubdomain,
  isValidTimezoneOffset,
} from './registration.ts';

const valid = {
  subdomain: 'sunrise-clinic',
  clinic: 'Sunrise Family Clinic',
  firstName: 'Grace',
  lastName: 'Ho',
  email: 'grace@sunrise.sg',
  country: 'SG',
  timezone: 480,
};

function errorsOf(input: unknown) {
  const result = TenantRegistrationBody.safeParse(input);
  return result.success ? [] : toFieldErrors(result.error.issues);
}

describe('subdomain rule', () => {
  it.each(['abcde', 'a1b2c', 'my-clinic', '12345', 'A'.repeat(63), 'Sunrise-Clinic-2'])(
    'accepts %s',
    (value) => {
      expect(isValidSubdomain(value)).toBe(true);
    },
  );

  it.each(['abcd', 'a'.repeat(64), '-abcde', 'abcde-', 'ab_cde', 'ab cde', 'abc.de', 'clínica'])(
    'refuses %s',
    (value) => {
      expect(isValidSubdomain(value)).toBe(false);
    },
  );

  it('holds for every generated string of the allowed alphabet and length', () => {
    const edge = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'.split(''));
    const middle = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-'.split(''));
    fc.assert(
      fc.property(
        edge,
        fc.array(middle, { minLength: 3, maxLength: 61 }),
        edge,
        (first, rest, last) => isValidSubdomain(first + rest.join('') + last),
      ),
    );
  });
});

describe('clinic name rule', () => {
  it('takes 5 to 255 characters', () => {
    expect(isValidClinicName('Abcd')).toBe(false);
    expect(isValidClinicName('Abcde')).toBe(true);
    expect(isValidClinicName('x'.repeat(255))).toBe(true);
    expect(isValidClinicName('x'.repeat(256))).toBe(false);
  });
});

describe('email rule', () => {
  it.each(['a@b.co', 'grace.ho+clinic@sunrise.com.sg', 'A@EXAMPLE.COM'])('accepts %s', (value) => {
    expect(isValidEmail(value)).toBe(true);
  });
  it.each([
    '',
    'grace',
    'grace@',
    '@sunrise.sg',
    'grace@sunrise',
    'grace ho@sunrise.sg',
    'grace@sunrise..sg',
  ])('refuses %s', (value) => expect(isValidEmail(value)).toBe(false));
  it('takes at most 319 characters', () => {
    expect(isValidEmail(`${'a'.repeat(307)}@example.com`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(308)}@example.com`)).toBe(false);
  });
});

describe('country and timezone', () => {
  it('knows every ISO country once, Singapore included', () => {
    expect(isCountryCode('SG')).toBe(true);
    expect(isCountryCode('sg')).toBe(false);
    expect(isCountryCode('XX')).toBe(false);
    expect(new Set(countries.map((c) => c.countryCode)).size).toBe(countries.length);
    expect(countries.length).toBe(249);
  });
  it('takes whole minutes between UTC-12 and UTC+14', () => {
    expect(isValidTimezoneOffset(480)).toBe(true);
    expect(isValidTimezoneOffset(-720)).toBe(true);
    expect(isValidTimezoneOffset(841)).toBe(false);
    expect(isValidTimezoneOffset(5.5)).toBe(false);
  });
});

describe('registration payload', () => {
  it('trims text and lower-cases subdomain and email', () => {
    const parsed = TenantRegistrationBody.parse({
      ...valid,
      subdomain: ' Sunrise-Clinic ',
      email: ' Grace@Sunrise.SG ',
      firstName: ' Grace ',
    });
    expect(parsed).toMatchObject({
      subdomain: 'sunrise-clinic',
      email: 'grace@sunrise.sg',
      firstName: 'Grace',
    });
  });

  it('gives one error per bad field, keyed by the spec message keys', () => {
    const errors = errorsOf({
      ...valid,
      subdomain: 'abc',
      clinic: 'abc',
      lastName: '',
      email: 'x',
      country: 'Singapore',
    });
    expect(errors.map((e) => [e.field, e.code])).toEqual([
      ['subdomain', 'tenant.message.subdomain'],
      ['clinic', 'tenant.message.clinicName'],
      ['lastName', 'tenant.message.fullName'],
      ['email', 'tenant.message.email'],
      ['country', 'tenant.message.country'],
    ]);
    expect(errors[0]?.message).toBe(messageCatalogue['tenant.message.subdomain']);
  });

  it('names unknown fields', () => {
    expect(errorsOf({ ...valid, admin: true })).toEqual([
      { field: 'admin', message: 'admin is not a known field', code: 'field.unknown' },
    ]);
  });

  it('reports a body that is not an object on the body', () => {
    expect(errorsOf('hello')).toEqual([
      { field: 'body', message: 'body must be an object', code: 'field.type' },
    ]);
  });
});

describe('activation code payload', () => {
  it('removes spaces and requires a code', () => {
    expect(TenantConfirmBody.parse({ activeCode: ' 1234 5678 ' }).activeCode).toBe('12345678');
    const missing = TenantConfirmBody.safeParse({ activeCode: '  ' });
    expect(missing.success ? [] : toFieldErrors(missing.error.issues)).toEqual([
      {
        field: 'activeCode',
        message: 'The activation code is required!',
        code: 'tenant.message.activeCodeRequired',
      },
    ]);
  });
});
