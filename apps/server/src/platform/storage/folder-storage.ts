import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { tenantPrefix, type FileKey, type FileStorage } from './storage.ts';

/**
 * Files in a folder (default: `files` under DATA_DIR). A key becomes a path below the
 * folder; a path that would leave it is refused (keys are ids only, this is the second
 * lock). Writes go to a temporary name first and are renamed, so a reader never sees half
 * a file.
 */
export class FolderStorage implements FileStorage {
  readonly kind = 'folder';
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    const path = resolve(this.root, key);
    const inside = relative(this.root, path);
    if (!inside || inside.startsWith('..') || inside.split(sep).includes('..')) {
      throw new Error(`File path outside the storage folder: ${key}`);
    }
    return path;
  }

  async put(key: FileKey, body: Buffer, _contentType?: string): Promise<void> {
    const path = this.pathOf(key.path);
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomUUID()}.part`;
    try {
      await writeFile(temporary, body, { flag: 'wx' });
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: FileKey): Promise<Readable | null> {
    const path = this.pathOf(key.path);
    if (!(await this.isFile(path))) return null;
    return createReadStream(path);
  }

  async delete(key: FileKey): Promise<void> {
    await rm(this.pathOf(key.path), { force: true });
  }

  exists(key: FileKey): Promise<boolean> {
    return this.isFile(this.pathOf(key.path));
  }

  async list(tenantId: string): Promise<string[]> {
    const folder = this.pathOf(tenantPrefix(tenantId));
    let names: string[];
    try {
      names = await readdir(folder, { recursive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const files: string[] = [];
    for (const name of names) {
      const path = join(folder, name);
      if (!name.endsWith('.part') && (await this.isFile(path))) {
        files.push(relative(this.root, path).split(sep).join('/'));
      }
    }
    return files.sort();
  }

  private async isFile(path: string): Promise<boolean> {
    try {
      return (await stat(path)).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }
}
