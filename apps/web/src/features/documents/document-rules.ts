import {
  DOCUMENT_MAX_BYTES_DEFAULT,
  SNIFF_BYTES,
  formatFileSize,
  sniffContentType,
  type DocumentContentType,
} from '@clinic/domain';

/**
 * What the browser checks before an upload (doc 2 section 5 'Document': a single file,
 * image or PDF only). The server checks again from the bytes; this spares a wasted upload.
 */

/** What the file picker accepts (a hint for the browser's dialog; the bytes decide). */
export const ACCEPTED_FILES = 'image/jpeg,image/png,image/gif,image/webp,application/pdf,.pdf';

export type PickProblem =
  | { rule: 'fileRequired' | 'oneFile' | 'fileType' | 'fileEmpty' }
  | { rule: 'tooLarge'; max: string };

export type PickResult =
  { ok: true; file: File; contentType: DocumentContentType } | { ok: false; problem: PickProblem };

async function firstBytes(file: Blob): Promise<Uint8Array> {
  const head = file.slice(0, SNIFF_BYTES);
  // jsdom's Blob has no arrayBuffer() everywhere; FileReader works in every browser.
  if (typeof head.arrayBuffer === 'function') return new Uint8Array(await head.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsArrayBuffer(head);
  });
}

/** One file, not empty, not too large, and an image or a PDF by its first bytes. */
export async function checkPickedFiles(
  files: readonly File[],
  maxBytes = DOCUMENT_MAX_BYTES_DEFAULT,
): Promise<PickResult> {
  if (files.length === 0) return { ok: false, problem: { rule: 'fileRequired' } };
  if (files.length > 1) return { ok: false, problem: { rule: 'oneFile' } };
  const [file] = files as [File];
  if (file.size === 0) return { ok: false, problem: { rule: 'fileEmpty' } };
  if (file.size > maxBytes) {
    return { ok: false, problem: { rule: 'tooLarge', max: formatFileSize(maxBytes) } };
  }
  const contentType = sniffContentType(await firstBytes(file));
  if (!contentType) return { ok: false, problem: { rule: 'fileType' } };
  return { ok: true, file, contentType };
}

/** FILE NAME proposed for a picked file: its own name. */
export function proposedName(file: File): string {
  return file.name.trim().slice(0, 255);
}
