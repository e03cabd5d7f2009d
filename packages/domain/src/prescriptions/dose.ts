/**
 * Dose arithmetic of a prescription line (doc 2 sections 2.10, 3 and 9): dose x frequency
 * x duration gives the dispensing quantity; the duration is a count of cycle units (year,
 * month, week, day) shown in days.
 *
 * Decisions where the spec is silent (ours):
 * - Durations are calendar arithmetic from the start date: one month from 31 January ends
 *   on 28 (or 29) February, so one month is 28 to 31 days; the end date is the last day
 *   of the supply (the start day counts: 7 days from 25 November end on 1 December).
 * - A regular frequency is `times` every `every` cycle units (TDS 3 every 1 day, EOD 1
 *   every 2 days, weekly 1 every 1 week). The patient takes `times` doses at each period
 *   that starts within the supply: once weekly for 10 days is 2 doses (days 1 and 8).
 *   STAT is one dose whatever the duration; PRN (as needed) has no arithmetic, so the
 *   doctor types the dispensing quantity.
 * - The dispensing quantity is rounded UP to whole dispensing units (the spec names no
 *   rounding): the patient never gets less than the doses need, and never a whole unit
 *   more than that.
 * - Numbers are exact: doses, strengths and quantities have at most DOSE_DECIMALS decimals
 *   and are computed as scaled integers (BigInt), so 3 x 0.1 ml is 0.3 ml, not a drift
 *   that rounds up to one more bottle.
 */
import {
  addMonths,
  epochDay,
  formatIsoDate,
  parseIsoDate,
  type CalendarDate,
} from '../common/dates.ts';
import {
  CUSTOMISE_MODE,
  CYCLE_UNITS,
  DOSE_DECIMALS,
  MAX_CONSUME_QUANTITY,
  MAX_DISPENSE_QUANTITY,
  MAX_DOSE,
  MAX_DURATION_DAYS,
  MAX_TIMES_PER_CYCLE,
  STRENGTH_MODE,
  type CycleUnit,
  type PrescriptMode,
  type PrescriptionProblem,
} from './prescription-line.ts';

/** How often a medicine is taken. */
export type FrequencyRule =
  /** `times` doses every `every` cycle units. */
  | { kind: 'regular'; times: number; every: number; unit: CycleUnit }
  /** One dose, whatever the duration (STAT). */
  | { kind: 'once' }
  /** As needed (PRN): no arithmetic; the doctor types the quantity. */
  | { kind: 'asNeeded' };

/** An entry of the frequency list (inventory/frequency) with the arithmetic it stands for. */
export interface MedicationFrequency {
  code: string;
  name: string;
  rule: FrequencyRule;
}

const regular = (code: string, name: string, times: number, unit: CycleUnit, every = 1) => ({
  code,
  name,
  rule: { kind: 'regular', times, every, unit } as const,
});

/**
 * The usual frequencies of a GP prescription (ours: the spec names the list, not its
 * entries): what a seeded frequency list holds, with the arithmetic of each code.
 */
export const MEDICATION_FREQUENCIES: readonly MedicationFrequency[] = [
  regular('OD', 'Once a day', 1, 'day'),
  regular('OM', 'Every morning', 1, 'day'),
  regular('ON', 'Every night', 1, 'day'),
  regular('BD', 'Twice a day', 2, 'day'),
  regular('TDS', 'Three times a day', 3, 'day'),
  regular('QID', 'Four times a day', 4, 'day'),
  regular('Q4H', 'Every 4 hours', 6, 'day'),
  regular('Q6H', 'Every 6 hours', 4, 'day'),
  regular('Q8H', 'Every 8 hours', 3, 'day'),
  regular('Q12H', 'Every 12 hours', 2, 'day'),
  regular('EOD', 'Every other day', 1, 'day', 2),
  regular('QW', 'Once a week', 1, 'week'),
  regular('BIW', 'Twice a week', 2, 'week'),
  regular('QM', 'Once a month', 1, 'month'),
  { code: 'STAT', name: 'Immediately, once', rule: { kind: 'once' } },
  { code: 'PRN', name: 'When needed', rule: { kind: 'asNeeded' } },
];

