import { ALL_PERMISSIONS, type InventoryItem, type Permission } from '@clinic/domain';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initApi } from '../../api/clients.ts';
import { sessionStore } from '../../api/session.ts';
import { testBranchOption, testSessionInfo } from '../../app/test-session.ts';
import { DialogHost } from '../../components/dialogs.tsx';
import '../../components/dialog-views.tsx';
import '../../i18n/index.ts';
import { inventoryKeys } from './inventory-api.ts';
import { ItemsPage } from './ItemPages.tsx';

const ITEM: InventoryItem = {
  itemId: '00000000-0000-4000-8000-000000000001',
  code: 'AMX500',
  name: 'Amoxicillin 500 mg capsule',
  type: 'Med',
  dispensingUnit: 'cap',
  onHand: 4,
  expiredOnHand: 2,
  reorderLevel: 10,
  reorderVersion: 1,
};

function signIn(permissions: readonly Permission[]) {
  const branches = [
    testBranchOption(
      { id: '6f1c2a9e-4d1b-4c55-9a3e-1b2c3d4e5f60', code: 'MAIN', name: 'Main', isDefault: true },
      permissions,
    ),
  ];
  sessionStore.signIn({ ...testSessionInfo({ branches }), kind: 'clinic' }, 'clinic');
}

function showPage(path: string, route: string, ui: ReactElement, fill: (c: QueryClient) => void) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  fill(client);
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={ui} />
          </Routes>
        </MemoryRouter>
        <DialogHost />
        <Notifications />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeEach(() => {
  initApi({ apiBaseURI: 'http://127.0.0.1:9/api/v1', apiBaseURI2: undefined });
});
afterEach(() => {
  sessionStore.signOut('user');
  document.body.replaceChildren();
});

describe('inventory: items', () => {
  it('lists items with on hand, expired on hand, reorder level and the low-stock badge', async () => {
    signIn(ALL_PERMISSIONS);
    showPage('/MAIN/inventory/items', '/:branchCode/inventory/items', <ItemsPage />, (client) => {
      client.setQueryData(inventoryKeys.items('', 1), { items: [ITEM], total: 1 });
      client.setQueryData(inventoryKeys.nearExpiry(90), { items: [], total: 0 });
    });
    const row = await screen.findByRole('row', { name: /AMX500/ });
    expect(row).toHaveTextContent('Amoxicillin 500 mg capsule');
    expect(row).toHaveTextContent('4 cap');
    expect(row).toHaveTextContent('Low stock');
    expect(row).toHaveTextContent('Expired stock');
  });
});
