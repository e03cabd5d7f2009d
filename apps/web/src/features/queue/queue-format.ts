import { dateOfUnix, parseIsoDate, startOfDayUnix, type QueueEntry } from '@clinic/domain';
import { formatClinicTime } from '../../app/clinic-time.ts';
import { DATE_FORMATS } from '../../app/date-format.ts';

/**
 * Doc 1 section 9: DD-MM-YYYY in the queue, HH:mm for times, DD/MMM/YYYY HH:mm:ss on labels.
 * Dates and times are the clinic's (`offset`: its minutes east of UTC, see
 * app/clinic-time.ts), whatever the browser's time zone.
 */
export const QUEUE_DATE_FORMAT = DATE_FORMATS.queue;
export const QUEUE_TIME_FORMAT = DATE_FORMATS.time;
export const LABEL_DATE_FORMAT = DATE_FORMATS.label;

/** The day `days` after `date` ('YYYY-MM-DD'): calendar arithmetic, no time zone involved. */
export function shiftDay(date: string, days: number): string {
  const parsed = parseIsoDate(date);
  return parsed ? dateOfUnix(startOfDayUnix(parsed, 0) + days * 86_400, 0) : date;
}

export function formatQueueDate(unix: number | null, offset: number): string {
  return unix === null ? '' : formatClinicTime(unix, offset, QUEUE_DATE_FORMAT);
}

export function formatQueueTime(unix: number | null, offset: number): string {
  return unix === null ? '' : formatClinicTime(unix, offset, QUEUE_TIME_FORMAT);
}

export function formatLabelDate(unix: number, offset: number): string {
  return formatClinicTime(unix, offset, LABEL_DATE_FORMAT);
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