/** The frequency of a code in a list (any case), or undefined. */
export function medicationFrequencyOf(
  code: string,
  list: readonly MedicationFrequency[] = MEDICATION_FREQUENCIES,
): MedicationFrequency | undefined {
  const wanted = code.trim().toUpperCase();
  return list.find((frequency) => frequency.code.toUpperCase() === wanted);
}

/** Whether a rule can be computed with (whole times 1..24, whole every >= 1, a unit). */
export function isValidFrequencyRule(rule: FrequencyRule): boolean {
  if (rule.kind !== 'regular') return true;
  return (
    Number.isInteger(rule.times) &&
    rule.times >= 1 &&
    rule.times <= MAX_TIMES_PER_CYCLE &&
    Number.isInteger(rule.every) &&
    rule.every >= 1 &&
    rule.every <= MAX_DURATION_DAYS &&
    (CYCLE_UNITS as readonly string[]).includes(rule.unit)
  );
}

function dateOfEpochDay(day: number): CalendarDate {
  const date = new Date(day * 86_400_000);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** The date `count` cycle units after `date` (calendar months and years, clamped). */
function addCycles(date: CalendarDate, count: number, unit: CycleUnit): CalendarDate {
  switch (unit) {
    case 'day':
      return dateOfEpochDay(epochDay(date) + count);
    case 'week':
      return dateOfEpochDay(epochDay(date) + 7 * count);
    case 'month':
      return addMonths(date, count);
    case 'year':
      return addMonths(date, 12 * count);
  }
}

/**
 * The days a supply of `duration` cycle units lasts from `startDate` (doc 2 section 9
 * 'duration shown in days'); null when the start date is not a date or the duration not a
 * whole number above 0.
 */
export function supplyDays(startDate: string, duration: number, cycle: CycleUnit): number | null {
  const start = parseIsoDate(startDate);
  if (start === null || !Number.isSafeInteger(duration) || duration < 1) return null;
  // Bounded so the calendar arithmetic stays within years Date can write.
  if (duration > MAX_DURATION_DAYS) return null;
  return epochDay(addCycles(start, duration, cycle)) - epochDay(start);
}

/** The last day of a supply of `days` days from `startDate` (the start day counts). */
export function supplyEndDate(startDate: string, days: number): string {
  const start = parseIsoDate(startDate);
  if (start === null) throw new RangeError(`Not a date: ${startDate}`);
  return formatIsoDate(dateOfEpochDay(epochDay(start) + days - 1));
}

/**
 * The duration when the doctor sets the end date instead: whole days, both dates counted
 * (the same day is 1); null when a date is not a date or the end is before the start.
 */
export function durationOfDates(
  startDate: string,
  endDate: string,
): { duration: number; cycle: 'day' } | null {
  const start = parseIsoDate(startDate);
  const end = parseIsoDate(endDate);
  if (start === null || end === null) return null;
  const days = epochDay(end) - epochDay(start) + 1;
  return days >= 1 ? { duration: days, cycle: 'day' } : null;
}

/**
 * How many doses a frequency gives over `days` days from `startDate`: `times` at each
 * period starting within the supply; 1 for STAT; null for PRN.
 */
export function administrations(
  rule: FrequencyRule,
  startDate: string,
  days: number,
): number | null {
  if (rule.kind === 'once') return 1;
  if (rule.kind === 'asNeeded') return null;
  const start = parseIsoDate(startDate);
  if (start === null) throw new RangeError(`Not a date: ${startDate}`);
  let periods: number;
  if (rule.unit === 'day' || rule.unit === 'week') {
    const periodDays = rule.every * (rule.unit === 'week' ? 7 : 1);
    periods = Math.ceil(days / periodDays);
  } else {
    const end = epochDay(start) + days;
    periods = 0;
    while (epochDay(addCycles(start, periods * rule.every, rule.unit)) < end) periods += 1;
  }
  return rule.times * periods;
}

const SCALE = 10n ** BigInt(DOSE_DECIMALS);

/**
 * A number of at most DOSE_DECIMALS decimals as an integer of thousandths (1.5 -> 1500n);
 * null for anything else (NaN, infinities, 0.0001).
 */
export function scaledDecimal(value: number): bigint | null {
  if (!Number.isFinite(value)) return null;
  const shifted = Number(`${value}e${DOSE_DECIMALS}`);
  if (!Number.isFinite(shifted)) return null;
  const whole = Math.round(shifted);
  if (Math.abs(shifted - whole) > 1e-6 || !Number.isSafeInteger(whole)) return null;
  return BigInt(whole);
}

function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  return (numerator + denominator - 1n) / denominator;
}

