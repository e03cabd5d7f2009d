import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DrugPack } from './dose.ts';
import {
  dispenseQuantityProblems,
  resolvePrescriptionLine,
  type PrescriptionLineInput,
} from './line-rules.ts';
import { referralMedicationLine } from './prescription-line.ts';
import { prescriptionWarnings } from './safety.ts';

const tablet: DrugPack = { strength: 500, consumePerDispenseUnit: 1 };
const input: PrescriptionLineInput = {
  prescriptMode: 0,
  doseNum: 1000,
  consumeQuantity: null,
  frequency: 'TDS',
  duration: 5,
  cycle: 'day',
  startDate: '2026-11-25',
  dispenseQuantity: null,
  unitPrice: 12,
  taxRateBasisPoints: 900,
  precaution: null,
  indication: 'For fever',
  overrideReason: null,
};

function resolved(changes: Partial<PrescriptionLineInput>, pack: DrugPack = tablet) {
  const result = resolvePrescriptionLine({ ...input, ...changes }, pack, []);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.value;
}

function problems(changes: Partial<PrescriptionLineInput>, warned = false) {
  const warnings = warned
    ? prescriptionWarnings(
        { catalogItemId: 'i', name: 'Amoxicillin' },
        [
          {
            id: 'a',
            allergyDrugID: 'drug-penicillin',
            allergyDrugCode: 'PENICILLIN',
            allergyDrugName: 'Penicillin',
            allergyReaction: 'Y',
            isVoided: false,
          },
        ],
        [],
      )
    : [];
  const result = resolvePrescriptionLine({ ...input, ...changes }, tablet, warnings);
  return result.ok ? [] : result.problems;
}

describe('a whole prescription line', () => {
  it('computes the quantity and prices it: 30 tablets at 12 cents, 9 percent tax', () => {
    expect(resolved({})).toMatchObject({
      consumeQuantity: 2,
      neededQuantity: 30,
      dispenseQuantity: 30,
      durationDays: 5,
      endDate: '2026-11-29',
      unitPrice: 12,
      totalPrice: 360,
      taxAmount: 32,
      totalWithTax: 392,
      overrideReason: null,
    });
  });

  it('lets the doctor raise the quantity in strength mode, not lower it', () => {
    expect(resolved({ dispenseQuantity: 50 })).toMatchObject({
      dispenseQuantity: 50,
      totalPrice: 600,
    });
    expect(problems({ dispenseQuantity: 29 })).toEqual([
      { field: 'dispenseQuantity', key: 'dispenseQuantityBelowDose' },
    ]);
  });

  it('in customise mode any whole quantity is the doctor’s; PRN needs one typed', () => {
    const customise = { prescriptMode: 1, doseNum: null, consumeQuantity: 2 };
    expect(resolved({ ...customise, dispenseQuantity: 3 }).dispenseQuantity).toBe(3);
    expect(problems({ ...customise, dispenseQuantity: 2.5 })).toEqual([
      { field: 'dispenseQuantity', key: 'dispenseQuantityWhole' },
    ]);
    expect(problems({ frequency: 'PRN' })).toEqual([
      { field: 'dispenseQuantity', key: 'dispenseQuantityRequired' },
    ]);
    expect(resolved({ frequency: 'PRN', dispenseQuantity: 10 })).toMatchObject({
      neededQuantity: null,
      dispenseQuantity: 10,
      totalPrice: 120,
    });
  });

  it('names every field with a problem, the dose’s and the price’s together', () => {
    expect(
      problems({
        doseNum: 0,
        dispenseQuantity: -1,
        unitPrice: -5,
        taxRateBasisPoints: 12_000,
        precaution: 'x'.repeat(501),
      }),
    ).toEqual([
      { field: 'doseNum', key: 'doseRange' },
      { field: 'dispenseQuantity', key: 'dispenseQuantityWhole' },
      { field: 'unitPrice', key: 'unitPriceInvalid' },
      { field: 'taxRate', key: 'taxRateInvalid' },
      { field: 'precaution', key: 'textTooLong' },
    ]);
  });

  it('needs an override reason when warned, and keeps it trimmed', () => {
    expect(problems({}, true)).toEqual([
      { field: 'overrideReason', key: 'overrideReasonRequired' },
    ]);
    expect(problems({ overrideReason: '   ' }, true)).toEqual([
      { field: 'overrideReason', key: 'overrideReasonRequired' },
    ]);
    expect(problems({ overrideReason: ' Tolerated before ' }, true)).toEqual([]);
    expect(resolved({ overrideReason: ' Tolerated before ' }).overrideReason).toBe(
      'Tolerated before',
    );
  });

  it('gives the referral its medication line', () => {
    expect(
      referralMedicationLine({
        code: 'PARA500',
        name: 'Paracetamol 500mg',
        dispenseQuantity: 30,
        dispenseUm: 'TAB',
        consumeMethod: 'ORAL',
        consumeQuantity: 2,
        consumeUm: 'TAB',
        frequency: 'TDS',
      }),
    ).toEqual({
      code: 'PARA500',
      name: 'Paracetamol 500mg',
      dispenseQty: 30,
      um: 'TAB',
      consumeMethod: 'ORAL',
      consumeQty: 2,
      consumeUM: 'TAB',
      frequency: 'TDS',
    });
  });

  it('property: the dispensed quantity is never below what the doses need in strength mode', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4000 }),
        fc.integer({ min: 1, max: 60 }),
        fc.option(fc.integer({ min: -5, max: 1000 })),
        (dose, days, typed) => {
          const result = resolvePrescriptionLine(
            { ...input, doseNum: dose, duration: days, dispenseQuantity: typed },
            tablet,
            [],
          );
          if (!result.ok) return;
          expect(result.value.dispenseQuantity).toBeGreaterThanOrEqual(
            result.value.neededQuantity!,
          );
          expect(result.value.totalPrice).toBe(result.value.dispenseQuantity * input.unitPrice);
        },
      ),
    );
  });

  it('dispenseQuantityProblems: null keeps the need, and needs one when there is none', () => {
    expect(dispenseQuantityProblems(null, 5, 0)).toEqual([]);
    expect(dispenseQuantityProblems(null, null, 1)).toEqual([
      { field: 'dispenseQuantity', key: 'dispenseQuantityRequired' },
    ]);
    expect(dispenseQuantityProblems(100_001, null, 1)).toEqual([
      { field: 'dispenseQuantity', key: 'dispenseQuantityTooLarge' },
    ]);
  });
});
