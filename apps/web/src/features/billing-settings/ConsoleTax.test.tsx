import { ALL_PERMISSIONS, type Permission, type TaxOptionRecord } from '@clinic/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initApi } from '../../api/clients.ts';
import { sessionStore } from '../../api/session.ts';
import { testBranchOption, testSessionInfo } from '../../app/test-session.ts';
import { DialogHost } from '../../components/dialogs.tsx';
import '../../components/dialog-views.tsx';
import { testQueryClient } from '../queue/test-utils.tsx';
import { ConsoleTaxPage } from './ConsoleTaxPage.tsx';

/** The console's settings/sales/tax (doc 3 section 2.2): the tax options page with no branch. */
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

/** A console session whose one branch's role holds `permissions`. */
function signInToConsole(permissions: readonly Permission[]) {
  initApi({ apiBaseURI: 'http://127.0.0.1:9/api/v1', apiBaseURI2: undefined });
  const branch = { id: '6f1c2a9e-4d1b-4c55-9a3e-1b2c3d4e5f60', code: 'MAIN', name: 'Main' };
  const branches = [testBranchOption({ ...branch, isDefault: true }, permissions)];
  sessionStore.signIn({ ...testSessionInfo({ branches }), kind: 'tenant' }, 'tenant');
}

/** Answers GET /settings/tax, keeping each call's path and BranchId header. */
function serveTaxOptions() {
  const calls: Array<{ path: string; branchId: string | null }> = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    calls.push({
      path: new URL(url).pathname.replace('/api/v1', ''),
      branchId: new Headers(init.headers).get('branchid'),
    });
    const body = { data: { items: [TAX], total: 1 } };
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  });
  return calls;
}

function showConsoleTax() {
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={testQueryClient()}>
        <MemoryRouter initialEntries={['/console/settings/sales/tax']}>
          <Routes>
            <Route path="/console/settings/sales/tax" element={<ConsoleTaxPage />} />
          </Routes>
        </MemoryRouter>
        <DialogHost />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.signOut('user');
  document.body.replaceChildren();
});

describe("the console's tax options (settings/sales/tax)", () => {
  it('reads the options with no BranchId, under the console’s settings links, with the owner’s buttons', async () => {
    signInToConsole(ALL_PERMISSIONS);
    const calls = serveTaxOptions();
    showConsoleTax();
    expect(await screen.findByTestId('tax-option-row')).toHaveTextContent('TAX 7%');
    expect(calls).toEqual([{ path: '/settings/tax', branchId: null }]);
    const links = screen.getByRole('navigation', { name: 'Catalogs and prescription lists' });
    expect(within(links).getByRole('link', { name: 'Tax options' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('heading', { name: 'Tax options' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add tax option' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit TAX 7%' })).toBeInTheDocument();
  });

  it('says so to a user whose roles hold no billing settings, and reads nothing', () => {
    signInToConsole(ALL_PERMISSIONS.filter((p) => !p.startsWith('billingSettings:')));
    const calls = serveTaxOptions();
    showConsoleTax();
    expect(screen.getByRole('alert')).toHaveTextContent('Your roles may not read the tax options.');
    const links = screen.getByRole('navigation', { name: 'Catalogs and prescription lists' });
    expect(within(links).queryByRole('link', { name: 'Tax options' })).toBeNull();
    expect(calls).toEqual([]);
  });
});
