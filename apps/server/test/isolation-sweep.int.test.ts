import { beforeAll, describe, expect, it } from 'vitest';
import { setupApiTest } from './api-fixture.ts';
import type { ApiRoute } from '../src/platform/access.ts';
import {
  addBranch,
  addUser,
  expectStatus,
  giveBranch,
  patientBody,
  todayStart,
  roleIdOf,
} from './helpers.ts';
import { sampleRequest, type IdBook } from './route-samples.ts';

/**
 * Every signed-in route, called by a user of clinic B and by a user of clinic A who may
 * not use A's second branch, with A's ids and A's second branch: no 2xx answer may carry
 * what they must not see, and nothing of A's may change. Built from the route table, so a
 * route added later is swept without editing this file.
 */
const {
  t,
  clinics: [a, b],
} = setupApiTest({ clinics: 2 });
let secondBranch: string;
let frontDeskA: { token: string };
let pharmacistA: { token: string };
let aIds: IdBook;
/** Everything of clinic A that only users of its second branch may see. */
let branchSecrets: string[];
/** Everything of clinic A at all: clinic B sees none of it. */
let clinicSecrets: string[];
let queueVersion: number;
let catalogItemId: string;
let catalogIds: string[];
let batchId: string;
let prescriptionId: string;
let tallyId: string;
let purchaseId: string;
let receivedId: string;
/** A finalised bill of the second branch's visit, partly paid. */
let invoiceId: string;
let paymentId: string;
/** A company the clinic bills, its own tax option and payment method (the clinic's, not a branch's). */
let companyId: string;
let taxOptionId: string;
let paymentMethodId: string;
let depositId: string;
let creditNoteId: string;
let referralId: string;

