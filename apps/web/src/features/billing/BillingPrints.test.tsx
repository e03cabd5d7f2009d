import type {
  CreditNote,
  CreditNotePrintData,
  Invoice,
  InvoicePrintData,
  Payment,
  ReceiptPrintData,
  ReportHeader,
  StatementPrintData,
} from '@clinic/domain';
import type { PrintDocument } from '@clinic/print';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../components/dialogs.tsx';
import '../../components/dialog-views.tsx';
import { BRANCH_ID, closeMessages, signInForTest, testQueryClient } from '../queue/test-utils.tsx';
import { creditKeys } from '../credit-notes/credits-api.ts';
import { PatientCreditNotes } from '../credit-notes/PatientCredits.tsx';
import { billingKeys } from './billing-api.ts';
import { InvoicePage } from './InvoicePage.tsx';

// The PDFs are rendered for real in apps/server/src/platform/pdf-billing.test.ts; here, the
// document each print asks for: the server's print data as it came, with the footer.
const rendered = vi.hoisted(() => [] as PrintDocument[]);
vi.mock('../../print/pdf-render.ts', () => ({
  renderPdfBlob: (document: PrintDocument) => {
    rendered.push(document);
    return Promise.resolve(new Blob(['%PDF-'], { type: 'application/pdf' }));
  },
}));

const INVOICE = '11111111-0000-4000-8000-000000000001';
const PATIENT = '22222222-0000-4000-8000-000000000001';
const PAYMENT = '55555555-0000-4000-8000-000000000001';

const payment: Payment = {
  id: PAYMENT,
  paymentNo: 'RCP-000003',
  invoiceId: INVOICE,
  invoiceNo: 'INV-000007',
  patientId: PATIENT,
  branchId: BRANCH_ID,
  status: 'SETTLED',
  statusCode: 0,
  paymentDate: '2026-11-27',
  amountCents: 1000,
  changeCents: 0,
  tenders: [{ method: 'cash', methodName: 'Cash', amountCents: 1000 }],
  remarks: null,
  voidReason: null,
  version: 1,
  createdAt: 0,
  voidedAt: null,
};

function invoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: INVOICE,
    invoiceNo: 'INV-000007',
    status: 'PARTIALLY',
    statusCode: 3,
    branchId: BRANCH_ID,
    visitId: '33333333-0000-4000-8000-000000000001',
    patient: { id: PATIENT, name: 'Tan Ah Kow' },
    invoiceDate: '2026-11-27',
    dueDate: null,
    grandTotalCents: 2782,
    paidCents: 1000,
    balanceCents: 1782,
    version: 3,
    updatedAt: 0,
    billTo: { kind: 'patient', companyId: null, name: 'Tan Ah Kow', address: null },
    discount: null,
    roundingMode: 'none',
    taxOption: { code: 'TAX', name: 'TAX 7%' },
    taxRateBasisPoints: 700,
    lines: [],
    subtotalCents: 2600,
    discountCents: 0,
    taxCents: 182,
    subsidyCents: 0,
    subsidy: null,
    insuranceCents: 0,
    roundingCents: 0,
    creditedCents: 0,
    payments: [payment],
    remarks: null,
    voidReason: null,
    createdAt: 0,
    finalisedAt: 0,
    voidedAt: null,
    ...overrides,
  };
}

const header: ReportHeader = {
  branchId: BRANCH_ID,
  branchCode: 'MAIN',
  branchName: 'Main clinic',
  branchAddress: null,
  branchCountryName: 'Singapore',
  branchPostal: null,
  branchPhone: null,
  branchFax: null,
  coRegistrationNo: null,
  taxRegistrationNo: 'M2-1234567-8',
  logo: null,
  hasLogo: false,
  tenant: { code: 'clinic', clinicName: 'Clinic', email: null, owner: null },
};

const patient = { id: PATIENT, name: 'Tan Ah Kow', ic: '*****567D' };
const printPayment = {
  id: PAYMENT,
  paymentNumber: 'RCP-000003',
  date: '2026-11-27',
  paymentDate: '2026-11-27',
  amountReceived: 1000,
  change: 0,
  paymentMethod: 'Cash',
  tenders: [{ method: 'Cash', amount: 1000 }],
  notes: null,
  status: 0,
  invoiceNo: 'INV-000007',
  patient,
  payer: { name: 'Tan Ah Kow' },
};

