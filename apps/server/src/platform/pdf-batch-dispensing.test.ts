import type { ReportHeader } from '@clinic/domain';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderPdf } from './pdf.ts';

/** The batch dispensing report (doc 3 sections 2.1, 7.1), rendered for real and read back. */
const header: ReportHeader = {
  branchId: '00000000-0000-4000-8000-000000000001',
  branchCode: 'HQ',
  branchName: 'Sunrise Clinic Bedok',
  branchAddress: '12 Bedok North Street 1, #01-23',
  branchCountryName: 'Singapore',
  branchPostal: '460012',
  branchPhone: '+65 6123 4567',
  branchFax: null,
  coRegistrationNo: null,
  taxRegistrationNo: null,
  logo: null,
  hasLogo: false,
  tenant: {
    code: 'sunrise',
    clinicName: 'Sunrise Clinic',
    email: 'owner@sunrise.example',
    owner: { firstName: 'Mei', lastName: 'Lim' },
  },
};

function row(index: number) {
  return {
    dispenseId: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    visitId: `a1b2c3d4-0000-4000-8000-${String(index).padStart(12, '0')}`,
    dispensedAt: 1_795_000_000 + index * 60,
    dispensedText: '25/11/2026 09:30',
    itemId: '00000000-0000-4000-8000-00000000aaaa',
    itemCode: 'PCM500',
    itemName: 'Paracetamol 500 mg tablet',
    batchId: `00000000-0000-4000-8000-${String(index).padStart(12, '9')}`,
    batchNo: `LOT-${index}`,
    expiryDate: '2027-03-31',
    quantity: 10,
  };
}

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

const base = {
  kind: 'batchDispensing' as const,
  header,
  logo: null,
  fromDate: '2026-11-01',
  toDate: '2026-11-27',
  itemName: null,
  printedAt: '27/11/2026 14:00',
};

describe('the batch dispensing report A4', () => {
  it('prints the period, every batch dispensed and the totals on A4 pages', async () => {
    const { pages, sizes, text } = await read(
      await renderPdf({ ...base, rows: [row(1), row(2), row(3)] }),
    );
    expect(pages).toBe(1);
    expect(sizes).toEqual([[595.28, 841.89]]);
    for (const expected of [
      'Sunrise Clinic (Sunrise Clinic Bedok)',
      'BATCH DISPENSING REPORT',
      'Period: 01/11/2026 to 27/11/2026',
      'Item: All items',
      'LOT-1',
      'LOT-3',
      'Paracetamol 500 mg tablet',
      '31/03/2027',
      '3 lines, 30 units dispensed',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('runs over several A4 pages with the header on each, and says so when nothing was dispensed', async () => {
    const rows = Array.from({ length: 90 }, (_, index) => row(index + 1));
    const long = await read(await renderPdf({ ...base, itemName: 'Paracetamol', rows }));
    expect(long.pages).toBeGreaterThan(1);
    expect(long.sizes.every(([w, hgt]) => w === 595.28 && hgt === 841.89)).toBe(true);
    expect(long.text).toContain('LOT-90');
    expect(long.text).toContain('90 lines, 900 units dispensed');
    expect(long.text).toContain(`Page ${long.pages} of ${long.pages}`);
    expect(long.text.split('Sunrise Clinic (Sunrise Clinic Bedok)').length - 1).toBe(long.pages);
    const none = await read(await renderPdf({ ...base, rows: [] }));
    expect(none.text).toContain('Nothing was dispensed in this period.');
  });
});
