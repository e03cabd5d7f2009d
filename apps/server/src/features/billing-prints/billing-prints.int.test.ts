import { nricFor, PRINT_MESSAGES, refusalMessage } from '@clinic/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import {
  addBranch,
  addUser,
  createRole,
  expectStatus,
  patientBody,
  unique,
} from '../../../test/helpers.ts';
import { withTenant } from '../../db/tenant-db.ts';

/** Print data of the billing documents (docs/architecture.md "Billing prints"). */
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
let desk: Caller;
let itemId: string;

beforeAll(async () => {
  branchB = await addBranch(t, clinic, unique('PB').slice(0, 10).toUpperCase());
  const user = await addUser(t, clinic, 'Administrator', { branchIds: [clinic.branchId, branchB] });
  adminB = { token: user.token, branchId: branchB };
  otherAdmin = { token: other.token, branchId: other.branchId };
  desk = { token: users.desk.token, branchId: clinic.branchId };
  await withTenant(t.database.db, clinic.tenantId, (tx) =>
    tx.db
      .updateTable('branches')
      .set({ country: 'SG' })
      .where('id', '=', clinic.branchId)
      .execute(),
  );
  const item = await t.call('POST', api('/catalogs'), {
    ...admin,
    body: {
      type: 'Med',
      code: unique('PRT').toUpperCase(),
      name: 'Printamol 500 mg',
      dispensingUnit: 'tab',
      sellingPriceCents: 120,
    },
  });
  expectStatus(item, 201);
  itemId = item.body.data.id;
  const received = await t.call('POST', api('/inventory/receipts'), {
    ...admin,
    body: {
      itemId,
      batchNo: unique('LOT'),
      expiryDate: '2031-12-31',
      quantity: 500,
      unitCostCents: 3,
    },
  });
  expectStatus(received, 201);
});

/** A patient's visit in the first branch, prescribed 15 tablets ($18.00), and its draft. */
async function draftBill(nric?: string) {
  const patient = await t.call('POST', api('/patients'), {
    ...admin,
    body: patientBody(nric ? { nric } : {}),
  });
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
  const line = await t.call('POST', api(`/visits/${visitId}/prescriptions`), {
    ...admin,
    body: {
      catalogItemId: itemId,
      prescriptMode: 1,
      consumeQuantity: 1,
      frequency: 'TDS',
      duration: 5,
      cycle: 'day',
    },
  });
  expectStatus(line, 201);
  const draft = await t.call('POST', api(`/visits/${visitId}/invoice`), admin);
  expectStatus(draft, 201);
  return { patientId, invoice: draft.body.data as { id: string; version: number } };
}

/** A finalised bill with a cash payment of `cents` (none for 0). */
async function issuedBill(cents: number, nric?: string) {
  const { patientId, invoice } = await draftBill(nric);
  const finalised = await t.call('POST', api(`/invoices/${invoice.id}/finalise`), {
    ...admin,
    body: { version: invoice.version },
  });
  expectStatus(finalised, 200);
  let version: number = finalised.body.data.version;
  if (cents > 0) {
    const paid = await t.call('POST', api(`/invoices/${invoice.id}/payments`), {
      ...admin,
      body: { version, tenders: [{ method: 'cash', amountCents: cents }], remarks: 'Thank you' },
    });
    expectStatus(paid, 201);
    version = paid.body.data.invoice.version;
  }
  return { patientId, invoiceId: invoice.id, bill: finalised.body.data, version };
}