beforeAll(async () => {
  secondBranch = await addBranch(t, a, 'SECRET2');
  await giveBranch(t, a, a.session.user.id, secondBranch);
  const admin2 = { token: a.token, branchId: secondBranch };
  const doctor = await addUser(t, a, '50', { firstName: 'Secretdoc', branchIds: [secondBranch] });
  frontDeskA = await addUser(t, a, 'Front Desk', { branchIds: [a.branchId] });
  // Keeps the first branch's stock (inventory:*, dispensing:*).
  pharmacistA = await addUser(t, a, 'Front Desk', {
    branchIds: [a.branchId],
    roleIds: [await roleIdOf(t, a, 'Pharmacist')],
  });

  const patient = await t.call('POST', '/api/v1/patients', {
    ...admin2,
    body: patientBody({
      name: 'Secretina Leakwell',
      cardNoPrefix: 'Custom',
      cardNo: 'SECRETCARD-9',
    }),
  });
  expectStatus(patient, 201);
  const patientId = patient.body.data.patientId as string;
  const room = await t.call('POST', '/api/v1/settings/lists/roomService', {
    ...admin2,
    body: { code: 'Secret Room' },
  });
  expectStatus(room, 201);
  const purpose = await t.call('POST', '/api/v1/settings/lists/visitPurpose', {
    ...admin2,
    body: { code: 'SecretPurpose' },
  });
  expectStatus(purpose, 201);
  const areas = await t.call('GET', '/api/v1/queue/waiting-areas?page=1&pageSize=999', admin2);
  const areaId = areas.body.data.items[0].id as string;
  expectStatus(
    await t.call('PUT', `/api/v1/queue/doctor-rooms/${doctor.id}`, {
      ...admin2,
      body: { roomName: 'Secret Chamber', areaID: areaId },
    }),
    200,
  );
  const entry = await t.call('POST', '/api/v1/queue', {
    ...admin2,
    body: {
      patientId,
      doctorId: doctor.id,
      visitPurposes: ['SecretPurpose'],
      remark: 'Secret remark',
    },
  });
  expectStatus(entry, 201);
  const queueId = entry.body.data.id as string;
  queueVersion = (await t.call('PUT', `/api/v1/queue/${queueId}/call-in`, admin2)).body.data
    .version;
  const link = await t.call('POST', '/api/v1/queue/display-links', {
    ...admin2,
    body: { name: 'Secret TV' },
  });
  expectStatus(link, 201);
  const visits = await t.call('GET', `/api/v1/visits?patientId=${patientId}`, admin2);
  const visitId = visits.body.data.items[0].id as string;
  // The catalog is the clinic's; a branch's price for an item is that branch's.
  const item = await t.call('POST', '/api/v1/catalogs', {
    ...admin2,
    body: {
      type: 'Med',
      code: 'SECRETAMOL',
      name: 'Secretamol 500 mg',
      strength: 500,
      strengthUnit: 'mg',
      dispensingUnit: 'tab',
      sellingPriceCents: 100,
      upcCodes: ['99887766554433'],
    },
  });
  expectStatus(item, 201);
  catalogItemId = item.body.data.id as string;
  expectStatus(
    await t.call('PUT', `/api/v1/catalogs/${catalogItemId}/branch`, {
      ...admin2,
      body: { sellingPriceCents: 87654321, isActive: true, version: 0 },
    }),
    200,
  );
  const whitelisted = await t.call('POST', '/api/v1/settings/whitelist-drug', {
    ...admin2,
    body: { brandDrugSDD: 'SECRETSDD', brandDrugName: 'Secretadol' },
  });
  expectStatus(whitelisted, 201);
  const indication = await t.call('POST', '/api/v1/prescriptions/settings/indication', {
    ...admin2,
    body: { code: 'SECRETIND', description: 'For secrets' },
  });
  expectStatus(indication, 201);
  catalogIds = [catalogItemId, whitelisted.body.data.id, indication.body.data.id];
  // Stock is the branch's: a batch of the item in the second branch, partly dispensed.
  // Suppliers are the clinic's.
  const supplier = await t.call('POST', '/api/v1/inventory/suppliers', {
    ...admin2,
    body: { code: 'SECRETSUP', name: 'Secret Supplies' },
  });
  expectStatus(supplier, 201);
  const receipt = await t.call('POST', '/api/v1/inventory/receipts', {
    ...admin2,
    body: {
      itemId: catalogItemId,
      batchNo: 'SECRETLOT',
      expiryDate: '2031-12-31',
      quantity: 9,
      unitCostCents: 7654321,
      supplierId: supplier.body.data.id,
    },
  });
  expectStatus(receipt, 201);
  batchId = receipt.body.data.batch.id as string;
  const dispensed = await t.call('POST', '/api/v1/inventory/dispense', {
    ...admin2,
    body: { visitId, lines: [{ itemId: catalogItemId, quantity: 2 }] },
  });
  expectStatus(dispensed, 201);
  catalogIds.push(supplier.body.data.id as string);
  // A count sheet of the second branch, left open.
  const sheet = await t.call('POST', '/api/v1/inventory/stock-tallies', {
    ...admin2,
    body: { remark: 'Secret shelf' },
  });
  expectStatus(sheet, 201);
  tallyId = sheet.body.data.sheet.id as string;
  // A purchase order of the second branch, confirmed and partly received.
  const order = await t.call('POST', '/api/v1/inventory/purchases', {
    ...admin2,
    body: {
      supplierId: supplier.body.data.id,
      supplierPo: 'SECRETPO',
      lines: [{ itemId: catalogItemId, quantity: 5, unitCostCents: 7654321 }],
    },
  });
  expectStatus(order, 201);
  purchaseId = order.body.data.id as string;
  expectStatus(
    await t.call('POST', `/api/v1/inventory/purchases/${purchaseId}/confirm`, {
      ...admin2,
      body: { version: 1 },
    }),
    200,
  );
  const delivered = await t.call('POST', `/api/v1/inventory/purchases/${purchaseId}/receipts`, {
    ...admin2,
    body: {
      receivedDate: '2026-11-25',
      supplierInvoiceNo: 'SECRETINV',
      lines: [
        {
          purchaseLineId: order.body.data.lines[0].id,
          batchNo: 'SECRETLOT2',
          expiryDate: '2031-12-31',
          quantity: 2,
        },
      ],
    },
  });
  expectStatus(delivered, 201);
  receivedId = delivered.body.data.received.id as string;
  // A prescription line on the patient's visit (the second branch's).
  const lineItem = await t.call('POST', '/api/v1/catalogs', {
    ...admin2,
    body: {
      type: 'Med',
      code: 'SECRETLINE',
      name: 'Secretoxin 5 mg',
      dispensingUnit: 'tab',
      sellingPriceCents: 3,
    },
  });
  expectStatus(lineItem, 201);
  const prescribed = await t.call('POST', `/api/v1/visits/${visitId}/prescriptions`, {
    ...admin2,
    body: {
      catalogItemId: lineItem.body.data.id,
      prescriptMode: 1,
      consumeQuantity: 1,
      frequency: 'OD',
      duration: 3,
      cycle: 'day',
      indication: 'Secret indication',
    },
  });
  expectStatus(prescribed, 201);
  prescriptionId = prescribed.body.data.items[0].id as string;
  // The visit's bill, finalised and partly paid (a patient's bills are the clinic's to read,
  // the branch's to change).
  const draft = await t.call('POST', `/api/v1/visits/${visitId}/invoice`, admin2);
  expectStatus(draft, 201);
  invoiceId = draft.body.data.id as string;
  const edited = await t.call('PUT', `/api/v1/invoices/${invoiceId}`, {
    ...admin2,
    body: {
      version: draft.body.data.version,
      taxOptionCode: 'TAX',
      remarks: 'Secret bill remark',
      billTo: { name: 'Secret Payer Pte Ltd' },
    },
  });
  expectStatus(edited, 200);
  const issued = await t.call('POST', `/api/v1/invoices/${invoiceId}/finalise`, {
    ...admin2,
    body: { version: edited.body.data.version },
  });
  expectStatus(issued, 200);
  const paid = await t.call('POST', `/api/v1/invoices/${invoiceId}/payments`, {
    ...admin2,
    body: { version: issued.body.data.version, tenders: [{ method: 'nets', amountCents: 5 }] },
  });
  expectStatus(paid, 201);
  paymentId = paid.body.data.payment.id as string;
  // The second branch's printer footer: the branch's own.
  const footer = await t.call('PUT', '/api/v1/settings/printer/footer/Invoice', {
    ...admin2,
    body: { version: 0, content: '<p>Secret footer</p>' },
  });
  expectStatus(footer, 200);
  const company = await t.call('POST', '/api/v1/companies', {
    ...admin2,
    body: { code: 'SECRETCO', name: 'Secret Company Pte', address: 'Secret Street 9' },
  });
  expectStatus(company, 201);
  companyId = company.body.data.id as string;
  const tax = await t.call('POST', '/api/v1/settings/tax', {
    ...admin2,
    body: {
      code: 'SECRETTAX',
      name: 'Secret levy',
      rates: [{ effectiveFrom: '2020-01-01', rateBasisPoints: 123 }],
    },
  });
  expectStatus(tax, 201);
  taxOptionId = tax.body.data.id as string;
  const method = await t.call('POST', '/api/v1/settings/payment-methods', {
    ...admin2,
    body: { code: 'secretvoucher', name: 'Secret voucher' },
  });
  expectStatus(method, 201);
  paymentMethodId = method.body.data.id as string;
  // The patient's deposit and a credit note of the bill, of the second branch too.
  const deposit = await t.call('POST', '/api/v1/deposits', {
    ...admin2,
    body: { patientId, amountCents: 700, method: 'cash', remarks: 'Secret deposit remark' },
  });
  expectStatus(deposit, 201);
  depositId = deposit.body.data.id as string;
  const note = await t.call('POST', '/api/v1/credit-notes', {
    ...admin2,
    body: {
      type: 3,
      invoiceId,
      version: paid.body.data.invoice.version,
      amountCents: 5,
      reason: 'Secret credit reason',
    },
  });
  expectStatus(note, 201);
  creditNoteId = note.body.data.id as string;
  const referral = await t.call('POST', '/api/v1/referrals/out', {
    ...admin2,
    body: {
      patientId,
      visitId,
      issueDate: Math.floor(Date.now() / 1000) - 60,
      referralInstitutionDescription: 'Secret Referral Clinic',
      referralReason: 'Secret referral reason',
      diagnosisText: 'Secret referral diagnosis',
      drugAllergies: 'NKDA',
    },
  });
  expectStatus(referral, 201);
  referralId = referral.body.data.id as string;

  aIds = {
    patientId,
    patientID: patientId,
    doctorId: doctor.id,
    doctorID: doctor.id,
    visitId,
    exchangeId: queueId,
    areaID: areaId,
    uid: a.session.user.id,
    subdomain: a.subdomain,
    itemId: catalogItemId,
    batchId,
    supplierId: catalogIds[3],
    depositId,
    referenceId: invoiceId,
  };
  // A patient's record (profile, visits and who saw them) is shared by the clinic's
  // branches; the queue, rooms, boards and settings of a branch are not.
  branchSecrets = [
    queueId,
    link.body.data.id,
    'Secret Room',
    'Secret TV',
    'Secret Chamber',
    'Secret remark',
    'Branch SECRET2',
    '87654321',
    batchId,
    'SECRETLOT',
    '7654321',
    dispensed.body.data.id,
    tallyId,
    'Secret footer',
    'Secret shelf',
    purchaseId,
    receivedId,
    'SECRETPO',
    'SECRETINV',
  ];
  clinicSecrets = [
    ...branchSecrets,
    patientId,
    visitId,
    'Secretina Leakwell',
    'SECRETCARD-9',
    'SecretPurpose',
    'Secretdoc',
    room.body.data.id,
    a.tenantId,
    ...catalogIds,
    'SECRETAMOL',
    'Secretamol',
    '99887766554433',
    'SECRETSDD',
    'Secretadol',
    'SECRETIND',
    'SECRETSUP',
    'Secret Supplies',
    prescriptionId,
    'Secretoxin',
    'Secret indication',
    invoiceId,
    paymentId,
    'Secret bill remark',
    'Secret Payer Pte Ltd',
    companyId,
    'Secret Company Pte',
    'Secret Street 9',
    taxOptionId,
    'SECRETTAX',
    'Secret levy',
    paymentMethodId,
    'secretvoucher',
    'Secret voucher',
    depositId,
    creditNoteId,
    'Secret deposit remark',
    'Secret credit reason',
    referralId,
    'Secret referral reason',
  ];
}, 60_000);

