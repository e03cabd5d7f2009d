import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import { isDeepStrictEqual } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/tenant-db.ts';
import type { ApiRoute } from '../src/platform/access.ts';
import {
  PATIENT_FUNCTIONS,
  PATIENT_TABLES,
  type AuditRule,
  type RequestValue,
} from '../src/platform/audit.ts';
import { setupApiTest } from './api-fixture.ts';
import {
  addUser,
  createRole,
  expectStatus,
  openTestDatabase,
  patientBody,
  todayStart,
  type ApiResponse,
  type TestUser,
} from './helpers.ts';
import { MULTIPART_ROUTES, uploadSample } from './multipart.ts';
import { sampleRequest, type IdBook, type SampleRequest } from './route-samples.ts';

/**
 * The audit trail, swept over the route table (so routes added later are covered without
 * editing this file): every route whose requests touch a patient's data (the tables and
 * functions `platform/audit.ts` names) declares its audit row, or why it writes none; each
 * declared row is written, exactly, by a successful call; refused and failed calls write none.
 */

/** Routes that touch patients' data and write no audit row: adding one is a decision. */
const NO_AUDIT_ROUTES = [
  'GET /api/v1/patients/option',
  'GET /api/v1/queue',
  'GET /api/v1/audit-events',
  // Terminology and option lists of the diagnosis editor and the allergy form: no patient.
  'GET /api/v1/snomed-ct',
  'GET /api/v1/allergies/options',
  'GET /api/v1/allergies/adverse-reaction/options',
  // The batch dispensing report: items, batches and quantities of a period, no patient.
  'GET /api/v1/inventory/batchs/dispense-record',
  // The dashboard's day of the branch: counts, sums and lists of names, as the queue's day.
  'GET /api/v1/dashboards/collections',
  'GET /api/v1/dashboards/patients',
  'GET /api/v1/dashboards/invoices',
  'GET /api/v1/dashboards/amounts',
  // The clinic's subsidy tiers (settings): invoice permissions, no patient.
  'GET /api/v1/settings/subsidies',
  // The HSG institution and specialty lists of the referral editor: no patient.
  'GET /api/v1/referrals/institution',
  'GET /api/v1/referrals/specialty',
  'PUT /api/v1/settings/subsidies/:id',
].sort();

/** Every table and database function a query names, as the recorder saw them. */
class QueryRecorder implements KyselyPlugin {
  readonly names = new Set<string>();

  transformQuery(args: PluginTransformQueryArgs) {
    this.collect(args.node);
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs) {
    return Promise.resolve(args.result);
  }

  private collect(node: unknown): void {
    if (typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) {
      for (const item of node) this.collect(item);
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'name' && typeof value === 'string') this.names.add(value);
      else if (key === 'sqlFragments' && Array.isArray(value)) {
        for (const fragment of value) this.names.add(String(fragment));
      } else this.collect(value);
    }
  }

  /** The patient tables and functions named since the last call. */
  patientData(): string[] {
    const said = [...this.names].join(' ').toLowerCase();
    this.names.clear();
    const tables = Object.entries(PATIENT_TABLES)
      .filter(([table, holdsPatients]) => holdsPatients && this.saysTable(said, table))
      .map(([table]) => table);
    return [...tables, ...PATIENT_FUNCTIONS.filter((name) => said.includes(name))];
  }

  private saysTable(said: string, table: string): boolean {
    const snake = table.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    return new RegExp(`\\b${snake}\\b`).test(said);
  }
}

const recorder = new QueryRecorder();
const { t, clinic, admin, users } = setupApiTest({
  users: { doctor: { type: '50' }, frontDesk: { type: 'Front Desk' } },
  database: async () => {
    const handle = await openTestDatabase();
    return { ...handle, db: handle.db.withPlugin(recorder) };
  },
});
let nobody: TestUser;
/** The patient every sample id belongs to, their queue entry and visit; another entry of the day. */
let ids: IdBook;
let patientId: string;
let entryId: string;
/** A document of the patient (the document routes' `:id` and `:fileId`). */
let documentId: string;
/** Values another patient holds, that a change of the first may not take. */
let taken: Record<string, unknown>;
/** A medical certificate of the patient's visit. */
let mcId: string;
/** A referral out of the patient's visit. */
let referralId: string;
/** An HSG referral out of the same visit: sent and submitted. */
let hsgReferralId: string;
/** A third patient's visit for the diagnosis and allergy routes (a diagnosis keeps a visit). */
let clinicalIds: IdBook;
/** A line of a stocked medicine on the clinical visit, for the dispensing and label routes. */
let dispenseLineId: string;
/**
 * Bills of two more patients: a draft (drafted, read, edited, finalised and paid by the
 * sweep) and a finalised invoice with a payment (dispensed and voided, then the invoice).
 */
