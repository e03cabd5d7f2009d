/**
 * Visit facts, physical readings and the consultation note (doc 2 sections 2.2, 2.3, 3,
 * 4.2 and 5 'Visit facts'): code lists, the derived values (BMI, BSA) and the rules, as
 * pure functions without zod, so the web's forms and the server apply the same ones.
 */

/** Smoking status (doc 2 section 3). Only ss03 (current smoker) keeps the smoking details. */
export const SMOKING_STATUSES = [
  { code: 'ss01', name: 'Never Smoker' },
  { code: 'ss02', name: 'Ex-Smoker' },
  { code: 'ss03', name: 'Current Smoker' },
] as const;
export type SmokingStatus = (typeof SMOKING_STATUSES)[number]['code'];
export const CURRENT_SMOKER: SmokingStatus = 'ss03';

export const FAGERSTROM_SCORES = [
  { code: 'fts01', name: '0-2 very low' },
  { code: 'fts02', name: '3-4 low' },
  { code: 'fts03', name: '5-7 moderate-high' },
  { code: 'fts04', name: '8-10 very high' },
] as const;
export type FagerstromScore = (typeof FAGERSTROM_SCORES)[number]['code'];

/** Stage of change; the spec labels both sc004 and sc005 'Action'. */
export const STAGES_OF_CHANGE = [
  { code: 'sc001', name: 'Pre-contemplation' },
  { code: 'sc002', name: 'Contemplation' },
  { code: 'sc003', name: 'Preparation' },
  { code: 'sc004', name: 'Action' },
  { code: 'sc005', name: 'Action' },
] as const;
export type StageOfChange = (typeof STAGES_OF_CHANGE)[number]['code'];

export const SMOKING_STATUS_CODES = SMOKING_STATUSES.map((s) => s.code) as [
  SmokingStatus,
  ...SmokingStatus[],
];
export const FAGERSTROM_CODES = FAGERSTROM_SCORES.map((s) => s.code) as [
  FagerstromScore,
  ...FagerstromScore[],
];
export const STAGE_OF_CHANGE_CODES = STAGES_OF_CHANGE.map((s) => s.code) as [
  StageOfChange,
  ...StageOfChange[],
];

function nameOf(list: readonly { code: string; name: string }[], code: string | null) {
  return code === null ? null : (list.find((item) => item.code === code)?.name ?? null);
}
export const smokingStatusName = (code: string | null) => nameOf(SMOKING_STATUSES, code);
export const fagerstromName = (code: string | null) => nameOf(FAGERSTROM_SCORES, code);
export const stageOfChangeName = (code: string | null) => nameOf(STAGES_OF_CHANGE, code);

/** Limits of the free texts. */
export const SMOKING_REMARK_MAX = 500;
export const CONSULT_NOTE_SECTION_MAX = 20_000;
/** A reading may be timed this far past the server's clock (clocks drift). */
export const READING_TIME_SKEW_SECONDS = 300;

/**
 * The rules' words: the spec's where it has them ('Height range ...', the form's failed
 * validation message, the other branch), ours where it is silent.
 */
export const VITALS_MESSAGES = {
  factsExist: 'This visit already has its facts. Please reload them and save again.',
  factsMissing: 'This visit has no facts yet. Please reload and save again.',
  patientMismatch: 'This patient is not the patient of the visit.',
  heightRequired: 'Height is required.',
  heightRange: 'Height range is greater than 0 and less than 3',
  heightDecimals: 'Height may have at most 2 decimals.',
  weightRequired: 'Weight is required.',
  weightRange: 'Weight must be greater than 0 and at most 500 kg.',
  weightDecimals: 'Weight may have at most 2 decimals.',
  waistRequired: 'Waist is required.',
  waistRange: 'Waist must be greater than 0 and at most 300 cm.',
  waistDecimals: 'Waist may have at most 2 decimals.',
  assessmentDateFuture: 'Smoking assessment date cannot be in the future.',
  yearStartedRange: 'The year started smoking must be between 1900 and this year.',
  sticksRange: 'Sticks per day must be a whole number from 0 to 200.',
  readingNotFound: 'This reading does not exist.',
  readingEmpty: 'Please fill in at least one reading.',
  readingTimeFuture: 'The reading time cannot be in the future.',
  systolicRange: 'Systolic must be a whole number from 40 to 300 mmHg.',
  diastolicRange: 'Diastolic must be a whole number from 20 to 200 mmHg.',
  diastolicAboveSystolic: 'Diastolic must be lower than systolic.',
  pulseRange: 'Pulse must be a whole number from 20 to 300 per minute.',
  glucoseRange: 'Glucose must be from 0.5 to 50 mmol/L, with at most 2 decimals.',
  temperatureRange: 'Temperature must be from 30 to 45 °C, with at most 2 decimals.',
  readingHeightRange:
    'Height must be greater than 0 and less than 300 cm, with at most 2 decimals.',
  readingWeightRange: 'Weight must be greater than 0 and at most 500 kg, with at most 2 decimals.',
  noteTooLong: `A note section may have at most ${CONSULT_NOTE_SECTION_MAX} characters.`,
} as const;
export type VitalsMessageKey = keyof typeof VITALS_MESSAGES;

