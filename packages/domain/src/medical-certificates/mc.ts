import { z } from 'zod';
import { clinicalRecords } from '../accounts/clinical.ts';
import { isTimeOfDay } from '../common/dates.ts';
import {
  cacheBusters,
  isoDate,
  optionalId,
  optionalText,
  requiredId,
  versionField,
} from '../common/fields.ts';
import { singleLineString } from '../common/text.ts';
// Constants and pure rules live beside, free of zod (the editor runs them live).
import {
  MC_MESSAGES,
  MC_NO_MAX_LENGTH,
  MC_PURPOSE_MAX_LENGTH,
  MC_REMARK_MAX_LENGTH,
  mcDateProblems,
} from './mc-rules.ts';

export * from './mc-rules.ts';

const fitChoiceField = z
  .union([z.literal(1), z.literal(2)], { error: 'fitChoice must be 1 or 2' })
  .nullish()
  .transform((value) => value ?? null);

const timeField = (field: string) =>
  singleLineString({ error: `${field} must be a time HH:MM` })
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isTimeOfDay(value), `${field} must be a time HH:MM`);

/** What the editor sends on create and update (doc 2 section 3 'Medical certificate'). */
const mcFields = {
  issuedDate: isoDate(MC_MESSAGES.issuedDateRequired, 'issuedDate must be a date YYYY-MM-DD'),
  fromDate: isoDate(MC_MESSAGES.fromDateRequired, 'fromDate must be a date YYYY-MM-DD'),
  toDate: isoDate(MC_MESSAGES.toDateRequired, 'toDate must be a date YYYY-MM-DD'),
  /** Derived from the dates on the server (inclusive); a sent value is accepted and not kept. */
  givenDays: z.int({ error: 'givenDays must be a whole number' }).nullish(),
  /** Blank: the visit's doctor. */
  doctorId: optionalId('doctorId must be a doctor id'),
  mcPurpose: optionalText(MC_PURPOSE_MAX_LENGTH, 'The purpose cannot exceed 200 characters.'),
  remark: optionalText(MC_REMARK_MAX_LENGTH, 'The remark cannot exceed 1000 characters.', 'multi'),
  excuseChit: z.boolean({ error: 'excuseChit must be true or false' }).default(false),
  timeRequired: z.boolean({ error: 'timeRequired must be true or false' }).default(false),
  fromTime: timeField('fromTime'),
  toTime: timeField('toTime'),
  /** Ignored (kept empty) for an excuse chit; 1 when not sent otherwise. */
  fitChoice: fitChoiceField,
};

type McRuleInput = {
  fromDate: string;
  toDate: string;
  timeRequired: boolean;
  fromTime: string | null;
  toTime: string | null;
};

/** Times required with Require Time; the to-date not before the from-date. */
function checkMcRules(value: McRuleInput, ctx: z.RefinementCtx) {
  if (value.timeRequired && !value.fromTime) {
    ctx.addIssue({ code: 'custom', path: ['fromTime'], message: MC_MESSAGES.fromTimeRequired });
  }
  if (value.timeRequired && !value.toTime) {
    ctx.addIssue({ code: 'custom', path: ['toTime'], message: MC_MESSAGES.toTimeRequired });
  }
  for (const problem of mcDateProblems(value)) {
    ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  }
}

/** `POST /medical-certificates`. A blank `mcNo` is assigned by the branch. */
export const McCreateBody = z
  .strictObject({
    visitId: requiredId('The visit field is required.', 'visitId must be a visit id'),
    /** Optional: when sent, it must be the visit's patient. */
    patientId: optionalId('patientId must be a patient id').optional(),
    mcNo: optionalText(MC_NO_MAX_LENGTH, 'The MC number cannot exceed 30 characters.'),
    ...mcFields,
  })
  .superRefine(checkMcRules);
export type McCreateBody = z.infer<typeof McCreateBody>;

/**
 * `PUT /medical-certificates/{id}`: `mcNo` may be sent unchanged (a changed one is
 * refused); `id`, `visitId` and `patientId`, which the editor echoes, are ignored.
 */
export const McUpdateBody = z
  .strictObject({
    version: versionField(),
    id: z.uuid('id must be a medical certificate id').optional(),
    visitId: z.uuid('visitId must be a visit id').optional(),
    patientId: optionalId('patientId must be a patient id').optional(),
    mcNo: optionalText(MC_NO_MAX_LENGTH, 'The MC number cannot exceed 30 characters.'),
    ...mcFields,
  })
  .superRefine(checkMcRules);
export type McUpdateBody = z.infer<typeof McUpdateBody>;

/** `DELETE /medical-certificates/{id}` with the version read. */
export const McDeleteBody = z.strictObject({ version: versionField() });

export const McIdParams = z.strictObject({ id: z.uuid('id must be a medical certificate id') });

/** `GET /medical-certificates?visitId`: a visit's certificates. */
export const McListQuery = z.strictObject({
  visitId: requiredId('The visit field is required.', 'visitId must be a visit id'),
  ...cacheBusters,
});

/** `GET /reports/mc?id`. */
export const McReportQuery = z.strictObject({
  id: requiredId('id is required', 'id must be a medical certificate id'),
  ...cacheBusters,
});

/** A medical certificate as the editor and the visit's list read it. */
export const McRecord = z.object({
  id: z.uuid(),
  version: z.int(),
  visitId: z.uuid(),
  patientId: z.uuid(),
  branchId: z.uuid(),
  mcNo: z.string(),
  issuedDate: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  givenDays: z.int(),
  doctorId: z.uuid(),
  doctorName: z.string(),
  mcPurpose: z.string().nullable(),
  remark: z.string().nullable(),
  excuseChit: z.boolean(),
  timeRequired: z.boolean(),
  fromTime: z.string().nullable(),
  toTime: z.string().nullable(),
  fitChoice: z.union([z.literal(1), z.literal(2)]).nullable(),
  /** Unix seconds. */
  createdAt: z.int(),
});
export type McRecord = z.infer<typeof McRecord>;
clinicalRecords.add(McRecord, { resource: 'medicalCertificates' });

/**
 * The print data of an MC (doc 3 section 3.4): the printed MC A4 and excuse chit A4 take
 * exactly these names. Dates 'YYYY-MM-DD'; `fromTime`/`toTime` ('HH:MM') only when
 * `timeRequired` (null otherwise); `fitChoice` null for an excuse chit.
 */
export const McReport = z.object({
  id: z.uuid(),
  visitId: z.uuid(),
  doctorFullName: z.string(),
  doctorMcr: z.string().nullable(),
  fitChoice: z.union([z.literal(1), z.literal(2)]).nullable(),
  issueDate: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  givenDays: z.int(),
  excuseChit: z.boolean(),
  mcNo: z.string(),
  mcPurpose: z.string().nullable(),
  patientName: z.string(),
  nric: z.string().nullable(),
  remark: z.string().nullable(),
  timeRequired: z.boolean(),
  fromTime: z.string().nullable(),
  toTime: z.string().nullable(),
  branchId: z.uuid(),
});
export type McReport = z.infer<typeof McReport>;
clinicalRecords.add(McReport, { resource: 'medicalCertificates' });
