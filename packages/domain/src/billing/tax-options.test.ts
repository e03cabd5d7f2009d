import { describe, expect, it } from 'vitest';
import {
  defaultTaxOption,
  SEEDED_TAX_OPTIONS,
  taxRateOfOptionOn,
  taxRateOn,
  type TaxOption,
} from './tax-options.ts';

describe('tax options by effective date', () => {
  it("the first option is the default, at the spec's 7 %", () => {
    const option = defaultTaxOption(SEEDED_TAX_OPTIONS);
    expect(option?.code).toBe('TAX');
    expect(option && taxRateOn(option, '2025-06-30')).toBe(700);
    expect(defaultTaxOption([])).toBeNull();
  });

  it('Singapore GST is 8 % in 2023 and 9 % from 2024-01-01', () => {
    expect(taxRateOfOptionOn(SEEDED_TAX_OPTIONS, 'SG-GST', '2022-12-31')).toBe(700);
    expect(taxRateOfOptionOn(SEEDED_TAX_OPTIONS, 'SG-GST', '2023-01-01')).toBe(800);
    expect(taxRateOfOptionOn(SEEDED_TAX_OPTIONS, 'SG-GST', '2023-12-31')).toBe(800);
    expect(taxRateOfOptionOn(SEEDED_TAX_OPTIONS, 'SG-GST', '2024-01-01')).toBe(900);
    expect(taxRateOfOptionOn(SEEDED_TAX_OPTIONS, 'SG-GST', '2030-01-01')).toBe(900);
  });

  it('has no rate before the first, for an unknown option, and refuses a non-date', () => {
    expect(taxRateOfOptionOn(SEEDED_TAX_OPTIONS, 'SG-GST', '1990-01-01')).toBeNull();
    expect(taxRateOfOptionOn(SEEDED_TAX_OPTIONS, 'VAT', '2024-01-01')).toBeNull();
    expect(() => taxRateOfOptionOn(SEEDED_TAX_OPTIONS, 'TAX', '2024-02-30')).toThrow(RangeError);
  });

  it('takes the latest rate on or before the date whatever the order given', () => {
    const option: TaxOption = {
      code: 'X',
      name: 'X',
      rates: [
        { effectiveFrom: '2024-01-01', rateBasisPoints: 900 },
        { effectiveFrom: '2023-01-01', rateBasisPoints: 800 },
      ],
    };
    expect(taxRateOn(option, '2023-06-01')).toBe(800);
    expect(taxRateOn(option, '2024-06-01')).toBe(900);
  });
});
