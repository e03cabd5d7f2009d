import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import {
  ForgotPasswordPage,
  StaffLoginPage,
  TenantLoginPage,
} from '../features/accounts/LoginPages.tsx';
import type * as CatalogPagesModule from '../features/catalogs/pages.ts';
import type * as SalesSettingsPagesModule from '../features/billing-settings/pages.ts';
import type * as PatientPagesModule from '../features/patient-record/PatientPages.tsx';
import type * as SearchPagesModule from '../features/billing-search/SearchPages.tsx';
import { BranchHome, RequireSession, RootRedirect } from './guards.tsx';
import { childPath, ROUTES, type ScreenRoute } from './routes.ts';

/*
 * Every page but sign-in is its own chunk (`lazy`), so a page downloads only its own
 * code: the sign-in page never loads the shell, the queue, the board or the console. The
 * sign-in pages, where most cold visits land, are in the entry chunk: the browser then
 * fetches all they need straight from index.html (modulepreload), without waiting for the
 * entry to run first. The query cache (TanStack Query) comes with the pages that use it.
 * The router loads the chunks of the matched routes before it renders them; main.tsx
 * creates the router while config.json is being read, so both downloads overlap.
 */

/** A page's element inside the app's query cache, both loaded with the page. */
async function withQueries(page: Promise<() => ReactNode>): Promise<{ element: ReactNode }> {
  const [render, { WithQueries }] = await Promise.all([page, import('./queries.tsx')]);
  return { element: <WithQueries>{render()}</WithQueries> };
}

const notFound = () => import('../features/errors/NotFoundPage.tsx');

type CatalogPages = typeof CatalogPagesModule;

/** A console catalog page (doc 3 section 2.2); they all come in one chunk. */
function catalogPage(route: ScreenRoute, render: (pages: CatalogPages) => ReactNode): RouteObject {
  return {
    path: childPath(ROUTES.console, route),
    lazy: async () => ({ element: render(await import('../features/catalogs/pages.ts')) }),
  };
}

type SalesSettingsPages = typeof SalesSettingsPagesModule;

/** A branch's sales settings page (tax options, payment methods), in their own chunk. */
function salesSettingsPage(
  route: ScreenRoute,
  render: (pages: SalesSettingsPages) => ReactNode,
): RouteObject {
  return {
    path: childPath(ROUTES.branchHome, route),
    lazy: async () => {
      const [{ SectionGate }, pages] = await Promise.all([
        import('../features/shell/SectionPage.tsx'),
        import('../features/billing-settings/pages.ts'),
      ]);
      return { element: <SectionGate module="setting">{render(pages)}</SectionGate> };
    },
  };
}

/** A branch's catalog page in its settings (doc 1 section 2.5), in the catalog pages' chunk. */
function branchCatalogPage(
  route: ScreenRoute,
  render: (pages: CatalogPages) => ReactNode,
): RouteObject {
  return {
    path: childPath(ROUTES.branchHome, route),
    lazy: async () => {
      const [{ SectionGate }, pages] = await Promise.all([
        import('../features/shell/SectionPage.tsx'),
        import('../features/catalogs/pages.ts'),
      ]);
      return { element: <SectionGate module="setting">{render(pages)}</SectionGate> };
    },
  };
}

type PatientPages = typeof PatientPagesModule;

/** A page of the patient record (doc 2 section 2.1); all of them come in one chunk. */
function patientPage(route: ScreenRoute, render: (pages: PatientPages) => ReactNode): RouteObject {
  return {
    path: childPath(ROUTES.patient, route),
    lazy: async () => ({
      element: render(await import('../features/patient-record/PatientPages.tsx')),
    }),
  };
}

