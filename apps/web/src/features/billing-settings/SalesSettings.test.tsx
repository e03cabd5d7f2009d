import type { Permission, PaymentMethodRecord, TaxOptionRecord } from '@clinic/domain';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../components/dialogs.tsx';
import '../../components/dialog-views.tsx';
import { BRANCH_ID, closeMessages, signInForTest, testQueryClient } from '../queue/test-utils.tsx';
import { billingSettingsKeys } from './billing-settings-api.ts';
import { PaymentMethodsPage } from './PaymentMethodsPage.tsx';
import { TaxOptionsPage } from './TaxOptionsPage.tsx';

const TAX: TaxOptionRecord = {
  id: '77777777-0000-4000-8000-000000000001',
  code: 'TAX',
  name: 'TAX 7%',
  rates: [{ effectiveFrom: '2000-01-01', rateBasisPoints: 700 }],
  rateBasisPoints: 700,
  isActive: true,
  isDefault: true,
  version: 1,
};
const GST: TaxOptionRecord = {
  id: '77777777-0000-4000-8000-000000000002',
  code: 'SG-GST',
  name: 'GST',
  rates: [
    { effectiveFrom: '2023-01-01', rateBasisPoints: 800 },
    { effectiveFrom: '2024-01-01', rateBasisPoints: 900 },
  ],
  rateBasisPoints: 900,
  isActive: true,
  isDefault: false,
  version: 4,
};
const NONE: TaxOptionRecord = {
  id: '77777777-0000-4000-8000-000000000003',
  code: 'NONE',
  name: 'No tax',
  rates: [{ effectiveFrom: '2000-01-01', rateBasisPoints: 0 }],
  rateBasisPoints: 0,
  isActive: true,
  isDefault: false,
  version: 2,
};
const CASH: PaymentMethodRecord = {
  id: '88888888-0000-4000-8000-000000000001',
  code: 'CASH',
  name: 'Cash',
  givesChange: true,
  isActive: true,
  version: 1,
};
const NETS: PaymentMethodRecord = {
  ...CASH,
  id: CASH.id.replace(/1$/, '2'),
  code: 'NETS',
  name: 'NETS',
  givesChange: false,
};

const OWNER: Permission[] = [
  'billingSettings:read',
  'billingSettings:create',
  'billingSettings:update',
];

interface Call {
  method: string;
  path: string;
  body: any;
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

const list = (items: unknown[]) => ({
  status: 200,
  body: { data: { items, total: items.length } },
});
const changed = {
  status: 409,
  body: {
    error: {
      code: 'record.changed',
      message: 'This record was changed by someone else. Please reload it and try again.',
      errors: [],
    },
  },
};

function show(
  path: string,
  page: ReactNode,
  permissions: Permission[],
  seed: () => void = () => {},
) {
  signInForTest(['clinic.setting', 'clinic.invoice'], permissions);
  const client = testQueryClient();
  client.setQueryData(billingSettingsKeys.taxOptions(BRANCH_ID), [TAX, GST, NONE]);
  client.setQueryData(billingSettingsKeys.paymentMethods(BRANCH_ID), [CASH, NETS]);
  seed();
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`/MAIN/setting/sales/${path}`]}>
          <Routes>
            <Route path={`/:branchCode/setting/sales/${path}`} element={page} />
          </Routes>
        </MemoryRouter>
        <DialogHost />
        <Notifications />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return client;
}

