import { beforeAll, describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import {
  addBranch,
  addUser,
  expectStatus,
  patientBody,
  todayStart,
  unique,
} from '../../../test/helpers.ts';
import { CREDIT_NOTE_TYPE } from '@clinic/domain';
import { withTenant } from '../../db/tenant-db.ts';

/** The dashboard's day (issue 13, doc 1 section 2.10), built through the billing API. */
const {
  t,
  clinics: [clinic, other],
  users,
  admin,
} = setupApiTest({ clinics: 2, users: { doctor: { type: '50' } } });

interface Caller {
  token: string;
  branchId: string;
}
interface Bill {
  id: string;
  invoiceNo: string;
  version: number;
  grandTotalCents: number;
}

const api = (path: string) => `/api/v1${path}`;
const today = todayStart();
const yesterday = today - 86_400;

let adminB: Caller;
let otherAdmin: Caller;

async function newItem(caller: Caller) {
  const response = await t.call('POST', api('/catalogs'), {
    ...caller,
    body: {
      type: 'Med',
      code: unique('DSH').toUpperCase(),
      name: `Dashamol ${unique('n')}`,
      dispensingUnit: 'tab',
      sellingPriceCents: 200,
    },
  });
  expectStatus(response, 201);
  return response.body.data.id as string;
}

/** A new patient queued in the first branch: the patient, the visit and its name. */
async function queuedVisit() {
  const body = patientBody();
  const patient = await t.call('POST', api('/patients'), { ...admin, body });
  expectStatus(patient, 201);
  const patientId: string = patient.body.data.patientId;
  const queued = await t.call('POST', api('/queue'), {
    ...admin,
    body: { patientId, doctorId: users.doctor.id, visitPurposes: ['Consultation'] },
  });
  expectStatus(queued, 201);
  const visit = await withTenant(t.database.db, clinic.tenantId, (tx) =>
    tx.db
      .selectFrom('visits')
      .select('id')
      .where('patientId', '=', patientId)
      .executeTakeFirstOrThrow(),
  );
  return { patientId, visitId: visit.id, name: body.name, nric: body.nric };
}

/** A visit of a new patient written directly in another branch or clinic (no queue). */
async function visitOutside(caller: Caller, tenantId: string, doctorId: string) {
  const patient = await t.call('POST', api('/patients'), { ...caller, body: patientBody() });
  expectStatus(patient, 201);
  return withTenant(t.database.db, tenantId, async (tx) => {
    const row = await tx.db
      .insertInto('visits')
      .values({
        tenantId,
        branchId: caller.branchId,
        patientId: patient.body.data.patientId,
        doctorId,
        visitDate: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/** 15 tablets at $2.00 on the visit. */
async function prescribe(visitId: string, caller: Caller = admin) {
  const response = await t.call('POST', api(`/visits/${visitId}/prescriptions`), {
    ...caller,
    body: {
      catalogItemId: await newItem(caller),
      prescriptMode: 1,
      consumeQuantity: 1,
      frequency: 'TDS',
      duration: 5,
      cycle: 'day',
    },
  });
  expectStatus(response, 201);
}

async function finalisedBill(visitId: string, caller: Caller = admin): Promise<Bill> {
  const draft = await t.call('POST', api(`/visits/${visitId}/invoice`), caller);
  expectStatus(draft, 201);
  const response = await t.call('POST', api(`/invoices/${draft.body.data.id}/finalise`), {
    ...caller,
    body: { version: draft.body.data.version },
  });
  expectStatus(response, 200);
  return response.body.data;
}

async function pay(
  bill: Bill,
  tenders: Array<{ method: string; amountCents: number }>,
  caller: Caller = admin,
): Promise<{ paymentId: string; paymentVersion: number; bill: Bill }> {
  const response = await t.call('POST', api(`/invoices/${bill.id}/payments`), {
    ...caller,
    body: { version: bill.version, tenders },
  });
  expectStatus(response, 201);
  const { payment, invoice } = response.body.data;
  return { paymentId: payment.id, paymentVersion: payment.version, bill: invoice };
}

const dashboard = (path: string, caller: Caller = admin) => t.call('GET', api(path), caller);

let billed: { partly: Bill; fully: Bill };
let unbilled: {
  withLines: { patientId: string; name: string; nric: string };
  noLines: { patientId: string; name: string; nric: string };
};

beforeAll(async () => {
  const branchB = await addBranch(t, clinic, unique('DB').slice(0, 10).toUpperCase());
  const userB = await addUser(t, clinic, 'Administrator', {
    branchIds: [clinic.branchId, branchB],
  });
  adminB = { token: userB.token, branchId: branchB };
  otherAdmin = { token: other.token, branchId: other.branchId };

  // The first branch's day: one bill partly paid by a split payment, one paid in full by
  // two payments (and a third, voided), one visit with lines and none billed, one without.
  const partly = await queuedVisit();
  await prescribe(partly.visitId);
  const partlyBill = await finalisedBill(partly.visitId);
  const split = await pay(partlyBill, [
    { method: 'cash', amountCents: 1000 },
    { method: 'nets', amountCents: 500 },
  ]);

  const fully = await queuedVisit();
  await prescribe(fully.visitId);
  let fullyBill = await finalisedBill(fully.visitId);
  const voided = await pay(fullyBill, [{ method: 'paynow', amountCents: 700 }]);
  const voiding = await t.call('POST', api(`/payments/${voided.paymentId}/void`), {
    ...admin,
    body: { version: voided.paymentVersion, reason: 'Wrong method' },
  });
  expectStatus(voiding, 200);
  fullyBill = { ...fullyBill, version: voided.bill.version + 1 };
  const first = await pay(fullyBill, [{ method: 'nets', amountCents: 300 }]);
  await pay(first.bill, [{ method: 'card', amountCents: fullyBill.grandTotalCents - 300 }]);

  const withLines = await queuedVisit();
  await prescribe(withLines.visitId);
  const noLines = await queuedVisit();
  billed = { partly: split.bill, fully: fullyBill };
  unbilled = { withLines, noLines };

  // Another branch of the clinic, and another clinic: a bill each, paid in cash.
  const visitB = await visitOutside(adminB, clinic.tenantId, users.doctor.id);
  await prescribe(visitB, adminB);
  await pay(await finalisedBill(visitB, adminB), [{ method: 'cash', amountCents: 100 }], adminB);
  const otherVisit = await visitOutside(otherAdmin, other.tenantId, other.session.user.id);
  await prescribe(otherVisit, otherAdmin);
  await pay(
    await finalisedBill(otherVisit, otherAdmin),
    [{ method: 'cash', amountCents: 100 }],
    otherAdmin,
  );
});

describe('the dashboard of a day with bills and payments', () => {
  it("sums the branch's day: pending queue, unbilled prescriptions, billed, paid", async () => {
    const response = await dashboard(`/dashboards/collections?from=${today}`);
    expectStatus(response, 200);
    const { partly, fully } = billed;
    expect(response.body.data).toEqual({
      pendingQueueCount: 4,
      prescriptionCount: 1,
      totalAmountBilled: partly.grandTotalCents + fully.grandTotalCents,
      totalAmountPaid: 1500 + fully.grandTotalCents,
      totalSubsidyAmount: 0,
    });
    // Any moment of the day names the same day.
    const later = await dashboard(`/dashboards/collections?from=${today + 3600}`);
    expect(later.body.data).toEqual(response.body.data);
  });

  it('lists the patients whose visits have no finalised invoice, with and without lines', async () => {
    const response = await dashboard(`/dashboards/patients?from=${today}&t=unbilled`);
    expectStatus(response, 200);
    const expected = [unbilled.withLines, unbilled.noLines]
      .map((patient) => ({
        id: patient.patientId,
        patientName: patient.name,
        NRIC: patient.nric,
        cardNo: expect.any(String),
      }))
      .sort((a, b) => a.patientName.localeCompare(b.patientName));
    expect(response.body.data).toEqual({ items: expected, total: 2 });
  });

  it('lists the finalised invoices with a balance: the partly paid one only', async () => {
    const response = await dashboard(`/dashboards/invoices?from=${today}&t=uncompleted`);
    expectStatus(response, 200);
    const { partly } = billed;
    expect(response.body.data).toEqual({
      items: [
        {
          id: partly.id,
          invoiceNumber: partly.invoiceNo,
          patient: { name: expect.any(String) },
          totalAmount: partly.grandTotalCents,
          paidAmount: 1500,
          balance: partly.grandTotalCents - 1500,
        },
      ],
      total: 1,
    });
  });

  it('sums the tenders of settled payments by method, the voided one left out', async () => {
    const response = await dashboard(`/dashboards/amounts?from=${today}&t=payment-method`);
    expectStatus(response, 200);
    const card = billed.fully.grandTotalCents - 300;
    const expected = [
      { paymentMethod: 'Credit Card', amount: card, count: 1 },
      { paymentMethod: 'Cash', amount: 1000, count: 1 },
      { paymentMethod: 'NETS', amount: 800, count: 2 },
    ].sort((a, b) => b.amount - a.amount || a.paymentMethod.localeCompare(b.paymentMethod));
    expect(response.body.data).toEqual({ items: expected, total: 3 });
  });

  it('another branch and another clinic see only their own bill', async () => {
    for (const caller of [adminB, otherAdmin]) {
      const summary = await dashboard(`/dashboards/collections?from=${today}`, caller);
      expectStatus(summary, 200);
      expect(summary.body.data).toMatchObject({ pendingQueueCount: 0, totalAmountPaid: 100 });
      const amounts = await dashboard(`/dashboards/amounts?from=${today}&t=payment-method`, caller);
      expect(amounts.body.data.items).toEqual([{ paymentMethod: 'Cash', amount: 100, count: 1 }]);
      const patients = await dashboard(`/dashboards/patients?from=${today}&t=unbilled`, caller);
      expect(patients.body.data).toEqual({ items: [], total: 0 });
    }
  });

  it('a day without visits or payments is all zeros and empty lists', async () => {
    const summary = await dashboard(`/dashboards/collections?from=${yesterday}`);
    expect(summary.body.data).toEqual({
      pendingQueueCount: 0,
      prescriptionCount: 0,
      totalAmountBilled: 0,
      totalAmountPaid: 0,
      totalSubsidyAmount: 0,
    });
    for (const path of [
      `/dashboards/patients?from=${yesterday}&t=unbilled`,
      `/dashboards/invoices?from=${yesterday}&t=uncompleted`,
      `/dashboards/amounts?from=${yesterday}&t=payment-method`,
    ]) {
      const response = await dashboard(path);
      expectStatus(response, 200);
      expect(response.body.data).toEqual({ items: [], total: 0 });
    }
  });
});

describe('the uncompleted invoices, paid and credited as the invoice screen counts them', () => {
  it('an invoice with a deposit applied and a credit note shows the balance they leave', async () => {
    const branchC = await addBranch(t, clinic, unique('DC').slice(0, 10).toUpperCase());
    const userC = await addUser(t, clinic, 'Administrator', { branchIds: [branchC] });
    const adminC = { token: userC.token, branchId: branchC };
    const visitId = await visitOutside(adminC, clinic.tenantId, users.doctor.id);
    await prescribe(visitId, adminC);
    const bill = await finalisedBill(visitId, adminC);
    const paid = await pay(bill, [{ method: 'cash', amountCents: 1000 }], adminC);
    const read = async () => {
      const response = await t.call('GET', api(`/invoices/${bill.id}`), adminC);
      expectStatus(response, 200);
      return response.body.data;
    };
    const deposit = await t.call('POST', api('/deposits'), {
      ...adminC,
      body: { patientId: (await read()).patient.id, amountCents: 500, method: 'nets' },
    });
    expectStatus(deposit, 201);
    const applied = await t.call('POST', api(`/invoices/${bill.id}/deposit-applications`), {
      ...adminC,
      body: { version: paid.bill.version, depositId: deposit.body.data.id, amountCents: 500 },
    });
    expectStatus(applied, 201);
    const note = await t.call('POST', api('/credit-notes'), {
      ...adminC,
      body: {
        type: CREDIT_NOTE_TYPE.Invoice,
        invoiceId: bill.id,
        version: applied.body.data.invoice.version,
        amountCents: 200,
        reason: 'Goodwill',
        refundMethod: null,
      },
    });
    expectStatus(note, 201);
    const screen = await read();
    expect(screen).toMatchObject({
      paidCents: 1500,
      creditedCents: 200,
      balanceCents: bill.grandTotalCents - 1700,
    });
    const response = await dashboard(`/dashboards/invoices?from=${today}&t=uncompleted`, adminC);
    expectStatus(response, 200);
    expect(response.body.data).toEqual({
      items: [
        {
          id: bill.id,
          invoiceNumber: bill.invoiceNo,
          patient: { name: screen.patient.name },
          totalAmount: bill.grandTotalCents,
          paidAmount: screen.paidCents,
          balance: screen.balanceCents,
        },
      ],
      total: 1,
    });
  });
});

describe('refusals', () => {
  it.each([
    ['/dashboards/collections', 'from'],
    ['/dashboards/collections?from=yesterday', 'from'],
    ['/dashboards/collections?from=-5', 'from'],
    ['/dashboards/patients?from=1.5&t=unbilled', 'from'],
    ['/dashboards/patients?from=0', 't'],
    ['/dashboards/invoices?from=0&t=unbilled', 't'],
    ['/dashboards/amounts?from=0&t=cash', 't'],
  ])('GET %s is refused naming %s', async (path, field) => {
    const response = await dashboard(path);
    expectStatus(response, 400);
    expect(response.body.error.errors.map((error: { field: string }) => error.field)).toEqual([
      field,
    ]);
  });
});