/** The ids a route's `:id` may stand for: each is tried. */
function idCandidates(): string[] {
  return [
    aIds.patientId!,
    aIds.exchangeId!,
    aIds.visitId!,
    branchSecrets[1]!,
    ...catalogIds,
    batchId,
    prescriptionId,
    tallyId,
    purchaseId,
    receivedId,
    invoiceId,
    paymentId,
    companyId,
    taxOptionId,
    paymentMethodId,
    depositId,
    creditNoteId,
    referralId,
  ];
}

interface Caller {
  label: string;
  token: string;
  branchId: string;
  secrets: string[];
}

/** Answers in the 2xx range per caller: the sweep must reach the handlers, not only bounce off. */
const successes = new Map<string, number>();

async function sweep(route: ApiRoute, caller: Caller): Promise<string[]> {
  const leaks: string[] = [];
  // A route naming its record by `:id`, or the receipt's print data by `?id=`, tries every id.
  const byId = route.url.includes(':id') || route.url === '/api/v1/reports/labels/invoice';
  const ids = byId ? idCandidates() : [undefined];
  for (const id of ids) {
    const request = sampleRequest(
      route,
      { ...aIds, id: id ?? aIds.exchangeId, list: 'roomService' },
      todayStart() + 3600,
    );
    const response = await t.call(request.method, request.url, {
      token: caller.token,
      branchId: caller.branchId,
      body: request.body,
    });
    if (response.status < 200 || response.status >= 300) continue;
    successes.set(caller.label, (successes.get(caller.label) ?? 0) + 1);
    const text = JSON.stringify(response.body);
    for (const secret of caller.secrets) {
      if (text.includes(secret))
        leaks.push(
          `${caller.label}: ${request.method} ${request.url} answered ${response.status} with '${secret}'`,
        );
    }
  }
  return leaks;
}

