import {
  ALL_PERMISSIONS,
  PRESCRIPTION_MESSAGES,
  SYSTEM_ROLES,
  type CatalogOption,
  type PrescriptionLineRecord,
  type PrescriptionSetting,
  type VisitPrescription,
} from '@clinic/domain';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../components/dialogs.tsx';
import { BRANCH_ID, closeMessages, signInForTest, testQueryClient } from '../queue/test-utils.tsx';
import { prescriptionKeys } from './prescription-api.ts';
import { VisitPrescriptions } from './VisitPrescriptions.tsx';

const VISIT = '20000000-0000-4000-8000-000000000001';
const PATIENT = '10000000-0000-4000-8000-000000000001';

let settingCount = 0;
const setting = (
  code: string,
  description: string,
  dosesPerCycle: number | null = null,
  cycleDays: number | null = null,
): PrescriptionSetting => ({
  id: `50000000-0000-4000-8000-${String((settingCount += 1)).padStart(12, '0')}`,
  code,
  description,
  dosesPerCycle,
  cycleDays,
  isSystem: true,
  isActive: true,
  sortOrder: 0,
  version: 1,
});

const AMOXICILLIN: CatalogOption = {
  id: '60000000-0000-4000-8000-000000000001',
  type: 'Med',
  code: 'AMOX500',
  name: 'Amoxicillin 500 mg capsule',
  priceCents: 25,
  strength: 500,
  strengthUnit: 'mg',
  dispensingUnit: 'cap',
  defaultDose: 1,
  defaultDoseUnit: 'cap',
  defaultConsumeMethod: 'TAKE',
  defaultFrequency: 'TDS',
  defaultDurationDays: 5,
  defaultInstructions: 'Complete the whole course.',
  procurement: 'Private',
};

function savedLine(overrides: Partial<PrescriptionLineRecord> = {}): PrescriptionLineRecord {
  return {
    id: '30000000-0000-4000-8000-000000000001',
    visitId: VISIT,
    patientId: PATIENT,
    startDate: '2026-11-27',
    endDate: '2026-12-01',
    prescriptMode: 1,
    doseNum: null,
    strengthUm: 'mg',
    consumeUm: 'cap',
    consumeMethod: 'TAKE',
    consumeQuantity: 1,
    frequency: 'TDS',
    dispenseQuantity: 15,
    dispenseUm: 'cap',
    unitPrice: 25,
    totalPrice: 375,
    precaution: null,
    indication: null,
    catalogItemId: AMOXICILLIN.id,
    comboItemId: null,
    code: 'AMOX500',
    name: AMOXICILLIN.name,
    duration: 5,
    cycle: 'day',
    durationDays: 5,
    taxAmount: 34,
    overrideReason: null,
    warnings: [],
    version: 1,
    ...overrides,
  };
}

const visitLines = (items: PrescriptionLineRecord[]): VisitPrescription => {
  const subtotal = items.reduce((sum, line) => sum + line.totalPrice, 0);
  const taxAmount = items.reduce((sum, line) => sum + line.taxAmount, 0);
  return { items, total: items.length, subtotal, taxAmount, totalWithTax: subtotal + taxAmount };
};

interface Call {
  method: string;
  path: string;
  search: string;
  body: any;
}

type Answer = { status: number; body: unknown };

/** The server's side of the network: `answer` gives each call's status and body. */
function server(answer: (call: Call) => Answer) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const address = new URL(url);
    const call = {
      method: init.method ?? 'GET',
      path: address.pathname.replace('/api/v1', ''),
      search: address.search,
      body: init.body ? JSON.parse(init.body as string) : undefined,
    };
    calls.push(call);
    const { status, body } = answer(call);
    return Promise.resolve(new Response(JSON.stringify(body), { status }));
  });
  return calls;
}

const ALLERGY_WORDS = 'The patient is recorded as allergic to Penicillin.';
const warningsRefusal: Answer = {
  status: 400,
  body: {
    error: {
      code: 'prescription.warnings',
      message: `${ALLERGY_WORDS} Please give the reason for prescribing it anyway.`,
      errors: [
        {
          field: 'overrideReason',
          code: 'prescription.warnings',
          message: `${ALLERGY_WORDS} Please give the reason for prescribing it anyway.`,
        },
      ],
    },
  },
};

