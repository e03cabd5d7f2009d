/**
 * Calendar dates as the API carries them ('YYYY-MM-DD', no time zone) and times of day
 * ('HH:MM'). Pure arithmetic on the calendar: no Date object ever sees a local zone, so
 * the answers are the same on every machine. "Today" is always given by the caller (the
 * clinic's today, in the clinic's time zone).
 */

const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export interface CalendarDate {
  year: number;
  /** 1 to 12. */
  month: number;
  /** 1 to 31. */
  day: number;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The parts of a 'YYYY-MM-DD' date, or null when it is not a real calendar date. */
export function parseIsoDate(value: string): CalendarDate | null {
  const match = ISO_DATE_PATTERN.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return null;
  }
  return { year, month, day };
}

export function isIsoDate(value: string): boolean {
  return parseIsoDate(value) !== null;
}

export function formatIsoDate({ year, month, day }: CalendarDate): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** Days since 1970-01-01 (negative before). */
export function epochDay({ year, month, day }: CalendarDate): number {
  return Math.round(Date.UTC(year, month - 1, day) / 86_400_000);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return epochDay(to) - epochDay(from);
}

export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return epochDay(a) - epochDay(b);
}

/**
 * The date `months` calendar months after `date`; a day that the target month lacks is
 * clamped to its last day (31 January plus one month is 28 or 29 February).
 */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

/** 'HH:MM' on a 24-hour clock, 00:00 to 23:59. */
export function isTimeOfDay(value: string): boolean {
  return TIME_OF_DAY_PATTERN.test(value);
}

/** The calendar date of a Unix time, seen from a zone `offsetMinutes` east of UTC. */
export function dateOfUnix(seconds: number, offsetMinutes: number): string {
  const shifted = new Date((seconds + offsetMinutes * 60) * 1000);
  return formatIsoDate({
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  });
}

/** Unix seconds of midnight starting `date` in a zone `offsetMinutes` east of UTC. */
export function startOfDayUnix(date: CalendarDate, offsetMinutes: number): number {
  return epochDay(date) * 86_400 - offsetMinutes * 60;
}