describe('GET /reports/invoices/{id}', () => {
  it("answers the invoice, its payments and its tax invoice in the spec's fields, ID masked", async () => {
    const { invoiceId, bill } = await issuedBill(500, 'S1234567D');
    const response = await t.call('GET', api(`/reports/invoices/${invoiceId}`), desk);
    expectStatus(response, 200);
    const { invoice, payments, taxInvoice } = response.body.data;
    // 15 x $1.20 = $18.00, 7 % tax $1.26: $19.26; $5.00 paid.
    expect(invoice).toMatchObject({
      id: invoiceId,
      invoiceNo: bill.invoiceNo,
      status: 'PARTIALLY',
      subtotal: 1800,
      taxAmount: 126,
      discount: { amount: 0 },
      grandTotal: 1926,
      paid: 500,
      balance: 1426,
      patient: { ic: '*****567D' },
      subsidies: [],
    });
    expect(invoice.details).toEqual([
      expect.objectContaining({
        itemName: 'Printamol 500 mg',
        qty: 15,
        um: 'tab',
        price: 120,
        amount: 1800,
        tax: { amount: 126 },
        subtotal: 1800,
        doctorName: expect.any(String),
      }),
    ]);
    expect(payments).toEqual([
      expect.objectContaining({
        amountReceived: 500,
        paymentMethod: 'Cash',
        tenders: [{ method: 'Cash', amount: 500 }],
        notes: 'Thank you',
        status: 0,
        patient: expect.objectContaining({ ic: '*****567D' }),
        payer: { name: invoice.patient.name },
      }),
    ]);
    expect(taxInvoice).toMatchObject({
      invoiceNum: bill.invoiceNo,
      status: 3,
      patient: { ic: '*****567D' },
      subtotal: 1800,
      taxAmount: 126,
      grandTotal: 1926,
      subsidyTotal: 0,
      netDueAmount: 1926,
      realAmountPaid: 500,
      patientPayable: 1926,
      deliveryFee: 0,
      subsidy: null,
    });
    expect(taxInvoice.items).toEqual([
      expect.objectContaining({ category: 1, unitPrice: 120, quantity: 15, tax: { amount: 126 } }),
    ]);
    expect(JSON.stringify(response.body)).not.toContain('S1234567D');
  });

  it('prints the real amount paid as the patient payable once fully paid (status 4)', async () => {
    const { invoiceId } = await issuedBill(2000);
    const response = await t.call('GET', api(`/reports/invoices/${invoiceId}`), admin);
    expectStatus(response, 200);
    expect(response.body.data.taxInvoice).toMatchObject({
      status: 4,
      netDueAmount: 1926,
      realAmountPaid: 1926,
      patientPayable: 1926,
    });
    expect(response.body.data.payments[0]).toMatchObject({ amountReceived: 1926, change: 74 });
  });

  it('prints a draft (the quotation) with no number', async () => {
    const { invoice } = await draftBill();
    const response = await t.call('GET', api(`/reports/invoices/${invoice.id}`), admin);
    expectStatus(response, 200);
    expect(response.body.data.invoice).toMatchObject({
      invoiceNo: null,
      status: 'DRAFT',
      grandTotal: 1926,
    });
    expect(response.body.data.payments).toEqual([]);
  });

  it('shows the whole ID for a branch outside Singapore', async () => {
    const { invoiceId } = await issuedBill(0, nricFor('S', '7654321'));
    await withTenant(t.database.db, clinic.tenantId, (tx) =>
      tx.db
        .updateTable('branches')
        .set({ country: 'MY' })
        .where('id', '=', clinic.branchId)
        .execute(),
    );
    try {
      const response = await t.call('GET', api(`/reports/invoices/${invoiceId}`), admin);
      expectStatus(response, 200);
      expect(response.body.data.invoice.patient.ic).toBe(nricFor('S', '7654321'));
    } finally {
      await withTenant(t.database.db, clinic.tenantId, (tx) =>
        tx.db
          .updateTable('branches')
          .set({ country: 'SG' })
          .where('id', '=', clinic.branchId)
          .execute(),
      );
    }
  });

  it('refuses a role without invoices:print, another branch and another clinic', async () => {
    const { invoiceId } = await issuedBill(0);
    const doctor = await t.call('GET', api(`/reports/invoices/${invoiceId}`), {
      token: users.doctor.token,
      branchId: clinic.branchId,
    });
    expectStatus(doctor, 403);
    const branch = await t.call('GET', api(`/reports/invoices/${invoiceId}`), adminB);
    expectStatus(branch, 403);
    expect(branch.body.error).toMatchObject({
      code: 'print.anotherBranch',
      message: refusalMessage('print.anotherBranch'),
    });
    const clinicOther = await t.call('GET', api(`/reports/invoices/${invoiceId}`), otherAdmin);
    expectStatus(clinicOther, 404);
    expect(clinicOther.body.error.code).toBe('invoice.notFound');
  });

  it('audits the print as a read of the invoice', async () => {
    const { invoiceId } = await issuedBill(0);
    expectStatus(await t.call('GET', api(`/reports/invoices/${invoiceId}`), admin), 200);
    const rows = await withTenant(t.database.db, clinic.tenantId, (tx) =>
      tx.db
        .selectFrom('auditEvents')
        .select(['action', 'entity', 'entityId', 'detail'])
        .where('entityId', '=', invoiceId)
        .where('action', '=', 'read')
        .execute(),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        entity: 'invoice',
        detail: expect.objectContaining({ record: 'print' }),
      }),
    ]);
  });
});

