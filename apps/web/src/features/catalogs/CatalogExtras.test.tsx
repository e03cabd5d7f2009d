import {
  ALL_PERMISSIONS,
  type CatalogItemRecord,
  type CatalogOption,
  type Permission,
  type VaccinePlan,
} from '@clinic/domain';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initApi } from '../../api/clients.ts';
import { sessionStore } from '../../api/session.ts';
import { testBranchOption, testSessionInfo } from '../../app/test-session.ts';
import { DialogHost } from '../../components/dialogs.tsx';
import '../../components/dialog-views.tsx';
import '../../i18n/index.ts';
import { BranchCatalogPage } from './BranchCatalogPage.tsx';
import { catalogKeys } from './catalog-api.ts';
import { CatalogPage } from './CatalogPage.tsx';
import { SettingListPage } from './SettingListPage.tsx';
import { VaccinePlanPage } from './VaccinePlanPage.tsx';

/** Combo editor, a branch's catalog terms and vaccine plans (the server's data in the cache). */

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function item(overrides: Partial<CatalogItemRecord>): CatalogItemRecord {
  return {
    id: ID(1),
    type: 'Service',
    code: 'CONSULT',
    name: 'Consultation',
    category: null,
    strength: null,
    strengthUnit: null,
    dispensingUnit: null,
    defaultDose: null,
    defaultDoseUnit: null,
    defaultConsumeMethod: null,
    defaultFrequency: null,
    defaultDurationDays: null,
    defaultInstructions: null,
    sellingPriceCents: 3500,
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
    priceCents: 3500,
    available: true,
    ...overrides,
  };
}

function option(overrides: Partial<CatalogOption>): CatalogOption {
  return {
    id: ID(2),
    type: 'Med',
    code: 'PARA500',
    name: 'Paracetamol 500 mg tablet',
    priceCents: 10,
    strength: 500,
    strengthUnit: 'mg',
    dispensingUnit: 'tab',
    defaultDose: null,
    defaultDoseUnit: null,
    defaultConsumeMethod: null,
    defaultFrequency: null,
    defaultDurationDays: null,
    defaultInstructions: null,
    procurement: null,
    ...overrides,
  };
}

const BRANCH = { id: '6f1c2a9e-4d1b-4c55-9a3e-1b2c3d4e5f60', code: 'MAIN', name: 'Main' };

function signIn(permissions: readonly Permission[], kind: 'tenant' | 'clinic') {
  const branches = [testBranchOption({ ...BRANCH, isDefault: true }, permissions)];
  sessionStore.signIn({ ...testSessionInfo({ branches }), kind }, kind);
}

/** The page at `address` (matched by `pattern`), with the query cache filled in place of the server. */
function showPage(
  ui: React.ReactElement,
  fill: (client: QueryClient) => void,
  address = '/console/catalogs/serviceItem',
  pattern = '/console/catalogs/:page',
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  fill(client);
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[address]}>
          <Routes>
            <Route path={pattern} element={ui} />
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
  signIn(ALL_PERMISSIONS, 'tenant');
});
afterEach(() => {
  sessionStore.signOut('user');
  document.body.replaceChildren();
});