/** The visit facts panel's words when the form does not pass (doc 2 section 5). */
export const VISIT_FACTS_CHECK_MESSAGE =
  'Please check whether the information you filled in is correct.';
/** The readings editor's words when a save fails (doc 2 section 8). */
export const READING_SAVE_FAILED = 'Something wrong, please try again';

/** A problem of one field, by the key of its message. */
export interface VitalsProblem<F extends string = string> {
  field: F;
  key: VitalsMessageKey;
}

/** Rounded half away from zero to 2 decimals, without binary drift (1.005 -> 1.01). */
export function round2(value: number): number {
  return (Math.sign(value) * Math.round(Number(`${Math.abs(value)}e2`))) / 100;
}

/** Whether a number has at most 2 decimals (as a person types it: 1.10 yes, 1.105 no). */
export function hasAtMost2Decimals(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  return Math.abs(Number(`${value}e2`) - Math.round(Number(`${value}e2`))) < 1e-6;
}

/** BMI = weight (kg) / height (m) squared, to 2 decimals; null without both. */
export function bodyMassIndex(heightM: number | null, weightKg: number | null): number | null {
  if (heightM === null || weightKg === null || !(heightM > 0) || !(weightKg > 0)) return null;
  return round2(weightKg / (heightM * heightM));
}

/** BSA (Mosteller) = sqrt(height (cm) x weight (kg) / 3600) in m², to 2 decimals. */
export function bodySurfaceArea(heightCm: number | null, weightKg: number | null): number | null {
  if (heightCm === null || weightKg === null || !(heightCm > 0) || !(weightKg > 0)) return null;
  return round2(Math.sqrt((heightCm * weightKg) / 3600));
}

/** What a visit's facts hold, as the form and the request carry them. */
export interface VisitFactsInput {
  height: number | null;
  weight: number | null;
  waist: number | null;
  weightNotFeasible: boolean;
  smokingStatus: SmokingStatus | null;
  yearStartedSmoking: number | null;
  numberSticksPerday: number | null;
  fagerstromTestScore: FagerstromScore | null;
  stageOfChange: StageOfChange | null;
  /** 'YYYY-MM-DD'. */
  smokingAssessmentDate: string | null;
  smokingAssessmentRemark: string | null;
}

/**
 * Doc 2 section 4.2: status ss03 keeps the smoking details; any other status clears them
 * and sets sticks per day to 0.
 */
export function withSmokingRule<T extends VisitFactsInput>(facts: T): T {
  if (facts.smokingStatus === CURRENT_SMOKER) return facts;
  return {
    ...facts,
    yearStartedSmoking: null,
    numberSticksPerday: 0,
    fagerstromTestScore: null,
    stageOfChange: null,
    smokingAssessmentDate: null,
    smokingAssessmentRemark: null,
  };
}

type FactsField =
  | 'height'
  | 'weight'
  | 'waist'
  | 'yearStartedSmoking'
  | 'numberSticksPerday'
  | 'smokingAssessmentDate';

/**
 * The rules of doc 2 section 5 'Visit facts' (and ours for what it leaves open), after the
 * smoking rule: `today` is the clinic's date 'YYYY-MM-DD'. Weight is not required when the
 * weight is marked not feasible (the patient cannot be weighed).
 */