afterEach(async () => {
  await closeMessages();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('the tax options page', () => {
  it('lists the options in order with today’s rate, each rate’s date and the default', () => {
    server(() => list([TAX, GST, NONE]));
    show('tax', <TaxOptionsPage where="branch" />, OWNER);
    const rows = screen.getAllByTestId('tax-option-row');
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'TAX',
      'SG-GST',
      'NONE',
    ]);
    expect(within(rows[0]!).getByText('Default')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('Default')).toBeNull();
    expect(within(rows[1]!).getByText('9%')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('8% from 01 Jan 2023')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('9% from 01 Jan 2024')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Payment methods' })).toBeInTheDocument();
  });

  it('adds an option with its first rate in basis points and its effective-from date', async () => {
    const calls = server((call) =>
      call.method === 'POST'
        ? { status: 201, body: { data: { ...NONE, code: 'ZERO' } } }
        : list([TAX, GST, NONE]),
    );
    show('tax', <TaxOptionsPage where="branch" />, OWNER);
    await userEvent.click(screen.getByRole('button', { name: 'Add tax option' }));
    const dialog = await screen.findByRole('dialog', { name: 'New tax option' });
    expect(
      within(dialog).getByText(/never changes an invoice already finalised/),
    ).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Code/ }), 'ZR');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Zero rated');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Rate/ }), '8.255');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/at most 2 decimals/)).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByRole('textbox', { name: /Rate/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Rate/ }), '8.25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe('/settings/tax');
    expect(post?.body).toMatchObject({
      code: 'ZR',
      name: 'Zero rated',
      rates: [
        { rateBasisPoints: 825, effectiveFrom: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
      ],
    });
  });

  it('adds a rate from a date on edit, and puts the server’s refusal of the date on its field', async () => {
    const taken = 'This tax option already has a rate from this date.';
    let first = true;
    const calls = server((call) => {
      if (call.method !== 'PUT') return list([TAX, GST, NONE]);
      if (first) {
        first = false;
        return {
          status: 400,
          body: {
            error: {
              code: 'billingSettings.rateDateTaken',
              message: taken,
              errors: [
                {
                  field: 'addRates.0.effectiveFrom',
                  message: taken,
                  code: 'billingSettings.rateDateTaken',
                },
              ],
            },
          },
        };
      }
      return { status: 200, body: { data: { ...GST, version: 5 } } };
    });
    show('tax', <TaxOptionsPage where="branch" />, OWNER);
    await userEvent.click(screen.getByRole('button', { name: 'Edit GST' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tax option SG-GST' });
    expect(within(dialog).getByText(/keeps the rate it was issued with/)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'New rate (%)' }), '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Please give the date the rate takes effect.'),
    ).toBeInTheDocument();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Effective from' }),
      '01012026',
    );
    await userEvent.tab();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(taken)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: `/settings/tax/${GST.id}`,
      body: {
        name: 'GST',
        isActive: true,
        addRates: [{ effectiveFrom: '2026-01-01', rateBasisPoints: 1000 }],
        version: 4,
      },
    });
  });

  it('moves an option up with the keyboard, sending the whole order at the versions read', async () => {
    const calls = server((call) =>
      call.method === 'PUT'
        ? list([
            { ...GST, isDefault: true, version: 5 },
            { ...TAX, isDefault: false, version: 2 },
            NONE,
          ])
        : list([TAX, GST, NONE]),
    );
    show('tax', <TaxOptionsPage where="branch" />, OWNER);
    expect(screen.getByRole('button', { name: 'Move TAX 7% up' })).toBeDisabled();
    screen.getByRole('button', { name: 'Move GST up' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getAllByTestId('tax-option-row')[0]).toHaveTextContent('SG-GST'),
    );
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/settings/tax/order',
      body: {
        items: [
          { id: GST.id, version: 4 },
          { id: TAX.id, version: 1 },
          { id: NONE.id, version: 2 },
        ],
      },
    });
    expect(screen.getByText('GST is now number 1.')).toBeInTheDocument();
    // At the top its up button is disabled: the focus stays on the option, on its down button.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move GST down' })).toHaveFocus(),
    );
  });

  it('says a 409 in the shared words and reads the list again', async () => {
    const calls = server((call) => (call.method === 'PUT' ? changed : list([TAX, GST, NONE])));
    show('tax', <TaxOptionsPage where="branch" />, OWNER);
    await userEvent.click(screen.getByRole('button', { name: 'Move No tax up' }));
    expect(await screen.findByText(/changed by someone else/)).toBeVisible();
    await waitFor(() =>
      expect(
        calls.filter((call) => call.method === 'GET' && call.path === '/settings/tax').length,
      ).toBeGreaterThan(0),
    );
  });

  it('shows no write buttons to a role that only reads', () => {
    server(() => list([TAX, GST, NONE]));
    show('tax', <TaxOptionsPage where="branch" />, ['billingSettings:read']);
    expect(screen.getAllByTestId('tax-option-row')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Add tax option' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();
    expect(screen.getByText(/may read these settings but not change them/)).toBeInTheDocument();
  });
});

describe('the payment methods page', () => {
  it('adds a method that gives change', async () => {
    const calls = server((call) =>
      call.method === 'POST'
        ? { status: 201, body: { data: { ...NETS, code: 'VOUCHER' } } }
        : list([CASH, NETS]),
    );
    show('payment-method', <PaymentMethodsPage />, OWNER);
    const rows = screen.getAllByTestId('payment-method-row');
    expect(within(rows[0]!).getByText('Yes')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add payment method' }));
    const dialog = await screen.findByRole('dialog', { name: 'New payment method' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Code/ }), 'VOUCHER');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Voucher');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Gives change/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/settings/payment-methods',
      body: { code: 'VOUCHER', name: 'Voucher', givesChange: true },
    });
  });

  it('deactivates a method at the version read; a 409 says so and reloads', async () => {
    const calls = server((call) => (call.method === 'PUT' ? changed : list([CASH, NETS])));
    show('payment-method', <PaymentMethodsPage />, OWNER);
    await userEvent.click(screen.getByRole('button', { name: 'Edit NETS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment method NETS' });
    await userEvent.clear(within(dialog).getByRole('textbox', { name: /^Name/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'NETS card');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Active' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/changed by someone else/)).toBeVisible();
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      path: `/settings/payment-methods/${NETS.id}`,
      body: { name: 'NETS card', givesChange: false, isActive: false, version: 1 },
    });
    await waitFor(() =>
      expect(
        calls.some((call) => call.method === 'GET' && call.path === '/settings/payment-methods'),
      ).toBe(true),
    );
  });

  it('shows no write buttons to a role that only reads', () => {
    server(() => list([CASH, NETS]));
    show('payment-method', <PaymentMethodsPage />, ['billingSettings:read']);
    expect(screen.getAllByTestId('payment-method-row')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Add payment method' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
  });
});
