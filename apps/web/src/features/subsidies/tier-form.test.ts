import { describe, expect, it } from 'vitest';
import { tierBody, type TierValues } from './tier-form.ts';

const values = (overrides: Partial<TierValues> = {}): TierValues => ({
  name: ' CHAS Blue ',
  perVisit: { commonIllness: '18.50', chronicSimple: '80', chronicComplex: '125' },
  annual: { commonIllness: '', chronicSimple: '320', chronicComplex: '500' },
  drugPercent: '0',
  absorbsDrugGst: false,
  isActive: true,
  ...overrides,
});

describe("a tier's body", () => {
  it('is in cents and basis points; an empty cap is none', () => {
    expect(tierBody(values({ drugPercent: '75' }), 3)).toEqual({
      ok: true,
      body: {
        version: 3,
        name: 'CHAS Blue',
        perVisitCapCents: { commonIllness: 1850, chronicSimple: 8000, chronicComplex: 12500 },
        annualCapCents: { commonIllness: null, chronicSimple: 32000, chronicComplex: 50000 },
        drugSubsidyBasisPoints: 7500,
        absorbsDrugGst: false,
        isActive: true,
      },
    });
  });

  it('marks a fraction of a cent, a percent above 100 and an empty name', () => {
    expect(
      tierBody(
        values({
          name: ' ',
          drugPercent: '101',
          perVisit: { commonIllness: '18.505', chronicSimple: '80', chronicComplex: '' },
        }),
        1,
      ),
    ).toEqual({
      ok: false,
      problems: {
        'perVisit.commonIllness': 'subsidy.tiers.moneyRule',
        drugPercent: 'subsidy.tiers.percentRule',
        name: 'subsidy.tiers.nameRule',
      },
    });
  });
});
