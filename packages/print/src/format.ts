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
