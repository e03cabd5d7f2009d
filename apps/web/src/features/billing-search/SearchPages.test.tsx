import type { CreditNoteSearchRow, InvoiceSearchRow, McSearchRow } from '@clinic/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initApi } from '../../api/clients.ts';
import { sessionStore } from '../../api/session.ts';
import { testBranchOption, testSessionInfo } from '../../app/test-session.ts';
import { EMPTY_FILTERS } from './search-api.ts';
import { CreditNoteSearchPage, InvoiceSearchPage, McSearchPage } from './SearchPages.tsx';

const BRANCH_ID = '6f1c2a9e-4d1b-4c55-9a3e-1b2c3d4e5f62';
const PATIENT_ID = '7f1c2a9e-4d1b-4c55-9a3e-1b2c3d4e5f62';
const INVOICE_ID = '8f1c2a9e-4d1b-4c55-9a3e-1b2c3d4e5f62';
const VISIT_ID = '9f1c2a9e-4d1b-4c55-9a3e-1b2c3d4e5f62';

const INVOICE: InvoiceSearchRow = {
  id: INVOICE_ID,
  invoiceNo: 'INV-000012',
  invoiceDate: '2026-11-24',
  dueDate: null,
  status: 'PARTIALLY',
  statusCode: 2,
  patientId: PATIENT_ID,
  patientName: 'Lim Bee Hoon',
  visitId: VISIT_ID,
  billTo: null,
  grandTotalCents: 3210,
  paidCents: 1500,
  creditedCents: 200,
  balanceCents: 1510,
};

const MC: McSearchRow = {
  id: INVOICE_ID,
  mcNo: 'MC26000007',
  issuedDate: '2026-11-24',
  fromDate: '2026-11-24',
  toDate: '2026-11-25',
  givenDays: 2,
  excuseChit: false,
  patientId: PATIENT_ID,
  patientName: 'Tan Ah Kow',
  visitId: VISIT_ID,
  doctorName: 'Daniel Goh',
};

const CREDIT_NOTE: CreditNoteSearchRow = {
  id: INVOICE_ID,
  creditNoteNo: 'CN-000009',
  creditNoteDate: '2026-11-24',
  type: 'goodsReturn',
  typeCode: 2,
  status: 'VOIDED',
  statusCode: -1,
  patientId: PATIENT_ID,
  patientName: 'Lim Bee Hoon',
  invoiceId: INVOICE_ID,
  invoiceNo: 'INV-000012',
  depositId: null,
  depositNo: null,
  amountCents: 450,
  refundMethodName: 'Cash',
  reason: 'Returned',
};

function renderPage(page: React.ReactNode, seed: (client: QueryClient) => void) {
  initApi({ apiBaseURI: 'http://127.0.0.1:9/api/v1', apiBaseURI2: undefined });
  sessionStore.signIn(
    testSessionInfo({
      modules: ['clinic.search', 'clinic.invoice', 'clinic.patient'],
      branches: [testBranchOption({ id: BRANCH_ID, code: 'MAIN', name: 'Main', isDefault: true })],
    }),
    'clinic',
  );
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  seed(client);
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/MAIN/search']}>
          <Routes>
            <Route path="/:branchCode/search" element={page} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the billing search pages (doc 3 section 2.3)', () => {
  it('lists the invoices found with their figures, each opening its invoice', () => {
    renderPage(<InvoiceSearchPage />, (client) =>
      client.setQueryData(['billingSearch', 'invoices', BRANCH_ID, EMPTY_FILTERS, 1], {
        items: [INVOICE],
        total: 1,
      }),
    );
    expect(screen.getByText('1 found')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Invoices found' });
    const row = within(table).getByRole('row', { name: /INV-000012/ });
    expect(within(row).getByText('Lim Bee Hoon')).toBeInTheDocument();
    expect(within(row).getByText('$32.10')).toBeInTheDocument();
    expect(within(row).getByText('$2.00')).toBeInTheDocument();
    expect(within(row).getByText('$15.10')).toBeInTheDocument();
    expect(within(row).getByText('Partially paid')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Open invoice INV-000012' })).toHaveAttribute(
      'href',
      `/MAIN/invoice/${INVOICE_ID}`,
    );
  });

  it('opens a certificate on its visit', () => {
    renderPage(<McSearchPage />, (client) =>
      client.setQueryData(['billingSearch', 'medicalCertificates', BRANCH_ID, EMPTY_FILTERS, 1], {
        items: [MC],
        total: 1,
      }),
    );
    expect(screen.getByRole('link', { name: 'Open the visit of MC26000007' })).toHaveAttribute(
      'href',
      `/MAIN/patients/${PATIENT_ID}/medical-records/${VISIT_ID}`,
    );
  });

  it('Export downloads the workbook of the filters searched', async () => {
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        fetched.push(url);
        return Promise.resolve(new Response(new Blob(['xlsx']), { status: 200 }));
      }),
    );
    const created = vi.fn(() => 'blob:export');
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    renderPage(<InvoiceSearchPage />, (client) =>
      client.setQueryData(['billingSearch', 'invoices', BRANCH_ID, EMPTY_FILTERS, 1], {
        items: [INVOICE],
        total: 1,
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(fetched).toEqual([expect.stringMatching(/\/api\/v1\/search\/invoices\/export$/)]);
  });

  it('lists the credit notes found, each opening its page; the filters load with a type', async () => {
    renderPage(<CreditNoteSearchPage />, (client) =>
      client.setQueryData(['billingSearch', 'creditNotes', BRANCH_ID, EMPTY_FILTERS, 1], {
        items: [CREDIT_NOTE],
        total: 1,
      }),
    );
    expect(screen.getByRole('heading', { name: 'Search credit notes' })).toBeVisible();
    const table = screen.getByRole('table', { name: 'Credit notes found' });
    const row = within(table).getByRole('row', { name: /CN-000009/ });
    for (const text of ['Lim Bee Hoon', 'Goods return', 'INV-000012', 'Voided', '$4.50']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(within(row).getByRole('link', { name: 'Open credit note CN-000009' })).toHaveAttribute(
      'href',
      `/MAIN/search/credit-note/${INVOICE_ID}`,
    );
    // The choice filters load after the page: the type's Select replaces its read-only field.
    expect(screen.getByLabelText('Credit note number')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByLabelText('Type', { selector: 'input' })).toHaveAttribute(
        'aria-haspopup',
        'listbox',
      ),
    );
  });
});
