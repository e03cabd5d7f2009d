import type { CreditNote, Deposit, Invoice, Permission } from '@clinic/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BRANCH_ID, signInForTest, testQueryClient } from '../queue/test-utils.tsx';
import { billingKeys } from '../billing/billing-api.ts';
import { ApplyDepositDialog, CreditNoteDialog } from './CreditDialogs.tsx';
import { creditKeys } from './credits-api.ts';
import { CreditNotePage } from './CreditNotePage.tsx';
import { PatientCreditNotes, PatientDeposits } from './PatientCredits.tsx';

const PATIENT = '22222222-0000-4000-8000-000000000001';
const INVOICE = '11111111-0000-4000-8000-000000000001';
const DEPOSIT = '44444444-0000-4000-8000-000000000001';
const METHODS = [
  { code: 'cash', name: 'Cash', givesChange: true },
  { code: 'nets', name: 'NETS', givesChange: false },
];

const deposit: Deposit = {
  id: DEPOSIT,
  depositNo: 'DEP-000003',
  patientId: PATIENT,
  branchId: BRANCH_ID,
  status: 'SETTLED',
  statusCode: 0,
  depositDate: '2026-11-27',
  amountCents: 20_000,
  method: 'cash',
  methodName: 'Cash',
  appliedCents: 5_000,
  refundedCents: 0,
  remainderCents: 15_000,
  applications: [],
  remarks: null,
  voidReason: null,
  version: 2,
  createdAt: 0,
  voidedAt: null,
};

const note: CreditNote = {
  id: '55555555-0000-4000-8000-000000000001',
  creditNoteNo: 'CN-000004',
  type: 'invoice',
  typeCode: 3,
  patientId: PATIENT,
  patientName: 'Tan Ah Kow',
  branchId: BRANCH_ID,
  invoiceId: INVOICE,
  invoiceNo: 'INV-000007',
  depositId: null,
  depositNo: null,
  status: 'ISSUED',
  statusCode: 0,
  creditNoteDate: '2026-11-27',
  amountCents: 2_500,
  reason: 'Overcharged',
  refundMethod: 'cash',
  refundMethodName: 'Cash',
  lines: [],
  voidReason: null,
  version: 1,
  createdAt: 0,
  voidedAt: null,
};

const invoice = {
  id: INVOICE,
  invoiceNo: 'INV-000007',
  status: 'PARTIALLY',
  branchId: BRANCH_ID,
  patient: { id: PATIENT, name: 'Tan Ah Kow' },
  grandTotalCents: 30_000,
  paidCents: 10_000,
  creditedCents: 2_500,
  balanceCents: 17_500,
  lines: [],
  version: 6,
} as unknown as Invoice;

