import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths, daysBetween, formatIsoDate, parseIsoDate } from '../common/dates.ts';
import { ageInDays, ageOn, isMinor, isNewborn } from './age.ts';

const TODAY = '2026-11-21';

describe('age', () => {
  it.each([
    ['1980-05-17', '2026-11-21', { years: 46, months: 6, days: 4 }],
    ['2026-11-21', '2026-11-21', { years: 0, months: 0, days: 0 }],
    ['2026-10-25', '2026-11-21', { years: 0, months: 0, days: 27 }],
    ['2010-11-22', '2026-11-21', { years: 15, months: 11, days: 30 }],
    ['2010-11-21', '2026-11-21', { years: 16, months: 0, days: 0 }],
    // A day the month lacks counts as its last day.
    ['2026-01-31', '2026-02-28', { years: 0, months: 1, days: 0 }],
    ['2026-01-31', '2026-03-01', { years: 0, months: 1, days: 1 }],
    ['2024-02-29', '2025-02-28', { years: 1, months: 0, days: 0 }],
    ['2024-02-29', '2028-02-29', { years: 4, months: 0, days: 0 }],
  ])('born %s is on %s %o', (birth, today, age) => {
    expect(ageOn(birth, today)).toEqual(age);
  });

  it('has no age before birth or for a bad date', () => {
    expect(ageOn('2026-11-22', TODAY)).toBeNull();
    expect(ageOn('2026-02-30', TODAY)).toBeNull();
    expect(ageOn('1980-05-17', 'today')).toBeNull();
    expect(ageInDays('2026-11-22', TODAY)).toBeNull();
  });

  it('adds back up to today, with months under 12 and days under a month', () => {
    const date = fc
      .date({
        min: new Date('1900-01-01T00:00:00Z'),
        max: new Date('2100-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(date, date, (a, b) => {
        const [birth, today] = a <= b ? [a, b] : [b, a];
        const age = ageOn(birth, today);
        const from = parseIsoDate(birth);
        const to = parseIsoDate(today);
        if (!age || !from || !to) return false;
        const anchor = addMonths(from, age.years * 12 + age.months);
        const nextAnchor = addMonths(from, age.years * 12 + age.months + 1);
        return (
          age.months < 12 &&
          formatIsoDate(anchor) <= today &&
          formatIsoDate(nextAnchor) > today &&
          daysBetween(anchor, to) === age.days
        );
      }),
    );
  });

  it('counts a newborn from birth day to 28 days and a minor under 16 years', () => {
    expect(ageInDays('2026-10-24', TODAY)).toBe(28);
    expect(isNewborn(TODAY, TODAY)).toBe(true);
    expect(isNewborn('2026-10-24', TODAY)).toBe(true);
    expect(isNewborn('2026-10-23', TODAY)).toBe(false);
    expect(isNewborn('2026-11-22', TODAY)).toBe(false);
    expect(isMinor('2010-11-22', TODAY)).toBe(true);
    expect(isMinor('2010-11-21', TODAY)).toBe(false);
  });
});