export function visitFactsProblems(
  input: VisitFactsInput,
  today: string,
): VitalsProblem<FactsField>[] {
  const facts = withSmokingRule(input);
  const problems: VitalsProblem<FactsField>[] = [];
  const { height, weight, waist } = facts;
  if (height === null) problems.push({ field: 'height', key: 'heightRequired' });
  else if (!(height > 0 && height < 3)) problems.push({ field: 'height', key: 'heightRange' });
  else if (!hasAtMost2Decimals(height)) problems.push({ field: 'height', key: 'heightDecimals' });
  if (weight === null) {
    if (!facts.weightNotFeasible) problems.push({ field: 'weight', key: 'weightRequired' });
  } else if (!(weight > 0 && weight <= 500)) problems.push({ field: 'weight', key: 'weightRange' });
  else if (!hasAtMost2Decimals(weight)) problems.push({ field: 'weight', key: 'weightDecimals' });
  if (waist === null) problems.push({ field: 'waist', key: 'waistRequired' });
  else if (!(waist > 0 && waist <= 300)) problems.push({ field: 'waist', key: 'waistRange' });
  else if (!hasAtMost2Decimals(waist)) problems.push({ field: 'waist', key: 'waistDecimals' });
  const year = facts.yearStartedSmoking;
  if (
    year !== null &&
    !(Number.isInteger(year) && year >= 1900 && year <= Number(today.slice(0, 4)))
  ) {
    problems.push({ field: 'yearStartedSmoking', key: 'yearStartedRange' });
  }
  const sticks = facts.numberSticksPerday;
  if (sticks !== null && !(Number.isInteger(sticks) && sticks >= 0 && sticks <= 200)) {
    problems.push({ field: 'numberSticksPerday', key: 'sticksRange' });
  }
  if (facts.smokingAssessmentDate !== null && facts.smokingAssessmentDate > today) {
    problems.push({ field: 'smokingAssessmentDate', key: 'assessmentDateFuture' });
  }
  return problems;
}

/** One physical reading as the editor and the request carry it (height in cm). */
export interface ReadingInput {
  /** Unix seconds. */
  readingTime: number;
  systolic: number | null;
  diastolic: number | null;
  pulse: number | null;
  glucose: number | null;
  temperature: number | null;
  height: number | null;
  weight: number | null;
}

type ReadingField = Exclude<keyof ReadingInput, never>;

function inRange(value: number, min: number, max: number, whole: boolean): boolean {
  if (value < min || value > max) return false;
  return whole ? Number.isInteger(value) : hasAtMost2Decimals(value);
}

/**
 * Our ranges for a reading (the spec names none): wide enough for any living patient,
 * narrow enough to catch a slip of the keyboard. `now` in Unix seconds.
 */
export function readingProblems(reading: ReadingInput, now: number): VitalsProblem<ReadingField>[] {
  const problems: VitalsProblem<ReadingField>[] = [];
  const check = (
    field: ReadingField,
    value: number | null,
    ok: (value: number) => boolean,
    key: VitalsMessageKey,
  ) => {
    if (value !== null && !ok(value)) problems.push({ field, key });
  };
  if (reading.readingTime > now + READING_TIME_SKEW_SECONDS) {
    problems.push({ field: 'readingTime', key: 'readingTimeFuture' });
  }
  check('systolic', reading.systolic, (v) => inRange(v, 40, 300, true), 'systolicRange');
  check('diastolic', reading.diastolic, (v) => inRange(v, 20, 200, true), 'diastolicRange');
  check('pulse', reading.pulse, (v) => inRange(v, 20, 300, true), 'pulseRange');
  check('glucose', reading.glucose, (v) => inRange(v, 0.5, 50, false), 'glucoseRange');
  check('temperature', reading.temperature, (v) => inRange(v, 30, 45, false), 'temperatureRange');
  check(
    'height',
    reading.height,
    (v) => v > 0 && v < 300 && hasAtMost2Decimals(v),
    'readingHeightRange',
  );
  check(
    'weight',
    reading.weight,
    (v) => v > 0 && v <= 500 && hasAtMost2Decimals(v),
    'readingWeightRange',
  );
  if (
    reading.systolic !== null &&
    reading.diastolic !== null &&
    !problems.some((p) => p.field === 'systolic' || p.field === 'diastolic') &&
    reading.diastolic >= reading.systolic
  ) {
    problems.push({ field: 'diastolic', key: 'diastolicAboveSystolic' });
  }
  const values = [
    reading.systolic,
    reading.diastolic,
    reading.pulse,
    reading.glucose,
    reading.temperature,
    reading.height,
    reading.weight,
  ];
  if (values.every((value) => value === null)) {
    problems.push({ field: 'systolic', key: 'readingEmpty' });
  }
  return problems;
}
