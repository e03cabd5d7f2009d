import type { Purchase, ReportHeader, Vendor } from '@clinic/domain';
import { purchaseOrderPrint } from '@clinic/print';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../../platform/pdf.ts';

/** The purchase order A4 (doc 3 section 2.1) rendered to PDF and read back. */
const header: ReportHeader = {
  branchId: '00000000-0000-4000-8000-000000000001',
  branchCode: 'HQ',
  branchName: 'Sunrise Clinic Bedok',
  branchAddress: '12 Bedok North Street 1, #01-23',
  branchCountryName: 'Singapore',
  branchPostal: '460012',
  branchPhone: '+65 6123 4567',
  branchFax: null,
  coRegistrationNo: '201912345K',
  taxRegistrationNo: 'M90312345X',
  logo: '/reports/00000000-0000-4000-8000-000000000001/logo',
  hasLogo: false,
  tenant: {
    code: 'sunrise',
    clinicName: 'Sunrise Clinic',
    email: 'owner@sunrise.example',
    owner: { firstName: 'Mei', lastName: 'Lim' },
  },
};

const vendor: Vendor = {
  id: '00000000-0000-4000-8000-000000000002',
  code: 'ZP',
  name: 'Zuellig Pharma Pte Ltd',
  address: '15 Changi North Way',
  phone: '6546 4000',
  fax: null,
  salesRep: 'Alan Tan',
  email: null,
  isActive: true,
};

const line = {
  lineNo: 1,
  itemId: '00000000-0000-4000-8000-000000000004',
  dispensingUnit: 'cap',
  receivedQuantity: 0,
};

const purchase: Purchase = {
  id: '00000000-0000-4000-8000-000000000003',
  purchaseNo: 'PO-000042',
  supplier: { id: vendor.id, code: vendor.code, name: vendor.name },
  status: 'CONFIRMED',
  statusCode: 3,
  orderDate: '2026-11-27',
  supplierPo: 'SO-7781',
  terms: '30 days',
  remark: null,
  voidReason: null,
  lineCount: 2,
  quantity: 150,
  receivedQuantity: 0,
  lines: [
    {
      ...line,
      id: '00000000-0000-4000-8000-000000000005',
      itemCode: 'AMOX500',
      itemName: 'Amoxicillin 500 mg capsule',
      quantity: 100,
      unitCostCents: 12,
      taxRateBasisPoints: 900,
      subtotalCents: 1200,
      taxCents: 108,
      totalCents: 1308,
    },
    {
      ...line,
      lineNo: 2,
      id: '00000000-0000-4000-8000-000000000006',
      itemCode: 'PCM500',
      itemName: 'Paracetamol 500 mg tablet',
      dispensingUnit: 'tab',
      quantity: 50,
      unitCostCents: 3,
      taxRateBasisPoints: 900,
      subtotalCents: 150,
      taxCents: 14,
      totalCents: 164,
    },
  ],
  subtotalCents: 1350,
  taxCents: 122,
  grandTotalCents: 1472,
  receipts: [
    {
      id: '00000000-0000-4000-8000-000000000007',
      receivedNo: 'GRN-000001',
      receivedDate: '2026-11-28',
      supplierInvoiceNo: 'INV-9',
      supplierGrnNo: 'DO-5521',
    },
  ],
  version: 2,
  createdAt: 1_795_000_000,
  updatedAt: 1_795_000_000,
  confirmedAt: 1_795_000_000,
  voidedAt: null,
};

describe('the purchase order print', () => {
  it('prints on A4 with the branch header, vendor, order details, items, totals and four signature lines', async () => {
    const pdf = await renderPdf({
      kind: 'purchaseOrder',
      header,
      logo: null,
      order: purchaseOrderPrint(purchase, vendor),
    });
    const document = await getDocumentProxy(new Uint8Array(pdf));
    expect(document.numPages).toBe(1);
    const [, , width, height] = (await document.getPage(1)).view;
    expect([Number(width!.toFixed(2)), Number(height!.toFixed(2))]).toEqual([595.28, 841.89]);
    const { text } = await extractText(document, { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    for (const expected of [
      'Sunrise Clinic Bedok',
      'Tax Reg. No.: M90312345X',
      'PURCHASE ORDER',
      'Zuellig Pharma Pte Ltd',
      '15 Changi North Way',
      '6546 4000',
      'Alan Tan',
      'PO-000042',
      '27/11/2026',
      'DO-5521',
      'SO-7781',
      '30 days',
      'AMOX500 Amoxicillin 500 mg capsule',
      '12.00',
      '1.08',
      '14.72',
      'PREPARED BY',
      'VERIFIED BY',
      'APPROVED BY',
      'CHECKED BY',
    ]) {
      expect(flat).toContain(expected);
    }
    expect(flat).not.toContain('VOIDED');
  });

  it('marks a voided order', async () => {
    const pdf = await renderPdf({
      kind: 'purchaseOrder',
      header,
      logo: null,
      order: purchaseOrderPrint({ ...purchase, status: 'VOIDED', statusCode: -1 }, vendor),
    });
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), {
      mergePages: true,
    });
    expect(text).toContain('VOIDED');
  });
});
