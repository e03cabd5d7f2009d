import {
  DISPENSE_CONFIRM,
  PAYMENT_MESSAGES,
  type DispensingLine,
  type Invoice,
  type Payment,
} from '@clinic/domain';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../components/dialogs.tsx';
import '../../components/dialog-views.tsx';
import { BRANCH_ID, closeMessages, signInForTest, testQueryClient } from '../queue/test-utils.tsx';
import { dispensingKeys } from '../dispensing/dispensing-api.ts';
import { subsidyKeys } from '../subsidies/subsidies-api.ts';
import { billingKeys } from './billing-api.ts';
import { InvoicePage } from './InvoicePage.tsx';

const INVOICE = '11111111-0000-4000-8000-000000000001';
const PATIENT = '22222222-0000-4000-8000-000000000001';
const VISIT = '33333333-0000-4000-8000-000000000001';
const PARA = '44444444-0000-4000-8000-000000000001';
const AMOX = '44444444-0000-4000-8000-000000000002';
const ACME = '55555555-0000-4000-8000-000000000001';
const CONSULT = '66666666-0000-4000-8000-000000000001';

function line(id: string, code: string, name: string, quantity: number, unitPriceCents: number) {
  const amountCents = quantity * unitPriceCents;
  return {
    id,
    lineNo: id === PARA ? 1 : 2,
    kind: 'medication' as const,
    catalogItemId: null,
    prescriptionId: null,
    code,
    name,
    quantity,
    unit: 'tab',
    unitPriceCents,
    discount: null,
    taxRateBasisPoints: 700,
    category: 'medication' as const,
    claimable: false,
    isWhitelistDrug: false,
    amountCents,
    lineDiscountCents: 0,
    subtotalCents: amountCents,
    invoiceDiscountShareCents: 0,
    taxCents: Math.round(amountCents * 0.07),
    subsidyCents: 0,
  };
}

/** A draft of $5.00 + $21.00, 7 % tax: $27.82. */
function invoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: INVOICE,
    invoiceNo: null,
    status: 'DRAFT',
    statusCode: 0,
    branchId: BRANCH_ID,
    visitId: VISIT,
    patient: { id: PATIENT, name: 'Tan Ah Kow' },
    invoiceDate: '2026-11-27',
    dueDate: null,
    grandTotalCents: 2782,
    paidCents: 0,
    balanceCents: 2782,
    version: 1,
    updatedAt: 0,
    billTo: { kind: 'patient', companyId: null, name: 'Tan Ah Kow', address: null },
    discount: null,
    roundingMode: 'none',
    taxOption: { code: 'TAX', name: 'TAX 7%' },
    taxRateBasisPoints: 700,
    lines: [
      line(PARA, 'PARA500', 'Paracetamol 500 mg', 10, 50),
      line(AMOX, 'AMOX500', 'Amoxicillin 500 mg', 21, 100),
    ],
    subtotalCents: 2600,
    discountCents: 0,
    taxCents: 182,
    subsidyCents: 0,
    insuranceCents: 0,
    roundingCents: 0,
    creditedCents: 0,
    subsidy: null,
    payments: [],
    remarks: null,
    voidReason: null,
    createdAt: 0,
    finalisedAt: null,
    voidedAt: null,
    ...overrides,
  };
}

/** Finalised, owing $50.00. */
const issued = (overrides: Partial<Invoice> = {}) =>
  invoice({
    invoiceNo: 'INV-000001',
    status: 'ISSUED',
    statusCode: 1,
    version: 3,
    grandTotalCents: 5000,
    balanceCents: 5000,
    ...overrides,
  });

interface Call {
  method: string;
  path: string;
  body: any;
}
type Answer = { status: number; body: unknown };

/** The server's side of the network: `answer` gives each call's status and body. */
function server(answer: (call: Call) => Answer) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const call = {
      method: init.method ?? 'GET',
      path: new URL(url).pathname.replace('/api/v1', ''),
      body: init.body ? JSON.parse(init.body as string) : undefined,
    };
    calls.push(call);
    const { status, body } = answer(call);
    return Promise.resolve(new Response(JSON.stringify(body), { status }));
  });
  return calls;
}