const printData: InvoicePrintData = {
  invoice: {
    id: INVOICE,
    invoiceNo: 'INV-000007',
    status: 'PARTIALLY',
    statusCode: 3,
    date: '2026-11-27',
    dueDate: null,
    remarks: null,
    subtotal: 2600,
    taxAmount: 182,
    discount: { amount: 0 },
    insuranceAmount: 0,
    subsidyAmount: 0,
    roundingAmount: 0,
    grandTotal: 2782,
    paid: 1000,
    credited: 0,
    balance: 1782,
    Bill: { name: 'Tan Ah Kow', address: null },
    patient,
    subsidies: [],
    details: [],
    summary: [],
  },
  payments: [printPayment],
  taxInvoice: {
    invoiceNum: 'INV-000007',
    invoiceDate: '2026-11-27',
    patient,
    status: 3,
    items: [],
    subtotal: 2600,
    discount: 0,
    taxAmount: 182,
    grandTotal: 2782,
    subsidyTotal: 0,
    netDueAmount: 2782,
    realAmountPaid: 1000,
    patientPayable: 2782,
    deliveryFee: 0,
    subsidy: null,
  },
};

const receipt: ReceiptPrintData = {
  invoice: {
    id: INVOICE,
    patient,
    invoiceNo: 'INV-000007',
    date: '2026-11-27',
    remarks: null,
    details: [],
    subtotal: 2600,
    discountAmount: 0,
    taxAmount: 182,
    subsidyAmount: 0,
    roundingAmount: 0,
    grandTotal: 2782,
    paid: 1000,
    balance: 1782,
  },
  receipts: [
    {
      id: PAYMENT,
      date: '2026-11-27',
      paymentNo: 'RCP-000003',
      paidAmount: 1000,
      paymentMethod: 'Cash',
      remarks: null,
      invoiceNo: 'INV-000007',
    },
  ],
};

const statement: StatementPrintData = {
  patient,
  date: '2026-11-27',
  invoices: [],
  receipts: [],
  totalBalance: 1782,
};

const NOTE = '66666666-0000-4000-8000-000000000001';

const creditNote = {
  id: NOTE,
  creditNoteNo: 'CN-000004',
  type: 'invoice',
  typeCode: 3,
  patientId: PATIENT,
  patientName: 'Tan Ah Kow',
  branchId: BRANCH_ID,
  invoiceId: INVOICE,
  invoiceNo: 'INV-000007',
  depositNo: null,
  status: 'ISSUED',
  creditNoteDate: '2026-11-27',
  amountCents: 2500,
  reason: 'Overcharged',
  lines: [],
} as unknown as CreditNote;

const creditNotePrint: CreditNotePrintData = {
  creditNote: {
    id: NOTE,
    creditNoteNumber: 'CN-000004',
    createdDate: '2026-11-27',
    creditNoteType: 3,
    type: 'invoice',
    status: 'ISSUED',
    statusCode: 0,
    amount: 2500,
    paymentMethodName: 'Cash',
    reason: 'Overcharged',
    invoiceNo: 'INV-000007',
    depositNo: null,
    patient,
    lines: [],
    voidReason: null,
  },
};

const FOOTER = '<p>Thank you</p>';
const paths: string[] = [];

beforeEach(() => {
  rendered.length = 0;
  paths.length = 0;
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  vi.stubGlobal('fetch', (url: string) => {
    const { pathname, search } = new URL(url);
    const path = pathname.replace('/api/v1', '');
    paths.push(`${path}${search}`);
    const data =
      path === '/reports/header'
        ? header
        : path === '/printer/footer/Invoice'
          ? { kind: 'Invoice', branchId: BRANCH_ID, content: FOOTER, version: 1 }
          : path === `/reports/invoices/${INVOICE}`
            ? printData
            : path === '/reports/labels/invoice'
              ? receipt
              : path === '/reports/statements'
                ? statement
                : path === `/reports/credit-notes/${NOTE}`
                  ? creditNotePrint
                  : null;
    return Promise.resolve(
      new Response(JSON.stringify(data === null ? { error: { message: 'no' } } : { data }), {
        status: data === null ? 404 : 200,
      }),
    );
  });
});

