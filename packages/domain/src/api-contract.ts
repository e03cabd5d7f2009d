import { documentsContract } from './documents/documents.contract.ts';
import { auditTrailContract } from './audit/audit-trail.contract.ts';
import { accountsContract } from './accounts/accounts.contract.ts';
import { allergiesContract } from './allergies/allergies.contract.ts';
import { diagnosesContract } from './diagnoses/diagnoses.contract.ts';
import { branchesContract } from './accounts/branches.contract.ts';
import { optionsContract } from './options/options.contract.ts';
import { patientsContract } from './patients/patients.contract.ts';
import { notificationsContract } from './queue/notifications.contract.ts';
import { queueDisplayContract } from './queue/queue-display.contract.ts';
import { queueContract } from './queue/queue.contract.ts';
import { reportsContract } from './reports/reports.contract.ts';
import { visitsContract } from './visits/visits.contract.ts';
import { vitalsContract } from './vitals/vitals.contract.ts';
import { catalogsContract } from './catalogs/catalogs.contract.ts';
import { inventoryContract } from './inventory/inventory.contract.ts';
import { purchasingContract } from './inventory/purchasing.contract.ts';
import { prescriptionsContract } from './prescriptions/prescriptions.contract.ts';
import { dispensingContract } from './dispensing/dispensing.contract.ts';
import { requisitionsContract } from './inventory/requisitions.contract.ts';
import { stockTallyContract } from './inventory/stock-tally.contract.ts';
import { billingContract } from './billing/billing.contract.ts';
import { subsidiesContract } from './billing/subsidies.contract.ts';
import { creditsContract } from './billing/credits.contract.ts';
import { dashboardContract } from './dashboard/dashboard.contract.ts';
import { billingSearchContract } from './billing-search/billing-search.contract.ts';
import { mcContract } from './medical-certificates/mc.contract.ts';
import { referralsContract } from './referrals/referrals.contract.ts';
import { printingContract } from './printing/printing.contract.ts';
import { companiesContract } from './companies/companies.contract.ts';
import { billingSettingsContract } from './billing/billing-settings.contract.ts';

/** Every `/api/v1` route, by feature: what the server registers and the web calls. */
export const apiContract = {
  accounts: accountsContract,
  branches: branchesContract,
  options: optionsContract,
  patients: patientsContract,
  queue: queueContract,
  queueDisplay: queueDisplayContract,
  visits: visitsContract,
  notifications: notificationsContract,
  vitals: vitalsContract,
  diagnoses: diagnosesContract,
  allergies: allergiesContract,
  medicalCertificates: mcContract,
  referrals: referralsContract,
  documents: documentsContract,
  reports: reportsContract,
  auditTrail: auditTrailContract,
  catalogs: catalogsContract,
  inventory: inventoryContract,
  purchasing: purchasingContract,
  prescriptions: prescriptionsContract,
  dispensing: dispensingContract,
  stockTally: stockTallyContract,
  requisitions: requisitionsContract,
  billing: billingContract,
  dashboard: dashboardContract,
  subsidies: subsidiesContract,
  printing: printingContract,
  billingSearch: billingSearchContract,
  companies: companiesContract,
  billingSettings: billingSettingsContract,
  credits: creditsContract,
};
