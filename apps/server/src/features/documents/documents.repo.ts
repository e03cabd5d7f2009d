import {
  DEFAULT_DOCUMENT_CATEGORIES,
  documentFilePath,
  documentKind,
  extensionOf,
  type DocumentCategoryOption,
  type DocumentRecord,
} from '@clinic/domain';
import type { TenantTx } from '../../db/tenant-db.ts';
import { toUnix } from '../../platform/scope.ts';

/** A document's row as the rules need it (its file's key and branch included). */
export interface DocumentRow extends DocumentRecord {
  storageKey: string;
}

function documentsQuery(tx: TenantTx) {
  return tx.db
    .selectFrom('documents as d')
    .innerJoin('users as u', (join) =>
      join.onRef('u.tenantId', '=', 'd.tenantId').onRef('u.id', '=', 'd.createdBy'),
    )
    .select([
      'd.id',
      'd.patientId',
      'd.visitId',
      'd.branchId',
      'd.name',
      'd.category',
      'd.remark',
      'd.contentType',
      'd.sizeBytes',
      'd.storageKey',
      'd.createdBy',
      'd.createdAt',
      'd.version',
      'u.firstName',
      'u.lastName',
    ])
    .where('d.deletedAt', 'is', null);
}

type Selected = Awaited<ReturnType<ReturnType<typeof documentsQuery>['executeTakeFirstOrThrow']>>;

/** The file name a download is offered as: the document's name with its type's extension. */
export function downloadName(name: string, contentType: string): string {
  const extension = `.${extensionOf(contentType)}`;
  return name.toLowerCase().endsWith(extension) ? name : `${name}${extension}`;
}

function toRecord(row: Selected): DocumentRow {
  return {
    id: row.id,
    patientId: row.patientId,
    visitId: row.visitId,
    branchId: row.branchId,
    name: row.name,
    category: row.category,
    remark: row.remark,
    type: documentKind(row.contentType),
    contentType: row.contentType,
    size: row.sizeBytes,
    src: documentFilePath(row.id, downloadName(row.name, row.contentType)),
    createdBy: row.createdBy,
    createdByName: `${row.firstName} ${row.lastName}`.trim(),
    createdAt: toUnix(row.createdAt),
    version: row.version,
    storageKey: row.storageKey,
  };
}

export async function patientDocuments(tx: TenantTx, patientId: string): Promise<DocumentRow[]> {
  const rows = await documentsQuery(tx)
    .where('d.patientId', '=', patientId)
    .orderBy('d.createdAt', 'desc')
    .orderBy('d.id', 'desc')
    .execute();
  return rows.map(toRecord);
}

export async function findDocument(tx: TenantTx, id: string): Promise<DocumentRow | undefined> {
  const row = await documentsQuery(tx).where('d.id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export async function patientExists(tx: TenantTx, patientId: string): Promise<boolean> {
  const row = await tx.db
    .selectFrom('patients')
    .select('id')
    .where('id', '=', patientId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function visitPatient(tx: TenantTx, visitId: string): Promise<string | undefined> {
  const row = await tx.db
    .selectFrom('visits')
    .select('patientId')
    .where('id', '=', visitId)
    .executeTakeFirst();
  return row?.patientId;
}

export interface NewDocument {
  id: string;
  patientId: string;
  visitId: string | null;
  branchId: string;
  name: string;
  category: string;
  remark: string | null;
  contentType: string;
  size: number;
  storageKey: string;
  createdBy: string;
}

export async function insertDocument(tx: TenantTx, document: NewDocument): Promise<void> {
  await tx.db
    .insertInto('documents')
    .values({
      tenantId: tx.tenantId,
      id: document.id,
      patientId: document.patientId,
      visitId: document.visitId,
      branchId: document.branchId,
      name: document.name,
      category: document.category,
      remark: document.remark,
      contentType: document.contentType,
      sizeBytes: document.size,
      storageKey: document.storageKey,
      createdBy: document.createdBy,
    })
    .execute();
}

/** Changes name, category and remark when the version matches; false when it does not. */
export async function updateDocument(
  tx: TenantTx,
  id: string,
  change: { name: string; category: string; remark: string | null; version: number },
  userId: string,
): Promise<boolean> {
  const result = await tx.db
    .updateTable('documents')
    .set((eb) => ({
      name: change.name,
      category: change.category,
      remark: change.remark,
      updatedBy: userId,
      updatedAt: new Date(),
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .where('version', '=', change.version)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Marks the document deleted when the version matches; false when it does not. */
export async function markDeleted(
  tx: TenantTx,
  id: string,
  version: number,
  userId: string,
): Promise<boolean> {
  const result = await tx.db
    .updateTable('documents')
    .set((eb) => ({
      deletedBy: userId,
      deletedAt: new Date(),
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .where('version', '=', version)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The clinic's categories; its defaults are added the first time the list is read. */
export async function categories(tx: TenantTx): Promise<DocumentCategoryOption[]> {
  const read = () =>
    tx.db
      .selectFrom('documentCategories')
      .select(['id', 'name'])
      .orderBy('sortOrder')
      .orderBy('name')
      .execute();
  const rows = await read();
  if (rows.length > 0) return rows;
  await tx.db
    .insertInto('documentCategories')
    .values(
      DEFAULT_DOCUMENT_CATEGORIES.map((name, index) => ({
        tenantId: tx.tenantId,
        name,
        sortOrder: index + 1,
      })),
    )
    .onConflict((conflict) => conflict.columns(['tenantId', 'name']).doNothing())
    .execute();
  return read();
}
