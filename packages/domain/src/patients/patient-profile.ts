/** One patient, by id: `GET /patients/{id}/profile`. */
import { z } from 'zod';
import { PATIENT_MESSAGES } from './patient-rules.ts';
import { PatientPickerOption } from './patient-search.ts';

export const PatientIdParams = z.strictObject({ id: z.uuid(PATIENT_MESSAGES.patientId) });
export type PatientIdParams = z.infer<typeof PatientIdParams>;

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