/** The patient shell's children: its empty child and the grouping tabs redirect. */
export const patientRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="medical-records" replace /> },
  patientPage(ROUTES.patientMedicalRecords, (p) => <p.MedicalRecordsPage />),
  patientPage(ROUTES.patientVisit, (p) => <p.VisitPage />),
  patientPage(ROUTES.patientHealthPlan, (p) => <p.NoneYetPage text="record.none.healthPlan" />),
  patientPage(ROUTES.patientHealthPlanDetail, (p) => (
    <p.NoneYetPage text="record.none.healthPlanDetail" />
  )),
  patientPage(ROUTES.patientLab, (p) => <p.NoneYetPage text="record.none.lab" />),
  patientPage(ROUTES.patientLabDetail, (p) => <p.NoneYetPage text="record.none.labDetail" />),
  patientPage(ROUTES.patientCareReportDetail, (p) => (
    <p.NoneYetPage text="record.none.careReport" />
  )),
  patientPage(ROUTES.patientOperation, (p) => <p.NoneYetPage text="record.none.operation" />),
  patientPage(ROUTES.patientAllergies, (p) => <p.AllergiesPage />),
  patientPage(ROUTES.patientReferral, (p) => <p.ReferralPage />),
  patientPage(ROUTES.patientReferralEditor, (p) => <p.ReferralEditorPage />),
  {
    path: childPath(ROUTES.patient, ROUTES.patientInvoices),
    element: <Navigate to="unbills" replace />,
  },
  patientPage(ROUTES.patientUnbills, (p) => <p.UnbilledPage />),
  patientPage(ROUTES.patientInvoiceList, (p) => <p.InvoiceListPage />),
  patientPage(ROUTES.patientDeposits, (p) => <p.DepositsPage />),
  patientPage(ROUTES.patientCreditNote, (p) => <p.CreditNotesPage />),
  patientPage(ROUTES.patientPayments, (p) => <p.PaymentsPage />),
  patientPage(ROUTES.patientVaccinations, (p) => <p.NoneYetPage text="record.none.vaccinations" />),
  patientPage(ROUTES.patientConsentList, (p) => <p.NoneYetPage text="record.none.consentList" />),
  patientPage(ROUTES.patientDocuments, (p) => <p.DocumentsPage />),
  patientPage(ROUTES.patientDocument, (p) => <p.DocumentsPage />),
  {
    path: childPath(ROUTES.patient, ROUTES.patientPersonal),
    element: <Navigate to="profile" replace />,
  },
  patientPage(ROUTES.patientProfile, (p) => <p.ProfilePage />),
  patientPage(ROUTES.patientInsurance, (p) => <p.PersonalPage text="record.none.insurance" />),
  patientPage(ROUTES.patientThirdParty, (p) => <p.PersonalPage text="record.none.thirdParty" />),
  patientPage(ROUTES.patientFact, (p) => <p.PersonalPage text="record.none.fact" />),
  patientPage(ROUTES.patientKins, (p) => <p.PersonalPage text="record.none.kins" />),
  patientPage(ROUTES.patientKin, (p) => <p.PersonalPage text="record.none.kinDetail" />),
  patientPage(ROUTES.patientDiagnosis, (p) => <p.PersonalPage text="record.none.diagnosis" />),
  patientPage(ROUTES.patientSubsidy, (p) => <p.SubsidyPage />),
  patientPage(ROUTES.patientPharmacies, (p) => <p.NoneYetPage text="record.none.pharmacies" />),
  patientPage(ROUTES.patientPharmacy, (p) => <p.NoneYetPage text="record.none.pharmacyDetail" />),
];

type SearchPages = typeof SearchPagesModule;

/** A billing search page (doc 3 section 2.3) or the invoice list, gated by its section's module. */
function searchPage(
  route: ScreenRoute,
  module: string,
  render: (pages: SearchPages) => ReactNode,
): RouteObject {
  return {
    path: childPath(ROUTES.branchHome, route),
    lazy: async () => {
      const [{ SectionGate }, pages] = await Promise.all([
        import('../features/shell/SectionPage.tsx'),
        import('../features/billing-search/SearchPages.tsx'),
      ]);
      return { element: <SectionGate module={module}>{render(pages)}</SectionGate> };
    },
  };
}

/** Pages of the inventory section (doc 3 section 2.4) from one of its chunks of pages. */
function inventoryChunk<Pages>(load: () => Promise<Pages>) {
  return (route: ScreenRoute, render: (pages: Pages) => ReactNode): RouteObject => ({
    path: childPath(ROUTES.inventory, route),
    lazy: async () => ({ element: render(await load()) }),
  });
}

const inventoryPage = inventoryChunk(() => import('../features/inventory/pages.ts'));
/** Stock tally and requisitions. */
const countsPage = inventoryChunk(() => import('../features/inventory-counts/pages.ts'));
/** Purchase orders and goods received. */
const purchasingPage = inventoryChunk(() => import('../features/inventory-purchasing/pages.ts'));