/** The picker's search, then the answers to the prescribing calls in turn. */
function prescribingServer(...writes: Answer[]) {
  return server((call) => {
    if (call.path === '/catalogs/options') {
      return { status: 200, body: { data: { items: [AMOXICILLIN], total: 1 } } };
    }
    return writes.shift() ?? { status: 500, body: {} };
  });
}

function seeded(items: PrescriptionLineRecord[] = []): QueryClient {
  const client = testQueryClient();
  client.setQueryData(prescriptionKeys.visit(BRANCH_ID, VISIT), visitLines(items));
  client.setQueryData(prescriptionKeys.settings(BRANCH_ID, 'frequency'), [
    setting('ON', 'Once a day at night', 1, 1),
    setting('TDS', 'Three times a day', 3, 1),
    setting('QDS', 'Four times a day', 4, 1),
    setting('PRN', 'When necessary'),
  ]);
  client.setQueryData(prescriptionKeys.settings(BRANCH_ID, 'um'), [
    setting('cap', 'capsule'),
    setting('tab', 'tablet'),
  ]);
  client.setQueryData(prescriptionKeys.settings(BRANCH_ID, 'cm'), [setting('TAKE', 'Take')]);
  client.setQueryData(prescriptionKeys.settings(BRANCH_ID, 'indication'), []);
  return client;
}

function renderSection(client: QueryClient, readOnly = false) {
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`/MAIN/patients/${PATIENT}/medical-records/${VISIT}`]}>
          <Routes>
            <Route
              path="/:branchCode/patients/:patientId/medical-records/:visitId"
              element={<VisitPrescriptions visitId={VISIT} readOnly={readOnly} />}
            />
          </Routes>
        </MemoryRouter>
        <DialogHost />
        <Notifications />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const picker = () => screen.getByRole('combobox', { name: 'Drug' });

/** Types a drug and picks it with Enter, as a doctor does. */
async function pickAmoxicillin() {
  await userEvent.click(picker());
  await userEvent.keyboard('amox{Enter}');
  await waitFor(() =>
    expect(screen.getByRole('textbox', { name: 'Each time (cap)' })).toHaveFocus(),
  );
}

describe('the prescription section', () => {
  beforeEach(() => signInForTest(['clinic.patient'], ALL_PERMISSIONS));
  afterEach(async () => {
    await closeMessages();
    vi.unstubAllGlobals();
  });

  it("lists the visit's lines with quantity, prices, totals and an override reason", () => {
    renderSection(seeded([savedLine({ overrideReason: 'Tolerated before' })]));
    const row = screen.getByTestId('rx-line');
    expect(within(row).getByText('Amoxicillin 500 mg capsule')).toBeVisible();
    expect(within(row).getByTestId('rx-quantity')).toHaveTextContent('15 cap');
    expect(within(row).getByTestId('rx-total')).toHaveTextContent('S$ 3.75');
    expect(within(row).getByText('5 days')).toBeVisible();
    expect(within(row).getByText('Overridden')).toBeVisible();
    expect(within(row).getByTestId('rx-override')).toHaveTextContent('Reason: Tolerated before');
    expect(screen.getByTestId('rx-visit-subtotal')).toHaveTextContent('S$ 3.75');
    expect(screen.getByTestId('rx-visit-tax')).toHaveTextContent('S$ 0.34');
    expect(screen.getByTestId('rx-visit-total')).toHaveTextContent('S$ 4.09');
    expect(screen.getByRole('button', { name: 'Edit Amoxicillin 500 mg capsule' })).toBeVisible();
  });

  it('read-only: the lines without the add form, repeat, edit or remove', () => {
    renderSection(seeded([savedLine()]), true);
    expect(screen.getByTestId('rx-line')).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Drug' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Repeat last visit' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
  });

  it('a role that may only read sees the lines, not the editor', () => {
    signInForTest(['clinic.patient'], SYSTEM_ROLES['Front desk']);
    renderSection(seeded([savedLine()]));
    expect(screen.getByTestId('rx-line')).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Drug' })).toBeNull();
  });
});

