import { refusalMessage } from '@clinic/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import {
  addBranch,
  addUser,
  expectStatus,
  patientBody,
  unique,
  type ApiResponse,
} from '../../../test/helpers.ts';
import { withTenant } from '../../db/tenant-db.ts';

/** Invoices and payments (issue 13, docs/architecture.md "Billing"). */
const {
  t,
  clinics: [clinic, other],
  users,
  admin,
} = setupApiTest({
  clinics: 2,
  users: { doctor: { type: '50' }, desk: { type: 'Front Desk' } },
});

interface Caller {
  token: string;
  branchId: string;
}

const api = (path: string) => `/api/v1${path}`;

let branchB: string;
let adminB: Caller;
let otherAdmin: Caller;

beforeAll(async () => {
  branchB = await addBranch(t, clinic, unique('BB').slice(0, 10).toUpperCase());
  const user = await addUser(t, clinic, 'Administrator', { branchIds: [clinic.branchId, branchB] });
  adminB = { token: user.token, branchId: branchB };
  otherAdmin = { token: other.token, branchId: other.branchId };
});

async function newItem(priceCents: number) {
  const response = await t.call('POST', api('/catalogs'), {
    ...admin,
    body: {
      type: 'Med',
      code: unique('BIL').toUpperCase(),
      name: `Billamol ${unique('n')}`,
      dispensingUnit: 'tab',
      sellingPriceCents: priceCents,
    },
  });
  expectStatus(response, 201);
  return response.body.data.id as string;
}

async function receive(itemId: string, quantity: number) {
  const response = await t.call('POST', api('/inventory/receipts'), {
    ...admin,
    body: { itemId, batchNo: unique('LOT'), expiryDate: '2031-12-31', quantity, unitCostCents: 3 },
  });
  expectStatus(response, 201);
}

/** A visit of a new patient in the first branch. */
async function openVisit(): Promise<{ visitId: string; patientId: string }> {
  const patient = await t.call('POST', api('/patients'), { ...admin, body: patientBody() });
  expectStatus(patient, 201);
  const patientId: string = patient.body.data.patientId;
  const queued = await t.call('POST', api('/queue'), {
    ...admin,
    body: { patientId, doctorId: users.doctor.id, visitPurposes: ['Consultation'] },
  });
  expectStatus(queued, 201);
  const visitId = await withTenant(t.database.db, clinic.tenantId, async (tx) => {
    const visit = await tx.db
      .selectFrom('visits')
      .select('id')
      .where('patientId', '=', patientId)
      .executeTakeFirstOrThrow();
    return visit.id;
  });
  return { visitId, patientId };
}