/** The inventory section's children; its empty child goes to the items. */
export const inventoryRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="items" replace /> },
  inventoryPage(ROUTES.inventoryItems, (p) => <p.ItemsPage />),
  inventoryPage(ROUTES.inventoryItem, (p) => <p.ItemDetailPage />),
  inventoryPage(ROUTES.inventoryAdjustItem, (p) => <p.AdjustItemPage />),
  inventoryPage(ROUTES.inventoryItemLogs, (p) => <p.ItemLogsPage />),
  inventoryPage(ROUTES.inventoryBatchDispensing, (p) => <p.BatchDispensingPage />),
  inventoryPage(ROUTES.inventoryBatches, (p) => <p.BatchesPage />),
  inventoryPage(ROUTES.inventoryBatch, (p) => <p.BatchDetailPage />),
  inventoryPage(ROUTES.inventoryTransactions, (p) => <p.TransactionsPage />),
  inventoryPage(ROUTES.inventorySuppliers, (p) => <p.SuppliersPage />),
  inventoryPage(ROUTES.inventorySupplier, (p) => <p.SupplierDetailPage />),
  inventoryPage(ROUTES.inventoryAdjustments, (p) => <p.AdjustmentsPage />),
  inventoryPage(ROUTES.inventoryReceiveBatch, (p) => <p.ReceiveBatchPage />),
  countsPage(ROUTES.inventoryStockTally, (p) => <p.StockTallyPage />),
  countsPage(ROUTES.inventoryTallyHistory, (p) => <p.TallyHistoryPage />),
  countsPage(ROUTES.inventoryRequisition, (p) => <p.RequisitionPage />),
  purchasingPage(ROUTES.inventoryPurchases, (p) => <p.PurchasesPage />),
  purchasingPage(ROUTES.inventoryPurchase, (p) => <p.PurchasePage />),
  purchasingPage(ROUTES.inventoryPurchaseReceived, (p) => <p.ReceivedPage fromOrder />),
  purchasingPage(ROUTES.inventoryReceived, (p) => <p.ReceivedListPage />),
  purchasingPage(ROUTES.inventoryReceivedNote, (p) => <p.ReceivedPage />),
  {
    path: childPath(ROUTES.inventory, ROUTES.inventoryUnknown),
    lazy: async () => {
      const { NotFoundPage } = await notFound();
      return { element: <NotFoundPage standalone={false} /> };
    },
  },
];

/**
 * Every screen's address (doc 1 sections 2.1 to 2.3, doc 3 section 2.2), each path taken
 * from the route table (`routes.ts`) that the end-to-end route sweep walks.
 */