const ok = (data: unknown): Answer => ({ status: 200, body: { data } });

/** The visit's prescription line, dispensed or waiting. */
const dispensingLine = (dispensed: boolean) =>
  ({
    prescriptionId: PARA,
    catalogItemId: null,
    code: 'PARA500',
    name: 'Paracetamol 500 mg',
    quantity: 10,
    unit: 'tab',
    instructions: '',
    dispensable: true,
    available: 40,
    onHand: 40,
    dispensed: dispensed ? { dispenseId: PARA } : null,
  }) as unknown as DispensingLine;

async function showInvoice(shown: Invoice, waitingToDispense = false): Promise<QueryClient> {
  signInForTest(['clinic.invoice', 'clinic.payment', 'clinic.patient']);
  const client = testQueryClient();
  client.setQueryData(dispensingKeys.visit(BRANCH_ID, VISIT), {
    visitId: VISIT,
    branchId: BRANCH_ID,
    items: [dispensingLine(!waitingToDispense)],
    total: 1,
  });
  client.setQueryData(billingKeys.invoice(BRANCH_ID, INVOICE), shown);
  client.setQueryData(billingKeys.taxOptions(BRANCH_ID), [
    { code: 'TAX', name: 'TAX 7%', rateBasisPoints: 700, rates: [], isDefault: true },
    { code: 'NONE', name: 'No tax', rateBasisPoints: 0, rates: [], isDefault: false },
  ]);
  client.setQueryData(subsidyKeys.chas(BRANCH_ID, PATIENT), {
    patientId: PATIENT,
    chasTierDescription: null,
    card: null,
  });
  client.setQueryData(billingKeys.companies(BRANCH_ID), [
    { id: ACME, code: 'ACME', name: 'Acme Pte Ltd' },
  ]);
  client.setQueryData(billingKeys.paymentMethods(BRANCH_ID), [
    { code: 'cash', name: 'Cash', givesChange: true },
    { code: 'nets', name: 'NETS', givesChange: false },
    { code: 'card', name: 'Credit Card', givesChange: false },
  ]);
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`/MAIN/invoice/${INVOICE}`]}>
          <Routes>
            <Route path="/:branchCode/invoice/:invoiceId" element={<InvoicePage />} />
          </Routes>
        </MemoryRouter>
        <DialogHost />
        <Notifications />
      </QueryClientProvider>
    </MantineProvider>,
  );
  // A draft's form loads after the page.
  if (shown.status === 'DRAFT') await screen.findByRole('button', { name: 'Save' });
  return client;
}

const figure = (name: string) => screen.getByTestId(`figure-${name}`).textContent;

async function retype(label: string, text: string) {
  const input = screen.getByRole('textbox', { name: label });
  await userEvent.clear(input);
  if (text) await userEvent.type(input, text);
}