describe('GET /reports/labels/invoice', () => {
  it('answers the receipt: the invoice and its settled payments', async () => {
    const { invoiceId, version } = await issuedBill(500, 'T0123456G');
    const second = await t.call('POST', api(`/invoices/${invoiceId}/payments`), {
      ...admin,
      body: { version, tenders: [{ method: 'nets', amountCents: 300 }] },
    });
    expectStatus(second, 201);
    const voided = await t.call('POST', api(`/payments/${second.body.data.payment.id}/void`), {
      ...admin,
      body: { version: 1, reason: 'Wrong card' },
    });
    expectStatus(voided, 200);
    const response = await t.call('GET', api(`/reports/labels/invoice?id=${invoiceId}`), desk);
    expectStatus(response, 200);
    const { invoice, receipts } = response.body.data;
    expect(invoice).toMatchObject({
      patient: { ic: '*****456G' },
      subtotal: 1800,
      discountAmount: 0,
      taxAmount: 126,
      grandTotal: 1926,
      paid: 500,
      balance: 1426,
    });
    expect(receipts).toEqual([
      expect.objectContaining({ paidAmount: 500, paymentMethod: 'Cash', remarks: 'Thank you' }),
    ]);
  });

  it("says the spec's words for a missing id; another clinic's invoice is not found", async () => {
    const missing = await t.call('GET', api('/reports/labels/invoice'), admin);
    expectStatus(missing, 400);
    expect(missing.body.error.errors).toEqual([
      expect.objectContaining({ field: 'id', message: PRINT_MESSAGES.invoiceRequired }),
    ]);
    const { invoiceId } = await issuedBill(0);
    expectStatus(
      await t.call('GET', api(`/reports/labels/invoice?id=${invoiceId}`), otherAdmin),
      404,
    );
    expectStatus(await t.call('GET', api(`/reports/labels/invoice?id=${invoiceId}`), adminB), 403);
  });
});

describe('GET /reports/statements', () => {
  it("answers the patient's invoices of the branch still owing, their receipts and the total", async () => {
    const first = await issuedBill(500, nricFor('S', '2222222'));
    // A second visit of the same patient, billed and left unpaid.
    const queued = await t.call('POST', api('/queue'), {
      ...admin,
      body: {
        patientId: first.patientId,
        doctorId: users.doctor.id,
        visitPurposes: ['Consultation'],
      },
    });
    expectStatus(queued, 201);
    const visitId = await withTenant(t.database.db, clinic.tenantId, async (tx) => {
      const visit = await tx.db
        .selectFrom('visits')
        .select('id')
        .where('patientId', '=', first.patientId)
        .orderBy('createdAt', 'desc')
        .executeTakeFirstOrThrow();
      return visit.id;
    });
    const line = await t.call('POST', api(`/visits/${visitId}/prescriptions`), {
      ...admin,
      body: {
        catalogItemId: itemId,
        prescriptMode: 1,
        consumeQuantity: 1,
        frequency: 'TDS',
        duration: 5,
        cycle: 'day',
      },
    });
    expectStatus(line, 201);
    const draft = await t.call('POST', api(`/visits/${visitId}/invoice`), admin);
    expectStatus(draft, 201);
    const issued = await t.call('POST', api(`/invoices/${draft.body.data.id}/finalise`), {
      ...admin,
      body: { version: draft.body.data.version },
    });
    expectStatus(issued, 200);

    const response = await t.call(
      'GET',
      api(`/reports/statements?patientId=${first.patientId}`),
      admin,
    );
    expectStatus(response, 200);
    const statement = response.body.data;
    expect(statement.patient.ic).toBe(`*****${nricFor('S', '2222222').slice(-4)}`);
    expect(statement.invoices.map((invoice: { balance: number }) => invoice.balance)).toEqual([
      1426, 1926,
    ]);
    expect(statement.receipts).toEqual([expect.objectContaining({ paidAmount: 500 })]);
    expect(statement.totalBalance).toBe(3352);

    // Another branch owes nothing of this branch's bills; another clinic knows no patient.
    const branch = await t.call(
      'GET',
      api(`/reports/statements?patientId=${first.patientId}`),
      adminB,
    );
    expectStatus(branch, 200);
    expect(branch.body.data).toMatchObject({ invoices: [], receipts: [], totalBalance: 0 });
    const clinicOther = await t.call(
      'GET',
      api(`/reports/statements?patientId=${first.patientId}`),
      otherAdmin,
    );
    expectStatus(clinicOther, 404);
  });

  it("says the spec's words without a patient", async () => {
    const response = await t.call('GET', api('/reports/statements'), admin);
    expectStatus(response, 400);
    expect(response.body.error.errors).toEqual([
      expect.objectContaining({ field: 'patientId', message: PRINT_MESSAGES.patientRequired }),
    ]);
  });
});

