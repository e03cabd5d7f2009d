/**
 * Patients as the front desk meets them: the new-patient part of the add-to-queue dialog
 * (doc 1 sections 2.13 and 5), the patient picker and the ID and card number changes.
 *
 * How the create rules are split. Most rules need nothing but the body; they live in the
 * `PatientCreateBody` schema (the route validates with it, the web form with it). Three
 * rules depend on the clinic: whether it has an HCI code (English names; birth time for a
 * newborn) and what day it is there (birth date not in the future; the parents of a
 * patient under 16; the newborn window). They live in `patientCreateProblems(body,
 * context)`, a pure function returning field errors, which the server calls with the
 * tenant's HCI code and the clinic's today, and answers 400 with when it finds any.
 * `patientCreateBodyFor(context)` is the same schema with those rules added, for a form
 * that knows the context: every rule then reports at once, in one list.
 *
 * Cross-field rules run even when another field is wrong (zod's `when`), so a caller
 * learns every bad field in one answer. The parsed body is normalized: the ID number is
 * null for ID type NA, and in capitals without spaces for the checksum types; the card
 * number is null unless the prefix is 'Custom' (other prefixes are numbered by the
 * server); blank optional fields are null.
 */
import { z } from 'zod';
import type { FieldError } from '../common/api.ts';
import {
  addMonths,
  compareDates,
  daysBetween,
  isTimeOfDay,
  parseIsoDate,
  type CalendarDate,
} from '../common/dates.ts';
import { cacheBusters, isoDate, optionalText, requiredText } from '../common/fields.ts';
import {
  ID_NUMBER_MAX,
  ID_NUMBER_REQUIRED,
  ID_NUMBER_TOO_LONG,
  idNumberProblem,
  normalizeIdNumber,
  verifyIdMessage,
} from './identity.ts';
import {
  BIRTH_DATE_MIN,
  CARD_NO_MAX,
  CARD_PREFIX_MAX,
  CUSTOM_CARD_PREFIX,
  Gender,
  ID_TYPE_MAX,
  MINOR_AGE,
  MOBILE_MAX,
  NATIONALITY_MAX,
  NEWBORN_DAYS,
  PARENT_NAME_MAX,
  PATIENT_EMAIL_MAX,
  PATIENT_MESSAGES,
  PATIENT_NAME_MAX,
  PINNED_NATIONALITIES,
  SEARCH_KEYWORD_MAX,
  SEARCH_MIN_LENGTH,
  TITLES,
  toGender,
} from './patient-rules.ts';

export * from './patient-rules.ts';

// ---------------------------------------------------------------------------------------
// Age

export interface Age {
  years: number;
  months: number;
  days: number;
}

/**
 * Age in whole years, months and days on `today` (both 'YYYY-MM-DD'): the whole calendar
 * months since birth, then the days since that month-day. A birth day the month lacks is
 * its last day (born 31 January: one month old on 28 February; born 29 February: one
 * year old on 28 February). Null when a date is not valid or birth is after today.
 */
export function ageOn(birthDate: string, today: string): Age | null {
  const birth = parseIsoDate(birthDate);
  const now = parseIsoDate(today);
  if (!birth || !now || compareDates(birth, now) > 0) return null;
  let months = (now.year - birth.year) * 12 + (now.month - birth.month);
  if (compareDates(addMonths(birth, months), now) > 0) months -= 1;
  return {
    years: Math.floor(months / 12),
    months: months % 12,
    days: daysBetween(addMonths(birth, months), now),
  };
}

/** Whole days since birth, or null (as `ageOn`). */
export function ageInDays(birthDate: string, today: string): number | null {
  const birth = parseIsoDate(birthDate);
  const now = parseIsoDate(today);
  if (!birth || !now || compareDates(birth, now) > 0) return null;
  return daysBetween(birth, now);
}

/**
 * A newborn for the birth-time rule: born today up to 28 days ago. The spec says "1 to 28
 * days" in one place and "up to 28 days" in another; a baby born today is the newborn
 * whose birth time matters most, so day 0 counts.
 */
export function isNewborn(birthDate: string, today: string): boolean {
  const days = ageInDays(birthDate, today);
  return days !== null && days <= NEWBORN_DAYS;
}

export function isMinor(birthDate: string, today: string): boolean {
  const age = ageOn(birthDate, today);
  return age !== null && age.years < MINOR_AGE;
}

// ---------------------------------------------------------------------------------------
// Names, email, contact

