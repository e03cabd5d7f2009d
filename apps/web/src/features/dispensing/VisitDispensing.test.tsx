import {
  ALL_PERMISSIONS,
  DISPENSE_CONFIRM,
  type MedicationLabels,
  type Permission,
  type ReportHeader,
  type VisitDispensing as VisitDispensingData,
} from '@clinic/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { initApi } from '../../api/clients.ts';
import { sessionStore } from '../../api/session.ts';
import { testBranchOption, testSessionInfo } from '../../app/test-session.ts';
import { DialogHost } from '../../components/dialogs.tsx';
import '../../components/dialog-views.tsx';
import { i18n } from '../../i18n/index.ts';
import { dispensingKeys } from './dispensing-api.ts';
import { DispenseDialog } from './DispenseDialog.tsx';
import { medicationLabelDocument } from './MedicationLabelDialog.tsx';
import { VisitDispensing } from './VisitDispensing.tsx';

const BRANCH_ID = '6f1c2a9e-4d1b-4c55-9a3e-1b2c3d4e5f62';
const VISIT_ID = '7f1c2a9e-4d1b-4c55-9a3e-1b2c3d4e5f62';
const PARA = '8f1c2a9e-4d1b-4c55-9a3e-1b2c3d4e5f62';
const AMOX = '9f1c2a9e-4d1b-4c55-9a3e-1b2c3d4e5f62';

const STATE: VisitDispensingData = {
  visitId: VISIT_ID,
  branchId: BRANCH_ID,
  total: 2,
  items: [
    {
      prescriptionId: PARA,
      catalogItemId: 'af1c2a9e-4d1b-4c55-9a3e-1b2c3d4e5f62',
      code: 'PARA500',
      name: 'Paracetamol 500 mg tablet',
      quantity: 15,
      unit: 'tab',
      instructions: 'Take 1 tablet by mouth three times a day for 5 days. For pain.',
      dispensable: true,
      available: 25,
      onHand: 25,
      dispensed: {
        dispenseId: 'bf1c2a9e-4d1b-4c55-9a3e-1b2c3d4e5f62',
        dispensedAt: 1_795_000_000,
        dispensedBy: { id: 'cf1c2a9e-4d1b-4c55-9a3e-1b2c3d4e5f62', name: 'Desmond Lim' },
        branchId: BRANCH_ID,
        batches: [
          {
            batchId: 'df1c2a9e-4d1b-4c55-9a3e-1b2c3d4e5f62',
            batchNo: 'PCM-24A',
            expiryDate: '2030-06-30',
            quantity: 15,
          },
        ],
      },
    },
    {
      prescriptionId: AMOX,
      catalogItemId: 'ef1c2a9e-4d1b-4c55-9a3e-1b2c3d4e5f62',
      code: 'AMOX500',
      name: 'Amoxicillin 500 mg capsule',
      quantity: 21,
      unit: 'cap',
      instructions: 'Take 1 capsule by mouth three times a day for 7 days.',
      dispensable: true,
      available: 6,
      onHand: 6,
      dispensed: null,
    },
  ],
};

function signIn(permissions: readonly Permission[]) {
  initApi({ apiBaseURI: 'http://127.0.0.1:9/api/v1', apiBaseURI2: undefined });
  sessionStore.signIn(
    testSessionInfo({
      modules: ['clinic.patient', 'clinic.inventory'],
      branches: [
        testBranchOption(
          { id: BRANCH_ID, code: 'MAIN', name: 'Main clinic', isDefault: true },
          permissions,
        ),
      ],
    }),
    'clinic',
  );
}

