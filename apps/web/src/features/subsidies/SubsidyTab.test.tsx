import { SEEDED_SUBSIDY_TIERS, type PatientSubsidy, type SubsidyTierItem } from '@clinic/domain';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../components/dialogs.tsx';
import { BRANCH_ID, closeMessages, signInForTest, testQueryClient } from '../queue/test-utils.tsx';
import { subsidyKeys } from './subsidies-api.ts';
import { SubsidyTab } from './SubsidyTab.tsx';

const PATIENT = '11111111-0000-4000-8000-000000000001';

const TIERS: SubsidyTierItem[] = SEEDED_SUBSIDY_TIERS.map((tier, index) => ({
  id: `22222222-0000-4000-8000-00000000000${index}`,
  schemeCode: tier.scheme,
  schemeName: tier.scheme === 'CHAS' ? 'CHAS' : 'Healthier SG',
  code: tier.code,
  name: tier.name,
  perVisitCapCents: tier.perVisitCapCents,
  annualCapCents: tier.annualCapCents,
  drugSubsidyBasisPoints: tier.drugSubsidyBasisPoints,
  absorbsDrugGst: tier.absorbsDrugGst,
  isActive: true,
  version: 1,
}));

const noCard: PatientSubsidy = {
  patientId: PATIENT,
  card: null,
  version: 0,
  year: 2026,
  usage: [
    { visitKind: 'commonIllness', usedCents: 0, annualCapCents: null, remainingCents: null },
    { visitKind: 'chronicSimple', usedCents: 0, annualCapCents: null, remainingCents: null },
    { visitKind: 'chronicComplex', usedCents: 0, annualCapCents: null, remainingCents: null },
  ],
};

const blue: PatientSubsidy = {
  ...noCard,
  version: 1,
  card: {
    tierId: TIERS[0]!.id,
    tierCode: 'CHAS-BLUE',
    tierName: 'CHAS Blue',
    schemeCode: 'CHAS',
    schemeName: 'CHAS',
    validFrom: '2026-01-01',
    validTo: null,
    isValidToday: true,
  },
  usage: [
    { visitKind: 'commonIllness', usedCents: 1850, annualCapCents: null, remainingCents: null },
    { visitKind: 'chronicSimple', usedCents: 8000, annualCapCents: 32000, remainingCents: 24000 },
    { visitKind: 'chronicComplex', usedCents: 8000, annualCapCents: 50000, remainingCents: 42000 },
  ],
};

interface Call {
  method: string;
  path: string;
  body: unknown;
}

function server(answer: (call: Call) => { status: number; body: unknown }) {
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

function showTab(subsidy: PatientSubsidy, permissions?: Parameters<typeof signInForTest>[1]) {
  signInForTest(['clinic.patient', 'clinic.invoice'], permissions);
  const client = testQueryClient();
  client.setQueryData(subsidyKeys.patient(BRANCH_ID, PATIENT), subsidy);
  client.setQueryData(subsidyKeys.tiers(BRANCH_ID), TIERS);
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/MAIN/subsidy']}>
          <Routes>
            <Route path="/:branchCode/subsidy" element={<SubsidyTab patientId={PATIENT} />} />
          </Routes>
        </MemoryRouter>
        <DialogHost />
        <Notifications />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(async () => {
  await closeMessages();
  vi.unstubAllGlobals();
});

describe("the patient's Subsidy tab", () => {
  it('shows the tier, its validity and this year’s use against the annual caps', () => {
    showTab(blue);
    expect(screen.getByTestId('subsidy-tier').textContent).toBe('CHAS Blue');
    expect(screen.getByText('Valid today')).toBeInTheDocument();
    expect(screen.getByText(/No expiry/)).toBeInTheDocument();
    const simple = within(screen.getByTestId('usage-chronicSimple'));
    expect(simple.getByText('$80.00')).toBeInTheDocument();
    expect(simple.getByText('$320.00')).toBeInTheDocument();
    expect(simple.getByText('$240.00')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('usage-commonIllness')).getByText('No annual cap'),
    ).toBeInTheDocument();
  });

  it('says when the patient has no tier; Save without a tier or date marks the fields and sends nothing', async () => {
    const calls = server(() => ({ status: 200, body: { data: blue } }));
    showTab(noCard);
    expect(screen.getByTestId('subsidy-no-card')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save tier' }));
    expect(
      await screen.findByText("Please choose one of the clinic's subsidy tiers."),
    ).toBeInTheDocument();
    expect(screen.getByText('Please give the date the card is valid from.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('the desk sets the tier at the card’s version and sees the saved card', async () => {
    const calls = server(() => ({ status: 200, body: { data: blue } }));
    showTab(noCard);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Tier' }), 'CHAS Blue');
    await userEvent.type(screen.getByRole('textbox', { name: 'Valid from' }), '01012026');
    await userEvent.tab();
    await userEvent.click(screen.getByRole('button', { name: 'Save tier' }));
    await waitFor(() => expect(screen.getByTestId('subsidy-tier').textContent).toBe('CHAS Blue'));
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: `/patients/${PATIENT}/subsidy`,
        body: { version: 0, tierCode: 'CHAS-BLUE', validFrom: '2026-01-01', validTo: null },
      },
    ]);
  });

  it('removes the tier at the card’s version', async () => {
    const calls = server(() => ({ status: 200, body: { data: noCard } }));
    showTab(blue);
    await userEvent.click(screen.getByRole('button', { name: 'Remove tier' }));
    await waitFor(() => expect(screen.getByTestId('subsidy-no-card')).toBeInTheDocument());
    expect(calls).toEqual([
      { method: 'PUT', path: `/patients/${PATIENT}/subsidy`, body: { version: 1, tierCode: null } },
    ]);
  });

  it('a role that does not update patients sees the card but no form', () => {
    showTab(blue, ['patients:read', 'invoices:read']);
    expect(screen.getByTestId('subsidy-tier')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save tier' })).not.toBeInTheDocument();
  });
});