/** A visit of a new patient in `branchId`, written directly (no queue needed). */
async function visitInBranch(branchId: string): Promise<string> {
  const patient = await t.call('POST', api('/patients'), { ...admin, body: patientBody() });
  expectStatus(patient, 201);
  return withTenant(t.database.db, clinic.tenantId, async (tx) => {
    const row = await tx.db
      .insertInto('visits')
      .values({
        tenantId: clinic.tenantId,
        branchId,
        patientId: patient.body.data.patientId,
        doctorId: users.doctor.id,
        visitDate: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/** Prescribes `perDose` tablets three times a day for `days` days (3 x days x perDose). */
async function prescribe(visitId: string, itemId: string, days = 5, caller: Caller = admin) {
  const response = await t.call('POST', api(`/visits/${visitId}/prescriptions`), {
    ...caller,
    body: {
      catalogItemId: itemId,
      prescriptMode: 1,
      consumeQuantity: 1,
      frequency: 'TDS',
      duration: days,
      cycle: 'day',
    },
  });
  expectStatus(response, 201);
}

interface InvoiceAnswer {
  id: string;
  invoiceNo: string | null;
  status: string;
  statusCode: number;
  version: number;
  lines: Array<{ id: string; quantity: number; unitPriceCents: number; taxCents: number }>;
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  subsidyCents: number;
  insuranceCents: number;
  roundingCents: number;
  grandTotalCents: number;
  paidCents: number;
  balanceCents: number;
  taxRateBasisPoints: number;
  invoiceDate: string;
  payments: Array<{ id: string; status: string; amountCents: number; version: number }>;
}

async function draftOf(visitId: string, caller: Caller = admin): Promise<InvoiceAnswer> {
  const response = await t.call('POST', api(`/visits/${visitId}/invoice`), caller);
  expectStatus(response, 201);
  return response.body.data;
}

/** A finalised invoice of a new visit with one line: `priceCents` x 15 at the default 7 %. */
async function finalised(priceCents = 200): Promise<InvoiceAnswer & { visitId: string }> {
  const { visitId } = await openVisit();
  await prescribe(visitId, await newItem(priceCents));
  const draft = await draftOf(visitId);
  const response = await t.call('POST', api(`/invoices/${draft.id}/finalise`), {
    ...admin,
    body: { version: draft.version },
  });
  expectStatus(response, 200);
  return { ...response.body.data, visitId };
}

function pay(
  invoice: { id: string; version: number },
  tenders: Array<{ method: string; amountCents: unknown }>,
  caller: Caller = admin,
) {
  return t.call('POST', api(`/invoices/${invoice.id}/payments`), {
    ...caller,
    body: { version: invoice.version, tenders },
  });
}

function expectRefusal(response: ApiResponse, status: number, code: string, field?: string) {
  expectStatus(response, status);
  expect(
    response.body.error.code === code ||
      response.body.error.errors?.some((error: { code: string }) => error.code === code),
  ).toBe(true);
  if (field) {
    expect(response.body.error.errors.map((error: { field: string }) => error.field)).toContain(
      field,
    );
  }
}

/** The identities every invoice answer keeps. */
function expectIdentities(invoice: InvoiceAnswer) {
  expect(invoice.grandTotalCents).toBe(
    invoice.subtotalCents -
      invoice.discountCents +
      invoice.taxCents -
      invoice.subsidyCents -
      invoice.insuranceCents +
      invoice.roundingCents,
  );
  expect(invoice.taxCents).toBe(invoice.lines.reduce((sum, line) => sum + line.taxCents, 0));
  const paid = invoice.payments
    .filter((payment) => payment.status === 'SETTLED')
    .reduce((sum, payment) => sum + payment.amountCents, 0);
  expect(invoice.paidCents).toBe(paid);
  if (invoice.status !== 'VOIDED') {
    expect(invoice.balanceCents).toBe(Math.max(0, invoice.grandTotalCents - paid));
  }
}

describe('reference lists', () => {
  it('answers the tax options, the default first at 7 %, GST at 9 % today', async () => {
    const response = await t.call('GET', api('/tax/options'), users.desk);
    expectStatus(response, 200);
    const items = response.body.data.items;
    expect(items.map((item: { code: string }) => item.code)).toEqual(['TAX', 'SG-GST', 'NONE']);
    expect(items[0]).toMatchObject({ rateBasisPoints: 700, isDefault: true });
    expect(items[1]).toMatchObject({ rateBasisPoints: 900, isDefault: false });
    expect(items[1].rates).toContainEqual({ effectiveFrom: '2023-01-01', rateBasisPoints: 800 });
  });

  it('answers the seeded payment methods, cash giving change', async () => {
    const response = await t.call('GET', api('/settings/paymentMethod'), users.doctor);
    expectStatus(response, 200);
    expect(response.body.data.items).toEqual([
      { code: 'cash', name: 'Cash', givesChange: true },
      { code: 'nets', name: 'NETS', givesChange: false },
      { code: 'card', name: 'Credit Card', givesChange: false },
      { code: 'paynow', name: 'PayNow', givesChange: false },
      { code: 'cheque', name: 'Cheque', givesChange: false },
    ]);
  });
});

describe('drafts', () => {
  it("are built from the visit's prescription lines at their prices, once per visit", async () => {
    const { visitId, patientId } = await openVisit();
    await prescribe(visitId, await newItem(250));
    await prescribe(visitId, await newItem(33), 2);
    const draft = await draftOf(visitId, users.desk);
    expect(draft).toMatchObject({
      invoiceNo: null,
      status: 'DRAFT',
      statusCode: 0,
      taxRateBasisPoints: 700,
      paidCents: 0,
    });
    expect(draft.lines.map((line) => [line.quantity, line.unitPriceCents])).toEqual([
      [15, 250],
      [6, 33],
    ]);
    // 3750 + 198 = 3948; tax 262.5 -> 263 and 13.86 -> 14.
    expect(draft).toMatchObject({ subtotalCents: 3948, taxCents: 277, grandTotalCents: 4225 });
    expect(draft.balanceCents).toBe(4225);
    expectIdentities(draft);
    const again = await draftOf(visitId);
    expect(again.id).toBe(draft.id);
    const list = await t.call('GET', api(`/invoices?patientId=${patientId}`), users.doctor);
    expectStatus(list, 200);
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.items[0]).toMatchObject({ id: draft.id, status: 'DRAFT' });
  });

  it('keep a line whose prescription was removed afterwards, in their own words', async () => {
    const { visitId } = await openVisit();
    await prescribe(visitId, await newItem(120));
    const draft = await draftOf(visitId);
    const lines = await t.call('GET', api(`/visits/${visitId}/prescriptions/lines`), admin);
    const line = lines.body.data.items[0];
    const removed = await t.call('DELETE', api(`/prescriptions/${line.id}`), {
      ...admin,
      body: { version: line.version },
    });
    expectStatus(removed, 200);
    const after = await t.call('GET', api(`/invoices/${draft.id}`), admin);
    expect(after.body.data.lines).toEqual([
      expect.objectContaining({ prescriptionId: null, quantity: 15, unitPriceCents: 120 }),
    ]);
  });

  it('are edited: quantities, prices, discounts, rounding, tax option, bill-to; stale is 409', async () => {
    const { visitId } = await openVisit();
    await prescribe(visitId, await newItem(1000));
    const draft = await draftOf(visitId);
    const line = draft.lines[0]!;
    const body = {
      version: draft.version,
      lineEdits: [
        { id: line.id, quantity: 3, unitPriceCents: 999, discount: { kind: 'amount', value: 97 } },
      ],
      invoiceDiscount: { kind: 'percent', value: 1000 },
      billTo: { name: 'Acme Pte Ltd', address: '1 Raffles Place' },
      remarks: 'Company visit',
      dueDate: '2099-01-31',
      roundingMode: 'nearest5Cents',
      taxOptionCode: 'SG-GST',
    };
    const saved = await t.call('PUT', api(`/invoices/${draft.id}`), { ...admin, body });
    expectStatus(saved, 200);
    const invoice = saved.body.data;
    // 2997 - 97 = 2900; 10 % = 290; tax 9 % of 2610 = 234.9 -> 235; 2845 rounds to 2845.
    expect(invoice).toMatchObject({
      subtotalCents: 2900,
      discountCents: 290,
      taxCents: 235,
      roundingCents: 0,
      grandTotalCents: 2845,
      taxRateBasisPoints: 900,
      billTo: { kind: 'company', name: 'Acme Pte Ltd', address: '1 Raffles Place' },
      dueDate: '2099-01-31',
      version: draft.version + 1,
    });
    expectIdentities(invoice);
    const stale = await t.call('PUT', api(`/invoices/${draft.id}`), { ...admin, body });
    expectRefusal(stale, 409, 'record.changed');
  });

  it('refuses unknown lines, discounts above amounts, unknown tax options and bad money', async () => {
    const { visitId } = await openVisit();
    await prescribe(visitId, await newItem(100));
    const draft = await draftOf(visitId);
    const base = { version: draft.version, taxOptionCode: 'TAX' };
    const line = draft.lines[0]!;
    const put = (body: Record<string, unknown>) =>
      t.call('PUT', api(`/invoices/${draft.id}`), { ...admin, body: { ...base, ...body } });
    expectRefusal(
      await put({
        lineEdits: [{ id: crypto.randomUUID(), quantity: 1, unitPriceCents: 1 }],
      }),
      400,
      'invoice.lineUnknown',
      'lineEdits.0.id',
    );
    expectRefusal(
      await put({
        lineEdits: [
          {
            id: line.id,
            quantity: 1,
            unitPriceCents: 100,
            discount: { kind: 'amount', value: 101 },
          },
        ],
      }),
      400,
      'invoice.lineDiscountAboveAmount',
      'lineEdits.0.discount',
    );
    expectRefusal(
      await put({ invoiceDiscount: { kind: 'amount', value: 1501 } }),
      400,
      'invoice.discountAboveSubtotal',
      'invoiceDiscount',
    );
    expectRefusal(await put({ taxOptionCode: 'VAT' }), 400, 'invoice.taxOptionUnknown');
    for (const unitPriceCents of [-1, 10.5, '10']) {
      const response = await put({
        lineEdits: [{ id: line.id, quantity: 1, unitPriceCents }],
      });
      expectStatus(response, 400);
    }
    const unchanged = await t.call('GET', api(`/invoices/${draft.id}`), admin);
    expect(unchanged.body.data).toMatchObject({ version: draft.version, subtotalCents: 1500 });
  });
});

describe('finalising', () => {
  it('numbers the invoice, freezes it, and refuses every change afterwards with 409', async () => {
    const invoice = await finalised(200);
    expect(invoice.invoiceNo).toMatch(/^INV-\d{6}$/);
    expect(invoice).toMatchObject({ status: 'ISSUED', statusCode: 1, grandTotalCents: 3210 });
    expectIdentities(invoice);
    const put = await t.call('PUT', api(`/invoices/${invoice.id}`), {
      ...admin,
      body: { version: invoice.version, taxOptionCode: 'NONE' },
    });
    expectRefusal(put, 409, 'invoice.notDraft');
    expect(put.body.error.message).toBe(refusalMessage('invoice.notDraft'));
    const again = await t.call('POST', api(`/invoices/${invoice.id}/finalise`), {
      ...admin,
      body: { version: invoice.version },
    });
    expectRefusal(again, 409, 'invoice.notDraft');
    // The visit's invoice is this one; no second draft is made.
    expect((await draftOf(invoice.visitId)).id).toBe(invoice.id);
  });

  it('refuses an invoice without lines, and makes a zero total FOC', async () => {
    const { visitId } = await openVisit();
    const empty = await draftOf(visitId);
    const refused = await t.call('POST', api(`/invoices/${empty.id}/finalise`), {
      ...admin,
      body: { version: empty.version },
    });
    expectRefusal(refused, 409, 'invoice.noLines');
    const free = await finalised(0);
    expect(free).toMatchObject({
      status: 'FOC',
      statusCode: 5,
      grandTotalCents: 0,
      balanceCents: 0,
    });
  });

  it('gives 10 invoices finalised at once in a branch the numbers 1 to 10', async () => {
    const item = await newItem(120);
    const drafts: InvoiceAnswer[] = [];
    for (let i = 0; i < 10; i += 1) {
      const visitId = await visitInBranch(branchB);
      await prescribe(visitId, item, 1, adminB);
      drafts.push(await draftOf(visitId, adminB));
    }
    const answers = await Promise.all(
      drafts.map((draft) =>
        t.call('POST', api(`/invoices/${draft.id}/finalise`), {
          ...adminB,
          body: { version: draft.version },
        }),
      ),
    );
    for (const answer of answers) expectStatus(answer, 200);
    const numbers = answers.map((answer) => answer.body.data.invoiceNo as string).sort();
    expect(numbers).toEqual(
      Array.from({ length: 10 }, (_, i) => `INV-${String(i + 1).padStart(6, '0')}`),
    );
  });
});

describe('figures that stay', () => {
  it('a new tax rate reaches new drafts and never a finalised invoice', async () => {
    const invoice = await finalised(200); // 3000 at 7 %: 3210
    const { visitId } = await openVisit();
    await prescribe(visitId, await newItem(200));
    const today = invoice.invoiceDate;
    await withTenant(t.database.db, clinic.tenantId, async (tx) => {
      const option = await tx.db
        .selectFrom('taxOptions')
        .select('id')
        .where('code', '=', 'TAX')
        .executeTakeFirstOrThrow();
      await tx.db
        .insertInto('taxOptionRates')
        .values({
          tenantId: clinic.tenantId,
          taxOptionId: option.id,
          effectiveFrom: today,
          rateBasisPoints: 1000,
        })
        .execute();
    });
    try {
      const kept = await t.call('GET', api(`/invoices/${invoice.id}`), admin);
      expect(kept.body.data).toMatchObject({
        taxRateBasisPoints: 700,
        taxCents: 210,
        grandTotalCents: 3210,
      });
      const draft = await draftOf(visitId);
      expect(draft).toMatchObject({ taxRateBasisPoints: 1000, taxCents: 300 });
    } finally {
      await withTenant(t.database.db, clinic.tenantId, (tx) =>
        tx.db
          .deleteFrom('taxOptionRates')
          .where('effectiveFrom', '=', today)
          .where('rateBasisPoints', '=', 1000)
          .execute(),
      );
    }
  });

  it('an invoice past its due date with money owed is overdue, and filtered so', async () => {
    const invoice = await finalised(200);
    const patientId = (await t.call('GET', api(`/invoices/${invoice.id}`), admin)).body.data.patient
      .id;
    await withTenant(t.database.db, clinic.tenantId, (tx) =>
      tx.db
        .updateTable('invoices')
        .set({ dueDate: '2020-01-31' })
        .where('id', '=', invoice.id)
        .execute(),
    );
    const read = await t.call('GET', api(`/invoices/${invoice.id}`), admin);
    expect(read.body.data).toMatchObject({ status: 'OVERDUE', statusCode: -2 });
    const list = (status: string) =>
      t.call('GET', api(`/invoices?patientId=${patientId}&status=${status}`), admin);
    expect((await list('OVERDUE')).body.data.items.map((i: { id: string }) => i.id)).toEqual([
      invoice.id,
    ]);
    expect((await list('ISSUED')).body.data.total).toBe(0);
    const paid = await pay(read.body.data, [{ method: 'cash', amountCents: 3210 }]);
    expectStatus(paid, 201);
    expect(paid.body.data.invoice.status).toBe('FULLY');
  });

  it("lists a patient's invoices by status and date, paged, newest first", async () => {
    const { visitId, patientId } = await openVisit();
    await prescribe(visitId, await newItem(100));
    const first = await draftOf(visitId);
    const issued = await t.call('POST', api(`/invoices/${first.id}/finalise`), {
      ...admin,
      body: { version: first.version },
    });
    expectStatus(issued, 200);
    const other = await withTenant(t.database.db, clinic.tenantId, async (tx) =>
      tx.db
        .insertInto('visits')
        .values({
          tenantId: clinic.tenantId,
          branchId: clinic.branchId,
          patientId,
          doctorId: users.doctor.id,
          visitDate: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    const second = await draftOf(other.id);
    const all = await t.call('GET', api(`/invoices?patientId=${patientId}&pageSize=1`), admin);
    expectStatus(all, 200);
    expect(all.body.data).toMatchObject({ total: 2, items: [{ id: second.id }] });
    const page2 = await t.call(
      'GET',
      api(`/invoices?patientId=${patientId}&pageSize=1&pageIndex=2`),
      admin,
    );
    expect(page2.body.data.items).toEqual([expect.objectContaining({ id: first.id })]);
    const drafts = await t.call('GET', api(`/invoices?patientId=${patientId}&status=DRAFT`), admin);
    expect(drafts.body.data.items.map((i: { id: string }) => i.id)).toEqual([second.id]);
    const old = await t.call(
      'GET',
      api(`/invoices?patientId=${patientId}&fromDate=2020-01-01&toDate=2020-12-31`),
      admin,
    );
    expect(old.body.data.total).toBe(0);
    expectRefusal(
      await t.call(
        'GET',
        api(`/invoices?patientId=${patientId}&fromDate=2020-12-31&toDate=2020-01-01`),
        admin,
      ),
      400,
      'stock.periodBackwards',
      'toDate',
    );
    expectStatus(await t.call('GET', api('/invoices'), admin), 400);
  });
});

describe('payments', () => {
  it('split across NETS and cash with change, partial then full, with receipts numbered', async () => {
    const invoice = await finalised(200); // 3000 + 210 = 3210
    const first = await pay(invoice, [{ method: 'nets', amountCents: 1000 }], users.desk);
    expectStatus(first, 201);
    expect(first.body.data.payment).toMatchObject({
      paymentNo: expect.stringMatching(/^RCP-\d{6}$/),
      status: 'SETTLED',
      amountCents: 1000,
      changeCents: 0,
    });
    expect(first.body.data.invoice).toMatchObject({
      status: 'PARTIALLY',
      paidCents: 1000,
      balanceCents: 2210,
    });
    expectIdentities(first.body.data.invoice);
    const second = await pay(first.body.data.invoice, [
      { method: 'nets', amountCents: 1200 },
      { method: 'cash', amountCents: 5000 },
    ]);
    expectStatus(second, 201);
    expect(second.body.data.payment).toMatchObject({ amountCents: 2210, changeCents: 3990 });
    expect(second.body.data.payment.tenders).toEqual([
      { method: 'nets', methodName: 'NETS', amountCents: 1200 },
      { method: 'cash', methodName: 'Cash', amountCents: 1010 },
    ]);
    expect(second.body.data.invoice).toMatchObject({ status: 'FULLY', balanceCents: 0 });
    const seqs = [first, second].map((r) => Number(r.body.data.payment.paymentNo.slice(4)));
    expect(seqs[1]).toBe(seqs[0]! + 1);
    const more = await pay(second.body.data.invoice, [{ method: 'cash', amountCents: 1 }]);
    expectRefusal(more, 409, 'payment.nothingOwed');
    const list = await t.call('GET', api(`/payments?invoiceId=${invoice.id}`), users.desk);
    expectStatus(list, 200);
    expect(list.body.data.total).toBe(2);
  });

  it('refuses bad tenders: negative, fractions of a cent, unknown methods, card above the balance', async () => {
    const invoice = await finalised(200);
    for (const amountCents of [-100, 10.5, '100', null]) {
      expectStatus(await pay(invoice, [{ method: 'cash', amountCents }]), 400);
    }
    expectRefusal(
      await pay(invoice, [{ method: 'bitcoin', amountCents: 100 }]),
      400,
      'payment.methodUnknown',
      'tenders.0.method',
    );
    expectRefusal(
      await pay(invoice, [{ method: 'card', amountCents: 3211 }]),
      400,
      'payment.aboveBalance',
      'tenders',
    );
    expectRefusal(
      await pay(invoice, [{ method: 'cash', amountCents: 0 }]),
      400,
      'payment.nothingTendered',
    );
    expectRefusal(
      await pay({ ...invoice, version: 99 }, [{ method: 'cash', amountCents: 1 }]),
      409,
      'record.changed',
    );
    const unchanged = await t.call('GET', api(`/invoices/${invoice.id}`), admin);
    expect(unchanged.body.data).toMatchObject({ paidCents: 0, version: invoice.version });
  });

  it('refuses payments on a draft and on a voided invoice', async () => {
    const { visitId } = await openVisit();
    await prescribe(visitId, await newItem(100));
    const draft = await draftOf(visitId);
    expectRefusal(
      await pay(draft, [{ method: 'cash', amountCents: 100 }]),
      409,
      'payment.invoiceDraft',
    );
    const voided = await t.call('POST', api(`/invoices/${draft.id}/void`), {
      ...admin,
      body: { version: draft.version, reason: 'Billed by mistake' },
    });
    expectStatus(voided, 200);
    expect(voided.body.data).toMatchObject({ status: 'VOIDED', voidReason: 'Billed by mistake' });
    expectRefusal(
      await pay(voided.body.data, [{ method: 'cash', amountCents: 100 }]),
      409,
      'payment.invoiceVoided',
    );
    // The visit may be billed again.
    expect((await draftOf(visitId)).id).not.toBe(draft.id);
  });

  it('of two payments racing for the whole balance, exactly one is taken', async () => {
    const invoice = await finalised(200);
    const answers = await Promise.all([
      pay(invoice, [{ method: 'card', amountCents: 3210 }]),
      pay(invoice, [{ method: 'cash', amountCents: 3210 }]),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const after = await t.call('GET', api(`/invoices/${invoice.id}`), admin);
    expect(after.body.data).toMatchObject({ paidCents: 3210, balanceCents: 0, status: 'FULLY' });
    expect(after.body.data.payments).toHaveLength(1);
  });

  it('a voided payment restores the balance; the invoice is voided only without payments', async () => {
    const invoice = await finalised(200);
    const paid = await pay(invoice, [{ method: 'paynow', amountCents: 3210 }]);
    expectStatus(paid, 201);
    const payment = paid.body.data.payment;
    const refused = await t.call('POST', api(`/invoices/${invoice.id}/void`), {
      ...admin,
      body: { version: paid.body.data.invoice.version, reason: 'Wrong patient' },
    });
    expectRefusal(refused, 409, 'invoice.hasPayments');
    const voided = await t.call('POST', api(`/payments/${payment.id}/void`), {
      ...admin,
      body: { version: payment.version, reason: 'Card declined later' },
    });
    expectStatus(voided, 200);
    expect(voided.body.data).toMatchObject({ status: 'VOIDED', voidReason: 'Card declined later' });
    const again = await t.call('POST', api(`/payments/${payment.id}/void`), {
      ...admin,
      body: { version: voided.body.data.version, reason: 'Twice' },
    });
    expectRefusal(again, 409, 'payment.alreadyVoided');
    const after = await t.call('GET', api(`/invoices/${invoice.id}`), admin);
    expect(after.body.data).toMatchObject({ status: 'ISSUED', paidCents: 0, balanceCents: 3210 });
    expectIdentities(after.body.data);
    const done = await t.call('POST', api(`/invoices/${invoice.id}/void`), {
      ...admin,
      body: { version: after.body.data.version, reason: 'Wrong patient' },
    });
    expectStatus(done, 200);
    expect(done.body.data.status).toBe('VOIDED');
  });

  it("dispenses the visit's lines through the payment, once", async () => {
    const { visitId } = await openVisit();
    const itemId = await newItem(50);
    await receive(itemId, 100);
    await prescribe(visitId, itemId);
    const draft = await draftOf(visitId);
    const invoice = (
      await t.call('POST', api(`/invoices/${draft.id}/finalise`), {
        ...admin,
        body: { version: draft.version },
      })
    ).body.data;
    const paid = await pay(invoice, [{ method: 'cash', amountCents: 10_000 }], users.desk);
    expectStatus(paid, 201);
    const payment = paid.body.data.payment;
    const stale = await t.call('PATCH', api(`/payments/${payment.id}/dispense`), {
      ...users.desk,
      body: { version: payment.version + 1 },
    });
    expectRefusal(stale, 409, 'record.changed');
    const dispensed = await t.call('PATCH', api(`/payments/${payment.id}/dispense`), {
      ...users.desk,
      body: { version: payment.version },
    });
    expectStatus(dispensed, 200);
    expect(dispensed.body.data).toMatchObject({ paymentId: payment.id, visitId });
    expect(dispensed.body.data.prescriptionIds).toHaveLength(1);
    const stock = await t.call('GET', api(`/inventory/items/${itemId}`), admin);
    expect(stock.body.data.item.onHand).toBe(85);
    const twice = await t.call('PATCH', api(`/payments/${payment.id}/dispense`), {
      ...users.desk,
      body: { version: payment.version },
    });
    expectRefusal(twice, 409, 'dispensing.nothingToDispense');
  });
});

describe('who may', () => {
  it('another clinic sees and changes nothing', async () => {
    const invoice = await finalised(200);
    expectStatus(await t.call('GET', api(`/invoices/${invoice.id}`), otherAdmin), 404);
    expectStatus(await t.call('POST', api(`/visits/${invoice.visitId}/invoice`), otherAdmin), 404);
    expectStatus(await pay(invoice, [{ method: 'cash', amountCents: 1 }], otherAdmin), 404);
    const payments = await t.call('GET', api(`/payments?invoiceId=${invoice.id}`), otherAdmin);
    expectStatus(payments, 404);
  });

  it('another branch reads the bill but changes nothing of it', async () => {
    const invoice = await finalised(200);
    expectStatus(await t.call('GET', api(`/invoices/${invoice.id}`), adminB), 200);
    expectRefusal(
      await pay(invoice, [{ method: 'cash', amountCents: 1 }], adminB),
      403,
      'invoice.anotherBranch',
    );
    const voided = await t.call('POST', api(`/invoices/${invoice.id}/void`), {
      ...adminB,
      body: { version: invoice.version, reason: 'Not ours' },
    });
    expectRefusal(voided, 403, 'invoice.anotherBranch');
    const { visitId } = await openVisit();
    expectRefusal(
      await t.call('POST', api(`/visits/${visitId}/invoice`), adminB),
      403,
      'visit.anotherBranch',
    );
  });

  it('a doctor reads bills but neither drafts nor takes payments', async () => {
    const invoice = await finalised(200);
    expectStatus(await t.call('GET', api(`/invoices/${invoice.id}`), users.doctor), 200);
    const { visitId } = await openVisit();
    expectRefusal(
      await t.call('POST', api(`/visits/${visitId}/invoice`), users.doctor),
      403,
      'access.roleRefusal',
    );
    expectRefusal(
      await pay(invoice, [{ method: 'cash', amountCents: 1 }], users.doctor),
      403,
      'access.roleRefusal',
    );
  });
});