function renderSection({ readOnly = false, permissions = ALL_PERMISSIONS } = {}) {
  signIn(permissions);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  client.setQueryData(dispensingKeys.visit(BRANCH_ID, VISIT_ID), STATE);
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/MAIN/patients']}>
          <Routes>
            <Route
              path="/:branchCode/patients"
              element={<VisitDispensing visitId={VISIT_ID} readOnly={readOnly} />}
            />
          </Routes>
        </MemoryRouter>
        <DialogHost />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe("a visit's dispensing (doc 2 section 2.14)", () => {
  it('shows each line with its quantity, instructions in words, stock and state', () => {
    renderSection();
    const [para, amox] = screen.getAllByTestId('dispensing-line');
    expect(within(para!).getByText('15 tab')).toBeInTheDocument();
    expect(
      within(para!).getByText('Take 1 tablet by mouth three times a day for 5 days. For pain.'),
    ).toBeInTheDocument();
    expect(within(para!).getByText(/by Desmond Lim$/)).toBeInTheDocument();
    expect(within(para!).getByText('PCM-24A (exp. 2030-06-30) × 15')).toBeInTheDocument();
    expect(within(amox!).getByText('Not dispensed')).toBeInTheDocument();
    expect(within(amox!).getByText('6')).toBeInTheDocument();
  });

  it('offers Dispense and Print labels to a role that may, never on a read-only visit', () => {
    renderSection();
    expect(screen.getByRole('button', { name: 'Dispense' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print labels' })).toBeInTheDocument();
  });

  it('a read-only visit (voided, another branch) is not dispensed from here', () => {
    renderSection({ readOnly: true });
    expect(screen.queryByRole('button', { name: 'Dispense' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print labels' })).toBeInTheDocument();
  });

  it('a role that only reads sees the lines without the actions', () => {
    renderSection({ permissions: ['dispensing:read', 'visits:read'] });
    expect(screen.getAllByTestId('dispensing-line')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Dispense' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print labels' })).not.toBeInTheDocument();
  });

  it("the dispense dialog asks in the spec's words, lists the waiting lines and warns of short stock", async () => {
    renderSection();
    await userEvent.click(screen.getByRole('button', { name: 'Dispense' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dispense' });
    expect(within(dialog).getByText(DISPENSE_CONFIRM)).toBeInTheDocument();
    expect(DISPENSE_CONFIRM).toBe('Are your sure dispense all the medications belongs payment?');
    const amox = within(dialog).getByRole('checkbox', {
      name: 'Dispense Amoxicillin 500 mg capsule',
    });
    expect(amox).toBeChecked();
    expect(
      within(dialog).queryByRole('checkbox', { name: 'Dispense Paracetamol 500 mg tablet' }),
    ).not.toBeInTheDocument();
    expect(within(dialog).getByText('Only 6 in stock')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Yes' })).toBeInTheDocument();
  });

  it('with no line chosen, Yes asks for one and sends nothing', async () => {
    signIn(ALL_PERMISSIONS);
    let dispensed = false;
    render(
      <MantineProvider env="test">
        <DispenseDialog
          visitId={VISIT_ID}
          lines={[STATE.items[1]!]}
          onClose={() => undefined}
          onDispensed={() => {
            dispensed = true;
          }}
        />
      </MantineProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Dispense' });
    await userEvent.click(within(dialog).getByRole('checkbox'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Please choose at least one line to dispense.',
    );
    expect(dispensed).toBe(false);
  });
});

describe('the medication labels document', () => {
  const header = {
    branchPhone: '+65 6123 4567',
    tenant: { clinicName: 'Sunrise Clinic' },
  } as ReportHeader;
  const labels: MedicationLabels = {
    visitId: VISIT_ID,
    items: [PARA, AMOX].map((prescriptionId, index) => ({
      prescriptionId,
      code: `C${index}`,
      patientName: 'Tan Ah Kow',
      date: '2026-11-27',
      qty: 15,
      um: 'tab',
      itemName: `Drug ${index}`,
      duration: 5,
      specification: {
        consumeMethod: 'TAKE',
        consumeQty: 1,
        consumeUM: 'tab',
        frequency: 'TDS',
        indication: null,
        precaution: null,
        warningMessage: null,
        remark: null,
      },
      batches: index === 0 ? [{ batchNumber: 'PCM-24A', expiryDate: '2030-06-30' }] : [],
      instructions: 'Take 1 tablet by mouth three times a day for 5 days.',
      patientAge: { years: 46, months: 10 },
      dispensed: true,
    })),
  };

  it('repeats each line by its count (1 by default), leaves out a line of 0', () => {
    const document = medicationLabelDocument(labels, header, { [AMOX]: 3 }, i18n.t);
    expect(document).toMatchObject({
      kind: 'medicationLabel',
      labels: [
        {
          clinicName: 'Sunrise Clinic',
          clinicPhone: '+65 6123 4567',
          patientName: 'Tan Ah Kow',
          patientAge: '46Y 10M',
          itemName: 'Drug 0',
          quantity: '15 tab',
          date: '27/Nov/2026',
          batches: 'PCM-24A 2030-06-30',
          copies: 1,
        },
        { itemName: 'Drug 1', batches: '--', copies: 3 },
      ],
    });
    const one = medicationLabelDocument(labels, header, { [PARA]: 0 }, i18n.t);
    expect(one).toMatchObject({ labels: [{ itemName: 'Drug 1', copies: 1 }] });
    expect(medicationLabelDocument(labels, header, { [PARA]: 0, [AMOX]: 0 }, i18n.t)).toBeNull();
  });
});
