import {
  ALL_PERMISSIONS,
  type CatalogItemRecord,
  type Permission,
  type PrescriptionSetting,
} from '@clinic/domain';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initApi } from '../../api/clients.ts';
import { sessionStore } from '../../api/session.ts';
import { testBranchOption, testSessionInfo } from '../../app/test-session.ts';
import { DialogHost } from '../../components/dialogs.tsx';
import '../../components/dialog-views.tsx';
import '../../i18n/index.ts';
import { catalogKeys } from './catalog-api.ts';
import { CatalogPage } from './CatalogPage.tsx';
import { SettingListPage } from './SettingListPage.tsx';
import { WhitelistPage } from './WhitelistPage.tsx';

function item(overrides: Partial<CatalogItemRecord>): CatalogItemRecord {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    type: 'Med',
    code: 'AMX500',
    name: 'Amoxicillin 500 mg capsule',
    category: 'Antibiotics',
    strength: 500,
    strengthUnit: 'MG',
    dispensingUnit: 'CAP',
    defaultDose: null,
    defaultDoseUnit: null,
    defaultConsumeMethod: null,
    defaultFrequency: null,
    defaultDurationDays: null,
    defaultInstructions: null,
    sellingPriceCents: 45,
    costCents: null,
    procurement: null,
    taxBasisPoints: 0,
    whitelistDrugId: null,
    brandDrugName: null,
    isActive: true,
    components: [],
    upcCodes: [],
    version: 1,
    updatedAt: 0,
    branch: null,
    priceCents: 45,
    available: true,
    ...overrides,
  };
}

function setting(overrides: Partial<PrescriptionSetting>): PrescriptionSetting {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    code: 'TAB',
    description: 'Tablet',
    dosesPerCycle: null,
    cycleDays: null,
    isSystem: true,
    isActive: true,
    sortOrder: 0,
    version: 1,
    ...overrides,
  };
}

/** A query cache the test fills in place of the server (whose address is unreachable). */
function showPage(ui: React.ReactElement, fill: (client: QueryClient) => void) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  fill(client);
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/console/catalogs/medications']}>{ui}</MemoryRouter>
        <DialogHost />
        <Notifications />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const MED_FILTER = { type: 'Med', keyword: '', isActive: null } as const;

/** Signs in to the console; the role in the one branch allows `permissions` (none: no branch). */
function signInToConsole(permissions: readonly Permission[] | null = ALL_PERMISSIONS) {
  const branches = permissions
    ? [
        testBranchOption(
          {
            id: '6f1c2a9e-4d1b-4c55-9a3e-1b2c3d4e5f60',
            code: 'MAIN',
            name: 'Main',
            isDefault: true,
          },
          permissions,
        ),
      ]
    : [];
  sessionStore.signIn({ ...testSessionInfo({ branches }), kind: 'tenant' }, 'tenant');
}

beforeEach(() => {
  initApi({ apiBaseURI: 'http://127.0.0.1:9/api/v1', apiBaseURI2: undefined });
  signInToConsole();
});
afterEach(() => {
  sessionStore.signOut('user');
  document.body.replaceChildren();
});

describe('console: the medications catalog', () => {
  function showMedications() {
    showPage(<CatalogPage name="medications" />, (client) => {
      client.setQueryData(catalogKeys.page(MED_FILTER, 1, 20), {
        items: [
          item({}),
          item({
            id: '00000000-0000-4000-8000-000000000002',
            code: 'PCM500',
            name: 'Paracetamol 500 mg tablet',
            strengthUnit: 'MG',
            dispensingUnit: 'TAB',
            sellingPriceCents: 1250,
            isActive: false,
          }),
        ],
        total: 2,
      });
      client.setQueryData(catalogKeys.settings('unitMeasurement'), [
        setting({}),
        setting({ id: '00000000-0000-4000-8000-0000000000a2', code: 'MG', description: 'mg' }),
      ]);
      client.setQueryData(catalogKeys.settings('consumeMethod'), []);
      client.setQueryData(catalogKeys.settings('frequency'), []);
      client.setQueryData(catalogKeys.whitelist('', 1, 999), { items: [], total: 0 });
    });
  }

  it('lists code, name, category, strength, dispensing unit, price in dollars and status', () => {
    showMedications();
    const table = screen.getByRole('table', { name: 'Medications list' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'AMX500',
      'Amoxicillin 500 mg capsule',
      'Antibiotics',
      '500 MG',
      'CAP',
      '0.45',
      'Active',
      'Edit×',
    ]);
    expect(within(rows[2]!).getByText('12.50')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByText('2 items')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });

  it("refuses to save an empty medication with the server's messages, before any call", async () => {
    showMedications();
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Medication' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Code is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Dispensing unit is required for medications and vaccines.'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Selling price ($) must be an amount in dollars with at most 2 decimals',
      ),
    ).toBeInTheDocument();
    // A message clears as soon as its rule is met.
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Code/ }), 'AMX250');
    expect(within(dialog).queryByText('Code is required')).not.toBeInTheDocument();
  });

  it('opens an item with its price in dollars', async () => {
    showMedications();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Paracetamol 500 mg tablet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit PCM500' });
    expect(within(dialog).getByRole('textbox', { name: /^Selling price/ })).toHaveValue('12.50');
    expect(within(dialog).getByRole('textbox', { name: /^Strength$/ })).toHaveValue('500');
  });
});

