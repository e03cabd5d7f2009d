/**
 * The clinic's clock: days and times of the queue and the board are the clinic's, not the
 * browser's. The server counts days in the clinic's time zone, given as minutes east of
 * UTC (the session's `tenant.timezoneOffset`, a display link's identity). Everything here
 * takes that offset, so a browser in another zone still asks for, and shows, the clinic's
 * day; only the clock (`Date.now()`) is the browser's.
 */
import { dateOfUnix, isTimeOfDay, parseIsoDate, startOfDayUnix } from '@clinic/domain';
import { formatClinicInstant } from './date-format.ts';
import { useSession } from '../api/session.ts';

/** The clinic's offset, minutes east of UTC, from the session. */
export function useClinicOffset(): number {
  const offset = useSession()?.info.tenant.timezoneOffset;
  // Only signed-out pages lack a session; they show no clinic times.
  return offset ?? -new Date().getTimezoneOffset();
}

/** The browser's clock, Unix seconds. */
export function nowUnix(): number {
  return Math.floor(Date.now() / 1000);
}

/** The clinic's date ('YYYY-MM-DD') at `unix` (now by default). */
export function clinicToday(offset: number, unix = nowUnix()): string {
  return dateOfUnix(unix, offset);
}

/** Unix seconds of the clinic's midnight starting `date` ('YYYY-MM-DD'); null for no date. */
export function clinicDayStart(date: string, offset: number): number | null {
  const parsed = parseIsoDate(date);
  return parsed ? startOfDayUnix(parsed, offset) : null;
}

/** Unix seconds of the clinic's midnight starting the day of `unix` (today by default). */
export function clinicDayStartAt(offset: number, unix = nowUnix()): number {
  // dateOfUnix always gives a real date.
  return clinicDayStart(dateOfUnix(unix, offset), offset)!;
}

/** Unix seconds of a clinic date ('YYYY-MM-DD') and time ('HH:mm'); null unless both whole. */
export function clinicUnixOf(date: string | null, time: string, offset: number): number | null {
  const start = date === null ? null : clinicDayStart(date, offset);
  if (start === null || !isTimeOfDay(time)) return null;
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return start + hours * 3600 + minutes * 60;
}

/** The same clinic day as `unix` at another time of day ('HH:mm'); null unless whole. */
export function atClinicTimeOfDay(unix: number, time: string, offset: number): number | null {
  return clinicUnixOf(dateOfUnix(unix, offset), time, offset);
}

/** `unix` written on the clinic's wall clock with a format of date-format.ts. */
export function formatClinicTime(unix: number, offset: number, format: string): string {
  return formatClinicInstant(unix, offset, format);
}
