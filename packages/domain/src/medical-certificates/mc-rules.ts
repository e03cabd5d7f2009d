/**
 * The medical certificate's rules (doc 2 sections 2.7, 4.4, 5), free of zod so the MC
 * editor runs them live without loading the schemas. Dates are 'YYYY-MM-DD' strings,
 * times 'HH:MM'; calendar arithmetic goes through UTC only, so no local zone shifts a day.
 */
import { epochDay, formatIsoDate, parseIsoDate } from '../common/dates.ts';

/** Duty type (`fitChoice`): 1 medically unfit, 2 fit for light duty only. */
export const MC_FIT_CHOICE = { unfit: 1, lightDuty: 2 } as const;
export type McFitChoice = (typeof MC_FIT_CHOICE)[keyof typeof MC_FIT_CHOICE];

export const MC_DEFAULT_DAYS = 1;
/** Longest certificate the editor and the API accept, in days (our limit: the spec names none). */
export const MC_MAX_DAYS = 366;
export const MC_NO_MAX_LENGTH = 30;
export const MC_PURPOSE_MAX_LENGTH = 200;
export const MC_REMARK_MAX_LENGTH = 1000;

/** The MC rules' messages (spec words where the spec has them; ours in its style otherwise). */
export const MC_MESSAGES = {
  issuedDateRequired: 'Issue date is required',
  fromDateRequired: 'From date is required',
  toDateRequired: 'To date is required',
  fromTimeRequired: 'From time is required',
  toTimeRequired: 'To time is required',
  toBeforeFrom: 'The to date cannot be before the from date.',
  toTimeBeforeFromTime: 'The to time cannot be before the from time on the same day.',
  tooLong: `A medical certificate may cover at most ${MC_MAX_DAYS} days.`,
  mcNoTaken: 'This MC number is already used in this branch.',
  mcNoFixed: 'The MC number cannot be changed once the certificate is made.',
  notFound: 'This medical certificate does not exist.',
  patientNotOfVisit: 'This visit is not of this patient.',
  doctorNotHere: 'Please choose a doctor of this branch for the certificate.',
} as const;

/** The delete confirmation (doc 2 sections 2.7 and 8, the product's words). */
export const MC_REMOVE_CONFIRM = 'Are your sure you remove this?';

/** What the editor's date arithmetic works on. */
export interface McDates {
  fromDate: string | null;
  toDate: string | null;
  givenDays: number;
}

const DAY_MS = 86_400_000;

function dayNumber(date: string): number | null {
  const parts = parseIsoDate(date);
  return parts ? epochDay(parts) : null;
}

function dateOfDayNumber(day: number): string {
  const d = new Date(day * DAY_MS);
  return formatIsoDate({
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
  });
}

/** The date `days` days after `date` (before when negative). */
export function addDays(date: string, days: number): string {
  const day = dayNumber(date);
  if (day === null) throw new Error(`Not a date: ${date}`);
  return dateOfDayNumber(day + days);
}

/** Days covered from `from` to `to`, both included: the same day is 1. */
export function mcDays(fromDate: string, toDate: string): number {
  const from = dayNumber(fromDate);
  const to = dayNumber(toDate);
  if (from === null || to === null) throw new Error(`Not a date: ${fromDate} or ${toDate}`);
  return to - from + 1;
}

/** The last day of a certificate of `days` days starting on `fromDate`. */
export function mcToDate(fromDate: string, days: number): string {
  return addDays(fromDate, Math.max(1, Math.trunc(days)) - 1);
}

/** A new editor's dates: today to today, one day. */
export function mcDefaultDates(today: string): McDates {
  return { fromDate: today, toDate: today, givenDays: MC_DEFAULT_DAYS };
}

/** Given days changed: the to-date follows (days below 1 count as 1). */
export function withGivenDays(dates: McDates, days: number): McDates {
  const givenDays = Number.isFinite(days) ? Math.max(1, Math.trunc(days)) : MC_DEFAULT_DAYS;
  if (!dates.fromDate) return { ...dates, givenDays };
  return { ...dates, givenDays, toDate: mcToDate(dates.fromDate, givenDays) };
}

/**
 * The from-date changed: the days follow. A from-date after the to-date takes the to-date
 * with it (one day), so the to-date never comes before the from-date.
 */
export function withFromDate(dates: McDates, fromDate: string | null): McDates {
  if (!fromDate || !dates.toDate) return { ...dates, fromDate };
  if (mcDays(fromDate, dates.toDate) < 1) return { fromDate, toDate: fromDate, givenDays: 1 };
  return { fromDate, toDate: dates.toDate, givenDays: mcDays(fromDate, dates.toDate) };
}

/**
 * The to-date changed: the days follow. A to-date before the from-date sets the from-date
 * to it and the days to 1 (doc 2 section 4.4).
 */
export function withToDate(dates: McDates, toDate: string | null): McDates {
  if (!toDate || !dates.fromDate) return { ...dates, toDate };
  if (mcDays(dates.fromDate, toDate) < 1) return { fromDate: toDate, toDate, givenDays: 1 };
  return { fromDate: dates.fromDate, toDate, givenDays: mcDays(dates.fromDate, toDate) };
}

/** Require Time switched: on sets both times to now ('HH:MM'), off clears them. */
export function withRequireTime(
  on: boolean,
  now: string,
): { timeRequired: boolean; fromTime: string | null; toTime: string | null } {
  return on
    ? { timeRequired: true, fromTime: now, toTime: now }
    : { timeRequired: false, fromTime: null, toTime: null };
}

/** The excuse chit disables the duty-type choice. */
export function dutyTypeEnabled(excuseChit: boolean): boolean {
  return !excuseChit;
}

/** The duty type kept with a certificate: none for an excuse chit, else the choice (1 by default). */
export function keptFitChoice(
  excuseChit: boolean,
  fitChoice: McFitChoice | null | undefined,
): McFitChoice | null {
  return excuseChit ? null : (fitChoice ?? MC_FIT_CHOICE.unfit);
}

/** The MC number a branch assigns: `MC`, the two-digit year, the year's sequence in 6 digits. */
export function formatMcNo(year: number, seq: number): string {
  return `MC${String(year % 100).padStart(2, '0')}${String(seq).padStart(6, '0')}`;
}

/** The field problems of a certificate's dates and times (shared by the API and the editor). */
export function mcDateProblems(mc: {
  fromDate: string | null;
  toDate: string | null;
  timeRequired: boolean;
  fromTime: string | null;
  toTime: string | null;
}): { field: 'toDate' | 'toTime'; message: string }[] {
  const problems: { field: 'toDate' | 'toTime'; message: string }[] = [];
  if (!mc.fromDate || !mc.toDate || !parseIsoDate(mc.fromDate) || !parseIsoDate(mc.toDate)) {
    return problems;
  }
  const days = mcDays(mc.fromDate, mc.toDate);
  if (days < 1) problems.push({ field: 'toDate', message: MC_MESSAGES.toBeforeFrom });
  else if (days > MC_MAX_DAYS) problems.push({ field: 'toDate', message: MC_MESSAGES.tooLong });
  if (mc.timeRequired && days === 1 && mc.fromTime && mc.toTime && mc.toTime < mc.fromTime) {
    problems.push({ field: 'toTime', message: MC_MESSAGES.toTimeBeforeFromTime });
  }
  return problems;
}
