import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toFieldErrors } from './api.ts';
import {
  UNIX_SECONDS_MAX,
  cacheBusters,
  fromQuery,
  isoDate,
  optionalId,
  optionalText,
  requiredId,
  requiredText,
  unixSeconds,
  versionField,
  wholeNumber,
} from './fields.ts';

const ID = '3f0c6c1e-8a51-4d1b-9b7e-2d6f0c9a4b11';

function messageOf(schema: z.ZodType, input: unknown) {
  const result = z.strictObject({ value: schema }).safeParse({ value: input });
  return result.success ? null : (toFieldErrors(result.error.issues)[0]?.message ?? null);
}

describe('field schemas', () => {
  it('required text is trimmed and named by its message', () => {
    const name = requiredText('The name field is required.', 5, 'Too long');
    expect(name.parse(' Tan ')).toBe('Tan');
    expect(messageOf(name, '  ')).toBe('The name field is required.');
    expect(messageOf(name, undefined)).toBe('The name field is required.');
    expect(messageOf(name, 'Tan Ah Kow')).toBe('Too long');
  });

  it('optional text turns absent and blank into null', () => {
    const remark = optionalText(3, 'Too long');
    expect(z.strictObject({ remark }).parse({})).toEqual({ remark: null });
    expect(remark.parse(' ')).toBeNull();
    expect(remark.parse(null)).toBeNull();
    expect(remark.parse(' ab ')).toBe('ab');
    expect(messageOf(remark, 'abcd')).toBe('Too long');
  });

  it('ids tell missing from malformed', () => {
    const id = requiredId('The patient field is required.', 'Not a patient id');
    expect(id.parse(` ${ID} `)).toBe(ID);
    expect(messageOf(id, '')).toBe('The patient field is required.');
    expect(messageOf(id, null)).toBe('The patient field is required.');
    expect(messageOf(id, 'P-1')).toBe('Not a patient id');
    expect(messageOf(id, 12)).toBe('Not a patient id');
    const optional = optionalId('Not an area id');
    expect(optional.parse('')).toBeNull();
    expect(optional.parse(ID)).toBe(ID);
    expect(messageOf(optional, 'lobby')).toBe('Not an area id');
  });

  it('whole numbers, versions and Unix seconds name the field', () => {
    expect(messageOf(wholeNumber('pageSize', 1, 100), 0)).toBe(
      'pageSize must be a whole number from 1 to 100',
    );
    expect(messageOf(versionField(), undefined)).toBe('version is required');
    expect(messageOf(versionField(), 1.5)).toBe('version must be a whole number of at least 0');
    expect(messageOf(unixSeconds('visitDate'), UNIX_SECONDS_MAX + 1)).toBe(
      'visitDate must be a time in whole Unix seconds',
    );
    expect(messageOf(unixSeconds('visitDate'), null)).toBe('visitDate is required');
  });

  it('dates must be real calendar dates', () => {
    const birthDate = isoDate('The birth date field is required.', 'Not a date');
    expect(birthDate.parse('2024-02-29')).toBe('2024-02-29');
    expect(messageOf(birthDate, '2023-02-29')).toBe('Not a date');
    expect(messageOf(birthDate, '')).toBe('The birth date field is required.');
  });

  it('query numbers are read from digits only', () => {
    const page = fromQuery(wholeNumber('pageIndex', 1).default(1));
    expect(page.parse(' 12 ')).toBe(12);
    expect(page.parse('')).toBe(1);
    expect(page.parse(undefined)).toBe(1);
    expect(page.parse(3)).toBe(3);
    expect(messageOf(page, '1e3')).toBe('pageIndex must be a whole number of at least 1');
    expect(messageOf(page, '2.5')).toBe('pageIndex must be a whole number of at least 1');
  });

  it('cache-busters are accepted by strict queries', () => {
    const query = z.strictObject({ ...cacheBusters });
    expect(query.safeParse({ t: '1795000000', _: '1' }).success).toBe(true);
    expect(query.safeParse({ cache: '1' }).success).toBe(false);
  });
});