describe('console: the combo editor', () => {
  const combo = item({
    id: ID(10),
    type: 'Combo',
    code: 'URTI-PKG',
    name: 'Cold and flu package',
    sellingPriceCents: 6800,
    priceCents: 6800,
    components: [
      {
        itemId: ID(1),
        code: 'CONSULT',
        name: 'Consultation',
        quantity: 1,
        sellingPriceCents: 3500,
      },
    ],
  });

  function showCombos() {
    showPage(<CatalogPage name="serviceItem" />, (client) => {
      client.setQueryData(
        catalogKeys.page({ type: 'Service', keyword: '', isActive: null }, 1, 20),
        { items: [], total: 0 },
      );
      client.setQueryData(catalogKeys.options(''), [
        option({}),
        option({
          id: ID(1),
          type: 'Service',
          code: 'CONSULT',
          name: 'Consultation',
          priceCents: 3500,
        }),
        option({ id: ID(3), type: 'Combo', code: 'OTHER-PKG', name: 'Another package' }),
      ]);
    });
  }

  it('builds a new combo from picked items and quantities, with the items one by one for reference', async () => {
    showCombos();
    await userEvent.click(screen.getByRole('button', { name: 'New Combo' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Combo' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('A combo item needs at least one item.')).toBeInTheDocument();

    const picker = within(dialog).getByRole('combobox', { name: 'Add an item' });
    await userEvent.click(picker);
    // Combos are not offered: a combo does not hold another combo.
    expect(screen.queryByRole('option', { name: /OTHER-PKG/ })).not.toBeInTheDocument();
    await userEvent.click(
      await screen.findByRole('option', { name: 'PARA500 - Paracetamol 500 mg tablet' }),
    );
    await userEvent.click(picker);
    await userEvent.click(await screen.findByRole('option', { name: 'CONSULT - Consultation' }));
    // Each item once: a picked item is no longer offered.
    await userEvent.click(picker);
    expect(screen.queryByRole('option', { name: /PARA500/ })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    const rows = within(
      within(dialog).getByRole('table', { name: 'Items of this combo' }),
    ).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'CodeNameQuantityPrice each ($)Actions',
      'PARA500Paracetamol 500 mg tablet0.10×',
      'CONSULTConsultation35.00×',
    ]);
    const quantity = within(dialog).getByRole('textbox', {
      name: 'Quantity of Paracetamol 500 mg tablet',
    });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '20');
    expect(
      within(dialog).getByText('The items one by one: $37.00. The combo is charged its own price.'),
    ).toBeInTheDocument();

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '1001');
    expect(
      within(dialog).getByText('quantity must be a whole number from 1 to 1000'),
    ).toBeInTheDocument();
    expect(
      within(dialog).queryByText('A combo item needs at least one item.'),
    ).not.toBeInTheDocument();

    await userEvent.click(
      within(dialog).getByRole('button', {
        name: 'Remove Paracetamol 500 mg tablet from the combo',
      }),
    );
    expect(
      within(dialog).queryByRole('textbox', { name: /Quantity of Paracetamol/ }),
    ).not.toBeInTheDocument();
    expect(
      within(dialog).getByText('The items one by one: $35.00. The combo is charged its own price.'),
    ).toBeInTheDocument();
  });

  it("opens a combo with its items and quantities, keeping the combo's own price", async () => {
    showPage(<CatalogPage name="serviceItem" />, (client) => {
      client.setQueryData(
        catalogKeys.page({ type: 'Service', keyword: '', isActive: null }, 1, 20),
        { items: [], total: 0 },
      );
      client.setQueryData(catalogKeys.page({ type: 'Combo', keyword: '', isActive: null }, 1, 20), {
        items: [combo],
        total: 1,
      });
      client.setQueryData(catalogKeys.options(''), []);
    });
    await userEvent.click(screen.getByRole('radio', { name: 'Combo' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Cold and flu package' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit URTI-PKG' });
    expect(within(dialog).getByRole('textbox', { name: 'Quantity of Consultation' })).toHaveValue(
      '1',
    );
    expect(within(dialog).getByRole('textbox', { name: /^Selling price/ })).toHaveValue('68.00');
    expect(
      within(dialog).getByText('The items one by one: $35.00. The combo is charged its own price.'),
    ).toBeInTheDocument();
  });
});

describe("settings: a branch's catalog", () => {
  const ADDRESS = '/MAIN/setting/catalogs/services';
  const PATTERN = '/:branchCode/setting/catalogs/services';
  const FILTER = { type: 'Service', keyword: '', isActive: null } as const;

  function showBranchServices() {
    showPage(
      <BranchCatalogPage name="services" />,
      (client) => {
        client.setQueryData(catalogKeys.branchPage('MAIN', FILTER, 1, 20), {
          items: [
            item({
              branch: { sellingPriceCents: 3800, isActive: true, version: 2 },
              priceCents: 3800,
            }),
            item({
              id: ID(4),
              code: 'DRESS',
              name: 'Wound dressing',
              sellingPriceCents: 1500,
              priceCents: 1500,
              branch: { sellingPriceCents: null, isActive: false, version: 1 },
              available: false,
            }),
          ],
          total: 2,
        });
      },
      ADDRESS,
      PATTERN,
    );
  }

  it("lists the clinic's price, this branch's own price and whether the item is available here", () => {
    signIn(ALL_PERMISSIONS, 'clinic');
    showBranchServices();
    const rows = within(
      screen.getByRole('table', { name: 'Services and investigations in this branch list' }),
    ).getAllByRole('row');
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['CONSULT', 'Consultation', '35.00', '38.00', '38.00', 'Available', 'Edit terms']);
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'DRESS',
      'Wound dressing',
      '15.00',
      "Clinic's",
      '15.00',
      'Switched off',
      'Edit terms',
    ]);
    expect(screen.getByRole('link', { name: 'Combo items in this branch' })).toHaveAttribute(
      'href',
      '/MAIN/setting/medication/combo-item',
    );
  });

  it('opens the terms of an item and checks the own price before sending', async () => {
    signIn(ALL_PERMISSIONS, 'clinic');
    showBranchServices();
    await userEvent.click(screen.getByRole('button', { name: 'Edit terms of Consultation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terms of CONSULT in this branch' });
    const price = within(dialog).getByRole('textbox', { name: /^Own price/ });
    expect(price).toHaveValue('38.00');
    expect(price).toHaveAccessibleDescription("Leave blank to charge the clinic's price ($35.00).");
    expect(within(dialog).getByRole('switch', { name: 'Available in this branch' })).toBeChecked();
    await userEvent.clear(price);
    await userEvent.type(price, '12.345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      within(dialog).getByText(
        'Own price ($) must be an amount in dollars with at most 2 decimals',
      ),
    ).toBeInTheDocument();
  });

  it('shows a role without catalogs:update the terms without the edit button', () => {
    signIn(['catalogs:read', 'settings:read'], 'clinic');
    showBranchServices();
    expect(screen.getByRole('cell', { name: 'CONSULT' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit terms/ })).not.toBeInTheDocument();
  });
});

