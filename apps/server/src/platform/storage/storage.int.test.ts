import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../../../test/s3-server.ts';
import { fileKey, FolderStorage, S3Storage, type FileStorage } from './index.ts';

async function bytesOf(stream: Readable | null): Promise<Buffer> {
  if (!stream) throw new Error('no file');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** The same contract, for each implementation. */
function storageContract(name: string, open: () => FileStorage) {
  describe(`${name} storage`, () => {
    const tenantA = randomUUID();
    const tenantB = randomUUID();

    it('stores, reads back the same bytes, tells whether a file exists and deletes it', async () => {
      const storage = open();
      const key = fileKey(tenantA, 'documents', randomUUID());
      const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 256));
      expect(await storage.exists(key)).toBe(false);
      expect(await storage.get(key)).toBeNull();
      await storage.put(key, bytes, 'application/pdf');
      expect(await storage.exists(key)).toBe(true);
      expect((await bytesOf(await storage.get(key))).equals(bytes)).toBe(true);
      await storage.delete(key);
      expect(await storage.exists(key)).toBe(false);
      // Deleting what is gone is no error.
      await storage.delete(key);
    });

    it('replaces a file put twice under one key', async () => {
      const storage = open();
      const key = fileKey(tenantA, 'documents', randomUUID());
      await storage.put(key, Buffer.from('first'), 'text/plain');
      await storage.put(key, Buffer.from('second'), 'text/plain');
      expect((await bytesOf(await storage.get(key))).toString()).toBe('second');
    });

    it("lists one tenant's files only", async () => {
      const storage = open();
      const mine = fileKey(tenantB, 'documents', randomUUID());
      const theirs = fileKey(randomUUID(), 'documents', randomUUID());
      await storage.put(mine, Buffer.from('mine'), 'text/plain');
      await storage.put(theirs, Buffer.from('theirs'), 'text/plain');
      expect(await storage.list(tenantB)).toEqual([mine.path]);
      expect(await storage.list(randomUUID())).toEqual([]);
    });
  });
}

describe('file keys', () => {
  it('are tenant-scoped ids: a path, a dot-dot or another kind is refused', () => {
    const tenant = randomUUID();
    const id = randomUUID();
    expect(fileKey(tenant, 'documents', id).path).toBe(`${tenant}/documents/${id}`);
    expect(() => fileKey(tenant, 'documents', '../../etc/passwd')).toThrow();
    expect(() => fileKey('..', 'documents', id)).toThrow();
    expect(() => fileKey(`${tenant}/..`, 'documents', id)).toThrow();
    expect(() => fileKey(tenant, '../documents' as 'documents', id)).toThrow();
  });
});

let folder = '';
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'folder-storage-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

storageContract('folder', () => new FolderStorage(folder));

describe('folder storage', () => {
  it('keeps files below its folder, and nothing of a half-written file', async () => {
    const storage = new FolderStorage(folder);
    const tenant = randomUUID();
    const key = fileKey(tenant, 'documents', randomUUID());
    await storage.put(key, Buffer.from('x'), 'text/plain');
    expect(await readdir(join(folder, tenant, 'documents'))).toEqual([key.id]);
    // A file beside the folder is not reachable by any key.
    await writeFile(join(folder, '..', `outside-${tenant}`), 'secret');
    expect(await storage.list(tenant)).toEqual([key.path]);
    await rm(join(folder, '..', `outside-${tenant}`));
  });
});

describe('S3-compatible storage (a real local server)', () => {
  let s3: LocalS3 | undefined;
  let storage: S3Storage | undefined;
  beforeAll(async () => {
    s3 = await startLocalS3();
  });
  afterAll(async () => {
    storage?.destroy();
    await s3?.stop();
  });
  storageContract('S3', () => {
    if (!s3) throw new Error('the S3 server did not start');
    storage ??= new S3Storage(s3.settings);
    return storage;
  });
});
