import type { Permission } from '@clinic/domain';
import type { TextKey } from '../i18n/index.ts';
import { CONSOLE_PAGES, OTHER_PAGES, SIDE_NAV_PAGES } from './sections.ts';

/**
 * Every address of the web app, as plain data: the router (`router.tsx`) takes each
 * route's path from here, and the end-to-end route sweep (`e2e/tests/sweep.spec.ts`) walks
 * this list, so a new screen is swept as soon as it has a route. A unit test checks that
 * the router's routes and this list are the same set.
 */

/** Who opens a screen: anyone, a clinic's staff in a branch, or the clinic's console. */
export type Audience = 'public' | 'staff' | 'console';

/** A page a wildcard route serves (a section of the shell or of the console). */
export interface ServedPage {
  /** The rest of the address after the wildcard's parent, e.g. 'inventory'. */
  path: string;
  permission?: Permission;
  module?: string | null;
}

export interface ScreenRoute {
  /** The address pattern the router matches, e.g. '/:branchCode/queue'. */
  path: string;
  audience: Audience;
  /** The permission a role needs to see the screen's own content (none: any signed-in user). */
  permission?: Permission;
  /** Only sends the user on to another route's screen: nothing of its own to sweep. */
  redirects?: true;
  /** A wildcard route: the pages it serves (none: it answers unknown addresses, a 404). */
  serves?: readonly ServedPage[];
  /**
   * Every page it serves is one placeholder screen with other words only (a later issue's
   * 'coming soon' section): the sweep opens the first, as `sweptAs` does for a route.
   */
  servesPlaceholders?: true;
  /**
   * The buttons that open this screen's dialogs, by their text key (a '{{…}}' placeholder
   * matches any value; the first match is opened). Menus and pickers need no entry: the
   * sweep opens every element with `aria-haspopup` on its own.
   */
  dialogs?: readonly TextKey[];
  /** Its table rows mark their primary action with `data-primary-action`: the sweep requires some. */
  primaryActions?: true;
  /**
   * Shows the same screen as this other route, with other words only (one component, e.g.
   * the placeholder of a later issue's tab): the sweep checks that route, not this one.
   */
  sweptAs?: string;
}

/** The sections with routes of their own, which the shell's wildcard route does not serve. */
const ROUTED_SECTIONS: readonly string[] = [
  'queue',
  'queue-display',
  'patients',
  'inventory',
  'dashboard',
  'invoice',
];

/** The screens of the branch shell's and the console's wildcard routes. */
const SHELL_SECTIONS: readonly ServedPage[] = [...SIDE_NAV_PAGES, ...OTHER_PAGES]
  .filter((page) => !ROUTED_SECTIONS.includes(page.path))
  .map(({ path, module, ...rest }) => ({
    path,
    module,
    permission: 'permission' in rest ? rest.permission : undefined,
  }));

/** The console's sections with routes of their own, which its wildcard route does not serve. */
const ROUTED_CONSOLE_SECTIONS: readonly string[] = ['tenant', 'catalogs/medications'];

const CONSOLE_SECTION_PAGES: readonly ServedPage[] = CONSOLE_PAGES.filter(
  (section) => !ROUTED_CONSOLE_SECTIONS.includes(section.path),
);

/** The console's catalog and prescription settings pages (doc 3 section 2.2). */
const CATALOG_PAGE = { audience: 'console', permission: 'catalogs:read' } as const;

/** A branch's catalog in its settings (doc 1 section 2.5): the clinic's items, the branch's terms. */
const BRANCH_CATALOG_PAGE = { audience: 'staff', permission: 'catalogs:read' } as const;

/** The patient shell's address; its pages are under it. */
const PATIENT = '/:branchCode/patients/:patientId';
const PATIENT_PAGE = { audience: 'staff', permission: 'patients:read' } as const;
/** The inventory section (doc 3 section 2.4); its pages are under it. */
const INVENTORY = '/:branchCode/inventory';
const INVENTORY_PAGE = { audience: 'staff', permission: 'inventory:read' } as const;

