import {
  CUSTOMISE_MODE,
  PRESCRIPTION_MESSAGES,
  STRENGTH_MODE,
  resolvePrescriptionLine,
  type CatalogOption,
  type CycleUnit,
  type MedicationFrequency,
  type PrescriptMode,
  type PrescriptionCreateBody,
  type PrescriptionLineRecord,
  type ResolvedPrescriptionLine,
} from '@clinic/domain';
import type { FieldErrors } from '../../components/form/field-errors.ts';

/**
 * The prescription line form (doc 2 sections 2.10 and 3 'Prescription line'): its values
 * as the inputs hold them, the defaults a picked catalog item gives, the live quantity and
 * price, and the body sent. The arithmetic is the domain's `resolvePrescriptionLine`, the
 * one the server checks the line with, so the preview is the saved line's.
 */

/** What the editor needs of the catalog item of a line (an option of the picker). */
export type LineItem = Pick<
  CatalogOption,
  | 'id'
  | 'type'
  | 'code'
  | 'name'
  | 'priceCents'
  | 'strength'
  | 'strengthUnit'
  | 'dispensingUnit'
  | 'defaultDose'
  | 'defaultDoseUnit'
  | 'defaultConsumeMethod'
  | 'defaultFrequency'
  | 'defaultDurationDays'
  | 'defaultInstructions'
>;

export type LineFormValues = {
  prescriptMode: PrescriptMode;
  /** Strength mode: the dose in the strength unit; customise mode: the quantity each time. */
  dose: string;
  consumeUm: string | null;
  consumeMethod: string | null;
  frequency: string | null;
  duration: string;
  cycle: CycleUnit;
  /** '' keeps what the doses need. */
  dispenseQuantity: string;
  startDate: string;
  /** The instructions for the patient (the line's `precaution`). */
  precaution: string;
  indication: string;
};

export const EMPTY_LINE: LineFormValues = {
  prescriptMode: CUSTOMISE_MODE,
  dose: '',
  consumeUm: null,
  consumeMethod: null,
  frequency: null,
  duration: '',
  cycle: 'day',
  dispenseQuantity: '',
  startDate: '',
  precaution: '',
  indication: '',
};

/** A combo is prescribed as its items' lines, from their defaults: it has no fields. */
export function isCombo(item: Pick<LineItem, 'type'>): boolean {
  return item.type === 'Combo';
}

/** Whether the item can be prescribed by its strength (it has one). */
export function hasStrength(item: Pick<LineItem, 'strength'>): boolean {
  return item.strength !== null && item.strength > 0;
}

const text = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/**
 * Whether the item is taken in another unit than it is dispensed in (5 ml of a bottle of
 * syrup): the catalog keeps no pack size, so the doses cannot say how many to dispense.
 */
export function isPack(item: LineItem): boolean {
  const taken = item.defaultDoseUnit ?? item.dispensingUnit;
  return taken !== null && item.dispensingUnit !== null && taken !== item.dispensingUnit;
}

/**
 * The form for a picked item: the catalog's default dose (in its dose unit, so customise
 * mode), consume method, frequency, duration in days and instructions, from `today`. A
 * pack (a bottle of syrup) starts at 1 dispensing unit, which the doctor changes.
 */
export function lineDefaults(item: LineItem, today: string): LineFormValues {
  return {
    ...EMPTY_LINE,
    dose: text(item.defaultDose),
    dispenseQuantity: isPack(item) ? '1' : '',
    consumeUm: item.defaultDoseUnit ?? item.dispensingUnit,
    consumeMethod: item.defaultConsumeMethod,
    frequency: item.defaultFrequency,
    duration: text(item.defaultDurationDays),
    startDate: today,
    precaution: item.defaultInstructions ?? '',
  };
}