/** What a catalog item tells the arithmetic (ours: the catalog's fields, as numbers). */
export interface DrugPack {
  /**
   * The amount of the strength unit in ONE consume unit: 500 for a 500 mg tablet taken in
   * tablets; 24 for a 120 mg/5 ml syrup taken in ml. Null when the item has no strength
   * (then only customise mode works).
   */
  strength: number | null;
  /**
   * How many consume units one dispensing unit holds: 1 when the patient takes what is
   * dispensed (tablets dispensed as tablets), 100 for a 100 ml bottle taken in ml, 10 for
   * a strip of 10 tablets.
   */
  consumePerDispenseUnit: number;
}

/** What the dose editor sends (the line's fields the arithmetic reads). */
export interface DoseInput {
  /** A PrescriptMode; any number, as a request may send one. */
  prescriptMode: number;
  /** Strength mode: the dose each time in the strength unit. */
  doseNum: number | null;
  /** Customise mode: the quantity each time in the consume unit. */
  consumeQuantity: number | null;
  /** A code of the frequency list. */
  frequency: string | null;
  /** Cycle units; may be left out for STAT and PRN (one day then). */
  duration: number | null;
  /** A CycleUnit; any text, as a request may send one. */
  cycle: string | null;
  /** 'YYYY-MM-DD' (the editor defaults it to the clinic's today). */
  startDate: string | null;
}

export type DoseField =
  | 'prescriptMode'
  | 'doseNum'
  | 'consumeQuantity'
  | 'frequency'
  | 'duration'
  | 'cycle'
  | 'startDate'
  | 'dispenseQuantity'
  | 'dispenseUm';

export interface DoseArithmetic {
  prescriptMode: PrescriptMode;
  /**
   * The quantity each time in the consume unit: as given in customise mode; dose /
   * strength in strength mode, to DOSE_DECIMALS decimals (the arithmetic uses the exact
   * quotient).
   */
  consumeQuantity: number;
  frequency: MedicationFrequency;
  /** Doses over the supply; null for PRN. */
  administrations: number | null;
  duration: number;
  cycle: CycleUnit;
  durationDays: number;
  endDate: string;
  /** Whole dispensing units the doses need (rounded up); null for PRN (typed instead). */
  dispenseQuantity: number | null;
}

export type DoseResult =
  { ok: true; value: DoseArithmetic } | { ok: false; problems: PrescriptionProblem<DoseField>[] };

/**
 * Dose x frequency x duration -> dispensing quantity, with every problem of the input by
 * field. `frequencies` is the clinic's list (ours by default).
 */
