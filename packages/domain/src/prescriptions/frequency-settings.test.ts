import { describe, expect, it } from 'vitest';
import { MEDICATION_FREQUENCIES } from './dose.ts';
import { clinicFrequencyList, frequencyOfSetting } from './frequency-settings.ts';

const entry = (code: string, dosesPerCycle: number | null, cycleDays: number | null) => ({
  code,
  description: `${code} words`,
  dosesPerCycle,
  cycleDays,
});

describe('frequencyOfSetting', () => {
  it('reads doses per cycle of days as a regular rule', () => {
    expect(frequencyOfSetting(entry('TDS', 3, 1))).toEqual({
      code: 'TDS',
      name: 'TDS words',
      rule: { kind: 'regular', times: 3, every: 1, unit: 'day' },
    });
    expect(frequencyOfSetting(entry('EOD', 1, 2)).rule).toEqual({
      kind: 'regular',
      times: 1,
      every: 2,
      unit: 'day',
    });
  });

  it('reads STAT without numbers as one dose and any other as needed', () => {
    expect(frequencyOfSetting(entry('stat', null, null)).rule).toEqual({ kind: 'once' });
    expect(frequencyOfSetting(entry('PRN', null, null)).rule).toEqual({ kind: 'asNeeded' });
    expect(frequencyOfSetting(entry('TDS', 3, null)).rule).toEqual({ kind: 'asNeeded' });
  });
});

describe('clinicFrequencyList', () => {
  it("is the clinic's entries, or ours when it has none", () => {
    expect(clinicFrequencyList([entry('BD', 2, 1)]).map((f) => f.code)).toEqual(['BD']);
    expect(clinicFrequencyList([])).toEqual([...MEDICATION_FREQUENCIES]);
  });
});
