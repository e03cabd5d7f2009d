import type { Readable } from 'node:stream';

/**
 * Where files live (documents, later referral attachments, logos, signed consents): a
 * folder under DATA_DIR, or S3-compatible object storage (docs/architecture.md "Files").
 * Every key is one tenant's: `{tenantId}/{kind}/{id}`, built by `fileKey` only, so no
 * caller can name a path outside a tenant's prefix.
 */

/** The kinds of file the app keeps, each a folder of the tenant's prefix. */
export const FILE_KINDS = ['documents'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A checked key: one tenant's, one kind, one record's id. */
export interface FileKey {
  readonly tenantId: string;
  readonly kind: FileKind;
  readonly id: string;
  /** `{tenantId}/{kind}/{id}`. */
  readonly path: string;
}

/** The key of a record's file; throws on anything but ids (no `..`, no `/`). */
export function fileKey(tenantId: string, kind: FileKind, id: string): FileKey {
  if (!UUID.test(tenantId)) throw new Error(`File key: the tenant must be an id (${tenantId})`);
  if (!UUID.test(id)) throw new Error(`File key: the record must be an id (${id})`);
  if (!FILE_KINDS.includes(kind)) throw new Error(`File key: unknown kind ${String(kind)}`);
  return { tenantId, kind, id, path: `${tenantId}/${kind}/${id}` };
}

/** The prefix of one tenant's files (for listing). */
export function tenantPrefix(tenantId: string): string {
  if (!UUID.test(tenantId)) throw new Error(`File prefix: the tenant must be an id (${tenantId})`);
  return `${tenantId}/`;
}

export interface FileStorage {
  /** Which implementation (for logs and the health of the set-up). */
  readonly kind: 'folder' | 's3';
  /** Stores the bytes under the key, replacing any there. */
  put(key: FileKey, body: Buffer, contentType: string): Promise<void>;
  /** The bytes as a stream, or null when there is no such file. */
  get(key: FileKey): Promise<Readable | null>;
  /** Removes the file; no error when it is already gone. */
  delete(key: FileKey): Promise<void>;
  exists(key: FileKey): Promise<boolean>;
  /** The paths of one tenant's files (`{tenantId}/{kind}/{id}`), sorted. */
  list(tenantId: string): Promise<string[]>;
}
