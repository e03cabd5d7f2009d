import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { FolderStorage } from './folder-storage.ts';
import { S3Storage, type S3Settings } from './s3-storage.ts';
import type { FileStorage } from './storage.ts';

export * from './storage.ts';
export { FolderStorage } from './folder-storage.ts';
export { S3Storage, type S3Settings } from './s3-storage.ts';

/** Which storage the settings choose. */
export type StorageSettings = { kind: 'folder'; folder: string } | ({ kind: 's3' } & S3Settings);

/** The folder used when DATA_DIR is 'memory' (a throw-away database): a temporary one. */
export function defaultFilesFolder(dataDir: string): string {
  return dataDir === 'memory'
    ? join(tmpdir(), `clinic-files-${process.pid}`)
    : join(dataDir, 'files');
}

export function openStorage(settings: StorageSettings): FileStorage {
  if (settings.kind === 'folder') return new FolderStorage(settings.folder);
  const { kind: _kind, ...s3 } = settings;
  return new S3Storage(s3);
}