/**
 * Characters of an "English" name: Latin letters A to Z, spaces, and the punctuation that
 * Singapore registered names use: apostrophe (O'Neil), hyphen, full stop and comma, slash
 * (s/o, d/o), '@' (aliases: "Ahmad @ Mat") and brackets (Hanyu Pinyin names, "Tan Ah Kow
 * (Chen Ya Gou)"). Digits and other scripts are not English. A name needs a letter.
 */
const ENGLISH_NAME_PATTERN = /^[A-Za-z .,'/@()-]+$/;
const NOT_ENGLISH_NAME_CHARACTER = /[^A-Za-z .,'/@()-]/g;

export function isEnglishName(name: string): boolean {
  const text = name.trim();
  return ENGLISH_NAME_PATTERN.test(text) && /[A-Za-z]/.test(text);
}

/**
 * The name with every non-English character stripped (the form strips them as they are
 * typed). Accents are folded first (José gives Jose), curly apostrophes become straight,
 * any white space becomes a space. Nothing is trimmed, so it can run on every keystroke;
 * the schema trims on save.
 */
export function toEnglishName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[\u2018\u2019\u02BC]/g, "'")
    .replace(/\s/g, ' ')
    .replace(NOT_ENGLISH_NAME_CHARACTER, '');
}

/** Runs of white space become one space, ends trimmed. */
export function tidyName(name: string): string {
  return name.replace(/\s+/g, ' ').trim();
}