export const ROUTES = {
  root: { path: '/', audience: 'public', redirects: true },
  register: { path: '/register', audience: 'public' },
  tenantLogin: { path: '/login', audience: 'public' },
  staffLogin: { path: '/auth/login', audience: 'public' },
  forgotPassword: { path: '/forgot-password', audience: 'public' },
  validateDevice: { path: '/validate/:uid/:vid', audience: 'public' },
  console: { path: '/console', audience: 'console', redirects: true },
  consoleTenant: { path: '/console/tenant', audience: 'console' },
  consoleMedications: {
    path: '/console/catalogs/medications',
    ...CATALOG_PAGE,
    dialogs: ['catalog.add'],
    primaryActions: true,
  },
  consoleServiceItems: {
    path: '/console/catalogs/serviceItem',
    ...CATALOG_PAGE,
    dialogs: ['catalog.form.newTitle'],
    primaryActions: true,
  },
  consoleVaccinations: {
    path: '/console/catalogs/vaccinations',
    ...CATALOG_PAGE,
    dialogs: ['catalog.add'],
    primaryActions: true,
  },
  consoleVaccinePlans: {
    path: '/console/catalogs/vaccinePlans',
    ...CATALOG_PAGE,
    dialogs: ['catalog.plans.add'],
    primaryActions: true,
  },
  consoleWhitelistDrugs: {
    path: '/console/catalogs/whitelistDrug',
    ...CATALOG_PAGE,
    dialogs: ['catalog.whitelist.add'],
  },
  consoleUnitMeasurement: {
    path: '/console/settings/unit-measurement',
    ...CATALOG_PAGE,
    dialogs: ['catalog.settings.add'],
  },
  consoleConsumeMethods: {
    path: '/console/settings/inventory/consume-method',
    ...CATALOG_PAGE,
    dialogs: ['catalog.settings.add'],
  },
  consoleFrequencies: {
    path: '/console/settings/inventory/frequency',
    ...CATALOG_PAGE,
    dialogs: ['catalog.settings.add'],
  },
  consoleIndications: {
    path: '/console/settings/inventory/indication',
    ...CATALOG_PAGE,
    sweptAs: 'consolePrecautions',
  },
  consolePrecautions: {
    path: '/console/settings/inventory/precaution',
    ...CATALOG_PAGE,
    dialogs: ['catalog.settings.add'],
  },
  // The console's settings/sales/tax (doc 3 section 2.2; features/billing-settings): no branch.
  consoleTax: {
    path: '/console/settings/sales/tax',
    audience: 'console',
    permission: 'billingSettings:read',
    dialogs: ['billingSettings.tax.add', 'billingSettings.tax.editOne'],
    primaryActions: true,
  },
  consoleSection: {
    path: '/console/*',
    audience: 'console',
    serves: CONSOLE_SECTION_PAGES,
    servesPlaceholders: true,
  },
  confirm: { path: '/:subdomain/confirm', audience: 'public' },
  queueDisplay: {
    path: '/:branchCode/queue-display',
    audience: 'staff',
    permission: 'queueDisplay:read',
  },
  branchHome: { path: '/:branchCode', audience: 'staff', redirects: true },
  queue: {
    path: '/:branchCode/queue',
    audience: 'staff',
    permission: 'queue:read',
    dialogs: [
      'queue.toolbar.add',
      'queue.toolbar.searchByPatient',
      'queue.toolbar.columns',
      'queue.action.printQueueLabel',
    ],
    primaryActions: true,
  },
  queueUnknown: { path: '/:branchCode/queue/*', audience: 'staff' },
  // The day's summary and lists (doc 1 section 2.10); its rows have no primary action.
  dashboard: { path: '/:branchCode/dashboard', audience: 'staff', permission: 'dashboard:read' },
  profile: { path: '/:branchCode/user/profile', audience: 'staff' },
  // Swept as a role that edits the branch's terms (the rows' primary action, the dialog);
  // the services page as the front desk, who reads them only.
  branchCatalogMedications: {
    path: '/:branchCode/setting/catalogs/medications',
    ...BRANCH_CATALOG_PAGE,
    permission: 'catalogs:update',
    dialogs: ['catalog.branch.editOne'],
    primaryActions: true,
  },
  branchCatalogServices: { path: '/:branchCode/setting/catalogs/services', ...BRANCH_CATALOG_PAGE },
  branchCatalogVaccinations: {
    path: '/:branchCode/setting/catalogs/vaccinations',
    ...BRANCH_CATALOG_PAGE,
    sweptAs: 'branchCatalogMedications',
  },
  branchVaccinePlans: {
    path: '/:branchCode/setting/catalogs/vaccine-plans',
    ...BRANCH_CATALOG_PAGE,
  },
  branchComboItems: {
    path: '/:branchCode/setting/medication/combo-item',
    ...BRANCH_CATALOG_PAGE,
    sweptAs: 'branchCatalogServices',
  },
  // The clinic's subsidy tiers (settings 'sales/subsidies'); edited with invoices:approve.
  settingSubsidies: {
    path: '/:branchCode/setting/sales/subsidies',
    audience: 'staff',
    permission: 'invoices:read',
  },
  // The clinic's tax options and payment methods (settings 'sales/tax', 'sales/payment-method';
  // features/billing-settings): read with billingSettings:read, changed with :create/:update.
  settingTax: {
    path: '/:branchCode/setting/sales/tax',
    audience: 'staff',
    permission: 'billingSettings:read',
    dialogs: ['billingSettings.tax.add', 'billingSettings.tax.editOne'],
    primaryActions: true,
  },
  settingPaymentMethods: {
    path: '/:branchCode/setting/sales/payment-method',
    audience: 'staff',
    permission: 'billingSettings:read',
    dialogs: ['billingSettings.methods.add', 'billingSettings.methods.editOne'],
    primaryActions: true,
  },
  // The clinic's prescription settings lists, read-only in a branch (kept in the console).
  branchFrequencies: { path: '/:branchCode/setting/inventory/frequency', ...BRANCH_CATALOG_PAGE },
  branchConsumeMethods: {
    path: '/:branchCode/setting/inventory/consume-method',
    ...BRANCH_CATALOG_PAGE,
    sweptAs: 'branchFrequencies',
  },
  branchUnitMeasurement: {
    path: '/:branchCode/setting/inventory/unit-measurement',
    ...BRANCH_CATALOG_PAGE,
    sweptAs: 'branchFrequencies',
  },
  branchIndications: {
    path: '/:branchCode/setting/inventory/indication',
    ...BRANCH_CATALOG_PAGE,
    sweptAs: 'branchFrequencies',
  },
  branchPrecautions: {
    path: '/:branchCode/setting/inventory/precaution',
    ...BRANCH_CATALOG_PAGE,
    sweptAs: 'branchFrequencies',
  },
  // The patient record (doc 2 section 2.1): the empty-patient page, the patient shell
  // (its empty child goes to the medical records) and each of its children.
  patientEmpty: { path: '/:branchCode/patients', audience: 'staff', permission: 'patients:read' },
  patient: { path: PATIENT, audience: 'staff', permission: 'patients:read', redirects: true },
  patientMedicalRecords: {
    path: `${PATIENT}/medical-records`,
    audience: 'staff',
    permission: 'visits:read',
    primaryActions: true,
  },
  patientVisit: {
    path: `${PATIENT}/medical-records/:visitId`,
    audience: 'staff',
    permission: 'visits:read',
    dialogs: ['dispensing.dispense'],
  },
  patientHealthPlan: { path: `${PATIENT}/health-plan`, ...PATIENT_PAGE, sweptAs: 'patientLab' },
  patientHealthPlanDetail: {
    path: `${PATIENT}/health-plan-detail`,
    ...PATIENT_PAGE,
    sweptAs: 'patientLab',
  },
  patientLab: { path: `${PATIENT}/lab`, ...PATIENT_PAGE },
  patientLabDetail: { path: `${PATIENT}/lab-detail`, ...PATIENT_PAGE, sweptAs: 'patientLab' },
  patientCareReportDetail: {
    path: `${PATIENT}/care-report-detail`,
    ...PATIENT_PAGE,
    sweptAs: 'patientLab',
  },
  patientOperation: { path: `${PATIENT}/operation`, ...PATIENT_PAGE, sweptAs: 'patientLab' },
  patientAllergies: { path: `${PATIENT}/allergies`, ...PATIENT_PAGE },
  patientReferral: {
    path: `${PATIENT}/referral`,
    audience: 'staff',
    permission: 'referrals:read',
    primaryActions: true,
  },
  // The referral editor of a visit ('new' or a referral's id; doc 2 section 2.5). Swept as
  // a writer (a reader sees it read-only), on the sweep's demo referral, which is no longer
  // a draft: Save asks the Modified Reason, Void the Void Reason.
  patientReferralEditor: {
    path: `${PATIENT}/referral/:visitId/:referralId`,
    audience: 'staff',
    permission: 'referrals:update',
    dialogs: ['referrals.editor.save', 'referrals.editor.void'],
  },
  patientInvoices: { path: `${PATIENT}/invoices`, ...PATIENT_PAGE, redirects: true },
  patientUnbills: { path: `${PATIENT}/invoices/unbills`, ...PATIENT_PAGE },
  patientInvoiceList: {
    path: `${PATIENT}/invoices/list`,
    audience: 'staff',
    permission: 'invoices:read',
    primaryActions: true,
  },
  patientDeposits: {
    path: `${PATIENT}/invoices/deposits`,
    audience: 'staff',
    permission: 'payments:read',
    dialogs: ['credits.deposits.take'],
  },
  patientCreditNote: {
    path: `${PATIENT}/invoices/creditNote`,
    audience: 'staff',
    permission: 'invoices:read',
  },
  patientPayments: { path: `${PATIENT}/payments`, audience: 'staff', permission: 'payments:read' },
  patientVaccinations: { path: `${PATIENT}/vaccinations`, ...PATIENT_PAGE, sweptAs: 'patientLab' },
  patientConsentList: { path: `${PATIENT}/consentList`, ...PATIENT_PAGE, sweptAs: 'patientLab' },
  patientDocuments: { path: `${PATIENT}/e-documents`, ...PATIENT_PAGE },
  patientDocument: { path: `${PATIENT}/e-documents/:id`, ...PATIENT_PAGE },
  patientPersonal: { path: `${PATIENT}/personal`, ...PATIENT_PAGE, redirects: true },
  patientProfile: { path: `${PATIENT}/personal/profile`, ...PATIENT_PAGE },
  patientInsurance: { path: `${PATIENT}/personal/insurance`, ...PATIENT_PAGE },
  patientThirdParty: {
    path: `${PATIENT}/personal/3rd-party`,
    ...PATIENT_PAGE,
    sweptAs: 'patientInsurance',
  },
  patientFact: { path: `${PATIENT}/personal/fact`, ...PATIENT_PAGE, sweptAs: 'patientInsurance' },
  patientKins: { path: `${PATIENT}/personal/kins`, ...PATIENT_PAGE, sweptAs: 'patientInsurance' },
  patientKin: {
    path: `${PATIENT}/personal/kins/:kinId`,
    ...PATIENT_PAGE,
    sweptAs: 'patientInsurance',
  },
  patientDiagnosis: {
    path: `${PATIENT}/personal/diagnosis`,
    ...PATIENT_PAGE,
    sweptAs: 'patientInsurance',
  },
  patientSubsidy: { path: `${PATIENT}/personal/subsidy`, ...PATIENT_PAGE },
  patientPharmacies: { path: `${PATIENT}/pharmacies`, ...PATIENT_PAGE, sweptAs: 'patientLab' },
  patientPharmacy: {
    path: `${PATIENT}/pharmacies/:pharmacyId`,
    ...PATIENT_PAGE,
    sweptAs: 'patientLab',
  },
  // The inventory section (doc 3 section 2.4): its empty child goes to the items.
  inventory: { path: INVENTORY, ...INVENTORY_PAGE, redirects: true },
  inventoryItems: { path: `${INVENTORY}/items`, ...INVENTORY_PAGE, primaryActions: true },
  inventoryItem: {
    path: `${INVENTORY}/items/:itemId`,
    ...INVENTORY_PAGE,
    dialogs: ['inventory.item.receive', 'inventory.item.reorderEdit'],
  },
  inventoryAdjustItem: { path: `${INVENTORY}/items/adjustment/:adjustItemId`, ...INVENTORY_PAGE },
  inventoryItemLogs: { path: `${INVENTORY}/itemLogs`, ...INVENTORY_PAGE },
  inventoryBatchDispensing: {
    path: `${INVENTORY}/batchDispensing`,
    audience: 'staff',
    permission: 'dispensing:read',
  },
  inventoryBatches: { path: `${INVENTORY}/batches`, ...INVENTORY_PAGE, primaryActions: true },
  inventoryBatch: {
    path: `${INVENTORY}/batches/:batchId`,
    ...INVENTORY_PAGE,
    dialogs: ['inventory.item.adjust'],
  },
  inventoryTransactions: { path: `${INVENTORY}/transactions`, ...INVENTORY_PAGE },
  inventorySuppliers: {
    path: `${INVENTORY}/suppliers`,
    ...INVENTORY_PAGE,
    dialogs: ['inventory.suppliers.add'],
    primaryActions: true,
  },
  inventorySupplier: {
    path: `${INVENTORY}/suppliers/:supplierId`,
    ...INVENTORY_PAGE,
    dialogs: ['inventory.suppliers.edit'],
  },
  inventoryAdjustments: {
    path: `${INVENTORY}/adjustment`,
    ...INVENTORY_PAGE,
    dialogs: ['inventory.adjust.newAdjustment'],
  },
  inventoryReceiveBatch: { path: `${INVENTORY}/batch`, ...INVENTORY_PAGE },
  // Stock tally and requisitions (features/inventory-counts).
  inventoryStockTally: {
    path: `${INVENTORY}/stockTally`,
    ...INVENTORY_PAGE,
    dialogs: ['counts.tally.newSheet'],
  },
  inventoryTallyHistory: {
    path: `${INVENTORY}/stockTally/:itemId`,
    ...INVENTORY_PAGE,
  },
  inventoryRequisition: {
    path: `${INVENTORY}/requisition`,
    ...INVENTORY_PAGE,
    dialogs: ['counts.requisition.add'],
  },
  // Purchasing and goods received (features/inventory-purchasing).
  inventoryPurchases: { path: `${INVENTORY}/purchases`, ...INVENTORY_PAGE },
  inventoryPurchase: { path: `${INVENTORY}/purchases/:purchaseId`, ...INVENTORY_PAGE },
  // The demo clinic has no goods received note yet: the note's page is not swept (to do).
  inventoryPurchaseReceived: {
    path: `${INVENTORY}/purchases/received/:receivedId`,
    ...INVENTORY_PAGE,
    sweptAs: 'inventoryPurchase',
  },
  inventoryReceived: { path: `${INVENTORY}/received`, ...INVENTORY_PAGE },
  inventoryReceivedNote: {
    path: `${INVENTORY}/received/:receivedId`,
    ...INVENTORY_PAGE,
    sweptAs: 'inventoryPurchase',
  },
  inventoryUnknown: { path: `${INVENTORY}/*`, audience: 'staff' },
  // The invoice screen (the spec's invoice.view; features/billing).
  invoiceView: {
    path: '/:branchCode/invoice/:invoiceId',
    audience: 'staff',
    permission: 'invoices:read',
    dialogs: ['billing.takePayment', 'billing.voidInvoice'],
  },
  // The billing searches (doc 3 section 2.3; features/billing-search); the branch's invoice
  // list is the invoice search under its own title. The other search pages stay the
  // shell's placeholder section.
  invoiceList: {
    path: '/:branchCode/invoice',
    audience: 'staff',
    permission: 'invoices:read',
    sweptAs: 'searchInvoice',
  },
  searchInvoice: {
    path: '/:branchCode/search/invoice',
    audience: 'staff',
    permission: 'invoices:read',
    primaryActions: true,
  },
  searchPayment: {
    path: '/:branchCode/search/payment',
    audience: 'staff',
    permission: 'payments:read',
    primaryActions: true,
  },
  searchMedicalCertificate: {
    path: '/:branchCode/search/medical-certificate',
    audience: 'staff',
    permission: 'medicalCertificates:read',
  },
  searchCreditNote: {
    path: '/:branchCode/search/credit-note',
    audience: 'staff',
    permission: 'invoices:read',
    primaryActions: true,
  },
  // One credit note (features/credit-notes/CreditNotePage.tsx).
  searchCreditNoteDetail: {
    path: '/:branchCode/search/credit-note/:creditNoteId',
    audience: 'staff',
    permission: 'invoices:read',
  },
  // The companies the clinic bills (settings registration/companies; features/companies).
  branchCompanies: {
    path: '/:branchCode/setting/registration/companies',
    audience: 'staff',
    permission: 'settings:read',
    // The demo clinic has no company: its rows' primary action is not swept.
    dialogs: ['companies.add'],
  },
  branchSection: {
    path: '/:branchCode/*',
    audience: 'staff',
    serves: SHELL_SECTIONS,
    servesPlaceholders: true,
  },
  // Signed out, an unknown address asks to sign in first; signed in it is the 404 page.
  notFound: { path: '*', audience: 'staff' },
} as const satisfies Record<string, ScreenRoute>;

export type RouteId = keyof typeof ROUTES;

/** A route's path relative to its parent layout route's, as the router nests it. */
export function childPath(parent: ScreenRoute, child: ScreenRoute): string {
  const prefix = `${parent.path}/`;
  if (!child.path.startsWith(prefix)) throw new Error(`${child.path} is not under ${parent.path}`);
  return child.path.slice(prefix.length);
}