export function doseArithmetic(
  input: DoseInput,
  pack: DrugPack,
  frequencies: readonly MedicationFrequency[] = MEDICATION_FREQUENCIES,
): DoseResult {
  const problems: PrescriptionProblem<DoseField>[] = [];
  const mode = input.prescriptMode;
  if (mode !== STRENGTH_MODE && mode !== CUSTOMISE_MODE) {
    return { ok: false, problems: [{ field: 'prescriptMode', key: 'prescriptModeInvalid' }] };
  }
  const packScaled = scaledDecimal(pack.consumePerDispenseUnit);
  if (packScaled === null || packScaled <= 0n) {
    // The catalog item's dispensing unit holds no consume units: its data is wrong.
    problems.push({ field: 'dispenseUm', key: 'packInvalid' });
  }

  // The quantity each time, in thousandths of a consume unit, as an exact fraction.
  let perDose: { numerator: bigint; denominator: bigint } | null = null;
  if (mode === STRENGTH_MODE) {
    const strength = pack.strength === null ? null : scaledDecimal(pack.strength);
    const dose = input.doseNum;
    const doseScaled = dose === null ? null : scaledDecimal(dose);
    if (strength === null || strength <= 0n) {
      problems.push({ field: 'prescriptMode', key: 'strengthUnknown' });
    }
    if (dose === null) problems.push({ field: 'doseNum', key: 'doseRequired' });
    else if (!(dose > 0 && dose <= MAX_DOSE)) problems.push({ field: 'doseNum', key: 'doseRange' });
    else if (doseScaled === null) problems.push({ field: 'doseNum', key: 'doseDecimals' });
    else if (strength !== null && strength > 0n) {
      perDose = { numerator: doseScaled * SCALE, denominator: strength };
    }
  } else {
    const quantity = input.consumeQuantity;
    const quantityScaled = quantity === null ? null : scaledDecimal(quantity);
    if (quantity === null) {
      problems.push({ field: 'consumeQuantity', key: 'consumeQuantityRequired' });
    } else if (!(quantity > 0 && quantity <= MAX_CONSUME_QUANTITY)) {
      problems.push({ field: 'consumeQuantity', key: 'consumeQuantityRange' });
    } else if (quantityScaled === null) {
      problems.push({ field: 'consumeQuantity', key: 'consumeQuantityDecimals' });
    } else perDose = { numerator: quantityScaled, denominator: 1n };
  }

  const frequencyCode = input.frequency?.trim() ?? '';
  const frequency =
    frequencyCode === '' ? undefined : medicationFrequencyOf(frequencyCode, frequencies);
  if (frequencyCode === '') problems.push({ field: 'frequency', key: 'frequencyRequired' });
  else if (frequency === undefined || !isValidFrequencyRule(frequency.rule)) {
    problems.push({ field: 'frequency', key: 'frequencyUnknown' });
  }

  const startDate = input.startDate;
  if (startDate === null || startDate === '') {
    problems.push({ field: 'startDate', key: 'startDateRequired' });
  } else if (parseIsoDate(startDate) === null) {
    problems.push({ field: 'startDate', key: 'dateInvalid' });
  }

  // STAT and PRN may leave the duration out: one day.
  const optionalDuration = frequency !== undefined && frequency.rule.kind !== 'regular';
  const bareDuration = input.duration === null && (input.cycle === null || input.cycle === '');
  const duration = bareDuration && optionalDuration ? 1 : input.duration;
  const cycle = bareDuration && optionalDuration ? 'day' : input.cycle;
  if (duration === null) problems.push({ field: 'duration', key: 'durationRequired' });
  else if (!Number.isSafeInteger(duration) || duration < 1) {
    problems.push({ field: 'duration', key: 'durationWhole' });
  }
  const cycleUnit = CYCLE_UNITS.find((unit) => unit === cycle);
  if (cycleUnit === undefined) problems.push({ field: 'cycle', key: 'cycleRequired' });

  let days: number | null = null;
  if (
    startDate !== null &&
    parseIsoDate(startDate) !== null &&
    duration !== null &&
    Number.isSafeInteger(duration) &&
    duration >= 1 &&
    cycleUnit !== undefined
  ) {
    days = supplyDays(startDate, duration, cycleUnit);
    if (days === null || days > MAX_DURATION_DAYS) {
      problems.push({ field: 'duration', key: 'durationTooLong' });
    }
  }

  if (
    problems.length > 0 ||
    perDose === null ||
    frequency === undefined ||
    days === null ||
    startDate === null ||
    duration === null ||
    cycleUnit === undefined ||
    packScaled === null
  ) {
    return { ok: false, problems };
  }

  const doses = administrations(frequency.rule, startDate, days);
  // Thousandths of a consume unit each time, exact as numerator / denominator.
  const consumeThousandths =
    (perDose.numerator * 2n + perDose.denominator) / (2n * perDose.denominator);
  if (consumeThousandths === 0n) {
    return { ok: false, problems: [{ field: 'doseNum', key: 'doseTooSmall' }] };
  }
  let dispenseQuantity: number | null = null;
  if (doses !== null) {
    const units = ceilDiv(BigInt(doses) * perDose.numerator, perDose.denominator * packScaled);
    if (units > BigInt(MAX_DISPENSE_QUANTITY)) {
      return {
        ok: false,
        problems: [{ field: 'dispenseQuantity', key: 'dispenseQuantityTooLarge' }],
      };
    }
    dispenseQuantity = Number(units);
  }
  return {
    ok: true,
    value: {
      prescriptMode: mode,
      consumeQuantity: Number(consumeThousandths) / Number(SCALE),
      frequency,
      administrations: doses,
      duration,
      cycle: cycleUnit,
      durationDays: days,
      endDate: supplyEndDate(startDate, days),
      dispenseQuantity,
    },
  };
}
