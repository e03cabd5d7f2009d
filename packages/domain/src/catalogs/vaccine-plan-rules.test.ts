import { describe, expect, it } from 'vitest';
import { comboItemsTotalCents, vaccineDoseProblems } from './catalog-rules.ts';

const start = { intervalValue: null, intervalUnit: null, ageMonths: null };
const after = (value: number | null, unit: string | null) => ({
  intervalValue: value,
  intervalUnit: unit,
  ageMonths: null,
});
const atAge = (months: number) => ({ intervalValue: null, intervalUnit: null, ageMonths: months });

describe('the timing of a vaccine plan’s doses', () => {
  it('takes a start, then intervals or ages', () => {
    expect(vaccineDoseProblems([start, after(1, 'month'), after(5, 'month')])).toEqual([]);
    expect(vaccineDoseProblems([atAge(2), atAge(4), atAge(12), after(1, 'year')])).toEqual([]);
  });

  it('names the dose and the field of each broken rule', () => {
    expect(
      vaccineDoseProblems([
        after(1, 'month'),
        start,
        { intervalValue: 1, intervalUnit: 'week', ageMonths: 3 },
        after(2, null),
        atAge(24),
        atAge(24),
      ]),
    ).toEqual([
      { index: 0, field: 'intervalValue', message: 'planFirstDoseInterval' },
      { index: 1, field: 'intervalValue', message: 'planDoseTimingRequired' },
      { index: 2, field: 'ageMonths', message: 'planDoseTimingTwice' },
      { index: 3, field: 'intervalUnit', message: 'planIntervalIncomplete' },
      { index: 5, field: 'ageMonths', message: 'planAgesOutOfOrder' },
    ]);
  });
});

describe('what a combo’s items cost one by one', () => {
  it('sums quantity times each item’s price', () => {
    expect(
      comboItemsTotalCents([
        { quantity: 1, sellingPriceCents: 3500 },
        { quantity: 20, sellingPriceCents: 10 },
      ]),
    ).toBe(3700);
    expect(comboItemsTotalCents([])).toBe(0);
  });
});
