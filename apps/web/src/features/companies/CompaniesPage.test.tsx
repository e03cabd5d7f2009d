import type { CompanyRecord } from '@clinic/domain';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../components/dialogs.tsx';
import '../../components/dialog-views.tsx';
import { BRANCH_ID, closeMessages, signInForTest, testQueryClient } from '../queue/test-utils.tsx';
import { companyKeys } from './companies-api.ts';
import { CompaniesPage } from './CompaniesPage.tsx';

const ACME: CompanyRecord = {
  id: '55555555-0000-4000-8000-000000000001',
  code: 'ACME',
  name: 'Acme Pte Ltd',
  address: '1 Raffles Place',
  contactPerson: null,
  phone: null,
  email: null,
  creditTermsDays: 30,
  isActive: true,
  version: 3,
};

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

function showPage() {
  signInForTest(['clinic.setting']);
  const client = testQueryClient();
  client.setQueryData(companyKeys.all(BRANCH_ID), [ACME]);
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/MAIN/setting/registration/companies']}>
          <Routes>
            <Route path="/:branchCode/setting/registration/companies" element={<CompaniesPage />} />
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
  document.body.replaceChildren();
});

describe('the companies page', () => {
  it('lists the companies and adds one, sending the credit terms in days', async () => {
    const calls = server((call) =>
      call.method === 'POST'
        ? { status: 201, body: { data: { ...ACME, id: ACME.id.replace('1', '2'), code: 'BETA' } } }
        : { status: 200, body: { data: { items: [ACME], total: 1 } } },
    );
    showPage();
    const [row] = screen.getAllByTestId('company-row');
    expect(within(row!).getByText('Acme Pte Ltd')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add company' }));
    const dialog = await screen.findByRole('dialog', { name: 'New company' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Code/ }), 'BETA');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Beta Pte Ltd');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: /Credit terms/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Credit terms/ }), '14');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/companies',
      body: {
        code: 'BETA',
        name: 'Beta Pte Ltd',
        address: null,
        contactPerson: null,
        phone: null,
        email: null,
        creditTermsDays: 14,
      },
    });
  });

  it("deactivates a company with the version read, and puts the server's refusal on its field", async () => {
    let first = true;
    const calls = server((call) => {
      if (call.method !== 'PUT')
        return { status: 200, body: { data: { items: [ACME], total: 1 } } };
      if (first) {
        first = false;
        return {
          status: 400,
          body: {
            error: {
              code: 'company.codeTaken',
              message: 'Another company has this code.',
              errors: [
                {
                  field: 'code',
                  message: 'Another company has this code.',
                  code: 'company.codeTaken',
                },
              ],
            },
          },
        };
      }
      return { status: 200, body: { data: { ...ACME, isActive: false, version: 4 } } };
    });
    showPage();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Acme Pte Ltd' }));
    const dialog = await screen.findByRole('dialog', { name: 'Company ACME' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Active' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Another company has this code.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: `/companies/${ACME.id}`,
      body: { code: 'ACME', creditTermsDays: 30, isActive: false, version: 3 },
    });
  });
});