describe('GET /reports/credit-notes/{id}', () => {
  let notes = 0;
  /** A goods-return note of a paid bill of the first branch (patient ID S333333n + check). */
  async function goodsReturnNote() {
    notes += 1;
    const nric = nricFor('S', `333333${notes}`);
    const { patientId, invoiceId, bill } = await issuedBill(1800, nric);
    const invoice = await t.call('GET', api(`/invoices/${invoiceId}`), admin);
    const note = await t.call('POST', api('/credit-notes'), {
      ...admin,
      body: {
        type: 2,
        invoiceId,
        version: invoice.body.data.version,
        amountCents: 600,
        reason: 'Five tablets returned',
        refundMethod: 'cash',
        returnedLines: [{ lineId: invoice.body.data.lines[0].id, quantity: 5 }],
      },
    });
    expectStatus(note, 201);
    return {
      patientId,
      nric,
      invoiceNo: bill.invoiceNo as string,
      note: note.body.data as { id: string; creditNoteNo: string; version: number },
    };
  }

  it('answers the note as printed: what it credits, the lines, the masked ID', async () => {
    const { patientId, nric, invoiceNo, note } = await goodsReturnNote();
    const response = await t.call('GET', api(`/reports/credit-notes/${note.id}`), desk);
    expectStatus(response, 200);
    expect(response.body.data.creditNote).toMatchObject({
      id: note.id,
      creditNoteNumber: note.creditNoteNo,
      creditNoteType: 2,
      type: 'goodsReturn',
      status: 'ISSUED',
      amount: 600,
      paymentMethodName: 'Cash',
      reason: 'Five tablets returned',
      invoiceNo,
      depositNo: null,
      patient: { id: patientId, ic: `*****${nric.slice(-4)}` },
      lines: [{ itemName: 'Printamol 500 mg', qty: 5 }],
      voidReason: null,
    });
    expect(JSON.stringify(response.body)).not.toContain(nric);
  });

  it('prints a voided note with its reason', async () => {
    const { note } = await goodsReturnNote();
    const voided = await t.call('POST', api(`/credit-notes/${note.id}/void`), {
      ...admin,
      body: { version: note.version, reason: 'Wrong bill' },
    });
    expectStatus(voided, 200);
    const response = await t.call('GET', api(`/reports/credit-notes/${note.id}`), admin);
    expect(response.body.data.creditNote).toMatchObject({
      status: 'VOIDED',
      statusCode: -1,
      voidReason: 'Wrong bill',
    });
  });

  it('refuses a role without invoices:read, another branch and another clinic; audits', async () => {
    const { note } = await goodsReturnNote();
    const nobody = await addUser(t, clinic, 'Front Desk', {
      roleIds: [await createRole(t, clinic, unique('No prints'))],
    });
    const refused = await t.call('GET', api(`/reports/credit-notes/${note.id}`), {
      token: nobody.token,
      branchId: clinic.branchId,
    });
    expectStatus(refused, 403);
    const branch = await t.call('GET', api(`/reports/credit-notes/${note.id}`), adminB);
    expectStatus(branch, 403);
    expect(branch.body.error).toMatchObject({
      code: 'print.creditNoteAnotherBranch',
      message: PRINT_MESSAGES.creditNoteAnotherBranch,
    });
    const clinicOther = await t.call('GET', api(`/reports/credit-notes/${note.id}`), otherAdmin);
    expectStatus(clinicOther, 404);
    expect(clinicOther.body.error.code).toBe('creditNote.notFound');
    const bad = await t.call('GET', api('/reports/credit-notes/nothing'), admin);
    expectStatus(bad, 400);
    expect(bad.body.error.errors).toEqual([
      expect.objectContaining({ field: 'id', message: 'no credit note id' }),
    ]);
    expectStatus(await t.call('GET', api(`/reports/credit-notes/${note.id}`), admin), 200);
    const rows = await withTenant(t.database.db, clinic.tenantId, (tx) =>
      tx.db
        .selectFrom('auditEvents')
        .select(['action', 'entity', 'entityId', 'detail'])
        .where('entityId', '=', note.id)
        .where('action', '=', 'read')
        .execute(),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        entity: 'creditNote',
        detail: expect.objectContaining({ record: 'print' }),
      }),
    ]);
  });
});

