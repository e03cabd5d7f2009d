/**
 * Catalogs and prescription settings (doc 1 sections 2.4, 2.5, 7 `catalogs/options`; doc 2
 * section 7; doc 3 sections 2.2, 3.6). Zod-free: the web reads these without the schemas.
 */

/** Catalog categories (doc 1 section 7): the `typeEnum` of `GET /catalogs/options`. */
export const CATALOG_TYPES = ['Med', 'Service', 'Vaccine', 'Investigation', 'Combo'] as const;
export type CatalogType = (typeof CATALOG_TYPES)[number];

/** Types that are dispensed from stock: they carry strength, units and default dosing. */
export const DISPENSED_TYPES: readonly CatalogType[] = ['Med', 'Vaccine'];

/** Where an item is bought (doc 1 section 7: Maf, Private, plus Alps when the HSG flag is on). */
export const PROCUREMENTS = ['Maf', 'Private', 'Alps'] as const;
export type Procurement = (typeof PROCUREMENTS)[number];

/**
 * The prescription settings lists and the `type` that names each in
 * `GET /prescriptions/settings/options?type=` (doc 2 section 7).
 */
export const PRESCRIPTION_SETTING_LISTS = {
  cm: 'consumeMethod',
  um: 'unitMeasurement',
  frequency: 'frequency',
  indication: 'indication',
  precaution: 'precaution',
} as const;
export type PrescriptionSettingType = keyof typeof PRESCRIPTION_SETTING_LISTS;
export type PrescriptionSettingList = (typeof PRESCRIPTION_SETTING_LISTS)[PrescriptionSettingType];
export const PRESCRIPTION_SETTING_LIST_NAMES = Object.values(
  PRESCRIPTION_SETTING_LISTS,
) as PrescriptionSettingList[];

/** Largest price or cost in cents (S$ 1,000,000.00). */
export const CATALOG_PRICE_MAX_CENTS = 100_000_000;
/** Tax in basis points: 900 is Singapore's 9% GST. */
export const CATALOG_TAX_MAX_BASIS_POINTS = 10_000;
export const CATALOG_PAGE_SIZE = 20;
export const CATALOG_PAGE_SIZE_MAX = 200;
export const CATALOG_OPTIONS_LIMIT = 50;
export const COMBO_COMPONENTS_MAX = 50;
export const UPC_CODES_MAX = 10;
/** A combo's item appears once, 1 to 1000 of it. */
export const COMBO_QUANTITY_MAX = 1000;

export const CATALOG_MESSAGES = {
  notFound: 'This catalog item does not exist.',
  codeTaken: 'Another catalog item already has this code.',
  typeFixed: 'The type of a catalog item cannot be changed.',
  unitUnknown: 'Please choose a unit from the unit of measurement list.',
  consumeMethodUnknown: 'Please choose a consume method from the list.',
  frequencyUnknown: 'Please choose a frequency from the list.',
  dispensingUnitRequired: 'Dispensing unit is required for medications and vaccines.',
  strengthIncomplete: 'Strength and its unit go together: give both or neither.',
  doseIncomplete: 'Default dose and its unit go together: give both or neither.',
  onlyDispensed: 'Only medications and vaccines have strength, units and dosing.',
  componentsRequired: 'A combo item needs at least one item.',
  componentsOnlyCombo: 'Only a combo item has items.',
  componentUnknown: 'An item of this combo is not in the catalog.',
  componentIsCombo: 'A combo item cannot contain another combo item.',
  componentTwice: 'An item appears twice in this combo.',
  inCombo: 'This item is part of a combo item; remove it from the combo first.',
  upcTaken: 'This barcode is already given to another catalog item.',
  upcTwice: 'A barcode appears twice.',
  whitelistUnknown: 'This whitelist drug does not exist.',
  whitelistOnlyMedication: 'Only a medication can be mapped to a whitelist drug.',
  settingNotFound: 'This entry does not exist.',
  settingCodeTaken: 'This list already has an entry with this code.',
  settingReadOnly: 'This entry comes with the product and cannot be changed.',
  settingCycleOnlyFrequency: 'Only a frequency has doses per cycle and cycle days.',
  settingCycleIncomplete: 'Doses per cycle and cycle days go together: give both or neither.',
  whitelistNotFound: 'This whitelist drug does not exist.',
  whitelistCodeTaken: 'Another whitelist drug already has this code.',
  whitelistInUse: 'A catalog item is mapped to this whitelist drug; change its mapping first.',
  inVaccinePlan: 'This vaccine is used by a vaccine plan; delete or change the plan first.',
  planNotFound: 'This vaccine plan does not exist.',
  planNameTaken: 'Another vaccine plan already has this name.',
  planItemUnknown: 'The vaccine of this plan is not in the catalog.',
  planItemNotVaccine: 'A vaccine plan is for a vaccine item of the catalog.',
  planFirstDoseInterval:
    'The first dose starts the plan: it has no interval after a previous dose.',
  planDoseTimingRequired: 'Give each later dose an interval after the previous dose or an age.',
  planDoseTimingTwice: 'Give a dose an interval or an age, not both.',
  planIntervalIncomplete: 'An interval and its unit go together: give both or neither.',
  planAgesOutOfOrder: 'A dose given by age must come at a later age than the doses before it.',
} as const;