afterEach(async () => {
  await closeMessages();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

function showInvoice(shown: Invoice) {
  signInForTest(['clinic.invoice', 'clinic.payment', 'clinic.patient']);
  const client = testQueryClient();
  client.setQueryData(billingKeys.invoice(BRANCH_ID, INVOICE), shown);
  client.setQueryData(billingKeys.taxOptions(BRANCH_ID), []);
  client.setQueryData(billingKeys.paymentMethods(BRANCH_ID), []);
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`/MAIN/invoice/${INVOICE}`]}>
          <Routes>
            <Route path="/:branchCode/invoice/:invoiceId" element={<InvoicePage />} />
          </Routes>
        </MemoryRouter>
        <DialogHost />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

async function choose(item: string): Promise<PrintDocument> {
  await userEvent.click(await screen.findByRole('button', { name: 'Print this invoice' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
  await waitFor(() => expect(rendered).toHaveLength(1));
  return rendered[0]!;
}

describe("the invoice's prints", () => {
  it('previews the tax invoice with the figures and masked ID the server answered', async () => {
    showInvoice(invoice());
    const document = await choose('Tax invoice');
    expect(document).toMatchObject({
      kind: 'taxInvoice',
      header,
      taxInvoice: printData.taxInvoice,
    });
    expect(document.kind === 'taxInvoice' && document.taxInvoice.patient.ic).toBe('*****567D');
    expect(await screen.findByRole('dialog', { name: 'Tax invoice INV-000007' })).toBeVisible();
  });

  it('previews the receipt A4 from GET /reports/labels/invoice with the invoice footer', async () => {
    showInvoice(invoice());
    const document = await choose('Receipt (A4)');
    expect(document).toMatchObject({ kind: 'receiptA4', receipt, footer: FOOTER });
    expect(paths).toContain(`/reports/labels/invoice?id=${INVOICE}`);
  });

  it('previews the invoice A4 itemised and summary, and the A5 stub', async () => {
    showInvoice(invoice());
    const itemised = await choose('Invoice (A4, itemised)');
    expect(itemised).toMatchObject({
      kind: 'invoiceA4',
      layout: 'itemised',
      invoice: printData.invoice,
      payments: printData.payments,
      footer: FOOTER,
    });
    await userEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    rendered.length = 0;
    expect(await choose('Invoice (A4, summary)')).toMatchObject({ layout: 'summary' });
    await userEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    rendered.length = 0;
    expect(await choose('Invoice (A5 stub)')).toMatchObject({
      kind: 'invoiceStub',
      invoice: { grandTotal: 2782, balance: 1782, patient: { ic: '*****567D' } },
    });
  });

  it("prints a draft as a quotation, and the patient's statement", async () => {
    showInvoice(invoice({ status: 'DRAFT', statusCode: 0, invoiceNo: null, payments: [] }));
    await userEvent.click(await screen.findByRole('button', { name: 'Print this invoice' }));
    expect(screen.queryByRole('menuitem', { name: 'Tax invoice' })).toBeNull();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Quotation' }));
    await waitFor(() => expect(rendered).toHaveLength(1));
    expect(rendered[0]).toMatchObject({ kind: 'quotation', invoice: printData.invoice });
    await userEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    rendered.length = 0;
    const document = await choose("Statement of the patient's unpaid invoices");
    expect(document).toMatchObject({ kind: 'statement', statement });
    expect(paths).toContain(`/reports/statements?patientId=${PATIENT}`);
  });

  it("prints a payment's receipt from the payments table", async () => {
    showInvoice(invoice());
    const table = await screen.findByRole('table', { name: 'Payments of this invoice' });
    await userEvent.click(
      within(table).getByRole('button', { name: 'Print the receipt of payment RCP-000003' }),
    );
    await waitFor(() => expect(rendered).toHaveLength(1));
    expect(rendered[0]).toMatchObject({
      kind: 'paymentReceipt',
      payment: printPayment,
      footer: FOOTER,
    });
    expect(await screen.findByRole('dialog', { name: 'Payment receipt RCP-000003' })).toBeVisible();
  });

  it("offers no Print menu for another branch's invoice", async () => {
    showInvoice(invoice({ branchId: '99999999-0000-4000-8000-000000000001' }));
    await screen.findByRole('heading', { name: 'Invoice INV-000007' });
    expect(screen.queryByRole('button', { name: 'Print this invoice' })).toBeNull();
  });

  it("prints a credit note from the patient's credit notes tab", async () => {
    signInForTest(['clinic.invoice', 'clinic.patient']);
    const client = testQueryClient();
    client.setQueryData(creditKeys.patientNotes(BRANCH_ID, PATIENT), [creditNote]);
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={['/MAIN/here']}>
            <Routes>
              <Route
                path="/:branchCode/here"
                element={<PatientCreditNotes patientId={PATIENT} />}
              />
            </Routes>
          </MemoryRouter>
          <DialogHost />
        </QueryClientProvider>
      </MantineProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Print credit note CN-000004' }));
    await waitFor(() => expect(rendered).toHaveLength(1));
    expect(rendered[0]).toMatchObject({
      kind: 'creditNote',
      creditNote: creditNotePrint.creditNote,
      footer: FOOTER,
    });
    expect(paths).toContain(`/reports/credit-notes/${NOTE}`);
    expect(await screen.findByRole('dialog', { name: 'Credit note CN-000004' })).toBeVisible();
  });
});
