/**
 * The whole rule of a prescription line: the dose arithmetic, the dispensing quantity the
 * doctor keeps or changes, the price and the override reason, with every problem by field.
 * The editor (live quantity and price) and the server (the saved line) call the same one.
 *
 * Decisions where the spec is silent (ours):
 * - The dispensing quantity defaults to what the doses need. In strength mode the doctor
 *   may raise it (a whole box) but not lower it; in customise mode any whole quantity
 *   from 1 is the doctor's. With a PRN frequency there is nothing to compute: the doctor
 *   types it.
 */
import {
  doseArithmetic,
  MEDICATION_FREQUENCIES,
  type DoseArithmetic,
  type DoseField,
  type DoseInput,
  type DrugPack,
  type MedicationFrequency,
} from './dose.ts';
import {
  MAX_DISPENSE_QUANTITY,
  PRESCRIPTION_TEXT_MAX,
  STRENGTH_MODE,
  type PrescriptionProblem,
} from './prescription-line.ts';
import { linePrice, linePriceProblems, type LinePrice, type PriceField } from './prices.ts';
import { overrideReasonProblems, type PrescriptionWarning } from './safety.ts';

export interface PrescriptionLineInput extends DoseInput {
  /** As typed by the doctor; null keeps what the doses need. */
  dispenseQuantity: number | null;
  /** Cents, from the catalogue item option. */
  unitPrice: number;
  /** The catalog item's tax rate in basis points; null without one. */
  taxRateBasisPoints: number | null;
  precaution: string | null;
  indication: string | null;
  overrideReason: string | null;
}

export type PrescriptionLineField =
  DoseField | PriceField | 'precaution' | 'indication' | 'overrideReason';

export interface ResolvedPrescriptionLine
  extends Omit<DoseArithmetic, 'dispenseQuantity'>, LinePrice {
  /** What the doses need (null for PRN). */
  neededQuantity: number | null;
  /** What is dispensed and priced. */
  dispenseQuantity: number;
  overrideReason: string | null;
}

export type PrescriptionLineResult =
  | { ok: true; value: ResolvedPrescriptionLine }
  | { ok: false; problems: PrescriptionProblem<PrescriptionLineField>[] };

/** The problems of the dispensing quantity against what the doses need. */
export function dispenseQuantityProblems(
  given: number | null,
  needed: number | null,
  prescriptMode: number,
): PrescriptionProblem<'dispenseQuantity'>[] {
  if (given === null) {
    return needed === null ? [{ field: 'dispenseQuantity', key: 'dispenseQuantityRequired' }] : [];
  }
  if (!Number.isSafeInteger(given) || given < 1) {
    return [{ field: 'dispenseQuantity', key: 'dispenseQuantityWhole' }];
  }
  if (given > MAX_DISPENSE_QUANTITY) {
    return [{ field: 'dispenseQuantity', key: 'dispenseQuantityTooLarge' }];
  }
  if (prescriptMode === STRENGTH_MODE && needed !== null && given < needed) {
    return [{ field: 'dispenseQuantity', key: 'dispenseQuantityBelowDose' }];
  }
  return [];
}

/**
 * A line's quantities and price from what the editor sends, the catalog item's pack and
 * the warnings the safety checks found for it; every problem by field otherwise.
 */
export function resolvePrescriptionLine(
  input: PrescriptionLineInput,
  pack: DrugPack,
  warnings: readonly PrescriptionWarning[],
  frequencies: readonly MedicationFrequency[] = MEDICATION_FREQUENCIES,
): PrescriptionLineResult {
  const problems: PrescriptionProblem<PrescriptionLineField>[] = [];
  const dose = doseArithmetic(input, pack, frequencies);
  if (!dose.ok) problems.push(...dose.problems);
  const needed = dose.ok ? dose.value.dispenseQuantity : null;
  if (dose.ok || input.dispenseQuantity !== null) {
    problems.push(...dispenseQuantityProblems(input.dispenseQuantity, needed, input.prescriptMode));
  }
  const quantity = input.dispenseQuantity ?? needed;
  const priceInput = {
    unitPrice: input.unitPrice,
    dispenseQuantity: quantity ?? 1,
    taxRateBasisPoints: input.taxRateBasisPoints,
  };
  // The quantity's own problems are the dose rules'; the price rules add the rest.
  problems.push(...linePriceProblems(priceInput).filter((p) => p.field !== 'dispenseQuantity'));
  for (const field of ['precaution', 'indication'] as const) {
    if ((input[field] ?? '').length > PRESCRIPTION_TEXT_MAX)
      problems.push({ field, key: 'textTooLong' });
  }
  problems.push(...overrideReasonProblems(warnings, input.overrideReason));
  if (!dose.ok || problems.length > 0 || quantity === null) return { ok: false, problems };

  const { prescriptMode, consumeQuantity, frequency, administrations, duration, cycle } =
    dose.value;
  const reason = input.overrideReason?.trim() ?? '';
  return {
    ok: true,
    value: {
      prescriptMode,
      consumeQuantity,
      frequency,
      administrations,
      duration,
      cycle,
      durationDays: dose.value.durationDays,
      endDate: dose.value.endDate,
      ...linePrice({ ...priceInput, dispenseQuantity: quantity }),
      neededQuantity: needed,
      dispenseQuantity: quantity,
      overrideReason: reason === '' ? null : reason,
    },
  };
}
