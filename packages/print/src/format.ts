/** Fixed formats of printed documents (doc 3 section 9). */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' as 'DD/MM/YYYY' (the MC and referral format); other text as it is. */
export function formatDmy(date: string): string {
  const match = ISO_DATE.exec(date);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : date;
}

/** 'YYYY-MM-DD' and 'HH:mm' as 'DD/MM/YYYY HH:mm' (doc 3 section 2.1, MC). */
export function formatDmyTime(date: string, time: string | null | undefined): string {
  return time ? `${formatDmy(date)} ${time}` : formatDmy(date);
}

/** '1 day', '3 days', '1.5 days'. */
export function formatDays(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * 'YYYY-MM-DD' as doc 3's default 'DD/MMM/YYYY' ('27/Nov/2026'); blank for a date on or
 * before 1 Jan 1970 (doc 3 section 5) or one that is not a date.
 */
export function formatDocumentDate(date: string | null | undefined): string {
  const match = ISO_DATE.exec(date ?? '');
  if (!match || (date ?? '') <= '1970-01-01') return '';
  const month = MONTHS[Number(match[2]) - 1];
  return month ? `${match[3]}/${month}/${match[1]}` : '';
}
