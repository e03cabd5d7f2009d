import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bodyMassIndex,
  bodySurfaceArea,
  hasAtMost2Decimals,
  readingProblems,
  round2,
  visitFactsProblems,
  withSmokingRule,
  type VisitFactsInput,
} from './vitals-rules.ts';

const base: VisitFactsInput = {
  height: 1.75,
  weight: 70,
  waist: 80,
  weightNotFeasible: false,
  smokingStatus: 'ss03',
  yearStartedSmoking: 2000,
  numberSticksPerday: 10,
  fagerstromTestScore: 'fts01',
  stageOfChange: 'sc001',
  smokingAssessmentDate: '2026-11-25',
  smokingAssessmentRemark: 'r',
};

/** Values of at most 2 decimals in (min, max), as a person types them. */
const twoDecimals = (min: number, max: number) =>
  fc
    .integer({ min: Math.round(min * 100) + 1, max: Math.round(max * 100) - 1 })
    .map((n) => n / 100);

describe('BMI and BSA', () => {
  it('computes the known values', () => {
    expect(bodyMassIndex(1.75, 70)).toBe(22.86);
    expect(bodyMassIndex(1.6, 50)).toBe(19.53);
    expect(bodySurfaceArea(175, 70)).toBe(1.84);
    expect(bodySurfaceArea(180, 80)).toBe(2);
    expect(bodyMassIndex(null, 70)).toBeNull();
    expect(bodySurfaceArea(175, null)).toBeNull();
    expect(bodyMassIndex(0, 70)).toBeNull();
  });

  it('rounds to 2 decimals, within half a hundredth of the exact value', () => {
    fc.assert(
      fc.property(twoDecimals(0.3, 2.99), twoDecimals(0.5, 500), (height, weight) => {
        const bmi = bodyMassIndex(height, weight)!;
        expect(hasAtMost2Decimals(bmi)).toBe(true);
        expect(Math.abs(bmi - weight / height ** 2)).toBeLessThanOrEqual(0.005 + 1e-9);
        const bsa = bodySurfaceArea(height * 100, weight)!;
        expect(Math.abs(bsa - Math.sqrt((height * 100 * weight) / 3600))).toBeLessThanOrEqual(
          0.005 + 1e-9,
        );
      }),
    );
  });

  it('grows with weight and falls with height', () => {
    fc.assert(
      fc.property(twoDecimals(1, 2.5), twoDecimals(10, 200), (height, weight) => {
        expect(bodyMassIndex(height, weight + 1)!).toBeGreaterThanOrEqual(
          bodyMassIndex(height, weight)!,
        );
        expect(bodyMassIndex(height + 0.1, weight)!).toBeLessThanOrEqual(
          bodyMassIndex(height, weight)!,
        );
        expect(bodySurfaceArea(height * 100, weight + 1)!).toBeGreaterThanOrEqual(
          bodySurfaceArea(height * 100, weight)!,
        );
      }),
    );
  });

  it('rounds half away from zero without binary drift', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(22.857142)).toBe(22.86);
    expect(hasAtMost2Decimals(1.1)).toBe(true);
    expect(hasAtMost2Decimals(0.29)).toBe(true);
    expect(hasAtMost2Decimals(1.755)).toBe(false);
  });
});

describe('visit facts rules', () => {
  it('keeps the details of a current smoker, clears them (sticks to 0) for any other status', () => {
    expect(withSmokingRule(base)).toEqual(base);
    for (const status of ['ss01', 'ss02', null] as const) {
      expect(withSmokingRule({ ...base, smokingStatus: status })).toEqual({
        ...base,
        smokingStatus: status,
        yearStartedSmoking: null,
        numberSticksPerday: 0,
        fagerstromTestScore: null,
        stageOfChange: null,
        smokingAssessmentDate: null,
        smokingAssessmentRemark: null,
      });
    }
  });

  it('accepts every height strictly between 0 and 3 with at most 2 decimals', () => {
    fc.assert(
      fc.property(twoDecimals(0, 3), (height) => {
        expect(visitFactsProblems({ ...base, height }, '2026-11-25')).toEqual([]);
      }),
    );
  });

  it('refuses heights outside (0, 3) with the spec hint', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ max: 0, noNaN: true }),
          fc.double({ min: 3, noNaN: true, noDefaultInfinity: true }),
        ),
        (height) => {
          expect(visitFactsProblems({ ...base, height }, '2026-11-25')).toEqual([
            { field: 'height', key: 'heightRange' },
          ]);
        },
      ),
    );
  });

  it('requires height, weight (unless not feasible) and waist, with at most 2 decimals', () => {
    const today = '2026-11-25';
    expect(visitFactsProblems({ ...base, height: null, weight: null, waist: null }, today)).toEqual(
      [
        { field: 'height', key: 'heightRequired' },
        { field: 'weight', key: 'weightRequired' },
        { field: 'waist', key: 'waistRequired' },
      ],
    );
    expect(visitFactsProblems({ ...base, weight: null, weightNotFeasible: true }, today)).toEqual(
      [],
    );
    expect(visitFactsProblems({ ...base, weight: 70.001, waist: 1.234 }, today)).toEqual([
      { field: 'weight', key: 'weightDecimals' },
      { field: 'waist', key: 'waistDecimals' },
    ]);
  });

  it("refuses an assessment date after the clinic's today, of a current smoker only", () => {
    expect(
      visitFactsProblems({ ...base, smokingAssessmentDate: '2026-11-26' }, '2026-11-25'),
    ).toEqual([{ field: 'smokingAssessmentDate', key: 'assessmentDateFuture' }]);
    expect(
      visitFactsProblems(
        { ...base, smokingStatus: 'ss01', smokingAssessmentDate: '2026-11-26' },
        '2026-11-25',
      ),
    ).toEqual([]);
  });
});

describe('reading rules', () => {
  const reading = {
    readingTime: 1_000,
    systolic: 120,
    diastolic: 80,
    pulse: 70,
    glucose: 5.5,
    temperature: 36.6,
    height: 170,
    weight: 65.5,
  };
  it('accepts a normal reading and refuses each value out of range', () => {
    expect(readingProblems(reading, 1_000)).toEqual([]);
    expect(readingProblems({ ...reading, readingTime: 2_000 }, 1_000)).toEqual([
      { field: 'readingTime', key: 'readingTimeFuture' },
    ]);
    expect(readingProblems({ ...reading, systolic: 70, diastolic: 70 }, 1_000)).toEqual([
      { field: 'diastolic', key: 'diastolicAboveSystolic' },
    ]);
    expect(readingProblems({ ...reading, glucose: 5.555 }, 1_000)).toEqual([
      { field: 'glucose', key: 'glucoseRange' },
    ]);
  });
});
