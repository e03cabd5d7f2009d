/**
 * A prescription line (doc 2 sections 2.10 and 3 'Prescription line'), the medication line
 * a referral carries (doc 2 section 3 'Medication line (in referral)') and the catalogue
 * item option (doc 2 section 3), with the words of their rules. The spec's field names are
 * kept as written; the fields it does not name (the catalog item, the duration and its
 * cycle, the override reason) are ours and say so.
 */

/** Doc 2 section 3: prescriptMode 0 strength, 1 customize. */
export const PRESCRIPT_MODES = [
  { code: 0, name: 'Strength' },
  { code: 1, name: 'Customise' },
] as const;
export type PrescriptMode = (typeof PRESCRIPT_MODES)[number]['code'];
/** The doctor gives the dose in the drug's strength unit (1000 mg of a 500 mg tablet). */
export const STRENGTH_MODE: PrescriptMode = 0;
/** The doctor gives the quantity taken each time in the consume unit (2 tablets, 5 ml). */
export const CUSTOMISE_MODE: PrescriptMode = 1;

/** Doc 2 section 9: prescription cycle units (the duration is shown in days). */
export const CYCLE_UNITS = ['year', 'month', 'week', 'day'] as const;
export type CycleUnit = (typeof CYCLE_UNITS)[number];

/** Ours: a dose, a strength or a quantity taken may have this many decimals (0.125 tablet). */
export const DOSE_DECIMALS = 3;
export const MAX_DOSE = 100_000;
export const MAX_CONSUME_QUANTITY = 10_000;
/** Ours: the longest supply one line dispenses (a year, leap or not). */
export const MAX_DURATION_DAYS = 366;
/** Ours: the most dispensing units one line may hand out. */
export const MAX_DISPENSE_QUANTITY = 100_000;
/** Ours: a frequency is at most this many times in its cycle (every hour of a day). */
export const MAX_TIMES_PER_CYCLE = 24;
export const OVERRIDE_REASON_MAX = 500;
export const PRESCRIPTION_TEXT_MAX = 500;

/**
 * Doc 2 section 3 'Prescription line', every field as the spec names it, with ours after.
 * Prices are integer cents; dates 'YYYY-MM-DD'; units and methods are codes of the
 * prescription settings lists (doc 2 section 7 `/prescriptions/settings/options`).
 */
export interface PrescriptionLine {
  startDate: string;
  /** Derived: the last day of the supply (start date plus the duration, less one day). */
  endDate: string;
  prescriptMode: PrescriptMode;
  /** Strength mode: the dose each time, in `strengthUm` (null in customise mode). */
  doseNum: number | null;
  strengthUm: string | null;
  consumeUm: string;
  consumeMethod: string;
  /** What the patient takes each time, in `consumeUm` (derived in strength mode). */
  consumeQuantity: number;
  /** A code of the frequency list. */
  frequency: string;
  /** Whole dispensing units. */
  dispenseQuantity: number;
  dispenseUm: string;
  /** Cents, from the catalogue item option's price. */
  unitPrice: number;
  /** Cents: unitPrice x dispenseQuantity. */
  totalPrice: number;
  precaution: string | null;
  indication: string | null;
  // Ours, where the spec is silent.
  /** The catalogue item prescribed (its option's id, code and name). */
  catalogItemId: string;
  code: string;
  name: string;
  /** How many cycle units the supply lasts (2 with cycle 'week' is two weeks). */
  duration: number;
  cycle: CycleUnit;
  /** Derived: the supply in days (doc 2 section 9 'duration shown in days'). */
  durationDays: number;
  /** Cents of tax on totalPrice, at the catalog item's rate (0 without one). */
  taxAmount: number;
  /** Why the doctor prescribed through an allergy or duplicate warning (null without one). */
  overrideReason: string | null;
}

/** Doc 2 section 3 'Medication line (in referral)'. */
export interface ReferralMedicationLine {
  code: string;
  name: string;
  dispenseQty: number;
  um: string;
  consumeMethod: string;
  consumeQty: number;
  consumeUM: string;
  frequency: string;
}

