import { describe, expect, it } from 'vitest';
import { formatDisplayDate, parseTypedDate } from './date-parsing.ts';

describe('typed dates', () => {
  it('reads 8 or more digits as DDMMYYYY', () => {
    expect(parseTypedDate('21112026')).toBe('2026-11-21');
    expect(parseTypedDate('01/02/2024')).toBe('2024-02-01');
    expect(parseTypedDate('290220241')).toBe('2024-02-29');
  });
  it('reads the displayed and the ISO forms', () => {
    expect(parseTypedDate('21 Nov 2026')).toBe('2026-11-21');
    expect(parseTypedDate('2026-11-21')).toBe('2026-11-21');
  });
  it('refuses fewer than 8 characters and impossible dates', () => {
    expect(parseTypedDate('2111202')).toBeNull();
    expect(parseTypedDate('1/1/24')).toBeNull();
    expect(parseTypedDate('31022024')).toBeNull();
    expect(parseTypedDate('yesterday!')).toBeNull();
  });
  it('shows DD MMM YYYY', () => {
    expect(formatDisplayDate('2026-11-21')).toBe('21 Nov 2026');
    expect(formatDisplayDate(null)).toBe('');
  });
});
