import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATE_FORMATS, formatAge, formatCalendarDate, formatClinicInstant } from './date-format.ts';

// 2026-12-23 16:30:00 UTC: already the 24th in Singapore (UTC+8), still the 23rd in New York.
const EVENING_UTC = Date.UTC(2026, 11, 23, 16, 30, 0) / 1000;

describe('dates as the spec writes them', () => {
  it("writes a calendar date in each of the spec's formats, months in English", () => {
    expect(formatCalendarDate('2026-12-23', DATE_FORMATS.picker)).toBe('23 Dec 2026');
    expect(formatCalendarDate('2026-12-23', DATE_FORMATS.document)).toBe('23/Dec/2026');
    expect(formatCalendarDate('2026-12-23', DATE_FORMATS.queue)).toBe('23-12-2026');
    expect(formatCalendarDate('2024-02-29', DATE_FORMATS.picker)).toBe('29 Feb 2024');
    expect(formatCalendarDate('2026-01-05', DATE_FORMATS.picker)).toBe('05 Jan 2026');
  });

  it('writes nothing for no date or for one that is not a date', () => {
    for (const value of [null, undefined, '', '2026-02-30', '23/12/2026', '2026-13-01', 'soon'])
      expect(formatCalendarDate(value, DATE_FORMATS.picker), String(value)).toBe('');
  });

  it("writes an instant on the clinic's clock, not the browser's", () => {
    expect(formatClinicInstant(EVENING_UTC, 480, DATE_FORMATS.document)).toBe('24/Dec/2026');
    expect(formatClinicInstant(EVENING_UTC, 480, DATE_FORMATS.documentTime)).toBe(
      '24/Dec/2026 00:30',
    );
    expect(formatClinicInstant(EVENING_UTC, -300, DATE_FORMATS.document)).toBe('23/Dec/2026');
    expect(formatClinicInstant(EVENING_UTC, 0, DATE_FORMATS.label)).toBe('23/Dec/2026 16:30:00');
    expect(formatClinicInstant(EVENING_UTC, 330, DATE_FORMATS.time)).toBe('22:00');
  });
});

describe('ages and the browser', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes an age in words on screens and short on labels', () => {
    expect(formatAge({ years: 62, months: 3 }, 'words')).toBe('62 years 3 months');
    expect(formatAge({ years: 0, months: 11 }, 'label')).toBe('0Y 11M');
    expect(formatAge(null, 'words')).toBe('');
  });

  it("ignores the browser's language: months stay English, the order the spec's", () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'en-US']);
    expect(formatCalendarDate('1962-08-02', DATE_FORMATS.document)).toBe('02/Aug/1962');
    expect(formatClinicInstant(EVENING_UTC, 480, DATE_FORMATS.label)).toBe('24/Dec/2026 00:30:00');
  });
});