export const appRoutes: RouteObject[] = [
  { path: ROUTES.root.path, element: <RootRedirect /> },
  {
    path: ROUTES.register.path,
    lazy: () =>
      withQueries(
        import('../features/accounts/RegisterPage.tsx').then(({ RegisterPage }) => () => (
          <RegisterPage />
        )),
      ),
  },
  { path: ROUTES.tenantLogin.path, Component: TenantLoginPage },
  { path: ROUTES.staffLogin.path, Component: StaffLoginPage },
  { path: ROUTES.forgotPassword.path, Component: ForgotPasswordPage },
  {
    path: ROUTES.validateDevice.path,
    lazy: () =>
      withQueries(
        import('../features/accounts/ValidatePage.tsx').then(({ ValidatePage }) => () => (
          <ValidatePage />
        )),
      ),
  },
  {
    path: ROUTES.console.path,
    lazy: () =>
      withQueries(
        import('../features/console/ConsoleLayout.tsx').then(({ ConsoleLayout }) => () => (
          <RequireSession portal>
            <ConsoleLayout />
          </RequireSession>
        )),
      ),
    children: [
      { index: true, element: <Navigate to="tenant" replace /> },
      {
        path: childPath(ROUTES.console, ROUTES.consoleTenant),
        lazy: async () => ({
          Component: (await import('../features/console/ConsoleLayout.tsx')).TenantInfoPage,
        }),
      },
      catalogPage(ROUTES.consoleMedications, (p) => <p.CatalogPage name="medications" />),
      catalogPage(ROUTES.consoleServiceItems, (p) => <p.CatalogPage name="serviceItem" />),
      catalogPage(ROUTES.consoleVaccinations, (p) => <p.CatalogPage name="vaccinations" />),
      catalogPage(ROUTES.consoleVaccinePlans, (p) => <p.VaccinePlanPage where="console" />),
      catalogPage(ROUTES.consoleWhitelistDrugs, (p) => <p.WhitelistPage />),
      catalogPage(ROUTES.consoleUnitMeasurement, (p) => (
        <p.SettingListPage name="unitMeasurement" where="console" />
      )),
      catalogPage(ROUTES.consoleConsumeMethods, (p) => (
        <p.SettingListPage name="consumeMethod" where="console" />
      )),
      catalogPage(ROUTES.consoleFrequencies, (p) => (
        <p.SettingListPage name="frequency" where="console" />
      )),
      catalogPage(ROUTES.consoleIndications, (p) => (
        <p.SettingListPage name="indication" where="console" />
      )),
      catalogPage(ROUTES.consolePrecautions, (p) => (
        <p.SettingListPage name="precaution" where="console" />
      )),
      {
        path: childPath(ROUTES.console, ROUTES.consoleTax),
        lazy: async () => {
          const { ConsoleTaxPage } = await import('../features/billing-settings/pages.ts');
          return { element: <ConsoleTaxPage /> };
        },
      },
      {
        path: childPath(ROUTES.console, ROUTES.consoleSection),
        lazy: async () => ({
          Component: (await import('../features/console/ConsoleLayout.tsx')).ConsoleComingSoon,
        }),
      },
    ],
  },
  {
    path: ROUTES.confirm.path,
    lazy: async () => ({
      Component: (await import('../features/accounts/ConfirmPage.tsx')).ConfirmPage,
    }),
  },
  // The waiting-room board: outside the shell, opened by staff or by a display link.
  {
    path: ROUTES.queueDisplay.path,
    lazy: () =>
      withQueries(
        import('../features/queue-display/QueueDisplayPage.tsx').then(
          ({ QueueDisplayPage }) =>
            () => <QueueDisplayPage />,
        ),
      ),
  },
  {
    path: ROUTES.branchHome.path,
    lazy: () =>
      withQueries(
        import('../features/shell/BranchShell.tsx').then(({ BranchShell }) => () => (
          <RequireSession>
            <BranchShell />
          </RequireSession>
        )),
      ),
    children: [
      { index: true, element: <BranchHome /> },
      {
        path: childPath(ROUTES.branchHome, ROUTES.queue),
        lazy: async () => {
          const [{ SectionGate }, { QueuePage }] = await Promise.all([
            import('../features/shell/SectionPage.tsx'),
            import('../features/queue/QueuePage.tsx'),
          ]);
          return {
            element: (
              <SectionGate module="queue">
                <QueuePage />
              </SectionGate>
            ),
          };
        },
      },
      {
        path: childPath(ROUTES.branchHome, ROUTES.dashboard),
        lazy: async () => {
          const [{ SectionGate }, { DashboardPage }] = await Promise.all([
            import('../features/shell/SectionPage.tsx'),
            import('../features/dashboard/DashboardPage.tsx'),
          ]);
          return {
            element: (
              <SectionGate module="dashboard">
                <DashboardPage />
              </SectionGate>
            ),
          };
        },
      },
      {
        path: childPath(ROUTES.branchHome, ROUTES.queueUnknown),
        lazy: async () => {
          const { NotFoundPage } = await notFound();
          return { element: <NotFoundPage standalone={false} /> };
        },
      },
      {
        path: childPath(ROUTES.branchHome, ROUTES.profile),
        lazy: async () => ({
          Component: (await import('../features/accounts/ProfilePage.tsx')).ProfilePage,
        }),
      },
      branchCatalogPage(ROUTES.branchCatalogMedications, (p) => (
        <p.BranchCatalogPage name="medications" />
      )),
      branchCatalogPage(ROUTES.branchCatalogServices, (p) => (
        <p.BranchCatalogPage name="services" />
      )),
      branchCatalogPage(ROUTES.branchCatalogVaccinations, (p) => (
        <p.BranchCatalogPage name="vaccinations" />
      )),
      branchCatalogPage(ROUTES.branchVaccinePlans, (p) => <p.VaccinePlanPage where="branch" />),
      branchCatalogPage(ROUTES.branchComboItems, (p) => <p.BranchCatalogPage name="comboItems" />),
      {
        path: childPath(ROUTES.branchHome, ROUTES.settingSubsidies),
        lazy: async () => {
          const [{ SectionGate }, { SubsidyTiersPage }] = await Promise.all([
            import('../features/shell/SectionPage.tsx'),
            import('../features/subsidies/SubsidyTiersPage.tsx'),
          ]);
          return { element: <SectionGate module="setting">{<SubsidyTiersPage />}</SectionGate> };
        },
      },
      salesSettingsPage(ROUTES.settingTax, (p) => <p.TaxOptionsPage where="branch" />),
      salesSettingsPage(ROUTES.settingPaymentMethods, (p) => <p.PaymentMethodsPage />),
      branchCatalogPage(ROUTES.branchFrequencies, (p) => (
        <p.SettingListPage name="frequency" where="branch" />
      )),
      branchCatalogPage(ROUTES.branchConsumeMethods, (p) => (
        <p.SettingListPage name="consumeMethod" where="branch" />
      )),
      branchCatalogPage(ROUTES.branchUnitMeasurement, (p) => (
        <p.SettingListPage name="unitMeasurement" where="branch" />
      )),
      branchCatalogPage(ROUTES.branchIndications, (p) => (
        <p.SettingListPage name="indication" where="branch" />
      )),
      branchCatalogPage(ROUTES.branchPrecautions, (p) => (
        <p.SettingListPage name="precaution" where="branch" />
      )),
      {
        path: childPath(ROUTES.branchHome, ROUTES.patientEmpty),
        lazy: async () => {
          const [{ SectionGate }, { EmptyPatientPage }] = await Promise.all([
            import('../features/shell/SectionPage.tsx'),
            import('../features/patient-record/EmptyPatientPage.tsx'),
          ]);
          return {
            element: (
              <SectionGate module="patient">
                <EmptyPatientPage />
              </SectionGate>
            ),
          };
        },
      },
      {
        path: childPath(ROUTES.branchHome, ROUTES.patient),
        lazy: async () => {
          const [{ SectionGate }, { PatientShell }] = await Promise.all([
            import('../features/shell/SectionPage.tsx'),
            import('../features/patient-record/PatientShell.tsx'),
          ]);
          return {
            element: (
              <SectionGate module="patient">
                <PatientShell />
              </SectionGate>
            ),
          };
        },
        children: patientRoutes,
      },
      {
        path: childPath(ROUTES.branchHome, ROUTES.inventory),
        lazy: async () => {
          const { SectionGate } = await import('../features/shell/SectionPage.tsx');
          return {
            element: (
              <SectionGate module="inventory">
                <Outlet />
              </SectionGate>
            ),
          };
        },
        children: inventoryRoutes,
      },
      {
        path: childPath(ROUTES.branchHome, ROUTES.invoiceView),
        lazy: async () => {
          const [{ SectionGate }, { InvoicePage }] = await Promise.all([
            import('../features/shell/SectionPage.tsx'),
            import('../features/billing/InvoicePage.tsx'),
          ]);
          return {
            element: (
              <SectionGate module="invoice">
                <InvoicePage />
              </SectionGate>
            ),
          };
        },
      },
      searchPage(ROUTES.invoiceList, 'invoice', (p) => <p.InvoiceListPage />),
      searchPage(ROUTES.searchInvoice, 'search', (p) => <p.InvoiceSearchPage />),
      searchPage(ROUTES.searchPayment, 'search', (p) => <p.PaymentSearchPage />),
      searchPage(ROUTES.searchMedicalCertificate, 'search', (p) => <p.McSearchPage />),
      searchPage(ROUTES.searchCreditNote, 'search', (p) => <p.CreditNoteSearchPage />),
      {
        path: childPath(ROUTES.branchHome, ROUTES.searchCreditNoteDetail),
        lazy: async () => {
          const [{ SectionGate }, { CreditNotePage }] = await Promise.all([
            import('../features/shell/SectionPage.tsx'),
            import('../features/credit-notes/CreditNotePage.tsx'),
          ]);
          return {
            element: (
              <SectionGate module="search">
                <CreditNotePage />
              </SectionGate>
            ),
          };
        },
      },
      {
        path: childPath(ROUTES.branchHome, ROUTES.branchCompanies),
        lazy: async () => {
          const [{ SectionGate }, { CompaniesPage }] = await Promise.all([
            import('../features/shell/SectionPage.tsx'),
            import('../features/companies/CompaniesPage.tsx'),
          ]);
          return {
            element: (
              <SectionGate module="setting">
                <CompaniesPage />
              </SectionGate>
            ),
          };
        },
      },
      {
        path: childPath(ROUTES.branchHome, ROUTES.branchSection),
        lazy: async () => ({
          Component: (await import('../features/shell/SectionPage.tsx')).SectionPage,
        }),
      },
    ],
  },
  {
    path: ROUTES.notFound.path,
    lazy: async () => ({ Component: (await notFound()).NotFoundPage }),
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
