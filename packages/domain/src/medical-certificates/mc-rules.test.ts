import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toFieldErrors } from '../common/api.ts';
import { McCreateBody } from './mc.ts';
import {
  addDays,
  dutyTypeEnabled,
  formatMcNo,
  keptFitChoice,
  MC_MESSAGES,
  mcDays,
  mcDefaultDates,
  mcToDate,
  withFromDate,
  withGivenDays,
  withRequireTime,
  withToDate,
  type McDates,
} from './mc-rules.ts';

/** Dates from 1990 to 2060, as 'YYYY-MM-DD'. */
const isoDates = fc
  .integer({ min: 7305, max: 32870 })
  .map((day) => new Date(day * 86_400_000).toISOString().slice(0, 10));
const dayCounts = fc.integer({ min: 1, max: 400 });

/** Any editor state reachable from a default one by changes. */
const changes = fc.array(
  fc.oneof(
    dayCounts.map((n) => (d: McDates) => withGivenDays(d, n)),
    isoDates.map((date) => (d: McDates) => withFromDate(d, date)),
    isoDates.map((date) => (d: McDates) => withToDate(d, date)),
    fc.integer({ min: -5, max: 0 }).map((n) => (d: McDates) => withGivenDays(d, n)),
  ),
  { maxLength: 12 },
);

describe('MC date arithmetic (doc 2 section 4.4)', () => {
  it('days(from, to(from, n)) == n for n >= 1', () => {
    fc.assert(
      fc.property(isoDates, dayCounts, (from, n) => {
        expect(mcDays(from, mcToDate(from, n))).toBe(n);
      }),
    );
  });

  it('to(from, days(from, to)) == to when to >= from', () => {
    fc.assert(
      fc.property(isoDates, isoDates, (a, b) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        expect(mcToDate(from, mcDays(from, to))).toBe(to);
      }),
    );
  });

  it('after any change the to-date is not before the from-date and the days agree', () => {
    fc.assert(
      fc.property(isoDates, changes, (today, steps) => {
        let dates = mcDefaultDates(today);
        for (const step of steps) {
          dates = step(dates);
          expect(dates.fromDate! <= dates.toDate!).toBe(true);
          expect(dates.givenDays).toBeGreaterThanOrEqual(1);
          expect(mcDays(dates.fromDate!, dates.toDate!)).toBe(dates.givenDays);
        }
      }),
    );
  });

  it('addDays goes forward and back to the same date', () => {
    fc.assert(
      fc.property(isoDates, fc.integer({ min: -3000, max: 3000 }), (date, n) => {
        expect(addDays(addDays(date, n), -n)).toBe(date);
      }),
    );
  });

  it('the same day is one day; default is today, one day', () => {
    expect(mcDays('2026-11-25', '2026-11-25')).toBe(1);
    expect(mcDefaultDates('2026-11-25')).toEqual({
      fromDate: '2026-11-25',
      toDate: '2026-11-25',
      givenDays: 1,
    });
  });

  it('given days move the to-date, across months and leap days', () => {
    const start = mcDefaultDates('2028-02-27');
    expect(withGivenDays(start, 3)).toEqual({
      fromDate: '2028-02-27',
      toDate: '2028-02-29',
      givenDays: 3,
    });
    expect(withGivenDays(start, 4).toDate).toBe('2028-03-01');
    expect(withGivenDays(mcDefaultDates('2026-12-31'), 2).toDate).toBe('2027-01-01');
    expect(withGivenDays(start, 0)).toMatchObject({ givenDays: 1, toDate: '2028-02-27' });
  });

  it('a from- or to-date updates the days', () => {
    const dates = { fromDate: '2026-11-20', toDate: '2026-11-25', givenDays: 6 };
    expect(withFromDate(dates, '2026-11-23')).toEqual({
      fromDate: '2026-11-23',
      toDate: '2026-11-25',
      givenDays: 3,
    });
    expect(withToDate(dates, '2026-11-21').givenDays).toBe(2);
  });

  it('a to-date before the from-date sets the from-date to it and the days to 1', () => {
    const dates = { fromDate: '2026-11-20', toDate: '2026-11-25', givenDays: 6 };
    expect(withToDate(dates, '2026-11-18')).toEqual({
      fromDate: '2026-11-18',
      toDate: '2026-11-18',
      givenDays: 1,
    });
  });

  it('a from-date after the to-date takes the to-date with it', () => {
    const dates = { fromDate: '2026-11-20', toDate: '2026-11-25', givenDays: 6 };
    expect(withFromDate(dates, '2026-11-28')).toEqual({
      fromDate: '2026-11-28',
      toDate: '2026-11-28',
      givenDays: 1,
    });
  });

  it('a cleared date leaves the others alone', () => {
    const dates = { fromDate: '2026-11-20', toDate: '2026-11-25', givenDays: 6 };
    expect(withToDate(dates, null)).toEqual({ ...dates, toDate: null });
    expect(withGivenDays({ ...dates, fromDate: null }, 2)).toEqual({
      fromDate: null,
      toDate: '2026-11-25',
      givenDays: 2,
    });
  });
});

describe('MC switches and numbers', () => {
  it('Require Time on sets both times to now, off clears them', () => {
    expect(withRequireTime(true, '09:41')).toEqual({
      timeRequired: true,
      fromTime: '09:41',
      toTime: '09:41',
    });
    expect(withRequireTime(false, '09:41')).toEqual({
      timeRequired: false,
      fromTime: null,
      toTime: null,
    });
  });

  it('an excuse chit disables the duty type and keeps none', () => {
    expect(dutyTypeEnabled(true)).toBe(false);
    expect(dutyTypeEnabled(false)).toBe(true);
    expect(keptFitChoice(true, 2)).toBeNull();
    expect(keptFitChoice(false, 2)).toBe(2);
    expect(keptFitChoice(false, null)).toBe(1);
  });

  it('numbers are MC, the year in two digits and six digits of sequence', () => {
    expect(formatMcNo(2026, 7)).toBe('MC26000007');
    expect(formatMcNo(2100, 123456)).toBe('MC00123456');
  });
});

describe('McCreateBody (doc 2 section 5)', () => {
  const visitId = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
  const errorsOf = (body: unknown) => {
    const result = McCreateBody.safeParse(body);
    return result.success ? [] : toFieldErrors(result.error.issues);
  };

  it('requires the issue, from and to dates', () => {
    expect(errorsOf({ visitId })).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'issuedDate', message: MC_MESSAGES.issuedDateRequired }),
        expect.objectContaining({ field: 'fromDate', message: MC_MESSAGES.fromDateRequired }),
        expect.objectContaining({ field: 'toDate', message: MC_MESSAGES.toDateRequired }),
      ]),
    );
  });

  const dated = {
    visitId,
    issuedDate: '2026-11-25',
    fromDate: '2026-11-25',
    toDate: '2026-11-26',
  };

  it('requires both times with Require Time on', () => {
    expect(errorsOf({ ...dated, timeRequired: true })).toEqual([
      expect.objectContaining({ field: 'fromTime', message: MC_MESSAGES.fromTimeRequired }),
      expect.objectContaining({ field: 'toTime', message: MC_MESSAGES.toTimeRequired }),
    ]);
    expect(errorsOf({ ...dated, timeRequired: true, fromTime: '09:00', toTime: '12:00' })).toEqual(
      [],
    );
  });

  it('refuses a to-date before the from-date', () => {
    expect(errorsOf({ ...dated, toDate: '2026-11-24' })).toEqual([
      expect.objectContaining({ field: 'toDate', message: MC_MESSAGES.toBeforeFrom }),
    ]);
  });
});