afterEach(async () => {
  await closeMessages();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('a draft invoice', () => {
  it("shows the patient, the lines and the server's figures with 2 decimals", async () => {
    await showInvoice(invoice());
    expect(screen.getByRole('heading', { name: 'Draft invoice' })).toBeInTheDocument();
    expect(screen.getByTestId('invoice-status')).toHaveTextContent('Draft');
    expect(screen.getByRole('link', { name: 'Tan Ah Kow' })).toBeInTheDocument();
    const [para] = screen.getAllByTestId('invoice-line');
    expect(within(para!).getByText('PARA500')).toBeInTheDocument();
    expect(within(para!).getByText('$5.00')).toBeInTheDocument();
    expect(figure('subtotal')).toBe('$26.00');
    expect(figure('tax')).toBe('$1.82');
    expect(figure('grandTotal')).toBe('$27.82');
    expect(figure('balance')).toBe('$27.82');
    expect(screen.queryByRole('button', { name: 'Take payment' })).not.toBeInTheDocument();
  });

  it('sends the edits in cents and basis points with the version read, and shows the answer', async () => {
    const saved = invoice({ version: 2, grandTotalCents: 2000, balanceCents: 2000 });
    const calls = server(() => ok(saved));
    await showInvoice(invoice());
    await retype('Quantity of Paracetamol 500 mg', '20');
    await retype('Unit price of Amoxicillin 500 mg (dollars)', '1.25');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Discount of Amoxicillin 500 mg in' }),
      '%',
    );
    await retype('Discount of Amoxicillin 500 mg', '12.5');
    await retype('Invoice discount', '2');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rounding' }), [
      'To the nearest 5 cents',
    ]);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Tax' }), ['No tax']);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(figure('grandTotal')).toBe('$20.00'));
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: `/invoices/${INVOICE}`,
        body: {
          version: 1,
          lineEdits: [
            { id: PARA, quantity: 20, unitPriceCents: 50, discount: null },
            {
              id: AMOX,
              quantity: 21,
              unitPriceCents: 125,
              discount: { kind: 'percent', value: 1250 },
            },
          ],
          invoiceDiscount: { kind: 'amount', value: 200 },
          billTo: null,
          dueDate: null,
          roundingMode: 'nearest5Cents',
          taxOptionCode: 'NONE',
          subsidyVisitKind: null,
        },
      },
    ]);
  });

  it("bills a company picked: its name, address and credit terms' due date, sent with its id", async () => {
    const calls = server((call) =>
      call.method === 'GET'
        ? ok({
            id: ACME,
            code: 'ACME',
            name: 'Acme Pte Ltd',
            address: '1 Raffles Place',
            contactPerson: null,
            phone: null,
            email: null,
            creditTermsDays: 30,
            isActive: true,
            version: 1,
          })
        : ok(invoice({ version: 2 })),
    );
    await showInvoice(invoice());
    await userEvent.click(screen.getByRole('checkbox', { name: 'Bill a company' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Company' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Acme Pte Ltd (ACME)' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Company name' })).toHaveValue('Acme Pte Ltd'),
    );
    expect(screen.getByRole('textbox', { name: 'Company address' })).toHaveValue('1 Raffles Place');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'GET', path: `/companies/${ACME}` });
    expect(calls[1]!.body).toMatchObject({
      billTo: { companyId: ACME, name: 'Acme Pte Ltd', address: '1 Raffles Place' },
      dueDate: '2026-12-27',
    });
  });

  it('adds a service from the catalog (medicines are not offered) and removes an added line', async () => {
    const prescribed = invoice().lines.map((one) =>
      one.id === PARA ? { ...one, prescriptionId: PARA } : one,
    );
    const calls = server((call) =>
      call.method === 'GET'
        ? ok({
            items: [
              {
                id: CONSULT,
                type: 'Service',
                code: 'CONSULT',
                name: 'Consultation',
                priceCents: 3500,
              },
              { id: AMOX, type: 'Med', code: 'COAMOX', name: 'Co-amoxiclav', priceCents: 100 },
            ],
            total: 2,
          })
        : ok(invoice({ version: 2, lines: prescribed })),
    );
    await showInvoice(invoice({ lines: prescribed }));
    const [para, amox] = screen.getAllByTestId('invoice-line');
    expect(within(para!).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    await userEvent.type(
      screen.getByRole('combobox', { name: 'Add a service, investigation or vaccine' }),
      'co',
    );
    await userEvent.click(
      await screen.findByRole('option', { name: 'CONSULT Consultation ($35.00)' }),
    );
    expect(screen.queryByRole('option', { name: /Co-amoxiclav/ })).not.toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({
      version: 1,
      addLines: [{ catalogItemId: CONSULT, quantity: 1 }],
    });

    // The saved answer is shown (a new version): its lines are the form's now.
    await waitFor(() => expect(amox!.isConnected).toBe(false));
    const shownAmox = screen.getAllByTestId('invoice-line')[1]!;
    await userEvent.click(
      within(shownAmox).getByRole('button', { name: 'Remove Amoxicillin 500 mg' }),
    );
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    const removal = calls.filter((call) => call.method === 'PUT')[1]!.body;
    expect(removal.removeLineIds).toEqual([AMOX]);
    expect(removal.lineEdits.map((edit: { id: string }) => edit.id)).toEqual([PARA]);
  });

  it('marks a fraction of a cent and a quantity that is not whole, and sends nothing', async () => {
    const calls = server(() => ok(invoice()));
    await showInvoice(invoice());
    await retype('Quantity of Paracetamol 500 mg', '2.5');
    await retype('Unit price of Amoxicillin 500 mg (dollars)', '1.234');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Please enter a whole quantity.')).toBeInTheDocument();
    expect(screen.getByText('Please enter an amount in dollars, e.g. 12.50.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("places the server's refusal of a line's discount on that line's field", async () => {
    const words = 'A discount cannot be more than the amount of its line.';
    const calls = server(() => ({
      status: 400,
      body: {
        error: {
          code: 'invoice.lineDiscountAboveAmount',
          message: words,
          errors: [
            {
              field: 'lineEdits.1.discount',
              code: 'invoice.lineDiscountAboveAmount',
              message: words,
            },
          ],
        },
      },
    }));
    await showInvoice(invoice());
    await retype('Discount of Amoxicillin 500 mg', '30');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const field = screen.getByRole('textbox', { name: 'Discount of Amoxicillin 500 mg' });
    await waitFor(() => expect(field).toHaveAccessibleDescription(words));
    expect(calls).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a 409 says someone else changed it and reloads the invoice', async () => {
    const theirs = invoice({ version: 5, remarks: 'Changed at the counter' });
    const calls = server((call) =>
      call.method === 'PUT'
        ? {
            status: 409,
            body: {
              error: {
                code: 'record.changed',
                message: 'This record was changed by someone else. Please reload it and try again.',
              },
            },
          }
        : ok(theirs),
    );
    await showInvoice(invoice());
    await retype('Quantity of Paracetamol 500 mg', '30');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'This invoice was changed by someone else meanwhile. It has been reloaded; please make your changes again.',
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Remarks' })).toHaveValue(
        'Changed at the counter',
      ),
    );
    expect(screen.getByRole('textbox', { name: 'Quantity of Paracetamol 500 mg' })).toHaveValue(
      '10',
    );
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `PUT /invoices/${INVOICE}`,
      `GET /invoices/${INVOICE}`,
    ]);
  });

  it('finalises after the question, with the version read, and turns read-only', async () => {
    const calls = server(() => ok(issued({ grandTotalCents: 2782, balanceCents: 2782 })));
    await showInvoice(invoice());
    await userEvent.click(screen.getByRole('button', { name: 'Finalise' }));
    const question = await screen.findByRole('dialog', { name: 'Finalise this invoice?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Finalise' }));
    expect(await screen.findByRole('heading', { name: 'Invoice INV-000001' })).toBeInTheDocument();
    expect(calls).toEqual([
      { method: 'POST', path: `/invoices/${INVOICE}/finalise`, body: { version: 1 } },
    ]);
    expect(screen.getByTestId('invoice-status')).toHaveTextContent('Issued');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Take payment' })).toBeInTheDocument();
  });
});

