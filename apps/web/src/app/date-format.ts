/**
 * Every date the app shows is written here, in the spec's formats, in English month names
 * whatever the browser's language, and on the clinic's clock rather than the browser's:
 *
 * - doc 1 section 9: DD MMM YYYY in date pickers ('23 Dec 2026'), DD-MM-YYYY in the
 *   queue, DD/MMM/YYYY HH:mm:ss on labels, HH:mm for times;
 * - doc 3 section 9 (printables, console, import, inventory): DD/MMM/YYYY by default
 *   ('23/Dec/2026'), DD/MMM/YYYY HH:mm with a time.
 *
 * Ages too: in words in the patient panel ('62 years 3 months', doc 1 section 2.13) and
 * short on labels ('62Y 3M').
 *
 * Where each format is used: date pickers (the queue toolbar's day, birth and visit
 * dates) `picker`; the queue's lists and the search-by-patient results `queue`; the queue
 * label `label`; the patient label and the tenant console `document`; times `time`. No
 * screen or printout writes a date another way (lint: no toLocale…String, no
 * Intl.DateTimeFormat, dayjs only here and in date-parsing.ts).
 *
 * Two kinds of value: a calendar date ('YYYY-MM-DD', such as a birth date) is written as
 * it is, with no time zone involved; an instant (Unix seconds) is written on the clinic's
 * wall clock, given as its offset in minutes east of UTC (see clinic-time.ts).
 */
import type { Age } from '@clinic/domain';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { i18n } from '../i18n/index.ts';

dayjs.extend(utc);

export const DATE_FORMATS = {
  /** Date pickers and screens of doc 1: '23 Dec 2026'. */
  picker: 'DD MMM YYYY',
  /** The queue's dates: '23-12-2026'. */
  queue: 'DD-MM-YYYY',
  /** Doc 3's default (console, printables): '23/Dec/2026'. */
  document: 'DD/MMM/YYYY',
  /** Doc 3's date and time: '23/Dec/2026 09:05'. */
  documentTime: 'DD/MMM/YYYY HH:mm',
  /** Queue labels: '23/Dec/2026 09:05:07'. */
  label: 'DD/MMM/YYYY HH:mm:ss',
  /** Times of day: '09:05'. */
  time: 'HH:mm',
} as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date ('YYYY-MM-DD') in `format`; '' for no date or one that is not a date. */
export function formatCalendarDate(date: string | null | undefined, format: string): string {
  if (!date || !ISO_DATE.test(date)) return '';
  // Read and written in UTC: the date is the same in every time zone.
  const parsed = dayjs.utc(date, 'YYYY-MM-DD');
  return parsed.isValid() && parsed.format('YYYY-MM-DD') === date ? parsed.format(format) : '';
}

/** An instant (Unix seconds) on the clinic's clock (`offset`: minutes east of UTC). */
export function formatClinicInstant(unix: number, offset: number, format: string): string {
  return dayjs.unix(unix).utcOffset(offset).format(format);
}

/** How an age is written: in words on screens, short on printed labels. */
export type AgeStyle = 'words' | 'label';

/** An age ('62 years 3 months', or '62Y 3M' on a label); '' for none. */
export function formatAge(age: Pick<Age, 'years' | 'months'> | null, style: AgeStyle): string {
  if (!age) return '';
  return style === 'label'
    ? `${age.years}Y ${age.months}M`
    : i18n.t('patient.ageValue', { years: age.years, months: age.months });
}
