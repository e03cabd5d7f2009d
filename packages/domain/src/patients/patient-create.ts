import { singleLineString } from '../common/text.ts';
/**
 * A new patient (`POST /patients`): the new-patient part of the add-to-queue dialog (doc 1
 * sections 2.13 and 5).
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
import { compareDates, isTimeOfDay, parseIsoDate, type CalendarDate } from '../common/dates.ts';
import { isoDate, optionalText, requiredText } from '../common/fields.ts';
import { isMinor, isNewborn } from './age.ts';
import { MOBILE_PATTERN, TEL_CODE_PATTERN, patientEmailProblem } from './contact.ts';
import { idNumberProblem, normalizeIdNumber, verifyIdMessage } from './identity.ts';
import { isEnglishName, tidyName } from './names.ts';
import {
  BIRTH_DATE_MIN,
  CARD_NO_MAX,
  CARD_PREFIX_MAX,
  CUSTOM_CARD_PREFIX,
  Gender,
  ID_TYPE_MAX,
  MOBILE_MAX,
  NATIONALITY_MAX,
  PARENT_NAME_MAX,
  PATIENT_MESSAGES,
  PATIENT_NAME_MAX,
  TITLES,
  toGender,
} from './patient-rules.ts';

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
  title: singleLineString({ error: PATIENT_MESSAGES.titleUnknown })
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
  nric: singleLineString().nullish(),
  gender: singleLineString({ error: PATIENT_MESSAGES.genderRequired })
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
  telCode: singleLineString({ error: PATIENT_MESSAGES.telCodeRequired })
    .trim()
    .min(1, PATIENT_MESSAGES.telCodeRequired)
    .regex(TEL_CODE_PATTERN, PATIENT_MESSAGES.telCodeFormat),
  birthDate: isoDate(PATIENT_MESSAGES.birthDateRequired, PATIENT_MESSAGES.birthDateFormat).refine(
    (value) => compareDates(parseIsoDate(value) ?? birthDateMin, birthDateMin) >= 0,
    PATIENT_MESSAGES.birthDateTooEarly,
  ),
  birthTime: singleLineString({ error: PATIENT_MESSAGES.birthTimeFormat })
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isTimeOfDay(value), PATIENT_MESSAGES.birthTimeFormat),
  nationality: requiredText(
    PATIENT_MESSAGES.nationalityRequired,
    NATIONALITY_MAX,
    PATIENT_MESSAGES.nationalityTooLong,
  ),
  email: singleLineString({ error: PATIENT_MESSAGES.emailFormat })
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
