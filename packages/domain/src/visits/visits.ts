import { z } from 'zod';
import { clinicalRecords } from '../accounts/clinical.ts';
import {
  cacheBusters,
  fromQuery,
  requiredId,
  unixSeconds,
  versionField,
  wholeNumber,
} from '../common/fields.ts';

export const VISITS_PAGE_SIZE = 20;

/** `GET /visits?patientId&pageIndex`: a patient's visits, newest first. */
export const VisitListQuery = z.strictObject({
  patientId: requiredId('The patient field is required.', 'patientId must be a patient id'),
  pageIndex: fromQuery(wholeNumber('pageIndex', 1).default(1)),
  pageSize: fromQuery(wholeNumber('pageSize', 1, 100).default(VISITS_PAGE_SIZE)),
  ...cacheBusters,
});
export type VisitListQuery = z.infer<typeof VisitListQuery>;

export const VisitSummary = z.object({
  id: z.uuid(),
  /** Unix seconds. */
  date: z.int(),
  branchId: z.uuid(),
  branchCode: z.string(),
  doctorId: z.uuid(),
  doctorName: z.string(),
  consultStartTime: z.int().nullable(),
  consultEndTime: z.int().nullable(),
  isVoided: z.boolean(),
  version: z.int(),
});
export type VisitSummary = z.infer<typeof VisitSummary>;

export const VisitIdParams = z.strictObject({ id: z.uuid('id must be a visit id') });

/**
 * `GET /visits/{id}`: a visit as its page shows it. The patient's visits are the clinic's
 * (any branch reads them); its queue entry is its branch's: shown in that branch only.
 */
export const VisitDetail = VisitSummary.extend({
  patientId: z.uuid(),
  /** The queue entry that opened the visit: its id and status code (e.g. 'Pending'). */
  queueId: z.uuid().nullable(),
  queueStatus: z.string().nullable(),
});
export type VisitDetail = z.infer<typeof VisitDetail>;

/** `PUT /visits/{id}/consult-time`: start and end in Unix seconds (doc 2 section 7). */
export const ConsultTimeBody = z.strictObject({
  startTime: unixSeconds('startTime').nullish(),
  endTime: unixSeconds('endTime').nullish(),
  version: versionField(),
});
export type ConsultTimeBody = z.infer<typeof ConsultTimeBody>;

/** The consult timer's start and stop: only the version read. */
export const VisitVersionBody = z.strictObject({ version: versionField() });
export type VisitVersionBody = z.infer<typeof VisitVersionBody>;

/** What a change of the consult times answers: the visit's times and new version. */
export const ConsultTimes = z.object({
  id: z.uuid(),
  consultStartTime: z.int().nullable(),
  consultEndTime: z.int().nullable(),
  version: z.int(),
});
export type ConsultTimes = z.infer<typeof ConsultTimes>;

/** `GET /diagnosis?visitId`. */
export const DiagnosisListQuery = z.strictObject({
  visitId: requiredId('The visit field is required.', 'visitId must be a visit id'),
  ...cacheBusters,
});

export const DiagnosisRecord = z.object({
  id: z.uuid(),
  visitId: z.uuid(),
  code: z.string(),
  description: z.string(),
  remark: z.string().nullable(),
  isVoided: z.boolean(),
  /** For removing it (`DELETE /diagnosis/{id}` with the version read). */
  version: z.int(),
});
export type DiagnosisRecord = z.infer<typeof DiagnosisRecord>;
clinicalRecords.add(DiagnosisRecord, { resource: 'diagnoses' });

export const PrescriptionRecord = z.object({
  id: z.uuid(),
  visitId: z.uuid(),
  itemCode: z.string(),
  itemName: z.string(),
});
export type PrescriptionRecord = z.infer<typeof PrescriptionRecord>;
clinicalRecords.add(PrescriptionRecord, { resource: 'prescriptions' });
