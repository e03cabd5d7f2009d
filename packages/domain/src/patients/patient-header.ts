/** The patient header card of every patient page (doc 1 section 7 'header-info'). */
import { z } from 'zod';
import { cacheBusters, requiredId } from '../common/fields.ts';
import type { Age } from './age.ts';
import { Gender, PATIENT_MESSAGES, TITLES } from './patient-rules.ts';

/** `GET /patients/{id}/header-info` (the spec's `{patientId}`, named as the profile's). */
export const PatientHeaderParams = z.strictObject({ id: z.uuid(PATIENT_MESSAGES.patientId) });

export const PatientHeaderInfo = z.object({
  id: z.uuid(),
  name: z.string(),
  title: z.enum(TITLES).nullable(),
  nric: z.string().nullable(),
  idType: z.string(),
  gender: z.enum([Gender.male, Gender.female]),
  birthDate: z.string(),
  /** Age on the clinic's today; null for a birth date after it. */
  age: z.object({ years: z.int(), months: z.int(), days: z.int() }).nullable(),
  /** The age in whole months (doc 2 section 9: patient age computed in months). */
  ageInMonths: z.int().nullable(),
  /** The age as the header shows it: '34 Y 2 M' (a baby: '5 M 3 D'). */
  ageText: z.string(),
  cardNoPrefix: z.string().nullable(),
  cardNo: z.string().nullable(),
  telCode: z.string(),
  contactNo: z.string(),
  email: z.string().nullable(),
  nationality: z.string(),
  homeAddress: z.string().nullable(),
  homePostal: z.string().nullable(),
  alertMessage: z.string().nullable(),
  version: z.int(),
});
export type PatientHeaderInfo = z.infer<typeof PatientHeaderInfo>;

/** `GET /vaccinations/items/count?patientId`. */
export const VaccinationCountQuery = z.strictObject({
  patientId: requiredId('The patient field is required.', 'patientId must be a patient id'),
  ...cacheBusters,
});
export const VaccinationCount = z.object({ count: z.int() });

/** Whole months of an age. */
export function ageInMonths(age: Age | null): number | null {
  return age ? age.years * 12 + age.months : null;
}

/** The header's age: years and months, or months and days under a year. */
export function ageText(age: Age | null): string {
  if (!age) return '';
  return age.years > 0 ? `${age.years} Y ${age.months} M` : `${age.months} M ${age.days} D`;
}
