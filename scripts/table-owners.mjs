// `node scripts/table-owners.mjs`: fails when server code writes a table it does not own.
// Each table has one owner: a feature (then only that feature's repositories,
// `features/NAME/*.repo.ts`, write it; others go through the feature's service) or one
// platform module. Every table of the generated types (`db/schema.ts`) must be listed.
// Writes are read from the text: Kysely's insertInto/updateTable/deleteFrom/mergeInto/
// replaceInto('table') and raw `INSERT INTO`, `UPDATE … SET`, `DELETE FROM`. Migrations
// and tests are left out.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Table (as the code names it) -> owning feature (`features/NAME`) or platform module. */
export const TABLE_OWNERS = {
  tenants: 'features/accounts',
  tenantModules: 'features/accounts',
  users: 'features/accounts',
  usernames: 'features/accounts', // kept by a trigger on users
  sessions: 'features/accounts',
  deviceAuthorizations: 'features/accounts',
  knownDevices: 'features/accounts',
  branches: 'features/branches',
  roles: 'features/roles',
  userBranches: 'features/roles',
  referenceOptions: 'features/options',
  companies: 'features/companies',
  patients: 'features/patients',
  patientNameWords: 'features/patients', // kept by a trigger on patients
  cardNumberCounters: 'features/patients',
  visits: 'features/visits',
  diagnoses: 'features/diagnoses',
  snomedDescriptions: 'features/diagnoses', // global terminology, loaded by migrations and snomed:load
  snomedWords: 'features/diagnoses', // kept by a trigger on snomed_descriptions
  allergies: 'features/allergies',
  prescriptions: 'features/prescriptions',
  visitFacts: 'features/vitals',
  physicalReadings: 'features/vitals',
  consultNotes: 'features/vitals',
  medicalCertificates: 'features/medical-certificates',
  mcCounters: 'features/medical-certificates',
  queueEntries: 'features/queue',
  queueCounters: 'features/queue',
  doctorRooms: 'features/queue-display',
  displayLinks: 'features/queue-display',
  documents: 'features/documents',
  documentCategories: 'features/documents',
  catalogItems: 'features/catalogs',
  catalogComboComponents: 'features/catalogs',
  catalogBranchItems: 'features/catalogs',
  catalogNameGrams: 'features/catalogs', // kept by a trigger on catalog_items
  catalogUpcCodes: 'features/catalogs',
  whitelistDrugs: 'features/catalogs',
  vaccinePlans: 'features/catalogs',
  vaccinePlanDoses: 'features/catalogs',
  prescriptionSettings: 'features/catalogs',
  suppliers: 'features/inventory',
  inventoryBranchItems: 'features/inventory',
  stockBatches: 'features/inventory',
  stockMovements: 'features/inventory',
  dispenseRecords: 'features/inventory',
  dispensedPrescriptions: 'features/dispensing',
  dispensedPrescriptionBatches: 'features/dispensing',
  stockTallies: 'features/stock-tally',
  stockTallyLines: 'features/stock-tally',
  requisitions: 'features/requisitions',
  requisitionLines: 'features/requisitions',
  purchaseCounters: 'features/purchasing',
  purchaseOrders: 'features/purchasing',
  purchaseOrderLines: 'features/purchasing',
  goodsReceived: 'features/purchasing',
  goodsReceivedLines: 'features/purchasing',
  taxOptions: 'features/billing',
  taxOptionRates: 'features/billing',
  paymentMethods: 'features/billing',
  billingCounters: 'features/billing',
  invoices: 'features/billing',
  invoiceLines: 'features/billing',
  payments: 'features/billing',
  paymentTenders: 'features/billing',
  subsidyTiers: 'features/subsidies',
  patientSchemes: 'features/subsidies',
  printerFooters: 'features/printer',
  creditCounters: 'features/credit-notes',
  deposits: 'features/credit-notes',
  depositApplications: 'features/credit-notes',
  creditNotes: 'features/credit-notes',
  creditNoteLines: 'features/credit-notes',
  referralsOut: 'features/referrals',
  referralInstitutions: 'features/referrals',
  referralSpecialties: 'features/referrals',
  referralInstitutionSpecialties: 'features/referrals',
  referralSubmissions: 'features/referrals',
  auditEvents: 'platform/audit.ts',
  mailOutbox: 'platform/mail.ts',
  throttleEvents: 'platform/throttle.ts',
};

const SELF = fileURLToPath(import.meta.url);
const SERVER = 'apps/server/src';
const KYSELY_WRITE =
  /\b(?:insertInto|updateTable|deleteFrom|mergeInto|replaceInto)\(\s*['"`]([A-Za-z_]+)/g;
const SQL_WRITE = /\b(?:INSERT\s+INTO|DELETE\s+FROM|UPDATE)\s+([a-z_]+)(?:\s+(SET)\b)?/g;

const camel = (name) => name.replace(/_([a-z])/g, (_, letter) => letter.toUpperCase());

function sourceFiles(folder) {
  const entries = readdirSync(folder, { withFileTypes: true });
  entries.sort((a, b) => a.name.localeCompare(b.name));
  return entries.flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** The tables a source text writes. */
export function writtenTables(text) {
  const kysely = [...text.matchAll(KYSELY_WRITE)].map((match) => match[1]);
  const raw = [...text.matchAll(SQL_WRITE)]
    .filter((match) => !match[0].startsWith('UPDATE') || match[2] === 'SET')
    .map((match) => camel(match[1]));
  return [...new Set([...kysely, ...raw])];
}

/** Whether `file` (relative to apps/server/src) may write a table owned by `owner`. */
export function mayWrite(owner, file) {
  if (!owner.startsWith('features/')) return file === owner;
  return dirname(file) === owner && file.endsWith('.repo.ts');
}

/** The tables of the generated database types (the `DB` interface of db/schema.ts). */
export function schemaTables(schemaText) {
  const body = /export interface DB \{([^}]*)\}/.exec(schemaText)?.[1] ?? '';
  return [...body.matchAll(/^\s*(\w+):/gm)].map((match) => match[1]);
}

/** Every problem: a table without an owner, or a write outside the owner. */
export function ownershipProblems(root, owners = TABLE_OWNERS) {
  const server = join(root, SERVER);
  const problems = schemaTables(readFileSync(join(server, 'db/schema.ts'), 'utf8'))
    .filter((table) => !(table in owners))
    .map(
      (table) => `Table ${table} has no owner: add it to TABLE_OWNERS (${relative(root, SELF)}).`,
    );
  for (const path of sourceFiles(server)) {
    const file = relative(server, path);
    for (const table of writtenTables(readFileSync(path, 'utf8'))) {
      const owner = owners[table];
      if (!owner) problems.push(`${SERVER}/${file} writes ${table}, which has no owner.`);
      else if (!mayWrite(owner, file))
        problems.push(
          `${SERVER}/${file} writes ${table}, owned by ${owner}: call its owner's service instead.`,
        );
    }
  }
  return problems;
}

if (process.argv[1] === SELF) {
  const root = resolve(dirname(SELF), '..');
  const problems = ownershipProblems(root);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
  console.log(
    `Every table is written by its owner only (${Object.keys(TABLE_OWNERS).length} tables).`,
  );
}