/** A combo's items as the form holds them: the quantity, and each item's price. */
export interface ComboLine {
  quantity: number;
  sellingPriceCents: number;
}

/** What a combo's items cost one by one (for reference beside the combo's own price). */
export function comboItemsTotalCents(lines: readonly ComboLine[]): number {
  return lines.reduce((total, line) => total + line.quantity * line.sellingPriceCents, 0);
}

// --- Vaccine plans ------------------------------------------------------------------

export const VACCINE_PLAN_DOSES_MAX = 20;
export const VACCINE_PLAN_INTERVAL_MAX = 1000;
/** Ages are up to 100 years, in months. */
export const VACCINE_PLAN_AGE_MONTHS_MAX = 1200;

/** When a dose of a plan is due: after the previous dose, or at an age (none: the start). */
export interface VaccineDoseTiming {
  intervalValue: number | null;
  /** A cycle unit of the prescriptions (`CYCLE_UNITS`): day, week, month, year. */
  intervalUnit: string | null;
  ageMonths: number | null;
}

export type VaccinePlanMessage =
  | 'planFirstDoseInterval'
  | 'planDoseTimingRequired'
  | 'planDoseTimingTwice'
  | 'planIntervalIncomplete'
  | 'planAgesOutOfOrder';

/** A broken rule of a plan's doses: which dose (from 0), which field, which message. */
export interface VaccineDoseProblem {
  index: number;
  field: keyof VaccineDoseTiming;
  message: VaccinePlanMessage;
}

/**
 * The rules between a plan's dose fields, in order (server and form word them alike):
 * an interval comes with its unit; the first dose starts the plan (no interval; an age
 * allowed); each later dose has an interval or an age, not both; ages only go up.
 */
export function vaccineDoseProblems(doses: readonly VaccineDoseTiming[]): VaccineDoseProblem[] {
  const problems: VaccineDoseProblem[] = [];
  let lastAge = -1;
  doses.forEach((dose, index) => {
    const hasInterval = dose.intervalValue !== null || dose.intervalUnit !== null;
    if (hasInterval && (dose.intervalValue === null || dose.intervalUnit === null)) {
      const field = dose.intervalValue === null ? 'intervalValue' : 'intervalUnit';
      problems.push({ index, field, message: 'planIntervalIncomplete' });
    } else if (index === 0 && hasInterval) {
      problems.push({ index, field: 'intervalValue', message: 'planFirstDoseInterval' });
    } else if (index > 0 && hasInterval && dose.ageMonths !== null) {
      problems.push({ index, field: 'ageMonths', message: 'planDoseTimingTwice' });
    } else if (index > 0 && !hasInterval && dose.ageMonths === null) {
      problems.push({ index, field: 'intervalValue', message: 'planDoseTimingRequired' });
    }
    if (dose.ageMonths !== null) {
      if (dose.ageMonths <= lastAge) {
        problems.push({ index, field: 'ageMonths', message: 'planAgesOutOfOrder' });
      }
      lastAge = Math.max(lastAge, dose.ageMonths);
    }
  });
  return problems;
}
