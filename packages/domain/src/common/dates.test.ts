import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  dateOfUnix,
  daysBetween,
  daysInMonth,
  epochDay,
  formatIsoDate,
  isIsoDate,
  isTimeOfDay,
  parseIsoDate,
  startOfDayUnix,
} from './dates.ts';

const calendarDate = fc
  .date({
    min: new Date('1900-01-01T00:00:00Z'),
    max: new Date('2100-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10));

describe('calendar dates', () => {
  it.each(['2026-11-21', '2024-02-29', '2000-02-29', '1900-01-01'])('accepts %s', (value) =>
    expect(isIsoDate(value)).toBe(true),
  );
  it.each(['2026-02-29', '1900-02-29', '2026-13-01', '2026-00-10', '2026-11-31', '21-11-2026', ''])(
    'refuses %s',
    (value) => expect(isIsoDate(value)).toBe(false),
  );

  it('knows month lengths', () => {
    expect([1, 2, 4, 12].map((m) => daysInMonth(2026, m))).toEqual([31, 28, 30, 31]);
    expect(daysInMonth(2024, 2)).toBe(29);
  });

  it('round-trips through its parts', () => {
    fc.assert(
      fc.property(calendarDate, (value) => {
        const parts = parseIsoDate(value);
        return parts !== null && formatIsoDate(parts) === value;
      }),
    );
  });

  it('counts days across months and years', () => {
    const day = (value: string) => parseIsoDate(value)!;
    expect(epochDay(day('1970-01-01'))).toBe(0);
    expect(daysBetween(day('2024-02-28'), day('2024-03-01'))).toBe(2);
    expect(daysBetween(day('2026-11-21'), day('2025-11-21'))).toBe(-365);
  });

  it('adds months, keeping the day where the month has it', () => {
    const day = (value: string) => parseIsoDate(value)!;
    expect(formatIsoDate(addMonths(day('2026-01-31'), 1))).toBe('2026-02-28');
    expect(formatIsoDate(addMonths(day('2024-01-31'), 1))).toBe('2024-02-29');
    expect(formatIsoDate(addMonths(day('2026-11-21'), 14))).toBe('2028-01-21');
    expect(formatIsoDate(addMonths(day('2026-03-31'), -1))).toBe('2026-02-28');
  });

  it('finds the day of a Unix time in a time zone, and the start of a day', () => {
    // 2026-11-20 20:00 UTC is 2026-11-21 04:00 in Singapore (UTC+8, 480 minutes).
    const seconds = Date.UTC(2026, 10, 20, 20) / 1000;
    expect(dateOfUnix(seconds, 480)).toBe('2026-11-21');
    expect(dateOfUnix(seconds, 0)).toBe('2026-11-20');
    expect(startOfDayUnix(parseIsoDate('2026-11-21')!, 480)).toBe(
      Date.UTC(2026, 10, 20, 16) / 1000,
    );
    fc.assert(
      fc.property(calendarDate, fc.integer({ min: -720, max: 840 }), (value, offset) => {
        const start = startOfDayUnix(parseIsoDate(value)!, offset);
        return dateOfUnix(start, offset) === value && dateOfUnix(start - 1, offset) !== value;
      }),
    );
  });
});

describe('times of day', () => {
  it('takes HH:MM on a 24-hour clock', () => {
    expect(['00:00', '09:05', '23:59'].every(isTimeOfDay)).toBe(true);
    expect(['24:00', '9:05', '12:60', '12:00:00', ''].some(isTimeOfDay)).toBe(false);
  });
});
