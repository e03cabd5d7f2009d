import { z } from 'zod';
import { clinicalRecords } from '../accounts/clinical.ts';
import {
  cacheBusters,
  optionalId,
  optionalText,
  requiredId,
  requiredText,
  versionField,
} from '../common/fields.ts';
import {
  DOCUMENT_CATEGORY_MAX,
  DOCUMENT_MESSAGES,
  DOCUMENT_NAME_MAX,
  DOCUMENT_REMARK_MAX,
} from './document-rules.ts';

const nameField = requiredText(
  DOCUMENT_MESSAGES.nameRequired,
  DOCUMENT_NAME_MAX,
  DOCUMENT_MESSAGES.nameTooLong,
);
const categoryField = requiredText(
  DOCUMENT_MESSAGES.categoryRequired,
  DOCUMENT_CATEGORY_MAX,
  DOCUMENT_MESSAGES.categoryTooLong,
);
const remarkField = optionalText(DOCUMENT_REMARK_MAX, DOCUMENT_MESSAGES.remarkTooLong, 'multi');

/**
 * The text fields of an upload (multipart, beside the one `file` part): the patient, an
 * optional visit, and FILE NAME (defaults to the file's own name), CATEGORY, REMARK.
 */
export const DocumentUploadFields = z.strictObject({
  patientId: requiredId('The patient field is required.', 'patientId must be a patient id'),
  visitId: optionalId('visitId must be a visit id'),
  name: optionalText(DOCUMENT_NAME_MAX, DOCUMENT_MESSAGES.nameTooLong),
  category: categoryField,
  remark: remarkField,
});
export type DocumentUploadFields = z.infer<typeof DocumentUploadFields>;

/** `PUT /documents/:id`: FILE NAME, CATEGORY, REMARK and the version read. */
export const DocumentUpdateBody = z.strictObject({
  name: nameField,
  category: categoryField,
  remark: remarkField,
  version: versionField(),
});
export type DocumentUpdateBody = z.infer<typeof DocumentUpdateBody>;

export const DocumentDeleteBody = z.strictObject({ version: versionField() });
export type DocumentDeleteBody = z.infer<typeof DocumentDeleteBody>;

export const DocumentIdParams = z.strictObject({ id: z.uuid('id must be a document id') });

export const DocumentListQuery = z.strictObject({
  patientId: requiredId('The patient field is required.', 'patientId must be a patient id'),
  ...cacheBusters,
});
export type DocumentListQuery = z.infer<typeof DocumentListQuery>;

/** `GET /e-documents/:fileId/file?fileName`: the file's bytes (inline for a preview). */
export const DocumentFileParams = z.strictObject({
  fileId: z.uuid('fileId must be a document id'),
});
export const DocumentFileQuery = z.strictObject({
  fileName: optionalText(DOCUMENT_NAME_MAX + 10, DOCUMENT_MESSAGES.nameTooLong),
  disposition: z.enum(['inline', 'attachment']).default('attachment'),
  ...cacheBusters,
});
export type DocumentFileQuery = z.infer<typeof DocumentFileQuery>;

/** A patient's document (doc 2 section 3: id, name, type, category, remark, src). */
export const DocumentRecord = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  visitId: z.uuid().nullable(),
  branchId: z.uuid(),
  name: z.string(),
  category: z.string(),
  remark: z.string().nullable(),
  /** 'pdf' or 'image'. */
  type: z.enum(['pdf', 'image']),
  contentType: z.string(),
  size: z.int(),
  /** Where its bytes are read (relative to /api/v1). */
  src: z.string(),
  createdBy: z.uuid(),
  createdByName: z.string(),
  /** Unix seconds. */
  createdAt: z.int(),
  version: z.int(),
});
export type DocumentRecord = z.infer<typeof DocumentRecord>;
clinicalRecords.add(DocumentRecord, { resource: 'documents' });

/** What a delete answers: the document that is gone. */
export const DocumentDeleted = z.object({ id: z.uuid(), patientId: z.uuid() });
clinicalRecords.add(DocumentDeleted, { resource: 'documents' });

export const DocumentCategoryOption = z.object({ id: z.uuid(), name: z.string() });
export type DocumentCategoryOption = z.infer<typeof DocumentCategoryOption>;

/** The download path of a document's file, as `src` gives it. */
export function documentFilePath(id: string, fileName: string): string {
  return `/e-documents/${id}/file?fileName=${encodeURIComponent(fileName)}`;
}
