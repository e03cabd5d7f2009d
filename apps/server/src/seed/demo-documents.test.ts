import { sniffContentType } from '@clinic/domain';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { demoPdf, demoPng } from './demo-documents.ts';

describe('the demo documents made in code', () => {
  it('a PDF whose cross-reference table points at its objects', () => {
    const pdf = demoPdf(['Full blood count', 'All (values) normal.']);
    expect(sniffContentType(pdf)).toBe('application/pdf');
    const text = pdf.toString('latin1');
    const start = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(start, start + 4)).toBe('xref');
    const offsets = [...text.slice(start).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) =>
      Number(m[1]),
    );
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, index) =>
      expect(text.slice(offset, offset + 8)).toBe(`${index + 1} 0 obj\n`),
    );
    expect(text).toContain('(All \\(values\\) normal.) Tj');
  });

  it('a PNG of the size asked, whose pixels inflate to rows of RGB', () => {
    const png = demoPng(96, 64);
    expect(sniffContentType(png)).toBe('image/png');
    expect(png.readUInt32BE(16)).toBe(96);
    expect(png.readUInt32BE(20)).toBe(64);
    const idatLength = png.readUInt32BE(33);
    expect(png.toString('latin1', 37, 41)).toBe('IDAT');
    expect(inflateSync(png.subarray(41, 41 + idatLength))).toHaveLength(64 * (1 + 96 * 3));
  });
});
