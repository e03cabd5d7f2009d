import { singleLineString } from '../common/text.ts';
/** The patient picker's search (`GET /patients/option`) and what it answers. */
import { z } from 'zod';
import { cacheBusters } from '../common/fields.ts';
import {
  Gender,
  PATIENT_MESSAGES,
  SEARCH_KEYWORD_MAX,
  SEARCH_MIN_LENGTH,
  TITLES,
} from './patient-rules.ts';

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
  keyword: singleLineString({ error: PATIENT_MESSAGES.keywordTooShort })
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
