import {
  type DocumentUploadFields,
  formatFileSize,
  sniffContentType,
  type DocumentCategoryOption,
  type DocumentDeleteBody,
  type DocumentRecord,
  type DocumentUpdateBody,
} from '@clinic/domain';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../platform/app-context.ts';
import { AppError, conflict, fieldError, forbidden, notFound } from '../../platform/errors.ts';
import type { BranchScope } from '../../platform/scope.ts';
import { fileKey, type FileStorage } from '../../platform/storage/index.ts';
import * as repo from './documents.repo.ts';

/**
 * A patient's documents. Readable clinic-wide by whoever may read documents (a chain's
 * patients move between branches, like every clinical read); uploaded in the caller's
 * branch, and changed or deleted only from the branch where they were uploaded.
 * The bytes live in the file storage (`{tenant}/documents/{id}`); the row owns them.
 */

export { downloadName } from './documents.repo.ts';

const withoutKey = ({ storageKey: _key, ...record }: repo.DocumentRow): DocumentRecord => record;

/** A file as it came in a multipart upload. */
export interface UploadedFile {
  bytes: Buffer;
  /** The name the browser gave it (only a default for FILE NAME; the type is sniffed). */
  filename: string;
}

/** 413 with the largest size accepted. */
export function fileTooLarge(maxBytes: number): AppError {
  const code = 'document.tooLarge';
  const message = `The file is too large: the largest accepted is ${formatFileSize(maxBytes)}.`;
  return new AppError(413, code, message, [{ field: 'file', message, code }]);
}

/** FILE NAME when none is given: the file's own name, without folders or control characters. */
export function nameFromFilename(filename: string): string {
  // Control characters are what this removes.
  // eslint-disable-next-line no-control-regex
  const clean = filename.replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]/gu, '');
  const base = clean.split(/[\\/]/).pop()?.trim() ?? '';
  return (base || 'Document').slice(0, 255);
}

export function categoryOptions(scope: BranchScope): Promise<DocumentCategoryOption[]> {
  return scope.run((tx) => repo.categories(tx));
}

/** The category as the clinic's list spells it, or a refusal. */
async function knownCategory(
  tx: Parameters<typeof repo.categories>[0],
  category: string,
): Promise<string> {
  const options = await repo.categories(tx);
  const match = options.find((option) => option.name.toLowerCase() === category.toLowerCase());
  if (!match) throw fieldError('category', 'document.categoryUnknown');
  return match.name;
}

export async function patientDocuments(
  scope: BranchScope,
  patientId: string,
): Promise<DocumentRecord[]> {
  const rows = await scope.run((tx) => repo.patientDocuments(tx, patientId));
  return rows.map(withoutKey);
}

export async function documentOf(scope: BranchScope, id: string): Promise<DocumentRecord> {
  const row = await scope.run(async (tx) => {
    const found = await repo.findDocument(tx, id);
    if (!found) throw notFound('document.notFound');
    return found;
  });
  return withoutKey(row);
}

/**
 * Checks the file (one, not empty, an accepted type by its bytes), writes the object,
 * then the row in a transaction; when the transaction fails the object is deleted, so a
 * refused upload leaves nothing behind.
 */
export async function uploadDocument(
  ctx: Pick<AppContext, 'storage' | 'log'>,
  scope: BranchScope,
  fields: DocumentUploadFields,
  file: UploadedFile | undefined,
): Promise<DocumentRecord> {
  if (!file) throw fieldError('file', 'document.fileRequired');
  if (file.bytes.length === 0) throw fieldError('file', 'document.fileEmpty');
  const contentType = sniffContentType(file.bytes);
  if (!contentType) throw fieldError('file', 'document.fileType');

  const id = randomUUID();
  const key = fileKey(scope.tenantId, 'documents', id);
  await ctx.storage.put(key, file.bytes, contentType);
  try {
    const row = await scope.run(async (tx) => {
      if (!(await repo.patientExists(tx, fields.patientId))) {
        throw notFound('patient.notFound');
      }
      if (fields.visitId && (await repo.visitPatient(tx, fields.visitId)) !== fields.patientId) {
        throw fieldError('visitId', 'document.visitNotPatients');
      }
      const category = await knownCategory(tx, fields.category);
      await repo.insertDocument(tx, {
        id,
        patientId: fields.patientId,
        visitId: fields.visitId,
        branchId: scope.branchId,
        name: fields.name ?? nameFromFilename(file.filename),
        category,
        remark: fields.remark,
        contentType,
        size: file.bytes.length,
        storageKey: key.path,
        createdBy: scope.userId,
      });
      const stored = await repo.findDocument(tx, id);
      if (!stored) throw new Error(`Document ${id} not found after its insert`);
      return stored;
    });
    return withoutKey(row);
  } catch (error) {
    await removeObject(ctx, key);
    throw error;
  }
}

async function removeObject(
  ctx: Pick<AppContext, 'storage' | 'log'>,
  key: ReturnType<typeof fileKey>,
): Promise<void> {
  try {
    await ctx.storage.delete(key);
  } catch (error) {
    ctx.log.error({ err: error, key: key.path }, 'could not delete a stored file');
  }
}

/** The document, when it may be changed from the caller's branch. */
async function changeable(
  tx: Parameters<typeof repo.findDocument>[0],
  scope: BranchScope,
  id: string,
): Promise<repo.DocumentRow> {
  const found = await repo.findDocument(tx, id);
  if (!found) throw notFound('document.notFound');
  if (found.branchId !== scope.branchId) throw forbidden('document.otherBranch');
  return found;
}

export async function updateDocument(
  scope: BranchScope,
  id: string,
  body: DocumentUpdateBody,
): Promise<DocumentRecord> {
  const row = await scope.run(async (tx) => {
    await changeable(tx, scope, id);
    const category = await knownCategory(tx, body.category);
    const changed = await repo.updateDocument(tx, id, { ...body, category }, scope.userId);
    if (!changed) throw conflict();
    const stored = await repo.findDocument(tx, id);
    if (!stored) throw notFound('document.notFound');
    return stored;
  });
  return withoutKey(row);
}

/** Marks the row deleted (it stays as a trace) and deletes the file once that commits. */
export async function deleteDocument(
  ctx: Pick<AppContext, 'storage' | 'log'>,
  scope: BranchScope,
  id: string,
  body: DocumentDeleteBody,
): Promise<{ id: string; patientId: string }> {
  return scope.run(async (tx) => {
    const found = await changeable(tx, scope, id);
    if (!(await repo.markDeleted(tx, id, body.version, scope.userId))) throw conflict();
    const key = fileKey(scope.tenantId, 'documents', id);
    tx.afterCommit(() => removeObject(ctx, key));
    return { id, patientId: found.patientId };
  });
}

/** The document and its file's bytes (the read is audited before the bytes are sent). */
export async function documentFile(
  storage: FileStorage,
  scope: BranchScope,
  id: string,
): Promise<{ document: DocumentRecord; body: NodeJS.ReadableStream }> {
  const document = await documentOf(scope, id);
  const body = await storage.get(fileKey(scope.tenantId, 'documents', id));
  if (!body) throw notFound('document.notFound');
  return { document, body };
}
