import type {
  CreditNotePrint,
  InvoicePrint,
  PaymentPrint,
  ReceiptPrintData,
  ReportHeader,
  StatementPrintData,
  TaxInvoicePrint,
} from '@clinic/domain';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderPdf } from './pdf.ts';

/** The billing documents (doc 3 sections 2.1, 3.3), rendered for real and read back. */
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
  taxRegistrationNo: 'M2-1234567-8',
  logo: null,
  hasLogo: false,
  tenant: { code: 'sunrise', clinicName: 'Sunrise Clinic', email: null, owner: null },
};

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const patient = { id: id(9), name: 'Tan Ah Kow', ic: '*****567D' };

const invoice: InvoicePrint = {
  id: id(1),
  invoiceNo: 'INV-000042',
  status: 'PARTIALLY',
  statusCode: 3,
  date: '2026-11-27',
  dueDate: '2026-12-11',
  remarks: 'Follow up in a week',
  subtotal: 123450,
  taxAmount: 8642,
  discount: { amount: 1000 },
  insuranceAmount: 0,
  subsidyAmount: 2500,
  roundingAmount: -2,
  grandTotal: 128590,
  paid: 50000,
  credited: 0,
  balance: 78590,
  Bill: { name: 'Acme Pte Ltd', address: '1 Raffles Place' },
  patient,
  subsidies: [{ name: 'CHAS Blue', amount: 2500 }],
  details: [
    {
      id: id(2),
      itemCode: 'PARA500',
      itemName: 'Paracetamol 500 mg',
      catalogGroupCode: 'medication',
      type: 'medication',
      qty: 20,
      um: 'tab',
      price: 50,
      originalPrice: 50,
      unitDiscountType: null,
      unitDiscountValue: null,
      amount: 1000,
      tax: { amount: 70 },
      doctorName: 'Dr Lim',
      subtotal: 1000,
      subsidy: 0,
    },
    {
      id: id(3),
      itemCode: 'XRAY',
      itemName: 'Chest X-ray',
      catalogGroupCode: 'service',
      type: 'service',
      qty: 1,
      um: null,
      price: 122450,
      originalPrice: 122450,
      unitDiscountType: 'percent',
      unitDiscountValue: 1250,
      amount: 122450,
      tax: { amount: 8572 },
      doctorName: 'Dr Lim',
      subtotal: 122450,
      subsidy: 2500,
    },
  ],
  summary: [
    { category: 'medication', subtotal: 1000, tax: 70 },
    { category: 'service', subtotal: 122450, tax: 8572 },
  ],
};

const payment: PaymentPrint = {
  id: id(4),
  paymentNumber: 'RCP-000007',
  date: '2026-11-27',
  paymentDate: '2026-11-27',
  amountReceived: 50000,
  change: 0,
  paymentMethod: 'Cash, NETS',
  tenders: [
    { method: 'Cash', amount: 20000 },
    { method: 'NETS', amount: 30000 },
  ],
  notes: 'Deposit',
  status: 0,
  invoiceNo: 'INV-000042',
  patient,
  payer: { name: 'Acme Pte Ltd' },
};

const base = { header, logo: null, printedAt: '27/Nov/2026 14:05' };
const footer = '<p>Thank you for <b>choosing</b> us &amp; get well!</p><script>alert(1)</script>';

async function read(pdf: Buffer) {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const sizes = [];
  for (let page = 1; page <= document.numPages; page += 1) {
    const [, , width, height] = (await document.getPage(page)).view;
    sizes.push([Number(width!.toFixed(2)), Number(height!.toFixed(2))]);
  }
  const { text } = await extractText(document, { mergePages: true });
  return { sizes, text: text.replace(/\s+/g, ' ') };
}

const A4 = [595.28, 841.89];

