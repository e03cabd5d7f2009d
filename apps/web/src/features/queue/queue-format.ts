import type { QueueEntry } from '@clinic/domain';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

/** Doc 1 section 9: DD-MM-YYYY in the queue, HH:mm for times, DD/MMM/YYYY HH:mm:ss on labels. */
export const QUEUE_DATE_FORMAT = 'DD-MM-YYYY';
export const QUEUE_TIME_FORMAT = 'HH:mm';
export const LABEL_DATE_FORMAT = 'DD/MMM/YYYY HH:mm:ss';
const ISO_DATE = 'YYYY-MM-DD';

/** Today as 'YYYY-MM-DD' (the browser's clock and zone: the clinic's). */
export function todayIso(): string {
  return dayjs().format(ISO_DATE);
}

/** The day `days` after `date` ('YYYY-MM-DD'). */
export function shiftDay(date: string, days: number): string {
  return dayjs(date, ISO_DATE).add(days, 'day').format(ISO_DATE);
}

/** Unix seconds of the first moment of `date` ('YYYY-MM-DD'), as `GET /queue` takes it. */
export function dayStartOf(date: string): number {
  return dayjs(date, ISO_DATE).startOf('day').unix();
}

/** Unix seconds of a date ('YYYY-MM-DD') and time ('HH:mm'); null unless both are whole. */
export function unixOf(date: string | null, time: string): number | null {
  if (!date || !/^\d{2}:\d{2}$/.test(time)) return null;
  const moment = dayjs(`${date} ${time}`, `${ISO_DATE} HH:mm`, true);
  return moment.isValid() ? moment.unix() : null;
}

/** The same day as `unix` at another time of day ('HH:mm'); null when the time is not whole. */
export function atTimeOfDay(unix: number, time: string): number | null {
  return unixOf(dayjs.unix(unix).format(ISO_DATE), time);
}

export function formatQueueDate(unix: number | null): string {
  return unix === null ? '' : dayjs.unix(unix).format(QUEUE_DATE_FORMAT);
}

export function formatQueueTime(unix: number | null): string {
  return unix === null ? '' : dayjs.unix(unix).format(QUEUE_TIME_FORMAT);
}

export function formatLabelDate(unix: number): string {
  return dayjs.unix(unix).format(LABEL_DATE_FORMAT);
}

/** The Queue list tab's free-text filter: any shown text of the row contains the words. */
export function matchesQueueFilter(entry: QueueEntry, filter: string): boolean {
  const words = filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = [
    entry.queueNum,
    entry.patientName,
    entry.nric,
    entry.cardNo,
    entry.companyName,
    entry.doctorNameSort,
    entry.remark,
    entry.roomService,
    entry.status,
    ...entry.visitPurposes,
  ]
    .filter((value): value is string => Boolean(value))
    .join(' ')
    .toLowerCase();
  return words.every((word) => text.includes(word));
}
