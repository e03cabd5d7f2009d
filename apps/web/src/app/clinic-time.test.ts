import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  atClinicTimeOfDay,
  clinicDayStart,
  clinicDayStartAt,
  clinicToday,
  clinicUnixOf,
  formatClinicTime,
} from './clinic-time.ts';

/** Unix seconds of a UTC moment. */
const utc = (year: number, month: number, day: number, hours = 0, minutes = 0) =>
  Date.UTC(year, month - 1, day, hours, minutes) / 1000;

const SINGAPORE = 480;
const NEW_YORK = -300;

/** The browser sits in New York while the clinic is in Singapore, 13 hours ahead. */
const browserZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = browserZone;
});

describe("the clinic's day, not the browser's", () => {
  it('runs the test browser in another zone than the clinic', () => {
    expect(new Date(utc(2026, 1, 5) * 1000).getTimezoneOffset()).toBe(300);
  });

  it("takes today from the clinic's zone", () => {
    // 17:00 UTC on 4 January: 12:00 in New York, already 01:00 on the 5th in Singapore.
    const moment = utc(2026, 1, 4, 17);
    expect(clinicToday(SINGAPORE, moment)).toBe('2026-01-05');
    expect(clinicToday(NEW_YORK, moment)).toBe('2026-01-04');
  });

  it("asks for a day by the clinic's midnight", () => {
    // Midnight in Singapore is 16:00 UTC the day before; in New York it is 05:00 UTC.
    expect(clinicDayStart('2026-01-05', SINGAPORE)).toBe(utc(2026, 1, 4, 16));
    expect(clinicDayStart('2026-01-05', NEW_YORK)).toBe(utc(2026, 1, 5, 5));
    expect(
      clinicDayStart('2026-01-06', SINGAPORE)! - clinicDayStart('2026-01-05', SINGAPORE)!,
    ).toBe(86_400);
    expect(clinicDayStart('2026-02-30', SINGAPORE)).toBeNull();
  });

  it("gives the board the start of the clinic's today", () => {
    const moment = utc(2026, 1, 4, 17);
    expect(clinicDayStartAt(SINGAPORE, moment)).toBe(utc(2026, 1, 4, 16));
    // The browser's own midnight (New York) would have been 05:00 UTC on the 4th.
    expect(clinicDayStartAt(SINGAPORE, moment)).not.toBe(utc(2026, 1, 4, 5));
    expect(clinicDayStartAt(NEW_YORK, moment)).toBe(utc(2026, 1, 4, 5));
  });

  it("joins a date and a time on the clinic's clock, refusing half-typed times", () => {
    expect(clinicUnixOf('2026-01-05', '14:30', SINGAPORE)).toBe(utc(2026, 1, 5, 6, 30));
    expect(clinicUnixOf('2026-01-05', '14:3', SINGAPORE)).toBeNull();
    expect(clinicUnixOf('2026-01-05', '25:00', SINGAPORE)).toBeNull();
    expect(clinicUnixOf(null, '14:30', SINGAPORE)).toBeNull();
    expect(clinicUnixOf('2026-13-01', '14:30', SINGAPORE)).toBeNull();
  });

  it("moves a registration time within the entry's clinic day", () => {
    // 00:30 on the 5th in Singapore: still the 4th in the browser's New York.
    const visit = utc(2026, 1, 4, 16, 30);
    expect(atClinicTimeOfDay(visit, '17:40', SINGAPORE)).toBe(utc(2026, 1, 5, 9, 40));
    expect(atClinicTimeOfDay(visit, '7:40', SINGAPORE)).toBeNull();
  });

  it("writes times on the clinic's clock", () => {
    const visit = utc(2026, 1, 4, 16, 30);
    expect(formatClinicTime(visit, SINGAPORE, 'DD-MM-YYYY HH:mm')).toBe('05-01-2026 00:30');
    expect(formatClinicTime(visit, NEW_YORK, 'DD-MM-YYYY HH:mm')).toBe('04-01-2026 11:30');
  });
});