describe('editing a line', () => {
  beforeEach(() => signInForTest(['clinic.patient'], ALL_PERMISSIONS));
  afterEach(async () => {
    await closeMessages();
    vi.unstubAllGlobals();
  });

  it('sends the version read; a 409 says so and reloads the list', async () => {
    const changed = 'Someone else changed this record. Please reload it.';
    const calls = server((call) => {
      if (call.path === `/catalogs/${AMOXICILLIN.id}`) {
        return { status: 200, body: { data: { ...AMOXICILLIN, taxBasisPoints: 900 } } };
      }
      if (call.method === 'PUT') {
        return {
          status: 409,
          body: { error: { code: 'record.changed', message: changed, errors: [] } },
        };
      }
      return { status: 200, body: { data: visitLines([savedLine({ version: 2 })]) } };
    });
    renderSection(seeded([savedLine()]));
    await userEvent.click(screen.getByRole('button', { name: 'Edit Amoxicillin 500 mg capsule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Amoxicillin 500 mg capsule' });
    const duration = within(dialog).getByRole('textbox', { name: 'Duration' });
    await userEvent.clear(duration);
    await userEvent.type(duration, '7');
    expect(within(dialog).getByTestId('rx-preview')).toHaveTextContent(/^Dispense 21 cap/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(changed)).toBeVisible();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe(`/prescriptions/${savedLine().id}`);
    expect(put?.body).toMatchObject({ duration: 7, version: 1, dispenseQuantity: null });
    await waitFor(() =>
      expect(calls.some((call) => call.path === `/visits/${VISIT}/prescriptions/lines`)).toBe(true),
    );
  });
});

describe('adding a line from the keyboard', () => {
  beforeEach(() => signInForTest(['clinic.patient'], ALL_PERMISSIONS));
  afterEach(async () => {
    await closeMessages();
    vi.unstubAllGlobals();
  });

  it("fills the line from the item's defaults and previews its quantity and price", async () => {
    prescribingServer();
    renderSection(seeded());
    await pickAmoxicillin();
    expect(screen.getByRole('textbox', { name: 'Each time (cap)' })).toHaveValue('1');
    expect(screen.getByRole('textbox', { name: 'Duration' })).toHaveValue('5');
    // 1 capsule three times a day for 5 days: 15 capsules at S$ 0.25.
    expect(screen.getByTestId('rx-preview')).toHaveTextContent(
      /^Dispense 15 cap × S\$ 0\.25 = S\$ 3\.75 before tax, 5 days until/,
    );
    await userEvent.clear(screen.getByRole('textbox', { name: 'Each time (cap)' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Each time (cap)' }), '2');
    expect(screen.getByTestId('rx-preview')).toHaveTextContent(/^Dispense 30 cap .* S\$ 7\.50/);
  });

  it('picks the item of a scanned barcode (8 to 14 digits, then Enter)', async () => {
    const calls = server((call) => {
      if (call.path === '/inventory/upc-codes/options') {
        const found = { id: AMOXICILLIN.id, code: '9556001234567', itemName: AMOXICILLIN.name };
        return { status: 200, body: { data: { items: [found], total: 1 } } };
      }
      if (call.path === `/catalogs/${AMOXICILLIN.id}`) {
        return { status: 200, body: { data: { ...AMOXICILLIN, taxBasisPoints: 900 } } };
      }
      // Fewer than 8 digits typed so far search the names and codes: none match.
      return { status: 200, body: { data: { items: [], total: 0 } } };
    });
    renderSection(seeded());
    await userEvent.click(picker());
    await userEvent.keyboard('9556001234567{Enter}');
    const dose = await screen.findByRole('textbox', { name: 'Each time (cap)' });
    await waitFor(() => expect(dose).toHaveFocus());
    expect(picker()).toHaveValue(AMOXICILLIN.name);
    const asked = calls.map((call) => `${call.path}${call.search}`);
    expect(asked).toContain('/inventory/upc-codes/options?keyword=9556001234567');
    expect(asked).toContain(`/catalogs/${AMOXICILLIN.id}`);
  });

  it('Tab goes from the dose to frequency, duration, cycle, quantity and instructions', async () => {
    prescribingServer();
    renderSection(seeded());
    await pickAmoxicillin();
    const order = [
      ['combobox', 'Frequency'],
      ['textbox', 'Duration'],
      ['combobox', 'Cycle'],
      ['textbox', 'Quantity (cap)'],
      ['textbox', 'Instructions'],
    ] as const;
    for (const [role, name] of order) {
      await userEvent.tab();
      expect(screen.getByRole(role, { name })).toHaveFocus();
    }
  });

  it('names every missing field on Save and sends nothing', async () => {
    const calls = prescribingServer();
    renderSection(seeded());
    await pickAmoxicillin();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Each time (cap)' }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'Duration' }));
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText(PRESCRIPTION_MESSAGES.consumeQuantityRequired)).toBeVisible();
    expect(screen.getByText(PRESCRIPTION_MESSAGES.durationRequired)).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("shows the server's field messages on their fields", async () => {
    prescribingServer({
      status: 400,
      body: {
        error: {
          code: 'prescription.frequencyUnknown',
          message: PRESCRIPTION_MESSAGES.frequencyUnknown,
          errors: [
            {
              field: 'frequency',
              code: 'prescription.frequencyUnknown',
              message: PRESCRIPTION_MESSAGES.frequencyUnknown,
            },
          ],
        },
      },
    });
    renderSection(seeded());
    await pickAmoxicillin();
    await userEvent.keyboard('{Enter}');
    const frequency = screen.getByRole('combobox', { name: 'Frequency' });
    await waitFor(() =>
      expect(frequency).toHaveAccessibleDescription(PRESCRIPTION_MESSAGES.frequencyUnknown),
    );
  });

  it('against an allergy: shows the warning, needs a reason, sends it and lists the line', async () => {
    const calls = prescribingServer(warningsRefusal, {
      status: 201,
      body: { data: visitLines([savedLine({ overrideReason: 'Tolerated amoxicillin in 2024' })]) },
    });
    renderSection(seeded());
    await pickAmoxicillin();
    await userEvent.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Prescribe anyway?' });
    expect(within(dialog).getByTestId('rx-warnings')).toHaveTextContent(ALLERGY_WORDS);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Prescribe anyway' }));
    expect(
      await within(dialog).findByText(PRESCRIPTION_MESSAGES.overrideReasonRequired),
    ).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);

    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Reason for prescribing anyway/ }),
      'Tolerated amoxicillin in 2024{Enter}',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.path)).toEqual([
      `/visits/${VISIT}/prescriptions`,
      `/visits/${VISIT}/prescriptions`,
    ]);
    expect(posts[0]!.body).toMatchObject({
      catalogItemId: AMOXICILLIN.id,
      prescriptMode: 1,
      consumeQuantity: 1,
      frequency: 'TDS',
      duration: 5,
      cycle: 'day',
      overrideReason: null,
    });
    expect(posts[1]!.body).toMatchObject({ overrideReason: 'Tolerated amoxicillin in 2024' });
    expect(await screen.findByTestId('rx-override')).toHaveTextContent(
      'Tolerated amoxicillin in 2024',
    );
    // The form starts again at the picker for the next drug.
    await waitFor(() => expect(picker()).toHaveFocus());
    expect(picker()).toHaveValue('');
  });

  it('cancelling the warning adds nothing and keeps the line being typed', async () => {
    const calls = prescribingServer(warningsRefusal);
    renderSection(seeded());
    await pickAmoxicillin();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Prescribe anyway?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(screen.queryByTestId('rx-line')).toBeNull();
    expect(screen.getByText('Nothing prescribed on this visit yet.')).toBeVisible();
    expect(picker()).toHaveValue(AMOXICILLIN.name);
    expect(screen.getByRole('textbox', { name: 'Each time (cap)' })).toHaveValue('1');
  });
});
