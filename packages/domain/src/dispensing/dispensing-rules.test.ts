import { describe, expect, it } from 'vitest';
import {
  instructionLists,
  medicationInstructions,
  type InstructionLine,
} from './dispensing-rules.ts';

/** The starter lists' descriptions (migration 2026-11-25T1600_catalogs), as a clinic has them. */
const lists = instructionLists({
  units: [
    { code: 'tab', description: 'tablet' },
    { code: 'cap', description: 'capsule' },
    { code: 'ml', description: 'millilitre' },
    { code: 'puff', description: 'puff' },
    { code: 'loz', description: 'lozenge' },
    { code: 'sachet', description: 'sachet' },
    { code: '%', description: 'percent' },
  ],
  methods: [
    { code: 'TAKE', description: 'Take by mouth' },
    { code: 'DISSOLVE', description: 'Dissolve in water and drink' },
    { code: 'SUCK', description: 'Suck slowly' },
    { code: 'INHALE', description: 'Inhale' },
  ],
  frequencies: [
    { code: 'TDS', description: 'Three times a day' },
    { code: 'OD', description: 'Once a day' },
    { code: 'Q4H', description: 'Every 4 hours' },
    { code: 'STAT', description: 'Immediately, once' },
    { code: 'PRN', description: 'When necessary' },
  ],
  indications: [{ code: 'PAIN', description: 'For pain' }],
  precautions: [
    { code: 'AFTERFOOD', description: 'Take after food' },
    { code: 'DROWSY', description: 'May cause drowsiness; do not drive or operate machinery' },
  ],
});

const line = (overrides: Partial<InstructionLine> = {}): InstructionLine => ({
  consumeQuantity: 2,
  consumeUm: 'tab',
  consumeMethod: 'TAKE',
  frequency: 'TDS',
  duration: 5,
  cycle: 'day',
  indication: null,
  precaution: null,
  ...overrides,
});

describe('medicationInstructions: dose instructions in words', () => {
  it('reads a line as a sentence from the clinic list descriptions', () => {
    expect(
      medicationInstructions(line({ indication: 'PAIN', precaution: 'AFTERFOOD' }), lists),
    ).toBe('Take 2 tablets by mouth three times a day for 5 days. For pain. Take after food.');
  });

  it('keeps one unit singular and puts the method words after the quantity', () => {
    expect(
      medicationInstructions(line({ consumeQuantity: 1, consumeMethod: 'DISSOLVE' }), lists),
    ).toBe('Dissolve 1 tablet in water and drink three times a day for 5 days.');
    expect(
      medicationInstructions(
        line({ consumeQuantity: 1, consumeUm: 'loz', consumeMethod: 'SUCK', frequency: 'Q4H' }),
        lists,
      ),
    ).toBe('Suck 1 lozenge slowly every 4 hours for 5 days.');
  });

  it('writes fractions as decimals and plural units for them', () => {
    expect(medicationInstructions(line({ consumeQuantity: 0.5 }), lists)).toBe(
      'Take 0.5 tablets by mouth three times a day for 5 days.',
    );
    expect(medicationInstructions(line({ consumeQuantity: 7.5, consumeUm: 'ml' }), lists)).toBe(
      'Take 7.5 millilitres by mouth three times a day for 5 days.',
    );
    expect(medicationInstructions(line({ consumeQuantity: 1.2345 }), lists)).toContain(
      'Take 1.235 tablets',
    );
  });

  it('counts weeks and months, and leaves the duration out of a STAT dose', () => {
    expect(
      medicationInstructions(line({ duration: 2, cycle: 'week', frequency: 'OD' }), lists),
    ).toBe('Take 2 tablets by mouth once a day for 2 weeks.');
    expect(
      medicationInstructions(line({ duration: 1, cycle: 'month', frequency: 'OD' }), lists),
    ).toBe('Take 2 tablets by mouth once a day for 1 month.');
    expect(medicationInstructions(line({ frequency: 'STAT' }), lists)).toBe(
      'Take 2 tablets by mouth immediately, once.',
    );
  });

  it('works without a consume method, and with as-needed doses', () => {
    expect(
      medicationInstructions(
        line({ consumeMethod: null, consumeUm: 'puff', frequency: 'PRN', duration: 7 }),
        lists,
      ),
    ).toBe('2 puffs when necessary for 7 days.');
  });

  it("shows a code that is not in the clinic's list, and the doctor's own words, as written", () => {
    expect(
      medicationInstructions(
        line({
          consumeUm: 'spoon',
          frequency: 'NOCTE',
          indication: 'for the rash',
          precaution: 'Avoid sunlight!',
        }),
        lists,
      ),
    ).toBe('Take 2 spoons by mouth NOCTE for 5 days. For the rash. Avoid sunlight!');
    expect(medicationInstructions(line({ consumeUm: '%', consumeQuantity: 2 }), lists)).toContain(
      '2 percent',
    );
  });

  it('ends every note with one full stop', () => {
    expect(medicationInstructions(line({ precaution: 'DROWSY' }), lists)).toBe(
      'Take 2 tablets by mouth three times a day for 5 days. May cause drowsiness; do not drive or operate machinery.',
    );
  });
});