async function sweepAll(callers: Caller[]): Promise<string[]> {
  const routes = t.app.routeTable.filter((route) => route.access !== 'public' && !route.websocket);
  expect(routes.length).toBeGreaterThan(40);
  const leaks: string[] = [];
  for (const route of routes) {
    // Sign-out would end the caller's session for the rest of the sweep.
    if (route.url.endsWith('/sign-out')) continue;
    for (const caller of callers) leaks.push(...(await sweep(route, caller)));
  }
  return leaks;
}

const adminOfSecondBranch = () => ({ token: a.token, branchId: secondBranch });

async function expectSecondBranchUnchanged() {
  const queue = await t.call(
    'GET',
    `/api/v1/queue?visitDate=${todayStart()}`,
    adminOfSecondBranch(),
  );
  expect(queue.body.data.items).toEqual([
    expect.objectContaining({
      id: aIds.exchangeId,
      version: queueVersion,
      remark: 'Secret remark',
      status: 'Consult In',
    }),
  ]);
  const links = await t.call('GET', '/api/v1/queue/display-links', adminOfSecondBranch());
  expect(links.body.data.items).toEqual([
    expect.objectContaining({ name: 'Secret TV', revokedAt: null }),
  ]);
  const rooms = await t.call(
    'GET',
    '/api/v1/queue/room-services?page=1&pageSize=999',
    adminOfSecondBranch(),
  );
  expect(rooms.body.data.items).toContainEqual(
    expect.objectContaining({ name: 'Secret Room', isActive: true }),
  );
  const doctors = await t.call('GET', '/api/v1/queue/doctor-rooms', adminOfSecondBranch());
  expect(doctors.body.data.items).toContainEqual(
    expect.objectContaining({ roomName: 'Secret Chamber' }),
  );
  const item = await t.call('GET', `/api/v1/catalogs/${catalogItemId}`, adminOfSecondBranch());
  expect(item.body.data).toMatchObject({
    name: 'Secretamol 500 mg',
    version: 1,
    priceCents: 87654321,
    available: true,
    branch: { version: 1 },
  });
  const stock = await t.call(
    'GET',
    `/api/v1/inventory/items/${catalogItemId}`,
    adminOfSecondBranch(),
  );
  // 9 received, 2 of them through the purchase order's first delivery; 2 dispensed.
  expect(stock.body.data.item.onHand).toBe(9);
  expect(stock.body.data.ledger.total).toBe(3);
  const sheet = await t.call(
    'GET',
    `/api/v1/inventory/stock-tallies/${tallyId}`,
    adminOfSecondBranch(),
  );
  expect(sheet.body.data.sheet).toMatchObject({ status: 'open', version: 1, countedCount: 0 });
  const purchase = await t.call(
    'GET',
    `/api/v1/inventory/purchases/${purchaseId}`,
    adminOfSecondBranch(),
  );
  expect(purchase.body.data).toMatchObject({
    status: 'PARTIALLY',
    version: 3,
    receivedQuantity: 2,
  });
  const line = await t.call(
    'GET',
    `/api/v1/prescriptions/${prescriptionId}`,
    adminOfSecondBranch(),
  );
  expect(line.body.data).toMatchObject({
    name: 'Secretoxin 5 mg',
    version: 0,
    dispenseQuantity: 3,
    indication: 'Secret indication',
  });
  const lines = await t.call(
    'GET',
    `/api/v1/visits/${aIds.visitId}/prescriptions/lines`,
    adminOfSecondBranch(),
  );
  expect(lines.body.data.total).toBe(1);
  const bill = await t.call('GET', `/api/v1/invoices/${invoiceId}`, adminOfSecondBranch());
  // Paid 5 cents and credited 5: the small bill owes nothing more.
  expect(bill.body.data).toMatchObject({
    status: 'FULLY',
    version: 5,
    paidCents: 5,
    creditedCents: 5,
    remarks: 'Secret bill remark',
  });
  expect(bill.body.data.payments).toEqual([
    expect.objectContaining({ id: paymentId, status: 'SETTLED', version: 1 }),
  ]);
  const footer = await t.call('GET', '/api/v1/printer/footer/Invoice', adminOfSecondBranch());
  expect(footer.body.data).toMatchObject({ content: '<p>Secret footer</p>', version: 1 });
  const company = await t.call('GET', `/api/v1/companies/${companyId}`, adminOfSecondBranch());
  expect(company.body.data).toMatchObject({ name: 'Secret Company Pte', version: 1 });
  const taxes = await t.call('GET', '/api/v1/settings/tax', adminOfSecondBranch());
  expect(taxes.body.data.items).toContainEqual(
    expect.objectContaining({ id: taxOptionId, name: 'Secret levy', version: 1 }),
  );
  const methods = await t.call('GET', '/api/v1/settings/payment-methods', adminOfSecondBranch());
  expect(methods.body.data.items).toContainEqual(
    expect.objectContaining({ id: paymentMethodId, name: 'Secret voucher', version: 1 }),
  );
  const deposit = await t.call('GET', `/api/v1/deposits/${depositId}`, adminOfSecondBranch());
  expect(deposit.body.data).toMatchObject({ status: 'SETTLED', version: 1, remainderCents: 700 });
  const note = await t.call('GET', `/api/v1/credit-notes/${creditNoteId}`, adminOfSecondBranch());
  expect(note.body.data).toMatchObject({ status: 'ISSUED', version: 1, amountCents: 5 });
}