describe('a subsidised invoice', () => {
  /** CHAS Blue, common illness: $18.50 on the first line of the $27.82 draft. */
  const subsidised = (overrides: Partial<Invoice> = {}) => {
    const base = invoice();
    return invoice({
      lines: base.lines.map((line, index) => ({ ...line, subsidyCents: index === 0 ? 535 : 1315 })),
      subsidyCents: 1850,
      grandTotalCents: 932,
      balanceCents: 932,
      subsidy: {
        schemeCode: 'CHAS',
        schemeName: 'CHAS',
        tierCode: 'CHAS-BLUE',
        tierName: 'CHAS Blue',
        visitKind: 'commonIllness',
        dollarSubsidyCents: 1850,
        percentageSubsidyCents: 0,
        gstAbsorbedCents: 0,
      },
      ...overrides,
    });
  };

  it('shows the scheme, tier and visit kind, the subsidy line by line and in the totals', async () => {
    await showInvoice(subsidised());
    expect(screen.getByTestId('invoice-scheme').textContent).toBe(
      'CHAS: CHAS Blue · Common illness',
    );
    expect(screen.getByTestId('subsidy-dollar').textContent).toBe('$18.50');
    expect(screen.getByTestId('subsidy-gst').textContent).toBe('$0.00');
    expect(screen.getAllByTestId('line-subsidy').map((cell) => cell.textContent)).toEqual([
      '$5.35',
      '$13.15',
    ]);
    expect(figure('subsidy')).toBe('-$18.50');
    expect(figure('grandTotal')).toBe('$9.32');
    expect(screen.getByRole('combobox', { name: 'Subsidy visit kind' })).toHaveValue(
      'commonIllness',
    );
  });

  it('the desk chooses the visit kind, or no subsidy, and Save sends it', async () => {
    const calls = server(() => ok(subsidised({ version: 2 })));
    await showInvoice(subsidised());
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Subsidy visit kind' }),
      'Chronic (simple)',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body.subsidyVisitKind).toBe('chronicSimple');
  });

  it('an invoice without a subsidy shows no subsidy column nor figure', async () => {
    await showInvoice(issued());
    expect(screen.queryByTestId('line-subsidy')).not.toBeInTheDocument();
    expect(screen.queryByTestId('figure-subsidy')).not.toBeInTheDocument();
    expect(screen.queryByTestId('invoice-scheme')).not.toBeInTheDocument();
  });
});