/** A number typed into a field: null when empty, NaN when not a number (the rules say so). */
export function typedNumber(value: string): number | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** Rounds to the dose's 3 decimals, for a dose carried from one mode to the other. */
function toDoseText(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

/**
 * The values after switching mode: the dose carried over through the strength (2 tab of a
 * 500 mg tablet is 1000 mg), so the quantity stays what it was; the consume unit becomes
 * the dispensing unit in strength mode (the server's rule).
 */
export function switchMode(
  values: LineFormValues,
  mode: PrescriptMode,
  item: LineItem,
): LineFormValues {
  if (mode === values.prescriptMode) return values;
  const dose = typedNumber(values.dose);
  const strength = item.strength;
  let carried = '';
  if (dose !== null && Number.isFinite(dose) && strength !== null && strength > 0) {
    carried = toDoseText(mode === STRENGTH_MODE ? dose * strength : dose / strength);
  }
  return {
    ...values,
    prescriptMode: mode,
    dose: carried,
    consumeUm: mode === STRENGTH_MODE ? item.dispensingUnit : values.consumeUm,
  };
}

/** The form of a saved line (editing it): the typed quantity only where it is not the doses'. */
export function lineValues(line: PrescriptionLineRecord, needed: number | null): LineFormValues {
  const strength = line.prescriptMode === STRENGTH_MODE;
  return {
    prescriptMode: strength ? STRENGTH_MODE : CUSTOMISE_MODE,
    dose: text(strength ? line.doseNum : line.consumeQuantity),
    consumeUm: line.consumeUm,
    consumeMethod: line.consumeMethod,
    frequency: line.frequency,
    duration: String(line.duration),
    cycle: line.cycle,
    dispenseQuantity: needed === line.dispenseQuantity ? '' : String(line.dispenseQuantity),
    startDate: line.startDate,
    precaution: line.precaution ?? '',
    indication: line.indication ?? '',
  };
}

/** The form's field of each field the rules and the server name. */
const FORM_FIELD: Partial<Record<string, keyof LineFormValues | 'item'>> = {
  prescriptMode: 'prescriptMode',
  doseNum: 'dose',
  consumeQuantity: 'dose',
  consumeUm: 'consumeUm',
  consumeMethod: 'consumeMethod',
  frequency: 'frequency',
  duration: 'duration',
  cycle: 'cycle',
  startDate: 'startDate',
  dispenseQuantity: 'dispenseQuantity',
  dispenseUm: 'dispenseQuantity',
  unitPrice: 'item',
  taxRate: 'item',
  precaution: 'precaution',
  indication: 'indication',
  catalogItemId: 'item',
};

/** Where the form shows a message the rules or the server give for `field`. */
export function formFieldOf(field: string): keyof LineFormValues | 'item' {
  return FORM_FIELD[field] ?? 'item';
}

/** The fields the arithmetic reads, as the server reads the body. */
function lineInput(values: LineFormValues, item: LineItem) {
  const dose = typedNumber(values.dose);
  const strength = values.prescriptMode === STRENGTH_MODE;
  return {
    prescriptMode: values.prescriptMode,
    doseNum: strength ? dose : null,
    consumeQuantity: strength ? null : dose,
    frequency: values.frequency,
    duration: typedNumber(values.duration),
    cycle: values.cycle,
    startDate: values.startDate,
    dispenseQuantity: typedNumber(values.dispenseQuantity),
    unitPrice: item.priceCents,
    // The picker's option carries no tax rate: the preview is before tax.
    taxRateBasisPoints: null,
    precaution: values.precaution.trim() || null,
    indication: values.indication.trim() || null,
    overrideReason: null,
  };
}

export type LineCheck =
  | {
      ok: true;
      line: ResolvedPrescriptionLine;
      body: Omit<PrescriptionCreateBody, 'catalogItemId'>;
    }
  | { ok: false; errors: FieldErrors };

/**
 * Every message of the form at once, or the line it prescribes (quantity and price) and the
 * body to send. The safety warnings are the server's to find (it reads the allergies and
 * the visit's other lines): the form's check sees none.
 */
export function checkLine(
  values: LineFormValues,
  item: LineItem,
  frequencies: readonly MedicationFrequency[],
): LineCheck {
  const input = lineInput(values, item);
  const pack = { strength: item.strength, consumePerDispenseUnit: 1 };
  const result = resolvePrescriptionLine(input, pack, [], frequencies);
  if (!result.ok) {
    const errors: FieldErrors = {};
    for (const { field, key } of result.problems) {
      const at = formFieldOf(field);
      errors[at] ??= PRESCRIPTION_MESSAGES[key];
    }
    return { ok: false, errors };
  }
  return {
    ok: true,
    line: result.value,
    body: {
      startDate: values.startDate || null,
      prescriptMode: values.prescriptMode,
      doseNum: input.doseNum,
      consumeQuantity: input.consumeQuantity,
      consumeUm: values.consumeUm,
      consumeMethod: values.consumeMethod,
      frequency: values.frequency,
      duration: input.duration,
      cycle: values.cycle,
      dispenseQuantity: input.dispenseQuantity,
      precaution: input.precaution,
      indication: input.indication,
      overrideReason: null,
    },
  };
}

/** What the doses need of a saved line, as the form computes it (null for PRN or a problem). */
export function neededQuantity(
  line: PrescriptionLineRecord,
  item: LineItem,
  frequencies: readonly MedicationFrequency[],
): number | null {
  const values = { ...lineValues(line, null), dispenseQuantity: '' };
  const checked = checkLine(values, item, frequencies);
  return checked.ok ? checked.line.neededQuantity : null;
}

/** The body of a combo: its items' defaults are the server's to read. */
export function comboBody(startDate: string): Omit<PrescriptionCreateBody, 'catalogItemId'> {
  return {
    startDate: startDate || null,
    prescriptMode: CUSTOMISE_MODE,
    doseNum: null,
    consumeQuantity: null,
    consumeUm: null,
    consumeMethod: null,
    frequency: null,
    duration: null,
    cycle: null,
    dispenseQuantity: null,
    precaution: null,
    indication: null,
    overrideReason: null,
  };
}

/** An entry typed into the picker that is a barcode (UPC/EAN: 8 to 14 digits). */
export function isBarcode(keyword: string): boolean {
  return /^\d{8,14}$/.test(keyword.trim());
}

/** An entry of a list shown in a picker: its code and its words. */
export interface ListOption {
  value: string;
  label: string;
}

/**
 * The frequencies matching what is typed, best first: the code itself ('TDS'), codes
 * starting with it, then any whose words contain it ('night' finds ON). So typing a code
 * and Tab (or Enter) picks that code, not an entry that merely mentions the letters.
 */
export function rankFrequencies<T extends ListOption>(options: readonly T[], search: string): T[] {
  const typed = search.trim().toLowerCase();
  if (typed === '') return [...options];
  const rank = (option: T) => {
    const code = option.value.toLowerCase();
    if (code === typed) return 0;
    if (code.startsWith(typed)) return 1;
    return option.label.toLowerCase().includes(typed) ? 2 : 3;
  };
  return options
    .map((option) => ({ option, rank: rank(option) }))
    .filter((entry) => entry.rank < 3)
    .sort((a, b) => a.rank - b.rank)
    .map((entry) => entry.option);
}
