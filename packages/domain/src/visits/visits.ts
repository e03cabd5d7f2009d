import { z } from 'zod';
import { clinicalRecords } from '../accounts/clinical.ts';
import { cacheBusters, fromQuery, requiredId, wholeNumber } from '../common/fields.ts';

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
  doctorId: z.uuid(),
  doctorName: z.string(),
  consultStartTime: z.int().nullable(),
  consultEndTime: z.int().nullable(),
  isVoided: z.boolean(),
  version: z.int(),
});
export type VisitSummary = z.infer<typeof VisitSummary>;

export const VisitIdParams = z.strictObject({ id: z.uuid('id must be a visit id') });

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
