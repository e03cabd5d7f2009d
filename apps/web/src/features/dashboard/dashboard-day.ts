import { dateOfUnix, formatCents, parseIsoDate, startOfDayUnix } from '@clinic/domain';

/**
 * The dashboard's days are the clinic's dates ('YYYY-MM-DD'); none after today (doc 1
 * section 6: the date pickers cannot pick a future date).
 */
export function notAfterToday(date: string | null, today: string): string {
  return date === null || date > today ? today : date;
}

/** The date `days` after `date` (before, when negative); as the queue's, without its chunk. */
export function shiftDay(date: string, days: number): string {
  const parsed = parseIsoDate(date);
  return parsed ? dateOfUnix(startOfDayUnix(parsed, 0) + days * 86_400, 0) : date;
}

/** Money as the cards and lists show it: 2 decimals. */
export function money(cents: number): string {
  return formatCents(cents);
}