function renderAt(ui: ReactElement, client: QueryClient) {
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/MAIN/here']}>
          <Routes>
            <Route path="/:branchCode/here" element={ui} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** Answers every call with `data`, keeping what was sent. */
function stubApi(data: unknown, status = 201) {
  const calls: Array<{ call: string; body: unknown }> = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    calls.push({
      call: `${init.method ?? 'GET'} ${new URL(url).pathname.replace('/api/v1', '')}`,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    return Promise.resolve(new Response(JSON.stringify(data), { status }));
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe("the patient's deposits tab", () => {
  it('lists each deposit with what is left; takes a new one in cents', async () => {
    signInForTest(['clinic.payment', 'clinic.patient']);
    const client = testQueryClient();
    client.setQueryData(creditKeys.deposits(BRANCH_ID, PATIENT), [deposit]);
    client.setQueryData(billingKeys.paymentMethods(BRANCH_ID), METHODS);
    renderAt(<PatientDeposits patientId={PATIENT} />, client);
    const row = screen.getByTestId('deposit-row');
    expect(within(row).getByText('DEP-000003')).toBeInTheDocument();
    expect(within(row).getByText('$200.00')).toBeInTheDocument();
    expect(within(row).getByText('$150.00')).toBeInTheDocument();
    // A deposit partly used is not voided.
    expect(within(row).queryByRole('button', { name: /Void deposit/ })).toBeNull();
    const calls = stubApi({ data: { ...deposit, depositNo: 'DEP-000004' } });
    await userEvent.click(screen.getByRole('button', { name: 'Take deposit' }));
    const amount = await screen.findByLabelText(/Amount/);
    await userEvent.type(amount, '12.345');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('An amount has at most two decimals (whole cents).'),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);
    await userEvent.clear(amount);
    await userEvent.type(amount, '50.25');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(calls[0]).toEqual({
      call: 'POST /deposits',
      body: { patientId: PATIENT, amountCents: 5_025, method: 'cash', remarks: null },
    });
  });
});

describe("the patient's credit notes tab", () => {
  it('lists each note with its type, invoice and amount', () => {
    signInForTest(['clinic.invoice', 'clinic.patient']);
    const client = testQueryClient();
    client.setQueryData(creditKeys.patientNotes(BRANCH_ID, PATIENT), [note]);
    renderAt(<PatientCreditNotes patientId={PATIENT} />, client);
    const row = screen.getByTestId('credit-note-row');
    for (const text of ['CN-000004', 'Invoice', 'INV-000007', 'Overcharged', '$25.00']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(within(row).getByRole('button', { name: 'Void credit note CN-000004' })).toBeVisible();
  });

  it('says so when there are none', () => {
    signInForTest(['clinic.invoice', 'clinic.patient']);
    const client = testQueryClient();
    client.setQueryData(creditKeys.patientNotes(BRANCH_ID, PATIENT), []);
    renderAt(<PatientCreditNotes patientId={PATIENT} />, client);
    expect(screen.getByTestId('none-yet')).toHaveTextContent(
      'No credit notes for this patient yet.',
    );
  });
});

describe('the credit note page (search/credit-note/{id})', () => {
  function showNote(shown: CreditNote, permissions?: Permission[]) {
    signInForTest(['clinic.invoice', 'clinic.search'], permissions);
    const client = testQueryClient();
    client.setQueryData(creditKeys.note(BRANCH_ID, shown.id), shown);
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[`/MAIN/search/credit-note/${shown.id}`]}>
            <Routes>
              <Route
                path="/:branchCode/search/credit-note/:creditNoteId"
                element={<CreditNotePage />}
              />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
  }

  it('shows the note, links its invoice and patient, offers Print and Void', () => {
    showNote({
      ...note,
      type: 'goodsReturn',
      typeCode: 2,
      lines: [{ lineId: INVOICE, code: 'PARA500', name: 'Paracetamol', quantity: 4 }],
    });
    expect(screen.getByRole('heading', { name: 'Credit note CN-000004' })).toBeVisible();
    const details = screen.getByRole('region', { name: 'Credit note details' });
    for (const text of ['Goods return', '$25.00', 'Cash', 'Overcharged', '27 Nov 2026']) {
      expect(within(details).getByText(text)).toBeInTheDocument();
    }
    expect(within(details).getByRole('link', { name: 'Open invoice INV-000007' })).toHaveAttribute(
      'href',
      `/MAIN/invoice/${INVOICE}`,
    );
    expect(screen.getByRole('link', { name: 'Tan Ah Kow' })).toHaveAttribute(
      'href',
      `/MAIN/patients/${PATIENT}/invoices/creditNote`,
    );
    const returned = screen.getByRole('table', { name: 'Goods returned' });
    expect(within(returned).getByText('PARA500 Paracetamol')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Void' })).toBeVisible();
  });

  it("links a deposit's note to the patient's deposits; a voided note shows why, no Void", () => {
    showNote({
      ...note,
      type: 'deposit',
      typeCode: 1,
      invoiceId: null,
      invoiceNo: null,
      depositId: PATIENT,
      depositNo: 'DEP-000003',
      status: 'VOIDED',
      statusCode: -1,
      voidReason: 'Issued twice',
    });
    expect(
      screen.getByRole('link', { name: "Open the patient's deposits (DEP-000003)" }),
    ).toHaveAttribute('href', `/MAIN/patients/${PATIENT}/invoices/deposits`);
    expect(screen.getByText('Issued twice')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Void' })).toBeNull();
  });

  it('offers no Void without invoices:approve', () => {
    showNote(note, ['invoices:read']);
    expect(screen.getByRole('button', { name: 'Print' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Void' })).toBeNull();
  });
});

describe('the invoice’s dialogs', () => {
  it('issues a credit note at the invoice’s version, saying the most it may be', async () => {
    signInForTest(['clinic.invoice']);
    const calls = stubApi({ data: note });
    const issued = vi.fn();
    renderAt(
      <CreditNoteDialog
        invoice={invoice}
        earlierNotes={[note]}
        methods={METHODS}
        onClose={() => {}}
        onIssued={issued}
        onStale={() => {}}
      />,
      testQueryClient(),
    );
    expect(
      screen.getByText('At most $75.00 can be credited: what was paid less earlier credit notes.'),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Amount/), '25');
    await userEvent.type(screen.getByLabelText(/Reason/), 'Overcharged');
    await userEvent.selectOptions(screen.getByLabelText('Given back in'), 'cash');
    await userEvent.click(screen.getByRole('button', { name: 'Issue' }));
    await vi.waitFor(() => expect(issued).toHaveBeenCalledWith(note));
    expect(calls).toEqual([
      {
        call: 'POST /credit-notes',
        body: {
          type: 3,
          invoiceId: INVOICE,
          version: 6,
          amountCents: 2_500,
          reason: 'Overcharged',
          refundMethod: 'cash',
        },
      },
    ]);
  });

  it('applies a deposit with something left, up to the balance', async () => {
    signInForTest(['clinic.payment']);
    const calls = stubApi({ data: { application: {}, invoice } });
    const applied = vi.fn();
    const used = { ...deposit, id: '44444444-0000-4000-8000-000000000002', remainderCents: 0 };
    renderAt(
      <ApplyDepositDialog
        invoice={invoice}
        deposits={[used, deposit]}
        onClose={() => {}}
        onApplied={applied}
        onStale={() => {}}
      />,
      testQueryClient(),
    );
    const choice = screen.getByLabelText('Deposit');
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['DEP-000003 ($150.00 left)']);
    expect(
      screen.getByText('At most $150.00: what is left of the deposit, up to the balance.'),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Amount/), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await vi.waitFor(() => expect(applied).toHaveBeenCalled());
    expect(calls).toEqual([
      {
        call: `POST /invoices/${INVOICE}/deposit-applications`,
        body: { version: 6, depositId: DEPOSIT, amountCents: 10_000 },
      },
    ]);
  });

  describe('a goods return', () => {
    const PARACETAMOL = '66666666-0000-4000-8000-000000000001';
    const CONSULT = '66666666-0000-4000-8000-000000000002';
    const line = (id: string, name: string, quantity: number, subtotalCents: number) => ({
      id,
      name,
      quantity,
      subtotalCents,
      invoiceDiscountShareCents: 0,
      taxCents: Math.round(subtotalCents * 0.07),
      subsidyCents: 0,
    });
    const billed = {
      ...invoice,
      lines: [
        line(PARACETAMOL, 'Paracetamol 500mg', 10, 1_000),
        line(CONSULT, 'Consultation', 1, 3_000),
      ],
    } as unknown as Invoice;
    /** An earlier note took 2 tablets back; a voided one does not count. */
    const earlier: CreditNote[] = [
      {
        ...note,
        type: 'goodsReturn',
        lines: [{ lineId: PARACETAMOL, code: 'P', name: 'P', quantity: 2 }],
      },
      {
        ...note,
        type: 'goodsReturn',
        status: 'VOIDED',
        lines: [{ lineId: PARACETAMOL, code: 'P', name: 'P', quantity: 5 }],
      },
    ];

    function renderDialog(issued = vi.fn()) {
      renderAt(
        <CreditNoteDialog
          invoice={billed}
          earlierNotes={earlier}
          methods={METHODS}
          onClose={() => {}}
          onIssued={issued}
          onStale={() => {}}
        />,
        testQueryClient(),
      );
      return issued;
    }

    it('returns whole quantities up to what is left, offering what they billed, and says the stock takes them back', async () => {
      signInForTest(['clinic.invoice']);
      const calls = stubApi({ data: note });
      const issued = renderDialog();
      await userEvent.click(screen.getByRole('radio', { name: 'Goods returned' }));
      expect(
        screen.getByText(
          'Returned medicine goes back into stock, into the batches it was dispensed from.',
        ),
      ).toBeInTheDocument();
      const lines = screen.getByRole('table', { name: 'Lines of the invoice to return' });
      const tablets = within(lines).getByRole('row', { name: /Paracetamol/ });
      expect(
        within(tablets)
          .getAllByRole('cell')
          .map((c) => c.textContent)
          .slice(0, 3),
      ).toEqual(['Paracetamol 500mg', '10', '2']);
      const quantity = screen.getByLabelText('Quantity of Paracetamol 500mg to return');
      await userEvent.type(quantity, '9');
      expect(screen.getByText('At most 8 can come back.')).toBeInTheDocument();
      await userEvent.clear(quantity);
      await userEvent.type(quantity, '1.5');
      expect(screen.getByText('Please enter a whole number.')).toBeInTheDocument();
      await userEvent.clear(quantity);
      await userEvent.type(quantity, '3');
      // 3 of 10 tablets billed $10.00 + $0.70 tax.
      expect(screen.getByLabelText(/Amount/)).toHaveValue('3.21');
      await userEvent.type(screen.getByLabelText(/Reason/), 'Unopened box');
      await userEvent.click(screen.getByRole('button', { name: 'Issue' }));
      await vi.waitFor(() => expect(issued).toHaveBeenCalledWith(note));
      expect(calls).toEqual([
        {
          call: 'POST /credit-notes',
          body: {
            type: 2,
            invoiceId: INVOICE,
            version: 6,
            amountCents: 321,
            reason: 'Unopened box',
            refundMethod: null,
            returnedLines: [{ lineId: PARACETAMOL, quantity: 3 }],
          },
        },
      ]);
    });

    it('the amount may be changed, never above the most; a return names at least one line', async () => {
      signInForTest(['clinic.invoice']);
      const calls = stubApi({ data: note });
      renderDialog();
      await userEvent.click(screen.getByRole('radio', { name: 'Goods returned' }));
      await userEvent.type(screen.getByLabelText(/Reason/), 'Changed mind');
      await userEvent.click(screen.getByRole('button', { name: 'Issue' }));
      expect(
        screen.getByText('Please give a quantity to return on at least one line.'),
      ).toBeInTheDocument();
      await userEvent.type(screen.getByLabelText('Quantity of Consultation to return'), '1');
      expect(screen.getByLabelText(/Amount/)).toHaveValue('32.10');
      const amount = screen.getByLabelText(/Amount/);
      await userEvent.clear(amount);
      await userEvent.type(amount, '80');
      await userEvent.click(screen.getByRole('button', { name: 'Issue' }));
      expect(screen.getByText('At most $75.00 can be credited.')).toBeInTheDocument();
      expect(calls).toEqual([]);
    });

    it("puts the server's refusal of a quantity on that line's field", async () => {
      signInForTest(['clinic.invoice']);
      const refusal = 'More cannot come back than the line billed, less what came back before.';
      stubApi(
        {
          error: {
            code: 'validation',
            message: refusal,
            errors: [
              {
                field: 'returnedLines.0.quantity',
                message: refusal,
                code: 'creditNote.lineAboveQuantity',
              },
            ],
          },
        },
        400,
      );
      const issued = renderDialog();
      await userEvent.click(screen.getByRole('radio', { name: 'Goods returned' }));
      const quantity = screen.getByLabelText('Quantity of Paracetamol 500mg to return');
      await userEvent.type(quantity, '8');
      await userEvent.type(screen.getByLabelText(/Reason/), 'Returned');
      await userEvent.click(screen.getByRole('button', { name: 'Issue' }));
      await vi.waitFor(() => expect(quantity).toHaveAccessibleDescription(refusal));
      expect(issued).not.toHaveBeenCalled();
    });
  });
});
