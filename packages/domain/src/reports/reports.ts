import { z } from 'zod';
import { cacheBusters, requiredId } from '../common/fields.ts';

/**
 * The report header (doc 3 section 3.1): the branch's letterhead that heads every A4
 * document, with its clinic (tenant). `logo` is the API path of the branch's logo
 * (`/reports/{branchId}/logo`) when it has one, else null (`hasLogo` false).
 */
export const ReportHeader = z.object({
  branchId: z.uuid(),
  branchCode: z.string(),
  branchName: z.string(),
  branchAddress: z.string().nullable(),
  branchCountryName: z.string(),
  branchPostal: z.string().nullable(),
  branchPhone: z.string().nullable(),
  branchFax: z.string().nullable(),
  coRegistrationNo: z.string().nullable(),
  taxRegistrationNo: z.string().nullable(),
  logo: z.string().nullable(),
  hasLogo: z.boolean(),
  tenant: z.object({
    code: z.string(),
    clinicName: z.string(),
    email: z.string().nullable(),
    owner: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  }),
});
export type ReportHeader = z.infer<typeof ReportHeader>;

/** `GET /reports/header`: the header of the caller's branch (the BranchId header). */
export const ReportHeaderQuery = z.strictObject({ ...cacheBusters });

/** `GET /reports/{branchId}/logo`. */
export const ReportLogoParams = z.strictObject({
  branchId: z.uuid('branchId must be a branch id'),
});

/** `GET /reports/labels/patient?id=`. */
export const PatientLabelQuery = z.strictObject({
  id: requiredId('The patient field is required.', 'id must be a patient id'),
  ...cacheBusters,
});

/**
 * The patient label (doc 3 section 3.2). `birthDate` is 'YYYY-MM-DD'; `age` is on the
 * clinic's today. The clinic keeps no race and no home telephone yet: those are null.
 * `phone` is the mobile number with its country code; `idType` names what `nric` is.
 */
export const PatientLabelData = z.object({
  id: z.uuid(),
  name: z.string(),
  idType: z.string(),
  nric: z.string().nullable(),
  race: z.string().nullable(),
  birthDate: z.string(),
  phone: z.string(),
  telephone: z.string().nullable(),
  cardNo: z.string().nullable(),
  gender: z.string(),
  age: z.object({ years: z.int(), months: z.int(), days: z.int() }).nullable(),
  nationality: z.string(),
  address: z.string().nullable(),
});
export type PatientLabelData = z.infer<typeof PatientLabelData>;