/** Characters an email local part must not hold (beyond '@', space and '.'). */
const EMAIL_LOCAL_PATTERN = /^[^\s@."<>(),;:\\[\]]+$/;
const EMAIL_DOMAIN_PATTERN = /^((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+)([a-z]+)$/i;

/**
 * The spec's email rule (doc 1 section 5), or null when the address passes: at most 100
 * characters; a basic 'local@domain.suffix' shape; no '.' before the '@' (the spec says
 * exactly that, though it refuses 'first.last@...'); and a suffix of 2 or 3 letters after
 * the last '.'. The spec gives one text for the rule, 'Email cannot have more than 3
 * letters after "."'; it is kept for the suffix, the other failures say what is wrong.
 */
export function patientEmailProblem(email: string): string | null {
  if (email.length > PATIENT_EMAIL_MAX) return PATIENT_MESSAGES.emailTooLong;
  const at = email.indexOf('@');
  if (at < 1 || at !== email.lastIndexOf('@')) return PATIENT_MESSAGES.emailFormat;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.includes('.')) return PATIENT_MESSAGES.emailDotBeforeAt;
  if (!EMAIL_LOCAL_PATTERN.test(local)) return PATIENT_MESSAGES.emailFormat;
  const suffix = EMAIL_DOMAIN_PATTERN.exec(domain)?.[2];
  if (suffix === undefined || suffix.length < 2) return PATIENT_MESSAGES.emailFormat;
  if (suffix.length > 3) return PATIENT_MESSAGES.emailSuffix;
  return null;
}

export function isValidPatientEmail(email: string): boolean {
  return patientEmailProblem(email) === null;
}

/** Digits with the usual separators: '+65 9123 4567', '(65) 9123-4567'. */
const MOBILE_PATTERN = /^[0-9 +()-]*[0-9][0-9 +()-]*$/;
/** A calling code, with or without '+'; some have a dash ('1-876'). */
const TEL_CODE_PATTERN = /^\+?[0-9]{1,4}(?:-[0-9]{1,4})?$/;

export function isValidMobile(value: string): boolean {
  return value.length <= MOBILE_MAX && MOBILE_PATTERN.test(value);
}

export function isValidTelCode(value: string): boolean {
  return TEL_CODE_PATTERN.test(value);
}

/**
 * Options with the pinned nationalities first, in the spec's order, then the others as
 * given. Names are matched without regard to letter case.
 */
export function pinNationalities<T>(
  items: readonly T[],
  nameOf: (item: T) => string = String,
): T[] {
  const rank = (item: T) => {
    const name = nameOf(item).trim().toLowerCase();
    const index = PINNED_NATIONALITIES.findIndex((pinned) => pinned.toLowerCase() === name);
    return index === -1 ? PINNED_NATIONALITIES.length : index;
  };
  return items
    .map((item, index) => ({ item, index, rank: rank(item) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ item }) => item);
}

// ---------------------------------------------------------------------------------------
// Option lists answered by the server

export const TelCodeOption = z.object({ code: z.string(), name: z.string() });
export type TelCodeOption = z.infer<typeof TelCodeOption>;

/**
 * The tel code menu: the clinic's default code first, then the others as given; options
 * with an empty code are skipped (doc 1 section 7).
 */
export function telCodeMenu(
  options: readonly TelCodeOption[],
  defaultCode: string | null,
): { defaultOption: TelCodeOption | null; others: TelCodeOption[] } {
  const usable = options.filter((option) => option.code.trim() !== '');
  const defaultOption = usable.find((option) => option.code === defaultCode) ?? null;
  return { defaultOption, others: usable.filter((option) => option !== defaultOption) };
}

/** One code is 'NA' (no identity number). */
export const IdentificationTypeOption = z.object({ code: z.string(), name: z.string() });
export type IdentificationTypeOption = z.infer<typeof IdentificationTypeOption>;

/** The picker adds the 'Custom' entry (id -1) itself; the server lists real prefixes. */
export const CardPrefixOption = z.object({ prefix: z.string() });
export type CardPrefixOption = z.infer<typeof CardPrefixOption>;

// ---------------------------------------------------------------------------------------
// Create

export interface PatientCreateContext {
  /** The clinic has an HCI (healthcare institution) code. */
  hasHciCode: boolean;
  /** Today in the clinic's time zone, 'YYYY-MM-DD'. */
  today: string;
}

/** The fields the context rules read; values may be raw input or parsed output. */
export type PatientContextFields = Partial<
  Record<'name' | 'birthDate' | 'birthTime' | 'father' | 'mother', unknown>
>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Trimmed text of a value that may be anything: '' unless it is a string. */
function textOf(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The rules that need the clinic's context (see the top of this file), as field errors:
 * an English name and a newborn's birth time when the clinic has an HCI code; a birth
 * date not after today; a father's or mother's name under 16. A rule whose fields are
 * missing or malformed is skipped: the schema reports those.
 */
export function patientCreateProblems(
  body: PatientContextFields,
  context: PatientCreateContext,
): FieldError[] {
  const problems: FieldError[] = [];
  const name = textOf(body.name);
  if (context.hasHciCode && name !== '' && !isEnglishName(name)) {
    problems.push({ field: 'name', message: PATIENT_MESSAGES.nameNotEnglish });
  }
  const birth = parseIsoDate(textOf(body.birthDate));
  const today = parseIsoDate(context.today);
  if (!birth || !today) return problems;
  if (compareDates(birth, today) > 0) {
    problems.push({ field: 'birthDate', message: PATIENT_MESSAGES.birthDateFuture });
    return problems;
  }
  const birthDate = textOf(body.birthDate);
  if (isMinor(birthDate, context.today)) {
    const father = textOf(body.father);
    const mother = textOf(body.mother);
    if (father === '' && mother === '') {
      problems.push({ field: 'father', message: PATIENT_MESSAGES.fatherRequired });
      problems.push({ field: 'mother', message: PATIENT_MESSAGES.motherRequired });
    }
  }
  if (context.hasHciCode && isNewborn(birthDate, context.today) && textOf(body.birthTime) === '') {
    problems.push({ field: 'birthTime', message: PATIENT_MESSAGES.birthTimeRequired });
  }
  return problems;
}

const birthDateMin = parseIsoDate(BIRTH_DATE_MIN) as CalendarDate;

/** A title in any letter case becomes the option's spelling ('mr' gives 'Mr'). */
function toTitle(value: string): string {
  return TITLES.find((title) => title.toLowerCase() === value.toLowerCase()) ?? value;
}

const patientFields = {
  title: z
    .string({ error: PATIENT_MESSAGES.titleUnknown })
    .trim()
    .nullish()
    .transform((value) => (value ? toTitle(value) : null))
    .pipe(z.enum(TITLES, { error: PATIENT_MESSAGES.titleUnknown }).nullable()),
  name: requiredText(
    PATIENT_MESSAGES.nameRequired,
    PATIENT_NAME_MAX,
    PATIENT_MESSAGES.nameTooLong,
  ).transform(tidyName),
  idType: requiredText(
    PATIENT_MESSAGES.idTypeRequired,
    ID_TYPE_MAX,
    PATIENT_MESSAGES.idTypeTooLong,
  ),
  /** Checked with the ID type (see the cross-field rules). */
  nric: z.string().nullish(),
  gender: z
    .string({ error: PATIENT_MESSAGES.genderRequired })
    .trim()
    .min(1, PATIENT_MESSAGES.genderRequired)
    .transform((value) => toGender(value) ?? value)
    .pipe(z.enum([Gender.male, Gender.female], { error: PATIENT_MESSAGES.genderUnknown })),
  cardNoPrefix: optionalText(CARD_PREFIX_MAX, PATIENT_MESSAGES.cardPrefixTooLong),
  cardNo: optionalText(CARD_NO_MAX, PATIENT_MESSAGES.cardNoTooLong),
  contactNo: requiredText(
    PATIENT_MESSAGES.mobileRequired,
    MOBILE_MAX,
    PATIENT_MESSAGES.mobileTooLong,
  ).regex(MOBILE_PATTERN, PATIENT_MESSAGES.mobileFormat),
  telCode: z
    .string({ error: PATIENT_MESSAGES.telCodeRequired })
    .trim()
    .min(1, PATIENT_MESSAGES.telCodeRequired)
    .regex(TEL_CODE_PATTERN, PATIENT_MESSAGES.telCodeFormat),
  birthDate: isoDate(PATIENT_MESSAGES.birthDateRequired, PATIENT_MESSAGES.birthDateFormat).refine(
    (value) => compareDates(parseIsoDate(value) ?? birthDateMin, birthDateMin) >= 0,
    PATIENT_MESSAGES.birthDateTooEarly,
  ),
  birthTime: z
    .string({ error: PATIENT_MESSAGES.birthTimeFormat })
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isTimeOfDay(value), PATIENT_MESSAGES.birthTimeFormat),
  nationality: requiredText(
    PATIENT_MESSAGES.nationalityRequired,
    NATIONALITY_MAX,
    PATIENT_MESSAGES.nationalityTooLong,
  ),
  email: z
    .string({ error: PATIENT_MESSAGES.emailFormat })
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .superRefine((value, ctx) => {
      const problem = value === null ? null : patientEmailProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  father: optionalText(PARENT_NAME_MAX, PATIENT_MESSAGES.fatherTooLong),
  mother: optionalText(PARENT_NAME_MAX, PATIENT_MESSAGES.motherTooLong),
  /** True when the front desk confirmed a same-name patient is a different person. */
  ignoreNameCheck: z.boolean({ error: PATIENT_MESSAGES.ignoreNameCheck }).default(false),
};

/**
 * Who reads a failed ID checksum: the form says 'Please verify your entry for {idType}';
 * the server answers 'NRIC is invalid', the text the spec's client opens its edit dialog on.
 */
type Audience = 'form' | 'server';

/** The rules between fields that need no context: ID number by type, custom card number. */
function crossFieldIssues(value: Record<string, unknown>, audience: Audience): FieldError[] {
  const problems: FieldError[] = [];
  const idType = textOf(value.idType);
  const nric = value.nric;
  if (idType !== '' && (nric === undefined || nric === null || typeof nric === 'string')) {
    const problem = idNumberProblem(idType, nric);
    const checksum = problem === verifyIdMessage(idType);
    if (problem) {
      problems.push({
        field: 'nric',
        message: checksum && audience === 'server' ? PATIENT_MESSAGES.nricInvalid : problem,
      });
    }
  }
  if (textOf(value.cardNoPrefix) === CUSTOM_CARD_PREFIX && textOf(value.cardNo) === '') {
    problems.push({ field: 'cardNo', message: PATIENT_MESSAGES.cardNoRequired });
  }
  return problems;
}

function buildPatientCreateBody(context: PatientCreateContext | null, audience: Audience) {
  const runAlways = { when: (payload: { value: unknown }) => isRecord(payload.value) };
  const addAll = (problems: FieldError[], ctx: z.RefinementCtx) => {
    for (const { field, message } of problems) {
      ctx.addIssue({ code: 'custom', message, path: [field], continue: true });
    }
  };
  return z
    .strictObject(patientFields)
    .superRefine((value, ctx) => {
      if (isRecord(value)) addAll(crossFieldIssues(value, audience), ctx);
    }, runAlways)
    .superRefine((value, ctx) => {
      if (context && isRecord(value)) addAll(patientCreateProblems(value, context), ctx);
    }, runAlways)
    .transform((body) => ({
      ...body,
      nric: normalizeIdNumber(body.idType, body.nric),
      cardNo: body.cardNoPrefix === CUSTOM_CARD_PREFIX ? body.cardNo : null,
    }));
}

/**
 * `POST /patients` (new patient from the add-to-queue dialog), without clinic context, as
 * the server checks it (a failed ID checksum answers 'NRIC is invalid').
 */
export const PatientCreateBody = buildPatientCreateBody(null, 'server');
export type PatientCreateBody = z.infer<typeof PatientCreateBody>;
export type PatientCreateInput = z.input<typeof PatientCreateBody>;

/** The create schema with the clinic's rules added (see the top of this file). */
export function patientCreateBodyFor(context: PatientCreateContext) {
  return buildPatientCreateBody(context, 'form');
}

export const PatientCreateResult = z.object({ patientId: z.uuid() });
export type PatientCreateResult = z.infer<typeof PatientCreateResult>;

// ---------------------------------------------------------------------------------------
// Picker, search, changes

export const PatientIdParams = z.strictObject({ id: z.uuid(PATIENT_MESSAGES.patientId) });
export type PatientIdParams = z.infer<typeof PatientIdParams>;

export const PATIENT_SEARCH_FILTERS = [
  'patient_name',
  'nric',
  'card_no',
  'contact_no',
  'home_postal',
  'home_address',
] as const;
export type PatientSearchFilter = (typeof PATIENT_SEARCH_FILTERS)[number];

/** `GET /patients/option`: at least 2 characters, by default searching names. */
export const PatientOptionQuery = z.strictObject({
  keyword: z
    .string({ error: PATIENT_MESSAGES.keywordTooShort })
    .trim()
    .min(SEARCH_MIN_LENGTH, PATIENT_MESSAGES.keywordTooShort)
    .max(SEARCH_KEYWORD_MAX, PATIENT_MESSAGES.keywordTooLong),
  filter: z
    .enum(PATIENT_SEARCH_FILTERS, { error: PATIENT_MESSAGES.filterUnknown })
    .default('patient_name'),
  ...cacheBusters,
});
export type PatientOptionQuery = z.infer<typeof PatientOptionQuery>;

export const PatientOption = z.object({
  id: z.uuid(),
  name: z.string(),
  nric: z.string().nullable(),
  title: z.enum(TITLES).nullable(),
  idType: z.string(),
  gender: z.enum([Gender.male, Gender.female]),
  cardNoPrefix: z.string().nullable(),
  cardNo: z.string().nullable(),
  contactNo: z.string().nullable(),
  telCode: z.string().nullable(),
  birthDate: z.string().nullable(),
  /** Id of the doctor of the patient's latest visit, to preselect in the doctor picker. */
  consultDoctor: z.uuid().nullable(),
});
export type PatientOption = z.infer<typeof PatientOption>;

/** A picker result: the option plus the address fields its extra row can show. */
export const PatientPickerOption = PatientOption.extend({
  homeAddress: z.string().nullable(),
  homePostal: z.string().nullable(),
});
export type PatientPickerOption = z.infer<typeof PatientPickerOption>;

/** `GET /patients/{id}/profile`. */
export const PatientProfile = PatientPickerOption.extend({
  birthDate: z.string(),
  birthTime: z.string().nullable(),
  nationality: z.string(),
  email: z.string().nullable(),
  father: z.string().nullable(),
  mother: z.string().nullable(),
  companyId: z.uuid().nullable(),
  age: z.object({ years: z.int(), months: z.int(), days: z.int() }).nullable(),
  version: z.int(),
  createdAt: z.int(),
  updatedAt: z.int(),
});
export type PatientProfile = z.infer<typeof PatientProfile>;

export const PatientSearchResult = z.object({
  id: z.uuid(),
  name: z.string(),
  nric: z.string().nullable(),
  address: z.string().nullable(),
  postal: z.string().nullable(),
  contactNo: z.string().nullable(),
  cardNo: z.string().nullable(),
});
export type PatientSearchResult = z.infer<typeof PatientSearchResult>;

/**
 * `PATCH /patients/{id}/nric`. The checksum depends on the patient's ID type, which the
 * server knows: it calls `idNumberProblem(idType, nric)` after this schema.
 */
export const PatientNricPatchBody = z.strictObject({
  nric: requiredText(ID_NUMBER_REQUIRED, ID_NUMBER_MAX, ID_NUMBER_TOO_LONG),
});
export type PatientNricPatchBody = z.infer<typeof PatientNricPatchBody>;

/** `PATCH /patients/{id}/card-no`. */
export const PatientCardNoPatchBody = z.strictObject({
  cardNo: requiredText(
    'The card number field is required.',
    CARD_NO_MAX,
    PATIENT_MESSAGES.cardNoTooLong,
  ),
});
export type PatientCardNoPatchBody = z.infer<typeof PatientCardNoPatchBody>;
