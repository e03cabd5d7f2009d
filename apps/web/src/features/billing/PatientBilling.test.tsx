import type { Invoice, InvoiceSummary } from '@clinic/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BRANCH_ID, signInForTest, testQueryClient } from '../queue/test-utils.tsx';
import { billingKeys } from './billing-api.ts';
import { BillVisitButton } from './BillVisitButton.tsx';
import { PatientInvoices } from './PatientBilling.tsx';

const PATIENT = '22222222-0000-4000-8000-000000000001';
const VISIT = '33333333-0000-4000-8000-000000000001';
const INVOICE = '11111111-0000-4000-8000-000000000001';

const summary: InvoiceSummary = {
  id: INVOICE,
  invoiceNo: 'INV-000007',
  status: 'PARTIALLY',
  statusCode: 2,
  branchId: BRANCH_ID,
  visitId: VISIT,
  patient: { id: PATIENT, name: 'Tan Ah Kow' },
  invoiceDate: '2026-11-27',
  dueDate: null,
  grandTotalCents: 123_450,
  paidCents: 100_000,
  balanceCents: 23_450,
  version: 3,
  updatedAt: 0,
};

function InvoiceScreen() {
  return <p>{`invoice screen ${useParams().invoiceId ?? ''}`}</p>;
}

function renderAt(ui: ReactElement, client: QueryClient) {
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/MAIN/here']}>
          <Routes>
            <Route path="/:branchCode/here" element={ui} />
            <Route path="/:branchCode/invoice/:invoiceId" element={<InvoiceScreen />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe("the patient's invoices", () => {
  it('lists each with its status and money, opening the invoice screen', async () => {
    signInForTest(['clinic.invoice', 'clinic.patient']);
    const client = testQueryClient();
    client.setQueryData(billingKeys.patientInvoices(BRANCH_ID, PATIENT), {
      items: [summary],
      total: 1,
    });
    renderAt(<PatientInvoices patientId={PATIENT} />, client);
    const row = screen.getByTestId('invoice-row');
    expect(within(row).getByText('Partially paid')).toBeInTheDocument();
    expect(within(row).getByText('$1,234.50')).toBeInTheDocument();
    expect(within(row).getByText('$234.50')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('link', { name: 'Open invoice INV-000007' }));
    expect(screen.getByText(`invoice screen ${INVOICE}`)).toBeInTheDocument();
  });
});

describe('Bill this visit', () => {
  it("asks for the visit's invoice and opens it", async () => {
    signInForTest(['clinic.invoice', 'clinic.patient']);
    const calls: string[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      calls.push(`${init.method ?? 'GET'} ${new URL(url).pathname.replace('/api/v1', '')}`);
      const draft = { ...summary, invoiceNo: null, status: 'DRAFT' } as unknown as Invoice;
      return Promise.resolve(new Response(JSON.stringify({ data: draft }), { status: 201 }));
    });
    renderAt(<BillVisitButton visitId={VISIT} />, testQueryClient());
    await userEvent.click(screen.getByRole('button', { name: 'Bill this visit' }));
    expect(await screen.findByText(`invoice screen ${INVOICE}`)).toBeInTheDocument();
    expect(calls).toEqual([`POST /visits/${VISIT}/invoice`]);
  });
});
