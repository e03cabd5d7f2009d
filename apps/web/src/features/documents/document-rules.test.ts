import { DOCUMENT_MESSAGES } from '@clinic/domain';
import { describe, expect, it } from 'vitest';
import { checkPickedFiles } from './document-rules.ts';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const PDF = new TextEncoder().encode('%PDF-1.7\n%...');

const fileOf = (bytes: Uint8Array | string, name: string, type = '') =>
  new File([bytes as BlobPart], name, { type });

describe('the files a user picks', () => {
  it('one image or one PDF passes, its type read from its bytes', async () => {
    expect(await checkPickedFiles([fileOf(PNG, 'scan.bin')])).toMatchObject({
      ok: true,
      contentType: 'image/png',
    });
    expect(
      await checkPickedFiles([fileOf(PDF, 'letter', 'application/octet-stream')]),
    ).toMatchObject({ ok: true, contentType: 'application/pdf' });
  });

  it('none, two, an empty one, another type named as an image, or one too large is refused', async () => {
    expect(await checkPickedFiles([])).toEqual({ ok: false, problem: { rule: 'fileRequired' } });
    expect(await checkPickedFiles([fileOf(PNG, 'a.png'), fileOf(PDF, 'b.pdf')])).toEqual({
      ok: false,
      problem: { rule: 'oneFile' },
    });
    expect(await checkPickedFiles([fileOf('', 'empty.png', 'image/png')])).toEqual({
      ok: false,
      problem: { rule: 'fileEmpty' },
    });
    expect(await checkPickedFiles([fileOf('MZ program', 'photo.png', 'image/png')])).toEqual({
      ok: false,
      problem: { rule: 'fileType' },
    });
    expect(await checkPickedFiles([fileOf(PNG, 'big.png')], 8)).toEqual({
      ok: false,
      problem: { rule: 'tooLarge', max: '8 bytes' },
    });
  });

  it('says so in the words the server uses', () => {
    expect(DOCUMENT_MESSAGES.oneFile).toBe('Please upload one file at a time.');
  });
});
