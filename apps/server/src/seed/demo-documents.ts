import { crc32, deflateSync } from 'node:zlib';
import { uploadDocument } from '../features/documents/documents.service.ts';
import type { AppContext } from '../platform/app-context.ts';
import type { BranchScope } from '../platform/scope.ts';

/**
 * A document or two for the first demo patient: a one-page PDF lab result and a small
 * picture, made here in code and stored through the file storage like an upload.
 */
export async function seedDemoDocuments(
  ctx: Pick<AppContext, 'storage' | 'log'>,
  scope: BranchScope,
): Promise<void> {
  const patient = await scope.run((tx) =>
    tx.db.selectFrom('patients').select('id').orderBy('createdAt').orderBy('id').executeTakeFirst(),
  );
  if (!patient) return;
  await uploadDocument(
    ctx,
    scope,
    {
      patientId: patient.id,
      visitId: null,
      name: 'Full blood count.pdf',
      category: 'Lab result',
      remark: 'All values within the reference range.',
    },
    {
      bytes: demoPdf(['Full blood count', 'Haemoglobin 14.1 g/dL', 'All values normal.']),
      filename: 'fbc.pdf',
    },
  );
  await uploadDocument(
    ctx,
    scope,
    {
      patientId: patient.id,
      visitId: null,
      name: 'Rash on forearm.png',
      category: 'Imaging',
      remark: null,
    },
    { bytes: demoPng(96, 64), filename: 'rash.png' },
  );
}

/** A valid one-page A4 PDF showing the lines in Helvetica. */
export function demoPdf(lines: readonly string[]): Buffer {
  const text = lines
    .map((line, index) => {
      const safe = line.replace(/[\\()]/g, (char) => `\\${char}`);
      return `BT /F1 ${index === 0 ? 18 : 12} Tf 72 ${770 - index * 24} Td (${safe}) Tj ET`;
    })
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A valid RGB PNG of a soft reddish patch on skin tone. */
export function demoPng(width: number, height: number): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const dx = (x - width / 2) / (width / 3);
      const dy = (y - height / 2) / (height / 3);
      const patch = Math.max(0, 1 - (dx * dx + dy * dy));
      row[1 + x * 3] = Math.round(232 - 20 * patch);
      row[2 + x * 3] = Math.round(190 - 90 * patch);
      row[3 + x * 3] = Math.round(160 - 80 * patch);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