describe('isolation sweep over every route', () => {
  it("clinic B: no 2xx answer carries clinic A's data, and nothing of A changes", async () => {
    const leaks = await sweepAll([
      {
        label: 'clinic B in its branch',
        token: b.token,
        branchId: b.branchId,
        secrets: clinicSecrets,
      },
      {
        label: "clinic B with A's second branch",
        token: b.token,
        branchId: secondBranch,
        secrets: clinicSecrets,
      },
      {
        label: "clinic B with A's first branch",
        token: b.token,
        branchId: a.branchId,
        secrets: clinicSecrets,
      },
    ]);
    expect(leaks).toEqual([]);
    expect(successes.get('clinic B in its branch')).toBeGreaterThan(20);
    await expectSecondBranchUnchanged();
    const profile = await t.call(
      'GET',
      `/api/v1/patients/${aIds.patientId}/profile`,
      adminOfSecondBranch(),
    );
    expect(profile.body.data).toMatchObject({
      name: 'Secretina Leakwell',
      cardNo: 'SECRETCARD-9',
      version: 1,
    });
  }, 120_000);

  it('a user of the first branch: nothing of the second branch is seen or changed', async () => {
    const leaks = await sweepAll([
      {
        label: 'first-branch user',
        token: frontDeskA.token,
        branchId: a.branchId,
        secrets: branchSecrets,
      },
      {
        label: 'first-branch pharmacist',
        token: pharmacistA.token,
        branchId: a.branchId,
        // A stock keeper sees the names of the clinic's other branches: whom to ask for
        // stock (GET /inventory/requisitions/branches).
        secrets: branchSecrets.filter((secret) => secret !== 'Branch SECRET2'),
      },
      {
        label: 'first-branch user, second branch header',
        token: frontDeskA.token,
        branchId: secondBranch,
        secrets: branchSecrets,
      },
    ]);
    expect(leaks).toEqual([]);
    expect(successes.get('first-branch user')).toBeGreaterThan(20);
    await expectSecondBranchUnchanged();
  }, 120_000);
});