let draftBill: IdBook;
let paidBill: IdBook;
/**
 * A paid bill of one more patient with two deposits (one applied to the bill, one unused,
 * voided last by the sweep) and a credit note of the bill.
 */
let creditBook: IdBook;

async function enqueue(patient: string): Promise<string> {
  const entry = await t.call('POST', '/api/v1/queue', {
    ...admin,
    body: { patientId: patient, doctorId: users.doctor.id, visitPurposes: ['Consultation'] },
  });
  expectStatus(entry, 201);
  return entry.body.data.id;
}

beforeAll(async () => {
  nobody = await addUser(t, clinic, 'Front Desk', {
    roleIds: [await createRole(t, clinic, 'Nobody')],
  });
  const patient = await t.call('POST', '/api/v1/patients', { ...admin, body: patientBody() });
  expectStatus(patient, 201);
  patientId = patient.body.data.patientId;
  entryId = await enqueue(patientId);
  const other = await t.call('POST', '/api/v1/patients', { ...admin, body: patientBody() });
  const otherEntry = await enqueue(other.body.data.patientId);
  const otherProfile = await t.call(
    'GET',
    `/api/v1/patients/${other.body.data.patientId}/profile`,
    admin,
  );
  taken = {
    nric: otherProfile.body.data.nric,
    cardNo: otherProfile.body.data.cardNo,
    version: 999,
  };
  const clinical = await t.call('POST', '/api/v1/patients', { ...admin, body: patientBody() });
  const clinicalPatient: string = clinical.body.data.patientId;
  await enqueue(clinicalPatient);
  const clinicalVisits = await t.call('GET', `/api/v1/visits?patientId=${clinicalPatient}`, admin);
  const clinicalVisit: string = clinicalVisits.body.data.items[0].id;
  const diagnosis = await t.call('POST', '/api/v1/diagnosis', {
    ...admin,
    body: { visitId: clinicalVisit, patientId: clinicalPatient, model: { id: '44054006' } },
  });
  expectStatus(diagnosis, 201);
  const allergy = await t.call('POST', '/api/v1/allergies', {
    ...admin,
    body: {
      patientID: clinicalPatient,
      allergyType: 'Drug',
      allergyDrugID: 'drug-aspirin',
      allergyReaction: 'N',
      allergyRemark: 'Wheeze',
      onsetDate: '2020-01-01',
    },
  });
  expectStatus(allergy, 201);
  // A catalog medicine, an earlier visit of the clinical patient with a line of it (for
  // repeat-last), and a line on the clinical visit (the line routes' `:id`).
  const medicine = await t.call('POST', '/api/v1/catalogs', {
    ...admin,
    body: {
      type: 'Med',
      code: 'SWEEPPARA',
      name: 'Paracetamol 500 mg tablet',
      strength: 500,
      strengthUnit: 'mg',
      dispensingUnit: 'tab',
      sellingPriceCents: 10,
    },
  });
  expectStatus(medicine, 201);
  const catalogItemId: string = medicine.body.data.id;
  const earlierVisit = await withTenant(t.database.db, clinic.tenantId, (tx) =>
    tx.db
      .insertInto('visits')
      .values({
        tenantId: clinic.tenantId,
        branchId: clinic.branchId,
        patientId: clinicalPatient,
        doctorId: users.doctor.id,
        visitDate: new Date(Date.now() - 7 * 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const line = {
    catalogItemId,
    prescriptMode: 1,
    consumeQuantity: 1,
    frequency: 'TDS',
    duration: 5,
    cycle: 'day',
  };
  for (const visit of [earlierVisit.id, clinicalVisit]) {
    expectStatus(
      await t.call('POST', `/api/v1/visits/${visit}/prescriptions`, { ...admin, body: line }),
      201,
    );
  }
  const lines = await t.call('GET', `/api/v1/visits/${clinicalVisit}/prescriptions/lines`, admin);
  clinicalIds = {
    catalogItemId,
    prescriptionId: lines.body.data.items[0].id,
    patientId: clinicalPatient,
    patientID: clinicalPatient,
    visitId: clinicalVisit,
    visitID: clinicalVisit,
    diagnosisId: diagnosis.body.data.id,
    allergyId: allergy.body.data.id,
  };
  const visits = await t.call('GET', `/api/v1/visits?patientId=${patientId}`, admin);
  const document = await uploadSample(t, admin, patientId);
  expect(document.status).toBe(201);
  documentId = document.body.data.id;
  ids = {
    fileId: documentId,
    id: entryId,
    patientId,
    patientID: patientId,
    doctorId: users.doctor.id,
    doctorID: users.doctor.id,
    visitId: visits.body.data.items[0].id,
    exchangeId: otherEntry,
  };
  const mc = await t.call('POST', '/api/v1/medical-certificates', {
    ...admin,
    body: {
      visitId: ids.visitId,
      issuedDate: '2026-11-25',
      fromDate: '2026-11-25',
      toDate: '2026-11-25',
    },
  });
  expectStatus(mc, 201);
  mcId = mc.body.data.id;
  ids.outVisitID = ids.visitId;
  const referral = await t.call('POST', '/api/v1/referrals/out', {
    ...admin,
    body: {
      patientId,
      visitId: ids.visitId,
      issueDate: Math.floor(Date.now() / 1000) - 60,
      referralInstitutionDescription: 'Mount Elizabeth Hospital',
      referralReason: 'Review',
      diagnosisText: 'Knee pain',
      drugAllergies: 'NKDA',
    },
  });
  expectStatus(referral, 201);
  referralId = referral.body.data.id;
  // An HSG one for the send and the submit, which the other referral routes leave alone.
  const hsgReferral = await t.call('POST', '/api/v1/referrals/out', {
    ...admin,
    body: {
      patientId,
      visitId: ids.visitId,
      issueDate: Math.floor(Date.now() / 1000) - 60,
      isHsg: true,
      referralType: 1,
      referralInstitution: 'SGH',
      speciallyService: 'ORT',
      patientRequest: 'Subsidised Referral',
      treatments: 'Physiotherapy',
      referralReason: 'Review',
      diagnosisText: 'Knee pain',
      drugAllergies: 'NKDA',
    },
  });
  expectStatus(hsgReferral, 201);
  hsgReferralId = hsgReferral.body.data.id;
  const reading = await t.call('POST', `/api/v1/physical-readings/${ids.visitId}`, {
    ...admin,
    body: { readingTime: todayStart(), pulse: 70 },
  });
  expectStatus(reading, 201);
  ids.readingId = reading.body.data.id;
  // A medicine in stock, for the dispensing of the patient's visit.
  const item = await t.call('POST', '/api/v1/catalogs', {
    ...admin,
    body: {
      type: 'Med',
      code: 'AUDITMOL',
      name: 'Auditmol 500 mg',
      dispensingUnit: 'tab',
      sellingPriceCents: 10,
    },
  });
  expectStatus(item, 201);
  ids.itemId = item.body.data.id;
  const receipt = await t.call('POST', '/api/v1/inventory/receipts', {
    ...admin,
    body: {
      itemId: ids.itemId,
      batchNo: 'AUDIT-1',
      expiryDate: '2031-12-31',
      quantity: 1000,
      unitCostCents: 3,
    },
  });
  expectStatus(receipt, 201);
  const stocked = await t.call('POST', `/api/v1/visits/${clinicalIds.visitId}/prescriptions`, {
    ...admin,
    body: { ...line, catalogItemId: ids.itemId },
  });
  expectStatus(stocked, 201);
  dispenseLineId = stocked.body.data.items.at(-1).id;
  draftBill = await billOf(false);
  paidBill = await billOf(true);
  creditBook = await creditsOf();
});

/** A paid bill, a deposit applied to it, a spare deposit and a credit note of the bill. */
async function creditsOf(): Promise<IdBook> {
  const bill = await billOf(true);
  const deposit = async () => {
    const made = await t.call('POST', '/api/v1/deposits', {
      ...admin,
      body: { patientId: bill.patientId, amountCents: 1_000, method: 'cash' },
    });
    expectStatus(made, 201);
    return made.body.data.id as string;
  };
  const depositId = await deposit();
  const spareDepositId = await deposit();
  const invoice = await t.call('GET', `/api/v1/invoices/${bill.invoiceId}`, admin);
  const applied = await t.call('POST', `/api/v1/invoices/${bill.invoiceId}/deposit-applications`, {
    ...admin,
    body: { version: invoice.body.data.version, depositId, amountCents: 10 },
  });
  expectStatus(applied, 201);
  const note = await t.call('POST', '/api/v1/credit-notes', {
    ...admin,
    body: {
      type: 3,
      invoiceId: bill.invoiceId,
      version: applied.body.data.invoice.version,
      amountCents: 10,
      reason: 'Sweep',
    },
  });
  expectStatus(note, 201);
  return {
    patientId: bill.patientId,
    patientID: bill.patientId,
    invoiceId: bill.invoiceId,
    referenceId: bill.invoiceId,
    depositId,
    spareDepositId,
    applicationId: applied.body.data.application.id,
    creditNoteId: note.body.data.id,
  };
}

/** The book of a deposit or credit-note route: `:id` is the record it changes. */
function creditIdsFor(route: ApiRoute): IdBook | undefined {
  const book = { ...ids, ...creditBook };
  if (route.url === '/api/v1/invoices/:id/deposit-applications') {
    return { ...book, id: creditBook.invoiceId };
  }
  if (route.url.startsWith('/api/v1/deposit-applications/')) {
    return { ...book, id: creditBook.applicationId };
  }
  if (route.url === '/api/v1/deposits/:id/void') return { ...book, id: creditBook.spareDepositId };
  if (route.url.startsWith('/api/v1/deposits')) return { ...book, id: creditBook.depositId };
  // A credit note of the bill names no deposit.
  if (route.url === '/api/v1/credit-notes') return { ...book, depositId: undefined };
  if (route.url.startsWith('/api/v1/credit-notes')) return { ...book, id: creditBook.creditNoteId };
  if (route.url.startsWith('/api/v1/credit_note/')) return { ...book, type: '3' };
  // The credit-note search finds the bill's patient's note; the note prints by its id.
  if (route.url.startsWith('/api/v1/search/credit-notes')) return book;
  if (route.url === '/api/v1/reports/credit-notes/:id') {
    return { ...book, id: creditBook.creditNoteId };
  }
  return undefined;
}

/** A new patient's visit with a stocked line, drafted (and finalised and paid when `paid`). */
async function billOf(paid: boolean): Promise<IdBook> {
  const patient = await t.call('POST', '/api/v1/patients', { ...admin, body: patientBody() });
  expectStatus(patient, 201);
  const billed: string = patient.body.data.patientId;
  await enqueue(billed);
  const visits = await t.call('GET', `/api/v1/visits?patientId=${billed}`, admin);
  const visitId: string = visits.body.data.items[0].id;
  const line = await t.call('POST', `/api/v1/visits/${visitId}/prescriptions`, {
    ...admin,
    body: {
      catalogItemId: ids.itemId,
      prescriptMode: 1,
      consumeQuantity: 1,
      frequency: 'TDS',
      duration: 5,
      cycle: 'day',
    },
  });
  expectStatus(line, 201);
  const draft = await t.call('POST', `/api/v1/visits/${visitId}/invoice`, admin);
  expectStatus(draft, 201);
  const book: IdBook = {
    patientId: billed,
    patientID: billed,
    visitId,
    id: draft.body.data.id,
    invoiceId: draft.body.data.id,
    status: 'DRAFT',
  };
  if (!paid) return book;
  const finalised = await t.call('POST', `/api/v1/invoices/${book.id}/finalise`, {
    ...admin,
    body: { version: draft.body.data.version },
  });
  expectStatus(finalised, 200);
  const payment = await t.call('POST', `/api/v1/invoices/${book.id}/payments`, {
    ...admin,
    body: { version: finalised.body.data.version, tenders: [{ method: 'nets', amountCents: 50 }] },
  });
  expectStatus(payment, 201);
  return { ...book, paymentId: payment.body.data.payment.id };
}

const key = (route: ApiRoute) => `${route.method} ${route.url}`;
const ruleOf = (route: ApiRoute): AuditRule | undefined =>
  route.audit && !('none' in route.audit) && !('patientsIn' in route.audit)
    ? route.audit
    : undefined;
/** The routes that write a row per patient their answer names (searches). */
const searchRoutes = () =>
  t.app.routeTable.filter((route) => route.audit && 'patientsIn' in route.audit);

/** The id a route's `:id` stands for: the patient's for patient routes, else the entry's. */
function idsFor(route: ApiRoute): IdBook {
  const credits = creditIdsFor(route);
  if (credits) return credits;
  if (route.url === '/api/v1/visits/:id/invoice')
    return { ...ids, ...draftBill, id: draftBill.visitId };
  if (route.url === '/api/v1/invoices/:id/void') return { ...ids, ...paidBill };
  if (route.url.startsWith('/api/v1/invoices')) return { ...ids, ...draftBill };
  // The searches of bills find the paid bill's patient (filtered by them).
  if (/^\/api\/v1\/search\/(invoices|payments)/.test(route.url)) return { ...ids, ...paidBill };
  if (route.url.startsWith('/api/v1/payments'))
    return { ...ids, ...paidBill, id: paidBill.paymentId };
  if (route.url.startsWith('/api/v1/diagnosis'))
    return { ...ids, ...clinicalIds, id: clinicalIds.diagnosisId };
  if (route.url.startsWith('/api/v1/allergies'))
    return { ...ids, ...clinicalIds, id: clinicalIds.allergyId };
  if (route.url.startsWith('/api/v1/prescriptions/'))
    return { ...ids, ...clinicalIds, id: clinicalIds.prescriptionId };
  if (/^\/api\/v1\/visits\/:id\/prescriptions\b/.test(route.url))
    return { ...ids, ...clinicalIds, id: clinicalIds.visitId };
  if (/^\/api\/v1\/visits\/:id\/dispens/.test(route.url))
    return { ...ids, ...clinicalIds, id: clinicalIds.visitId, prescriptionIds: dispenseLineId };
  // Billing prints: the paid bill (voided by then: a voided bill still prints).
  if (
    route.url === '/api/v1/reports/invoices/:id' ||
    route.url === '/api/v1/reports/labels/invoice'
  )
    return { ...ids, ...paidBill };
  if (route.url === '/api/v1/reports/statements') return { ...ids, ...paidBill };
  if (route.url.startsWith('/api/v1/reports/labels/medication'))
    return { ...ids, ...clinicalIds, ids: dispenseLineId };
  if (route.url.startsWith('/api/v1/patients/')) return { ...ids, id: patientId };
  if (route.url.startsWith('/api/v1/visits/')) return { ...ids, id: ids.visitId };
  if (route.url.startsWith('/api/v1/medical-certificates/') || route.url === '/api/v1/reports/mc') {
    return { ...ids, id: mcId };
  }
  if (route.url.startsWith('/api/v1/documents/')) return { ...ids, id: documentId };
  if (route.method === 'PATCH' && route.url.startsWith('/api/v1/referrals/out/'))
    return { ...ids, id: hsgReferralId };
  if (
    route.url.startsWith('/api/v1/referrals/out/') ||
    route.url === '/api/v1/reports/referrals/:id'
  )
    return { ...ids, id: referralId };
  if (route.url.startsWith('/api/v1/reports/labels/patient')) return { ...ids, id: patientId };
  // Vitals: a visit's facts and readings by the visit's id; one reading by its own.
  if (route.url.startsWith('/api/v1/visit-facts/')) return { ...ids, id: ids.visitId };
  if (route.url.startsWith('/api/v1/physical-readings/') && route.method !== 'PUT')
    return { ...ids, id: ids.visitId };
  if (
    route.url.startsWith('/api/v1/physical-readings/') ||
    route.url.startsWith('/api/v1/readings/')
  )
    return { ...ids, id: ids.readingId };
  return ids;
}

/** The version of a vitals route's record now (undefined for the other routes). */
async function vitalsVersion(route: ApiRoute): Promise<number | undefined> {
  const { url } = route;
  return withTenant(t.database.db, clinic.tenantId, async (tx) => {
    if (url.startsWith('/api/v1/visit-facts/')) {
      const row = await tx.db
        .selectFrom('visitFacts')
        .select('version')
        .where('visitId', '=', ids.visitId!)
        .executeTakeFirst();
      return row?.version ?? 0;
    }
    if (url.startsWith('/api/v1/physical-readings/') || url.startsWith('/api/v1/readings/')) {
      const row = await tx.db
        .selectFrom('physicalReadings')
        .select('version')
        .where('id', '=', ids.readingId!)
        .executeTakeFirst();
      return row?.version ?? 0;
    }
    if (url.endsWith('/note')) {
      const row = await tx.db
        .selectFrom('consultNotes')
        .select('version')
        .where('visitId', '=', ids.visitId!)
        .executeTakeFirst();
      return row?.version ?? 0;
    }
    return undefined;
  });
}

/** The version of what a deposit or credit-note route changes (undefined for the others). */
async function creditVersion(route: ApiRoute): Promise<number | undefined> {
  const book = idsFor(route);
  return withTenant(t.database.db, clinic.tenantId, async (tx) => {
    const of = async (
      table: 'deposits' | 'depositApplications' | 'creditNotes' | 'invoices',
      id: string,
    ) =>
      (
        await tx.db
          .selectFrom(table)
          .select('version')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).version;
    if (route.url === '/api/v1/credit-notes') return of('invoices', book.invoiceId!);
    if (route.url.startsWith('/api/v1/credit-notes/')) return of('creditNotes', book.id!);
    if (route.url.startsWith('/api/v1/deposits/')) return of('deposits', book.id!);
    if (route.url.startsWith('/api/v1/deposit-applications/')) {
      return of('depositApplications', book.id!);
    }
    return undefined;
  });
}

async function currentVersion(route: ApiRoute): Promise<number> {
  const credit = await creditVersion(route);
  if (credit !== undefined) return credit;
  return withTenant(t.database.db, clinic.tenantId, async (tx) => {
    if (route.url === '/api/v1/patients/:id/subsidy') {
      const card = await tx.db
        .selectFrom('patientSchemes')
        .select('version')
        .where('patientId', '=', idsFor(route).id!)
        .executeTakeFirst();
      return card?.version ?? 0;
    }
    if (route.url.startsWith('/api/v1/invoices/')) {
      const invoice = await tx.db
        .selectFrom('invoices')
        .select('version')
        .where('id', '=', idsFor(route).id!)
        .executeTakeFirstOrThrow();
      return invoice.version;
    }
    if (route.url.startsWith('/api/v1/payments/')) {
      const payment = await tx.db
        .selectFrom('payments')
        .select('version')
        .where('id', '=', idsFor(route).id!)
        .executeTakeFirstOrThrow();
      return payment.version;
    }
    if (route.url.startsWith('/api/v1/medical-certificates/')) {
      const mc = await tx.db
        .selectFrom('medicalCertificates')
        .select('version')
        .where('id', '=', mcId)
        .executeTakeFirstOrThrow();
      return mc.version;
    }
    if (route.url.startsWith('/api/v1/prescriptions/')) {
      const line = await tx.db
        .selectFrom('prescriptions')
        .select('version')
        .where('id', '=', clinicalIds.prescriptionId!)
        .executeTakeFirstOrThrow();
      return line.version;
    }
    if (route.url.startsWith('/api/v1/documents/')) {
      const document = await tx.db
        .selectFrom('documents')
        .select('version')
        .where('id', '=', documentId)
        .executeTakeFirstOrThrow();
      return document.version;
    }
    const row = await tx.db
      .selectFrom('queueEntries')
      .select('version')
      .where('id', '=', entryId)
      .executeTakeFirstOrThrow();
    return row.version;
  });
}

/**
 * A visit route's change needs the visit's version, and the timer the state it starts from:
 * not started for consult-in, running for consult-out. Answers the visit's version.
 */
async function readyVisit(route: ApiRoute): Promise<number> {
  return withTenant(t.database.db, clinic.tenantId, async (tx) => {
    const timer = route.url.endsWith('/consult-in')
      ? { consultStart: null, consultEnd: null }
      : route.url.endsWith('/consult-out')
        ? { consultStart: new Date(Date.now() - 60_000), consultEnd: null }
        : {};
    const row = await tx.db
      .updateTable('visits')
      .set({ ...timer, updatedAt: new Date() })
      .where('id', '=', ids.visitId!)
      .returning('version')
      .executeTakeFirstOrThrow();
    return row.version;
  });
}

function referralVersion(route: ApiRoute): Promise<number> {
  const id = route.method === 'PATCH' ? hsgReferralId : referralId;
  return withTenant(t.database.db, clinic.tenantId, async (tx) => {
    const row = await tx.db
      .selectFrom('referralsOut')
      .select('version')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row.version;
  });
}

/** A request the route answers with success: the sample, with a current version and a new NRIC. */
async function successfulRequest(route: ApiRoute): Promise<SampleRequest> {
  const request = sampleRequest(route, idsFor(route), todayStart() + 3600);
  if (typeof request.body !== 'object' || request.body === null) return request;
  const body: Record<string, unknown> = { ...request.body };
  // The diagnosis and allergy made for the sweep are at their first version.
  const own = /^\/api\/v1\/(diagnosis|allergies)\//.test(route.url);
  if ('version' in body) {
    body.version = own
      ? 1
      : ((await vitalsVersion(route)) ??
        (route.url.startsWith('/api/v1/visits/')
          ? await readyVisit(route)
          : await currentVersion(route)));
  }
  if ('rowVersion' in body) body.rowVersion = await referralVersion(route);
  // The sweep's patient has no email on record: the letter goes to the address given.
  if (route.url === '/api/v1/referrals/out/send/:id') body.email = 'letters@example.com';
  if ('nric' in body) body.nric = patientBody().nric;
  return { ...request, body };
}

function auditRows() {
  return withTenant(t.database.db, clinic.tenantId, (tx) =>
    tx.db.selectFrom('auditEvents').selectAll().orderBy('happenedAt').execute(),
  );
}

async function newRows(call: () => Promise<ApiResponse>) {
  const before = new Set((await auditRows()).map((row) => row.id));
  const from = Date.now() - 1000;
  const response = await call();
  const until = Date.now() + 1000;
  const rows = (await auditRows()).filter((row) => !before.has(row.id));
  return { response, rows, from, until };
}

/** The path parameters of a request to a route, by name. */
function paramsOf(route: ApiRoute, request: SampleRequest): Record<string, string> {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const pattern = new RegExp(`^${route.url.replace(/:\w+/g, '([^/?]+)')}(?:\\?|$)`);
  const values = pattern.exec(request.url)?.slice(1) ?? [];
  return Object.fromEntries(names.map((name, index) => [name, values[index]!]));
}

/** A declared value, read from the request sent and the answer received. */
function declared(
  source: RequestValue,
  route: ApiRoute,
  request: SampleRequest,
  answer: unknown,
): unknown {
  const url = new URL(request.url, 'http://test');
  const values: Record<string, unknown> = {
    params: paramsOf(route, request),
    query: Object.fromEntries(url.searchParams),
    body: request.body,
    answer,
  };
  const from = values[source.from];
  return typeof from === 'object' && from !== null
    ? (from as Record<string, unknown>)[source.field]
    : undefined;
}

function declaredDetail(rule: AuditRule, route: ApiRoute, request: SampleRequest, answer: unknown) {
  if (!rule.detail) return null;
  return Object.fromEntries(
    Object.entries(rule.detail).map(([name, value]) => [
      name,
      typeof value === 'string' ? value : declared(value, route, request, answer),
    ]),
  );
}

/** Deletes last: the entry they void is the one the other routes change. */
function auditedRoutes(): ApiRoute[] {
  const audited = t.app.routeTable.filter((route) => ruleOf(route));
  return [
    ...audited.filter((route) => route.method !== 'DELETE'),
    // The queue's delete voids the visit, whose records (certificates) are then read-only.
    ...audited.filter(
      (route) => route.method === 'DELETE' && !route.url.startsWith('/api/v1/queue'),
    ),
    ...audited.filter(
      (route) => route.method === 'DELETE' && route.url.startsWith('/api/v1/queue'),
    ),
  ];
}

describe('the audit trail over every route', () => {
  it('a refused or failing call of an audited route writes no row', async () => {
    const routes = auditedRoutes();
    expect(routes.length).toBeGreaterThan(15);
    const written: string[] = [];
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const route of routes) {
      const sample = sampleRequest(route, idsFor(route), todayStart() + 3600);
      const unknown = sampleRequest(
        route,
        {
          id: missing,
          patientId: missing,
          patientID: missing,
          visitId: missing,
          exchangeId: missing,
        },
        todayStart() + 3600,
      );
      const sent = (request: SampleRequest) => JSON.stringify(request);
      const changed = (request: SampleRequest, body: Record<string, unknown>): SampleRequest => ({
        ...request,
        body: Object.fromEntries(
          Object.entries(body).map(([name, value]) => [name, name in taken ? taken[name] : value]),
        ),
      });
      const failing =
        typeof sample.body === 'object' && sample.body !== null
          ? changed(sample, { ...sample.body })
          : sample;
      const attempts = [
        // No permission: 403 before the handler.
        {
          label: 'refused',
          request: sample,
          caller: { token: nobody.token, branchId: admin.branchId },
        },
        // Records the clinic does not have: 400, 404, or an empty answer.
        ...(sent(unknown) === sent(sample)
          ? []
          : [{ label: 'unknown', request: unknown, caller: admin }]),
        // A stale version, another patient's NRIC or card number: the change fails.
        ...(sent(failing) === sent(sample)
          ? []
          : [{ label: 'failing', request: failing, caller: admin }]),
      ];
      for (const attempt of attempts) {
        const { method, url, body } = attempt.request;
        const { response, rows } = await newRows(() =>
          t.call(method, url, { ...attempt.caller, body }),
        );
        if (attempt.label === 'refused') expect(response.status, key(route)).toBe(403);
        if (rows.length > 0)
          written.push(`${key(route)} ${attempt.label} (${response.status}) wrote ${rows.length}`);
      }
    }
    expect(written).toEqual([]);
  });

  it('a successful call writes exactly the declared row: who, which patient, branch, action, when', async () => {
    const adminId = clinic.session.user.id;
    const problems: string[] = [];
    for (const route of auditedRoutes()) {
      const rule = ruleOf(route)!;
      const request = await successfulRequest(route);
      const { response, rows, from, until } = await newRows(() =>
        MULTIPART_ROUTES.has(key(route))
          ? uploadSample(t, admin, patientId)
          : t.call(request.method, request.url, { ...admin, body: request.body }),
      );
      if (response.status >= 300) {
        problems.push(
          `${key(route)} answered ${response.status}: ${JSON.stringify(response.body)}`,
        );
        continue;
      }
      const answer: unknown = response.body.data;
      // Every sample id is of one patient; a call that registers a patient names the new one.
      const patient =
        route.access !== 'public' && route.access.permission === 'patients:create'
          ? response.body.data.patientId
          : (idsFor(route).patientId ?? patientId);
      const expected = {
        userId: adminId,
        branchId: admin.branchId,
        action: rule.action,
        entity: rule.entity,
        entityId: declared(rule.id, route, request, answer),
        patientId: patient,
        detail: declaredDetail(rule, route, request, answer),
      };
      const shown = rows.map(({ tenantId: _t, id: _i, happenedAt: _h, ...row }) => row);
      if (!isDeepStrictEqual(shown, [expected]))
        problems.push(
          `${key(route)} wrote ${JSON.stringify(shown)}, not ${JSON.stringify(expected)}`,
        );
      else if (!(rows[0]!.happenedAt.getTime() >= from && rows[0]!.happenedAt.getTime() <= until))
        problems.push(`${key(route)} wrote its row at ${rows[0]!.happenedAt.toISOString()}`);
    }
    expect(problems).toEqual([]);
  });

  it('a search writes one read row per patient it names, and none when refused', async () => {
    const adminId = clinic.session.user.id;
    const problems: string[] = [];
    expect(searchRoutes().length).toBeGreaterThan(0);
    for (const route of searchRoutes()) {
      const request = sampleRequest(route, idsFor(route), todayStart() + 3600);
      const refused = await newRows(() =>
        t.call(request.method, request.url, { token: nobody.token, branchId: admin.branchId }),
      );
      expect(refused.response.status, key(route)).toBe(403);
      if (refused.rows.length > 0) problems.push(`${key(route)} refused wrote rows`);
      const { response, rows } = await newRows(() =>
        t.call(request.method, request.url, { ...admin, body: request.body }),
      );
      if (response.status !== 200) {
        problems.push(`${key(route)} answered ${response.status}`);
        continue;
      }
      const named = response.body?.data?.items
        ? [
            ...new Set(
              (response.body.data.items as Array<{ patientId: string }>).map(
                (item) => item.patientId,
              ),
            ),
          ]
        : undefined;
      if (rows.length === 0) problems.push(`${key(route)} found no patient: no row to check`);
      for (const row of rows) {
        const fine =
          row.userId === adminId &&
          row.branchId === admin.branchId &&
          row.action === 'read' &&
          row.entity === 'patient' &&
          row.entityId === row.patientId;
        if (!fine) problems.push(`${key(route)} wrote ${JSON.stringify(row)}`);
      }
      if (named && !isDeepStrictEqual(rows.map((row) => row.patientId).sort(), named.sort()))
        problems.push(
          `${key(route)} named ${named.join()} but audited ${rows.map((r) => r.patientId).join()}`,
        );
    }
    expect(problems).toEqual([]);
  });

  it("every route that touches a patient's data declares its audit row, or why it writes none", async () => {
    const routes = t.app.routeTable.filter(
      (route) => route.access !== 'public' && !route.websocket && !route.url.endsWith('/sign-out'),
    );
    const undeclared: string[] = [];
    const touching: string[] = [];
    for (const route of routes) {
      const request = sampleRequest(route, idsFor(route), todayStart() + 3600);
      recorder.patientData();
      await t.call(request.method, request.url, { ...admin, body: request.body });
      const touched = recorder.patientData();
      if (touched.length === 0) continue;
      touching.push(key(route));
      if (!route.audit) undeclared.push(`${key(route)} reads ${touched.join(', ')}`);
    }
    expect(undeclared).toEqual([]);
    expect(touching.length).toBeGreaterThan(15);
    const exempt = t.app.routeTable.filter((route) => route.audit && 'none' in route.audit);
    expect(exempt.map(key).sort()).toEqual(NO_AUDIT_ROUTES);
  });
});
