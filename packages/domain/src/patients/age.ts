/** A patient's age: on a day, in days, and the newborn and minor rules that read it. */
import { addMonths, compareDates, daysBetween, parseIsoDate } from '../common/dates.ts';
import { MINOR_AGE, NEWBORN_DAYS } from './patient-rules.ts';

export interface Age {
  years: number;
  months: number;
  days: number;
}

/**
 * Age in whole years, months and days on `today` (both 'YYYY-MM-DD'): the whole calendar
 * months since birth, then the days since that month-day. A birth day the month lacks is
 * its last day (born 31 January: one month old on 28 February; born 29 February: one
 * year old on 28 February). Null when a date is not valid or birth is after today.
 */
export function ageOn(birthDate: string, today: string): Age | null {
  const birth = parseIsoDate(birthDate);
  const now = parseIsoDate(today);
  if (!birth || !now || compareDates(birth, now) > 0) return null;
  let months = (now.year - birth.year) * 12 + (now.month - birth.month);
  if (compareDates(addMonths(birth, months), now) > 0) months -= 1;
  return {
    years: Math.floor(months / 12),
    months: months % 12,
    days: daysBetween(addMonths(birth, months), now),
  };
}

/** Whole days since birth, or null (as `ageOn`). */
export function ageInDays(birthDate: string, today: string): number | null {
  const birth = parseIsoDate(birthDate);
  const now = parseIsoDate(today);
  if (!birth || !now || compareDates(birth, now) > 0) return null;
  return daysBetween(birth, now);
}

/**
 * A newborn for the birth-time rule: born today up to 28 days ago. The spec says "1 to 28
 * days" in one place and "up to 28 days" in another; a baby born today is the newborn
 * whose birth time matters most, so day 0 counts.
 */
export function isNewborn(birthDate: string, today: string): boolean {
  const days = ageInDays(birthDate, today);
  return days !== null && days <= NEWBORN_DAYS;
}

export function isMinor(birthDate: string, today: string): boolean {
  const age = ageOn(birthDate, today);
  return age !== null && age.years < MINOR_AGE;
}