describe('console: who may change the catalog', () => {
  it('shows a reader the list without add, edit and delete', () => {
    signInToConsole(['catalogs:read']);
    showPage(<CatalogPage name="vaccinations" />, (client) => {
      client.setQueryData(
        catalogKeys.page({ type: 'Vaccine', keyword: '', isActive: null }, 1, 20),
        { items: [item({ type: 'Vaccine', code: 'FLU', name: 'Influenza vaccine' })], total: 1 },
      );
    });
    expect(screen.getByRole('cell', { name: 'FLU' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });

  it('tells a user whose roles may not read the catalog, instead of asking the server', () => {
    signInToConsole(null);
    showPage(<CatalogPage name="medications" />, () => {});
    expect(screen.getByRole('heading', { name: 'Medications' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your account may not read the catalog yet.',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('console: services and investigations', () => {
  it('lists one type at a time, without the columns of medications', async () => {
    showPage(<CatalogPage name="serviceItem" />, (client) => {
      client.setQueryData(
        catalogKeys.page({ type: 'Service', keyword: '', isActive: null }, 1, 20),
        {
          items: [item({ type: 'Service', code: 'CONSULT', name: 'Consultation', strength: null })],
          total: 1,
        },
      );
    });
    const table = screen.getByRole('table', { name: 'Services and investigations list' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Code', 'Name', 'Category', 'Price ($)', 'Active', 'Actions']);
    expect(screen.getByRole('radio', { name: 'Service' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'New Service' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Investigation' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Combo' })).toBeInTheDocument();
  });
});

describe('console: a prescription settings list', () => {
  it("shows the product's entries read-only and the clinic's with edit and delete", () => {
    showPage(<SettingListPage name="frequency" where="console" />, (client) => {
      client.setQueryData(catalogKeys.settings('frequency'), [
        setting({ code: 'TDS', description: 'Three times a day', dosesPerCycle: 3, cycleDays: 1 }),
        setting({
          id: '00000000-0000-4000-8000-0000000000b2',
          code: 'Q4H',
          description: 'Every 4 hours',
          dosesPerCycle: 6,
          cycleDays: 1,
          isSystem: false,
        }),
      ]);
    });
    const rows = within(screen.getByRole('table', { name: 'Frequencies list' })).getAllByRole(
      'row',
    );
    expect(within(rows[1]!).getByText('System')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Read-only')).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[2]!).getByRole('button', { name: 'Edit Q4H' })).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('button', { name: 'Delete Q4H' })).toBeInTheDocument();
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Q4H', 'Every 4 hours', '6', '1', 'Clinic', 'Active', 'Edit×']);
  });
});

describe("console: a clinic's entry of a settings list", () => {
  it('opens the entry with its values and refuses to save it emptied', async () => {
    showPage(<SettingListPage name="frequency" where="console" />, (client) => {
      client.setQueryData(catalogKeys.settings('frequency'), [
        setting({
          code: 'Q4H',
          description: 'Every 4 hours',
          dosesPerCycle: 6,
          cycleDays: 1,
          isSystem: false,
        }),
      ]);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Edit Q4H' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Q4H' });
    const description = within(dialog).getByRole('textbox', { name: /^Description/ });
    expect(description).toHaveValue('Every 4 hours');
    await userEvent.clear(description);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(description).toBeInvalid();
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument();
  });
});

describe('console: the whitelist drugs', () => {
  function showWhitelist() {
    showPage(<WhitelistPage />, (client) => {
      client.setQueryData(catalogKeys.whitelist('', 1, 20), {
        items: [
          {
            id: '00000000-0000-4000-8000-0000000000c1',
            brandDrugSDD: 'SDD123',
            brandDrugName: 'Brandocillin',
            isActive: false,
            version: 1,
          },
        ],
        total: 1,
      });
    });
  }

  it('lists SDD code, brand name and status, with edit and delete', () => {
    showWhitelist();
    const rows = within(screen.getByRole('table', { name: 'Whitelist drugs list' })).getAllByRole(
      'row',
    );
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['SDD123', 'Brandocillin', 'Inactive', 'Edit×']);
    expect(within(rows[1]!).getByRole('button', { name: 'Delete Brandocillin' })).toBeVisible();
    expect(screen.getByText('1 items')).toBeInTheDocument();
  });

  it("refuses to save an empty drug with the server's messages, before any call", async () => {
    showWhitelist();
    await userEvent.click(screen.getByRole('button', { name: 'Add whitelist drug' }));
    const dialog = await screen.findByRole('dialog', { name: 'New whitelist drug' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('brandDrugSDD is required')).toBeInTheDocument();
    expect(within(dialog).getByText('brandDrugName is required')).toBeInTheDocument();
    // A message clears as soon as its rule is met.
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^SDD code/ }), 'SDD999');
    expect(within(dialog).queryByText('brandDrugSDD is required')).not.toBeInTheDocument();
    expect(within(dialog).getByText('brandDrugName is required')).toBeInTheDocument();
  });
});