describe('a credited invoice', () => {
  it('shows what credit notes took off beside what was paid, as the print does', async () => {
    server(() => ok([]));
    await showInvoice(
      issued({
        status: 'FULLY',
        statusCode: 3,
        paidCents: 5000,
        creditedCents: 300,
        balanceCents: 0,
      }),
    );
    expect(figure('paid')).toBe('$50.00');
    expect(figure('credited')).toBe('$3.00');
    expect(figure('balance')).toBe('$0.00');
  });

  it('an invoice with no credit note shows no credited figure', async () => {
    await showInvoice(issued());
    expect(screen.queryByTestId('figure-credited')).not.toBeInTheDocument();
  });
});

describe('taking a payment', () => {
  const payment: Payment = {
    id: '55555555-0000-4000-8000-000000000001',
    paymentNo: 'RCP-000001',
    invoiceId: INVOICE,
    invoiceNo: 'INV-000001',
    patientId: PATIENT,
    branchId: BRANCH_ID,
    status: 'SETTLED',
    statusCode: 0,
    paymentDate: '2026-11-27',
    amountCents: 5000,
    changeCents: 500,
    tenders: [
      { method: 'nets', methodName: 'NETS', amountCents: 2500 },
      { method: 'cash', methodName: 'Cash', amountCents: 2500 },
    ],
    remarks: null,
    voidReason: null,
    version: 1,
    createdAt: 0,
    voidedAt: null,
  };

  it('splits across NETS and cash, gives change from the cash, and shows the invoice paid', async () => {
    const paidInvoice = issued({
      version: 4,
      status: 'FULLY',
      statusCode: 3,
      paidCents: 5000,
      balanceCents: 0,
      payments: [payment],
    });
    const calls = server(() => ({
      status: 201,
      body: { data: { payment, invoice: paidInvoice } },
    }));
    await showInvoice(issued());
    await userEvent.click(screen.getByRole('button', { name: 'Take payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take payment for INV-000001' });
    expect(within(dialog).getByText('Balance due: $50.00')).toBeInTheDocument();
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Method of payment 1' }),
      'NETS',
    );
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Amount of payment 1 (dollars)' }),
      '25',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a method' }));
    expect(within(dialog).getByRole('combobox', { name: 'Method of payment 2' })).toHaveValue(
      'cash',
    );
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Amount of payment 2 (dollars)' }),
      '30',
    );
    expect(within(dialog).getByTestId('tendered')).toHaveTextContent('$55.00');
    expect(within(dialog).getByTestId('applied')).toHaveTextContent('$50.00');
    expect(within(dialog).getByTestId('change')).toHaveTextContent('$5.00');
    expect(within(dialog).getByTestId('balance-after')).toHaveTextContent('$0.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(() =>
      expect(screen.getByTestId('invoice-status')).toHaveTextContent('Fully paid'),
    );
    expect(calls).toEqual([
      {
        method: 'POST',
        path: `/invoices/${INVOICE}/payments`,
        body: {
          version: 3,
          tenders: [
            { method: 'nets', amountCents: 2500 },
            { method: 'cash', amountCents: 3000 },
          ],
        },
      },
    ]);
    expect(figure('balance')).toBe('$0.00');
    expect(figure('paid')).toBe('$50.00');
    const row = screen.getByTestId('payment-row');
    expect(within(row).getByText('RCP-000001')).toBeInTheDocument();
    // Dated as the screen's other dates, not as the API sends it.
    expect(within(row).getByText('27 Nov 2026')).toBeInTheDocument();
    expect(within(row).getByText('NETS $25.00')).toBeInTheDocument();
    expect(within(row).getByText('$5.00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Take payment' })).not.toBeInTheDocument();
  });

  it('says in words why a card above the balance is refused, and sends nothing', async () => {
    const calls = server(() => ok(null));
    await showInvoice(issued());
    await userEvent.click(screen.getByRole('button', { name: 'Take payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take payment for INV-000001' });
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Method of payment 1' }),
      'Credit Card',
    );
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Amount of payment 1 (dollars)' }),
      '60',
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      PAYMENT_MESSAGES.nonCashAboveBalance,
    );
    expect(within(dialog).getByTestId('change')).toHaveTextContent('-');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(calls).toEqual([]);
  });

  it('a partial cash payment gives no change and leaves a balance', async () => {
    server(() => ok(null));
    await showInvoice(issued());
    await userEvent.click(screen.getByRole('button', { name: 'Take payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take payment for INV-000001' });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Amount of payment 1 (dollars)' }),
      '20.5',
    );
    expect(within(dialog).getByTestId('applied')).toHaveTextContent('$20.50');
    expect(within(dialog).getByTestId('change')).toHaveTextContent('$0.00');
    expect(within(dialog).getByTestId('balance-after')).toHaveTextContent('$29.50');
  });

  it('voids a payment with its reason and reads the invoice again', async () => {
    const paidInvoice = issued({ paidCents: 5000, balanceCents: 0, payments: [payment] });
    const calls = server((call) =>
      call.method === 'GET' ? ok(issued()) : ok({ ...payment, status: 'VOIDED' }),
    );
    await showInvoice(paidInvoice);
    await userEvent.click(screen.getByRole('button', { name: 'Void payment RCP-000001' }));
    const question = await screen.findByRole('dialog', { name: 'Void payment RCP-000001?' });
    await userEvent.type(
      within(question).getByRole('textbox', { name: 'Reason for voiding' }),
      'Wrong card',
    );
    await userEvent.click(within(question).getByRole('button', { name: 'Void' }));
    await waitFor(() => expect(figure('balance')).toBe('$50.00'));
    expect(calls).toEqual([
      {
        method: 'POST',
        path: `/payments/${payment.id}/void`,
        body: { version: 1, reason: 'Wrong card' },
      },
      { method: 'GET', path: `/invoices/${INVOICE}`, body: undefined },
    ]);
  });

  it("dispenses the visit's medicines through a payment after the spec's question", async () => {
    const paidInvoice = issued({ paidCents: 5000, balanceCents: 0, payments: [payment] });
    const calls = server((call) =>
      call.method === 'PATCH'
        ? ok({ paymentId: payment.id, visitId: VISIT, dispenseId: PARA, prescriptionIds: [PARA] })
        : ok({ visitId: VISIT, branchId: BRANCH_ID, items: [dispensingLine(true)], total: 1 }),
    );
    await showInvoice(paidInvoice, true);
    await userEvent.click(
      screen.getByRole('button', { name: 'Dispense the medicines of payment RCP-000001' }),
    );
    const question = await screen.findByRole('dialog', {
      name: 'Dispense the medicines of this visit?',
    });
    expect(within(question).getByText(DISPENSE_CONFIRM)).toBeInTheDocument();
    await userEvent.click(within(question).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Dispense the medicines of payment RCP-000001' }),
      ).not.toBeInTheDocument(),
    );
    expect(calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ['PATCH', `/payments/${payment.id}/dispense`, { version: 1 }],
      ['GET', `/visits/${VISIT}/dispensing`, undefined],
    ]);
  });
});
