import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { DATE_FORMATS, formatCalendarDate } from '../app/date-format.ts';

dayjs.extend(customParseFormat);

export const DATE_DISPLAY_FORMAT = DATE_FORMATS.picker;
export const INVALID_DATE = 'Invalid date';

/**
 * The date picker's typed-input rule (doc 1 section 5 'Date picker'): 8 or more digits are
 * read as DDMMYYYY; the displayed DD MMM YYYY and ISO YYYY-MM-DD are read as such; anything
 * else, and anything shorter than 8 characters, is not a date. Answers YYYY-MM-DD or null.
 */
export function parseTypedDate(text: string): string | null {
  const value = text.trim();
  if (value.length < 8) return null;
  const digits = value.replace(/\D/g, '');
  const candidates: Array<[string, string]> = [
    [value, DATE_DISPLAY_FORMAT],
    [value, 'YYYY-MM-DD'],
  ];
  if (/^[\d\s/.-]+$/.test(value) && digits.length >= 8)
    candidates.unshift([digits.slice(0, 8), 'DDMMYYYY']);
  for (const [input, format] of candidates) {
    const parsed = dayjs(input, format, true);
    if (parsed.isValid()) return parsed.format('YYYY-MM-DD');
  }
  return null;
}

export function formatDisplayDate(value: string | null): string {
  return formatCalendarDate(value, DATE_DISPLAY_FORMAT);
}