/** The medication line a referral letter lists for a prescription line. */
export function referralMedicationLine(
  line: Pick<
    PrescriptionLine,
    | 'code'
    | 'name'
    | 'dispenseQuantity'
    | 'dispenseUm'
    | 'consumeMethod'
    | 'consumeQuantity'
    | 'consumeUm'
    | 'frequency'
  >,
): ReferralMedicationLine {
  return {
    code: line.code,
    name: line.name,
    dispenseQty: line.dispenseQuantity,
    um: line.dispenseUm,
    consumeMethod: line.consumeMethod,
    consumeQty: line.consumeQuantity,
    consumeUM: line.consumeUm,
    frequency: line.frequency,
  };
}

/** Doc 2 section 3 'Catalogue item option': when loaded, unitPrice is the option's price. */
export interface CatalogueItemOption {
  id: string;
  code: string;
  name: string;
  /** Cents. */
  price: number;
}

export function unitPriceOfOption(option: CatalogueItemOption): number {
  return option.price;
}

/**
 * The words of the prescription rules. The spec names none for prescriptions (doc 2
 * section 5 is silent), so these are ours, in the style of the other forms' rules.
 */
export const PRESCRIPTION_MESSAGES = {
  startDateRequired: 'Start date is required',
  dateInvalid: 'The start date is not a valid date.',
  endBeforeStart: 'The end date cannot be before the start date.',
  prescriptModeInvalid: 'Please choose strength or customise.',
  strengthUnknown:
    'This item has no strength in the catalog: please prescribe it in customise mode.',
  doseRequired: 'Dose is required',
  doseRange: `The dose must be greater than 0 and at most ${MAX_DOSE}.`,
  doseTooSmall: 'The dose is less than a thousandth of a unit of this item.',
  doseDecimals: `The dose may have at most ${DOSE_DECIMALS} decimals.`,
  consumeQuantityRequired: 'Quantity per time is required',
  consumeQuantityRange: `The quantity per time must be greater than 0 and at most ${MAX_CONSUME_QUANTITY}.`,
  consumeQuantityDecimals: `The quantity per time may have at most ${DOSE_DECIMALS} decimals.`,
  frequencyRequired: 'Frequency is required',
  frequencyUnknown: 'Please choose a frequency of the prescription settings.',
  durationRequired: 'Duration is required',
  durationWhole: 'The duration must be a whole number greater than 0.',
  durationTooLong: `A line may supply at most ${MAX_DURATION_DAYS} days.`,
  cycleRequired: 'Please choose day, week, month or year.',
  packInvalid: 'This item has no valid dispensing unit in the catalog.',
  dispenseQuantityRequired: 'Dispensing quantity is required',
  dispenseQuantityWhole: 'The dispensing quantity must be a whole number greater than 0.',
  dispenseQuantityTooLarge: `A line may dispense at most ${MAX_DISPENSE_QUANTITY} units.`,
  dispenseQuantityBelowDose:
    'The dispensing quantity is less than the dose needs: raise it, or prescribe in customise mode.',
  unitPriceInvalid: 'The unit price must be a whole number of cents, 0 or more.',
  unitPriceTooLarge: 'The unit price is too large.',
  taxRateInvalid: 'The tax rate must be from 0 to 100 percent, with at most 2 decimals.',
  textTooLong: `At most ${PRESCRIPTION_TEXT_MAX} characters.`,
  overrideReasonRequired:
    'This line has a warning: please give the reason for prescribing it anyway.',
  overrideReasonTooLong: `The reason may have at most ${OVERRIDE_REASON_MAX} characters.`,
} as const;
export type PrescriptionMessageKey = keyof typeof PRESCRIPTION_MESSAGES;

/** A problem of one field, by the key of its message (as the vitals rules do). */
export interface PrescriptionProblem<F extends string = string> {
  field: F;
  key: PrescriptionMessageKey;
}
