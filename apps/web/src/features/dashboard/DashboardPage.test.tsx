import type {
  DashboardCollections,
  PaymentMethodAmountItem,
  UnbilledPatient,
  UnpaidInvoice,
} from '@clinic/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { initApi } from '../../api/clients.ts';
import { sessionStore } from '../../api/session.ts';
import { clinicDayStartAt } from '../../app/clinic-time.ts';
import { TEST_CLINIC_OFFSET, testBranchOption, testSessionInfo } from '../../app/test-session.ts';
import { dashboardKeys } from './dashboard-api.ts';
import { DashboardPage } from './DashboardPage.tsx';

// The chart (recharts) measures its box, which jsdom has not: a list of its bars stands in.
vi.mock('./PaymentMethodChart.tsx', () => ({
  PaymentMethodChart: ({ items }: { items: PaymentMethodAmountItem[] }) => (
    <ul aria-label="chart">
      {items.map((item) => (
        <li key={item.paymentMethod}>{`${item.paymentMethod} ${item.amount}`}</li>
      ))}
    </ul>
  ),
}));

const BRANCH_ID = '6f1c2a9e-4d1b-4c55-9a3e-1b2c3d4e5f62';
const PATIENT_ID = '7f1c2a9e-4d1b-4c55-9a3e-1b2c3d4e5f62';
const INVOICE_ID = '8f1c2a9e-4d1b-4c55-9a3e-1b2c3d4e5f62';

const SUMMARY: DashboardCollections = {
  pendingQueueCount: 7,
  prescriptionCount: 3,
  totalAmountBilled: 123_450,
  totalAmountPaid: 98_005,
  totalSubsidyAmount: 0,
};

interface Day {
  summary?: DashboardCollections;
  patients?: UnbilledPatient[];
  invoices?: UnpaidInvoice[];
  amounts?: PaymentMethodAmountItem[];
}

const list = <T,>(items: T[]) => ({ items, total: items.length });

function renderDashboard(day: Day) {
  initApi({ apiBaseURI: 'http://127.0.0.1:9/api/v1', apiBaseURI2: undefined });
  sessionStore.signIn(
    testSessionInfo({
      modules: ['clinic.dashboard', 'clinic.queue'],
      branches: [testBranchOption({ id: BRANCH_ID, code: 'MAIN', name: 'Main', isDefault: true })],
    }),
    'clinic',
  );
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  const from = clinicDayStartAt(TEST_CLINIC_OFFSET);
  client.setQueryData(dashboardKeys.collections(BRANCH_ID, from), day.summary ?? SUMMARY);
  client.setQueryData(dashboardKeys.patients(BRANCH_ID, from), list(day.patients ?? []));
  client.setQueryData(dashboardKeys.invoices(BRANCH_ID, from), list(day.invoices ?? []));
  client.setQueryData(dashboardKeys.amounts(BRANCH_ID, from), list(day.amounts ?? []));
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/MAIN/dashboard']}>
          <Routes>
            <Route path="/:branchCode/dashboard" element={<DashboardPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the dashboard (doc 1 section 2.10)', () => {
  it('shows the day’s cards, money with 2 decimals, the pending queue linking to the queue', () => {
    renderDashboard({});
    const pending = screen.getByTestId('card-pending-queue');
    expect(within(pending).getByText('7')).toBeInTheDocument();
    expect(within(pending).getByRole('link', { name: 'Open the queue' })).toHaveAttribute(
      'href',
      '/MAIN/queue',
    );
    expect(within(screen.getByTestId('card-unbilled')).getByText('3')).toBeInTheDocument();
    expect(within(screen.getByTestId('card-billed')).getByText('1234.50')).toBeInTheDocument();
    const payment = screen.getByTestId('card-payment');
    expect(within(payment).getByText('980.05')).toBeInTheDocument();
    expect(within(payment).getByText('Subsidy: 0.00')).toBeInTheDocument();
    expect(
      within(payment).getByRole('link', { name: "Search the day's payments" }),
    ).toHaveAttribute('href', expect.stringMatching(/^\/MAIN\/search\/payment\?fromDate=/));
  });

  it('shows the three empty states of a day without lists', () => {
    renderDashboard({});
    expect(screen.getByText('All patient(s) was billed')).toBeInTheDocument();
    expect(screen.getByText('All invoice(s) was paid')).toBeInTheDocument();
    expect(screen.getByText('No payment on this day')).toBeInTheDocument();
  });

  it('links unbilled patients to their medical records and unpaid invoices to the invoice', async () => {
    renderDashboard({
      patients: [{ id: PATIENT_ID, patientName: 'Tan Ah Kow', NRIC: 'S1234567D', cardNo: 'C-9' }],
      invoices: [
        {
          id: INVOICE_ID,
          invoiceNumber: 'INV-000012',
          patient: { name: 'Lim Bee Hoon' },
          totalAmount: 3210,
          paidAmount: 1500,
          balance: 1710,
        },
      ],
      amounts: [{ paymentMethod: 'Cash', amount: 1500, count: 1 }],
    });
    const patients = screen.getByTestId('dashboard-unbilled');
    expect(within(patients).getByRole('link', { name: 'Tan Ah Kow' })).toHaveAttribute(
      'href',
      `/MAIN/patients/${PATIENT_ID}/medical-records`,
    );
    expect(within(patients).getByText('S1234567D')).toBeInTheDocument();
    const invoices = screen.getByTestId('dashboard-unpaid');
    expect(within(invoices).getByRole('link', { name: 'INV-000012' })).toHaveAttribute(
      'href',
      `/MAIN/invoice/${INVOICE_ID}`,
    );
    const row = within(invoices).getByRole('row', { name: /INV-000012/ });
    expect(within(row).getByText('32.10')).toBeInTheDocument();
    expect(within(row).getByText('15.00')).toBeInTheDocument();
    expect(within(row).getByText('17.10')).toBeInTheDocument();
    expect(screen.queryByText('All patient(s) was billed')).not.toBeInTheDocument();
    expect(screen.queryByText('All invoice(s) was paid')).not.toBeInTheDocument();
    expect(await screen.findByText('Cash 1500')).toBeInTheDocument();
    expect(screen.queryByText('No payment on this day')).not.toBeInTheDocument();
  });

  it('never goes past today: the next-day arrow is off on today', () => {
    renderDashboard({});
    expect(screen.getByRole('button', { name: 'Next day' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous day' })).toBeEnabled();
  });

  it('keeps each list in a 432 px scrolling box', () => {
    renderDashboard({});
    for (const id of ['dashboard-unbilled', 'dashboard-unpaid', 'dashboard-payments']) {
      const box = screen.getByTestId(id).querySelector('.mantine-ScrollArea-root');
      expect(box).toHaveStyle({ height: '432px' });
    }
  });
});