describe('the billing documents', () => {
  it('prints the itemised invoice A4 with every figure, the masked ID and the footer', async () => {
    const { sizes, text } = await read(
      await renderPdf({
        kind: 'invoiceA4',
        ...base,
        invoice,
        payments: [payment],
        layout: 'itemised',
        footer,
      }),
    );
    expect(sizes).toEqual([A4]);
    for (const expected of [
      'INVOICE',
      'INV-000042',
      '27/Nov/2026',
      '11/Dec/2026',
      'Acme Pte Ltd',
      'Tan Ah Kow',
      '*****567D',
      'PARA500 Paracetamol 500 mg',
      '$1,224.50',
      '12.50%',
      '$1,234.50',
      '$10.00',
      '$86.42',
      'CHAS Blue',
      '$25.00',
      '-$0.02',
      '$1,285.90',
      '$500.00',
      '$785.90',
      'RCP-000007',
      'Thank you for choosing us & get well!',
      'Printed on 27/Nov/2026 14:05',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('alert');
  });

  it('prints the summary invoice by category, without the lines', async () => {
    const { text } = await read(
      await renderPdf({
        kind: 'invoiceA4',
        ...base,
        invoice,
        payments: [],
        layout: 'summary',
        footer: '',
      }),
    );
    expect(text).toContain('Medication');
    expect(text).toContain('Services');
    expect(text).toContain('$85.72');
    expect(text).not.toContain('PARA500');
  });

  it('prints the A5 stub on A5', async () => {
    const { sizes, text } = await read(await renderPdf({ kind: 'invoiceStub', ...base, invoice }));
    expect(sizes).toEqual([[419.53, 595.28]]);
    for (const expected of ['INV-000042', '*****567D', '$1,285.90', '$785.90']) {
      expect(text).toContain(expected);
    }
  });

  it('prints the receipt A4 with its receipts and the 14-day terms', async () => {
    const receipt: ReceiptPrintData = {
      invoice: {
        id: invoice.id,
        patient,
        invoiceNo: invoice.invoiceNo,
        date: invoice.date,
        remarks: null,
        details: invoice.details,
        subtotal: invoice.subtotal,
        discountAmount: 1000,
        taxAmount: invoice.taxAmount,
        subsidyAmount: 2500,
        roundingAmount: -2,
        grandTotal: invoice.grandTotal,
        paid: 50000,
        balance: 78590,
      },
      receipts: [
        {
          id: payment.id,
          date: '2026-11-27',
          paymentNo: 'RCP-000007',
          paidAmount: 50000,
          paymentMethod: 'Cash, NETS',
          remarks: 'Deposit',
          invoiceNo: 'INV-000042',
        },
      ],
    };
    const { sizes, text } = await read(
      await renderPdf({ kind: 'receiptA4', ...base, receipt, footer }),
    );
    expect(sizes).toEqual([A4]);
    for (const expected of [
      'RECEIPT',
      '*****567D',
      'RCP-000007',
      '$500.00',
      '$785.90',
      'Payment is due 14 days from the date.',
      'Thank you for choosing us & get well!',
    ]) {
      expect(text).toContain(expected);
    }
  });

  const taxInvoice: TaxInvoicePrint = {
    invoiceNum: 'INV-000042',
    invoiceDate: '2026-11-27',
    patient,
    status: 4,
    items: [
      {
        id: id(5),
        category: 1,
        itemName: 'Metformin 500 mg',
        unitPrice: 20,
        quantity: 60,
        unit: 'tab',
        isWhitelistDrug: true,
        claimable: true,
        tax: { amount: 108 },
        subtotal: 1200,
        subsidy: 800,
      },
      {
        id: id(6),
        category: 2,
        itemName: 'Delivery',
        unitPrice: 1500,
        quantity: 1,
        unit: null,
        isWhitelistDrug: false,
        claimable: false,
        tax: { amount: 135 },
        subtotal: 1500,
        subsidy: 0,
      },
    ],
    subtotal: 2700,
    discount: 0,
    taxAmount: 243,
    grandTotal: 2943,
    subsidyTotal: 1230,
    netDueAmount: 1713,
    realAmountPaid: 1715,
    patientPayable: 1715,
    deliveryFee: 1500,
    subsidy: {
      scheme: 'HSG',
      schemeCode: 'HSG-CHRONIC',
      schemeName: 'Healthier SG',
      tierName: 'Chronic tier',
      dollarSubsidy: 1000,
      percentageSubsidy: 122,
      gstAbsorbed: 108,
    },
  };

  it('prints the tax invoice with its subsidy breakdown, delivery fee and payable', async () => {
    const { sizes, text } = await read(
      await renderPdf({ kind: 'taxInvoice', ...base, taxInvoice }),
    );
    expect(sizes).toEqual([A4]);
    for (const expected of [
      'TAX INVOICE',
      'M2-1234567-8',
      '*****567D',
      'Metformin 500 mg (whitelisted)',
      'Dollar subsidy (Healthier SG)',
      '$10.00',
      'Percentage subsidy',
      '$1.22',
      'GST absorbed by government',
      '$1.08',
      'Subsidy total',
      '$12.30',
      'Delivery fee',
      '$15.00',
      'Net due',
      '$17.13',
      'Patient payable',
      '$17.15',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('prints a CHAS drug subsidy as a dollar subsidy only', async () => {
    const { text } = await read(
      await renderPdf({
        kind: 'taxInvoice',
        ...base,
        taxInvoice: {
          ...taxInvoice,
          subsidy: { ...taxInvoice.subsidy!, scheme: 'WDRUG-CHAS', schemeName: 'CHAS' },
        },
      }),
    );
    expect(text).toContain('Dollar subsidy (CHAS)');
    expect(text).not.toContain('Percentage subsidy');
    expect(text).not.toContain('GST absorbed');
  });

  it('prints the payment receipt: payer, type, method, sum, date and footer', async () => {
    const { text } = await read(
      await renderPdf({ kind: 'paymentReceipt', ...base, payment, footer }),
    );
    for (const expected of [
      'PAYMENT RECEIPT',
      'RCP-000007',
      '*****567D',
      'Received from Acme Pte Ltd',
      'Payment type SETTLED',
      'Payment method Cash, NETS',
      '$200.00',
      '$300.00',
      'Sum of $500.00',
      'Date of payment 27/Nov/2026',
      'Thank you for choosing us & get well!',
    ]) {
      expect(text).toContain(expected);
    }
    const voided = await read(
      await renderPdf({
        kind: 'paymentReceipt',
        ...base,
        payment: { ...payment, status: -1 },
        footer: '',
      }),
    );
    expect(voided.text).toContain('Payment type VOIDED');
  });

  it('prints a quotation and a statement', async () => {
    const quotation = await read(
      await renderPdf({
        kind: 'quotation',
        ...base,
        invoice: { ...invoice, invoiceNo: null, status: 'DRAFT' },
        payments: [],
      }),
    );
    for (const expected of [
      'QUOTATION',
      'Acme Pte Ltd',
      'Chest X-ray',
      '$1,285.90',
      'Follow up in a week',
    ]) {
      expect(quotation.text).toContain(expected);
    }
    const statement: StatementPrintData = {
      patient,
      date: '2026-11-27',
      invoices: [
        {
          id: id(7),
          invoiceNo: 'INV-000040',
          date: '1970-01-01',
          dueDate: null,
          status: 'OVERDUE',
          grandTotal: 3000,
          paid: 1000,
          balance: 2000,
        },
        {
          id: id(1),
          invoiceNo: 'INV-000042',
          date: '2026-11-27',
          dueDate: '2026-12-11',
          status: 'PARTIALLY',
          grandTotal: 128590,
          paid: 50000,
          balance: 78590,
        },
      ],
      receipts: [],
      totalBalance: 80590,
    };
    const printed = await read(await renderPdf({ kind: 'statement', ...base, statement }));
    for (const expected of [
      'STATEMENT OF ACCOUNT',
      '*****567D',
      'INV-000040',
      '$20.00',
      'Total outstanding',
      '$805.90',
      'Generated on 27/Nov/2026 14:05',
    ]) {
      expect(printed.text).toContain(expected);
    }
    // A date on or before 1 Jan 1970 prints blank.
    expect(printed.text).not.toContain('1970');
  });

  it('prints a credit note: number, date, patient, what it credits, amount, lines, footer', async () => {
    const creditNote: CreditNotePrint = {
      id: id(20),
      creditNoteNumber: 'CN-000003',
      createdDate: '2026-11-27',
      creditNoteType: 2,
      type: 'goodsReturn',
      status: 'ISSUED',
      statusCode: 0,
      amount: 1250,
      paymentMethodName: 'Cash',
      reason: 'Unopened box returned',
      invoiceNo: 'INV-000042',
      depositNo: null,
      patient,
      lines: [{ id: id(2), itemCode: 'PARA500', itemName: 'Paracetamol 500 mg', qty: 10 }],
      voidReason: null,
    };
    const printed = await read(
      await renderPdf({ kind: 'creditNote', ...base, creditNote, footer }),
    );
    expect(printed.sizes).toEqual([[595.28, 841.89]]);
    for (const expected of [
      'Sunrise Clinic Bedok',
      'CREDIT NOTE',
      'Credit note no. CN-000003',
      'Date 27/Nov/2026',
      'Tan Ah Kow',
      '*****567D',
      'Type Goods return',
      'Invoice no. INV-000042',
      'Amount $12.50',
      'Refund method Cash',
      'Reason Unopened box returned',
      'Status ISSUED',
      'Goods returned',
      'PARA500',
      'Paracetamol 500 mg',
      'Thank you for choosing us & get well!',
      'Printed on 27/Nov/2026 14:05',
    ]) {
      expect(printed.text).toContain(expected);
    }
    expect(printed.text).not.toContain('alert(1)');
    expect(printed.text).not.toContain('VOIDED');

    const voided = await read(
      await renderPdf({
        kind: 'creditNote',
        ...base,
        creditNote: {
          ...creditNote,
          type: 'deposit',
          creditNoteType: 1,
          invoiceNo: null,
          depositNo: 'DEP-000002',
          lines: [],
          status: 'VOIDED',
          statusCode: -1,
          voidReason: 'Issued twice',
        },
        footer: '',
      }),
    );
    for (const expected of [
      'VOIDED',
      'Type Deposit',
      'Deposit no. DEP-000002',
      'Void reason Issued twice',
    ]) {
      expect(voided.text).toContain(expected);
    }
    expect(voided.text).not.toContain('Goods returned');
  });
});
