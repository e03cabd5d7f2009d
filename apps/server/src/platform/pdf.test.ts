import type { ReportHeader } from '@clinic/domain';
import { formatBatches, mm, type PrintDocument } from '@clinic/print';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { imageDataUri, renderPdf } from './pdf.ts';

/** A 1 x 1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const header: ReportHeader = {
  branchId: '00000000-0000-4000-8000-000000000001',
  branchCode: 'HQ',
  branchName: 'Sunrise Clinic Bedok',
  branchAddress: '12 Bedok North Street 1, #01-23',
  branchCountryName: 'Singapore',
  branchPostal: '460012',
  branchPhone: '+65 6123 4567',
  branchFax: '+65 6123 4568',
  coRegistrationNo: '201912345K',
  taxRegistrationNo: 'M90312345X',
  logo: '/reports/00000000-0000-4000-8000-000000000001/logo',
  hasLogo: true,
  tenant: {
    code: 'sunrise',
    clinicName: 'Sunrise Clinic',
    email: 'owner@sunrise.example',
    owner: { firstName: 'Mei', lastName: 'Lim' },
  },
};

const mc = {
  doctorFullName: 'Dr Tan Wei Ming',
  fitChoice: 1,
  issueDate: '2026-11-25',
  fromDate: '2026-11-25',
  toDate: '2026-11-27',
  givenDays: 3,
  excuseChit: false,
  mcNo: 'HQ-MC-000042',
  mcPurpose: 'Work',
  patientName: 'Tan Ah Kow',
  nric: 'S1234567D',
  remark: 'Rest at home',
};

async function read(pdf: Buffer) {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const sizes = [];
  for (let page = 1; page <= document.numPages; page += 1) {
    const [, , width, height] = (await document.getPage(page)).view;
    sizes.push([Number(width!.toFixed(2)), Number(height!.toFixed(2))]);
  }
  const { text } = await extractText(document, { mergePages: true });
  return { pages: document.numPages, sizes, text: text.replace(/\s+/g, ' ') };
}

describe('printable documents rendered to PDF (renderPdf)', () => {
  it('prints the page sizes of doc 3 section 2.1 in points', () => {
    expect(mm(210)).toBe(595.28);
    expect(mm(297)).toBe(841.89);
    expect([mm(76), mm(35)]).toEqual([215.43, 99.21]);
  });

  it('prints a medical certificate on A4 with its header, patient, days and number', async () => {
    const pdf = await renderPdf({
      kind: 'medicalCertificate',
      header,
      logo: imageDataUri(PNG, 'image/png'),
      mc,
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, sizes, text } = await read(pdf);
    expect(pages).toBe(1);
    expect(sizes).toEqual([[595.28, 841.89]]);
    for (const expected of [
      'Sunrise Clinic (Sunrise Clinic Bedok)',
      '12 Bedok North Street 1, #01-23, Singapore 460012',
      'Tel: +65 6123 4567',
      'Fax: +65 6123 4568',
      'Co. Reg. No.: 201912345K',
      'MEDICAL CERTIFICATE',
      'No.: HQ-MC-000042',
      'Date of issue: 25/11/2026',
      'Tan Ah Kow',
      'S1234567D',
      'medically unfit for school/work for 3 days, from 25/11/2026 to 27/11/2026',
      'Purpose: Work',
      'Remark: Rest at home',
      'Dr Tan Wei Ming',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('prints an excuse chit with the date-time interval, and light duty for fitChoice 2', async () => {
    const chit: PrintDocument = {
      kind: 'medicalCertificate',
      header: { ...header, hasLogo: false, logo: null },
      logo: null,
      mc: {
        ...mc,
        excuseChit: true,
        fitChoice: 2,
        toDate: '2026-11-25',
        fromTime: '09:30',
        toTime: '13:00',
        mcPurpose: null,
        remark: null,
      },
    };
    const { sizes, text } = await read(await renderPdf(chit));
    expect(sizes).toEqual([[595.28, 841.89]]);
    expect(text).toContain('EXCUSE CHIT');
    expect(text).toContain('fit for light duty only from 25/11/2026 09:30 to 25/11/2026 13:00');
    expect(text).not.toContain('3 days');
    expect(text).not.toContain('Purpose');
  });

  it('prints the patient label at 76 x 35 mm, one page a copy', async () => {
    const { pages, sizes, text } = await read(
      await renderPdf({
        kind: 'patientLabel',
        name: 'Tan Ah Kow',
        lines: [
          { label: 'NRIC', value: 'S1234567D' },
          { label: 'Card No.', value: 'C000123' },
          { label: 'Birth Date', value: '05/Jan/1980 (46Y 10M)' },
          { label: 'Gender', value: 'M' },
        ],
        copies: 2,
      }),
    );
    expect(pages).toBe(2);
    expect(sizes).toEqual([
      [215.43, 99.21],
      [215.43, 99.21],
    ]);
    for (const expected of ['Tan Ah Kow', 'S1234567D', 'C000123', '05/Jan/1980 (46Y 10M)']) {
      expect(text).toContain(expected);
    }
  });

  it('prints the queue label at 76 x 35 mm', async () => {
    const { pages, sizes, text } = await read(
      await renderPdf({
        kind: 'queueLabel',
        queueNum: 'A007',
        patientName: 'Tan Ah Kow',
        notice: 'PLEASE BE SEATED. YOU WILL BE SERVED SHORTLY.',
        visitDate: '05/Jan/2026 09:07:05',
      }),
    );
    expect(pages).toBe(1);
    expect(sizes).toEqual([[215.43, 99.21]]);
    expect(text).toContain('A007');
    expect(text).toContain('PLEASE BE SEATED. YOU WILL BE SERVED SHORTLY.');
    expect(text).toContain('05/Jan/2026 09:07:05');
  });
  it('prints medication labels at 76 x 35 mm, each line repeated by its count', async () => {
    const label = {
      clinicName: 'Sunrise Clinic',
      clinicPhone: '+65 6123 4567',
      patientName: 'Tan Ah Kow',
      patientAge: '46Y 10M',
      batchLabel: 'Batch',
      dateLabel: 'Date',
      date: '27/11/2026',
    };
    const { pages, sizes, text } = await read(
      await renderPdf({
        kind: 'medicationLabel',
        labels: [
          {
            ...label,
            itemName: 'Paracetamol 500 mg tablet',
            instructions:
              'Take 1 tablet by mouth three times a day for 5 days. For pain. Take after food.',
            quantity: '15 tab',
            batches: formatBatches([
              { batchNumber: 'PCM-24A', expiryDate: '2030-06-30' },
              { batchNumber: 'PCM-25B', expiryDate: '2031-12-31' },
            ]),
            copies: 2,
          },
          {
            ...label,
            itemName: 'Hydrocortisone 1% cream',
            instructions: 'Apply 1 application on the skin twice a day for 5 days.',
            quantity: '1 tube',
            batches: formatBatches([{ batchNumber: 'HC-1', expiryDate: null }]),
          },
        ],
      }),
    );
    expect(pages).toBe(3);
    expect(sizes).toEqual([
      [215.43, 99.21],
      [215.43, 99.21],
      [215.43, 99.21],
    ]);
    expect(text.match(/Paracetamol 500 mg tablet/g)).toHaveLength(2);
    expect(text.match(/Hydrocortisone 1% cream/g)).toHaveLength(1);
    for (const expected of [
      'Sunrise Clinic',
      '+65 6123 4567',
      'Tan Ah Kow',
      '46Y 10M',
      '15 tab',
      'Take 1 tablet by mouth three times a day for 5 days. For pain. Take after food.',
      'Batch: PCM-24A 2030-06-30, PCM-25B 2031-12-31',
      'Batch: HC-1 --',
      'Date: 27/11/2026',
    ]) {
      expect(text).toContain(expected);
    }
    expect(formatBatches([])).toBe('--');
  });
});