describe('printer footers', () => {
  const footer = (caller: Caller) => t.call('GET', api('/printer/footer/Invoice'), caller);

  it('answers an empty footer, keeps a saved one sanitised and never answers a script', async () => {
    const empty = await footer(adminB);
    expectStatus(empty, 200);
    expect(empty.body.data).toEqual({
      kind: 'Invoice',
      branchId: branchB,
      content: '',
      version: 0,
    });

    const saved = await t.call('PUT', api('/settings/printer/footer/Invoice'), {
      ...adminB,
      body: {
        version: 0,
        content:
          '<p onclick="steal()">Thank you for <b>visiting</b>!</p><script>alert(1)</script>' +
          '<img src=x onerror="alert(2)"><a href="javascript:alert(3)">GST Reg 2001</a>',
      },
    });
    expectStatus(saved, 200);
    expect(saved.body.data).toMatchObject({ version: 1 });
    const read = await footer({ token: users.desk.token, branchId: clinic.branchId });
    expectStatus(read, 200);
    const again = await footer(adminB);
    expect(again.body.data.content).toBe('<p>Thank you for <b>visiting</b>!</p>GST Reg 2001');
    for (const dangerous of [
      'script',
      'onerror',
      'onclick',
      'javascript:',
      'alert',
      '<img',
      'href',
    ]) {
      expect(again.body.data.content).not.toContain(dangerous);
    }

    // A row written around the sanitiser is sanitised when answered.
    await withTenant(t.database.db, clinic.tenantId, (tx) =>
      tx.db
        .updateTable('printerFooters')
        .set({ content: '<div onmouseover="x()">Hi<script>alert(1)</script></div>' })
        .where('branchId', '=', branchB)
        .execute(),
    );
    expect((await footer(adminB)).body.data.content).toBe('<div>Hi</div>');
  });

  it('keeps footers per branch and per clinic; a stale version is 409', async () => {
    const saved = await t.call('PUT', api('/settings/printer/footer/MC'), {
      ...admin,
      body: { version: 0, content: '<p>Get well soon</p>' },
    });
    expectStatus(saved, 200);
    const stale = await t.call('PUT', api('/settings/printer/footer/MC'), {
      ...admin,
      body: { version: 0, content: '<p>Again</p>' },
    });
    expectStatus(stale, 409);
    const mc = await t.call('GET', api('/printer/footer/MC'), admin);
    expect(mc.body.data.content).toBe('<p>Get well soon</p>');
    expect((await t.call('GET', api('/printer/footer/MC'), adminB)).body.data.content).toBe('');
    expect((await t.call('GET', api('/printer/footer/MC'), otherAdmin)).body.data.content).toBe('');
    const updated = await t.call('PUT', api('/settings/printer/footer/MC'), {
      ...admin,
      body: { version: 1, content: '<p>Rest well</p>' },
    });
    expectStatus(updated, 200);
    expect(updated.body.data).toMatchObject({ content: '<p>Rest well</p>', version: 2 });
  });

  it('lets only a role with settings:update edit a footer; refuses an unknown kind', async () => {
    const refused = await t.call('PUT', api('/settings/printer/footer/Invoice'), {
      ...desk,
      body: { version: 0, content: '<p>Desk</p>' },
    });
    expectStatus(refused, 403);
    const unknown = await t.call('GET', api('/printer/footer/Receipt'), admin);
    expectStatus(unknown, 400);
  });
});