describe('console: vaccine plans', () => {
  const hepB: VaccinePlan = {
    id: ID(20),
    name: 'Hepatitis B (adult)',
    itemId: ID(21),
    itemCode: 'VHEPB',
    itemName: 'Hepatitis B vaccine',
    isActive: true,
    doses: [
      { doseNumber: 1, name: 'Dose 1', intervalValue: null, intervalUnit: null, ageMonths: null },
      { doseNumber: 2, name: 'Dose 2', intervalValue: 1, intervalUnit: 'month', ageMonths: null },
      { doseNumber: 3, name: 'Booster', intervalValue: null, intervalUnit: null, ageMonths: 12 },
    ],
    version: 1,
    updatedAt: 0,
  };

  function showPlans() {
    showPage(
      <VaccinePlanPage where="console" />,
      (client) => {
        client.setQueryData(catalogKeys.plans({ keyword: '', isActive: null }, 1, 20), {
          items: [hepB],
          total: 1,
        });
        client.setQueryData(catalogKeys.vaccines, [
          item({ id: ID(21), type: 'Vaccine', code: 'VHEPB', name: 'Hepatitis B vaccine' }),
        ]);
      },
      '/console/catalogs/vaccinePlans',
    );
  }

  it('lists each plan with its vaccine and its doses in words', () => {
    showPlans();
    const rows = within(screen.getByRole('table', { name: 'Vaccine plans list' })).getAllByRole(
      'row',
    );
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Hepatitis B (adult)',
      'VHEPB Hepatitis B vaccine',
      '1. Dose 1 (at the start); 2. Dose 2 (1 month after); 3. Booster (at 12 months of age)',
      'Active',
      'Edit×',
    ]);
    expect(screen.getByRole('link', { name: 'Vaccine plans' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it("checks a new plan's fields and the timing of each dose before sending", async () => {
    showPlans();
    await userEvent.click(screen.getByRole('button', { name: 'Add vaccine plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'New vaccine plan' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add dose' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Interval of dose 1' }), '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('itemId is required')).toBeInTheDocument();
    expect(
      within(dialog).getByText('An interval and its unit go together: give both or neither.'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Give each later dose an interval after the previous dose or an age.',
      ),
    ).toBeInTheDocument();

    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Interval of dose 1' }));
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Age in months of dose 2' }),
      '6',
    );
    expect(
      within(dialog).queryByText(
        'Give each later dose an interval after the previous dose or an age.',
      ),
    ).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove dose 2' }));
    expect(
      within(dialog).queryByRole('textbox', { name: 'Name of dose 2' }),
    ).not.toBeInTheDocument();
  });

  it('shows the plans read-only in a branch', () => {
    signIn(ALL_PERMISSIONS, 'clinic');
    showPage(
      <VaccinePlanPage where="branch" />,
      (client) => {
        client.setQueryData(catalogKeys.plans({ keyword: '', isActive: null }, 1, 20), {
          items: [hepB],
          total: 1,
        });
      },
      '/MAIN/setting/catalogs/vaccine-plans',
      '/:branchCode/setting/catalogs/vaccine-plans',
    );
    expect(screen.getByRole('cell', { name: 'Hepatitis B (adult)' })).toBeInTheDocument();
    expect(screen.getByText('Vaccine plans are kept in the console.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add vaccine plan' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  });
});

describe("settings: the clinic's prescription settings lists in a branch", () => {
  it('shows the frequencies read-only, with the links to the other lists', () => {
    signIn(ALL_PERMISSIONS, 'clinic');
    showPage(
      <SettingListPage name="frequency" where="branch" />,
      (client) => {
        client.setQueryData(catalogKeys.settings('frequency'), [
          {
            id: ID(30),
            code: 'Q4H',
            description: 'Every 4 hours',
            dosesPerCycle: 6,
            cycleDays: 1,
            isSystem: false,
            isActive: true,
            sortOrder: 0,
            version: 1,
          },
        ]);
      },
      '/MAIN/setting/inventory/frequency',
      '/:branchCode/setting/inventory/frequency',
    );
    const table = screen.getByRole('table', { name: 'Frequencies list' });
    expect(within(table).getByRole('cell', { name: 'Every 4 hours' })).toBeInTheDocument();
    expect(screen.getByText(/kept for the whole clinic in the console/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Q4H' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Q4H' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add entry' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Precautions' })).toHaveAttribute(
      'href',
      '/MAIN/setting/inventory/precaution',
    );
  });
});
