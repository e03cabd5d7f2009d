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

/** Deposits and credit notes (issue 13, docs/architecture.md "Credit notes and deposits"). */
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

interface InvoiceAnswer {
  id: string;
  patient: { id: string };
  status: string;
  version: number;
  grandTotalCents: number;
  paidCents: number;
  creditedCents: number;
  balanceCents: number;
  lines: Array<{ id: string; quantity: number }>;
  payments: Array<{ id: string; status: string; amountCents: number; version: number }>;
}

const api = (path: string) => `/api/v1${path}`;

let adminB: Caller;
let otherAdmin: Caller;

beforeAll(async () => {
  const branchB = await addBranch(t, clinic, unique('CB').slice(0, 10).toUpperCase());
  const user = await addUser(t, clinic, 'Administrator', { branchIds: [clinic.branchId, branchB] });
  adminB = { token: user.token, branchId: branchB };
  otherAdmin = { token: other.token, branchId: other.branchId };
});

/** A finalised invoice of a new patient's visit: 15 tablets at `priceCents`, taxed 7 %. */
async function finalised(priceCents = 1_000): Promise<InvoiceAnswer> {
  const patient = await t.call('POST', api('/patients'), { ...admin, body: patientBody() });
  expectStatus(patient, 201);
  const patientId: string = patient.body.data.patientId;
  const visitId = await withTenant(t.database.db, clinic.tenantId, async (tx) => {
    const row = await tx.db
      .insertInto('visits')
      .values({
        tenantId: clinic.tenantId,
        branchId: clinic.branchId,
        patientId,
        doctorId: users.doctor.id,
        visitDate: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  const item = await t.call('POST', api('/catalogs'), {
    ...admin,
    body: {
      type: 'Med',
      code: unique('CRN').toUpperCase(),
      name: `Creditol ${unique('n')}`,
      dispensingUnit: 'tab',
      sellingPriceCents: priceCents,
    },
  });
  expectStatus(item, 201);
  const line = await t.call('POST', api(`/visits/${visitId}/prescriptions`), {
    ...admin,
    body: {
      catalogItemId: item.body.data.id,
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
  const done = await t.call('POST', api(`/invoices/${draft.body.data.id}/finalise`), {
    ...admin,
    body: { version: draft.body.data.version },
  });
  expectStatus(done, 200);
  return done.body.data;
}

async function read(invoiceId: string, caller: Caller = admin): Promise<InvoiceAnswer> {
  const response = await t.call('GET', api(`/invoices/${invoiceId}`), caller);
  expectStatus(response, 200);
  return response.body.data;
}

async function pay(invoice: InvoiceAnswer, amountCents: number): Promise<InvoiceAnswer> {
  const response = await t.call('POST', api(`/invoices/${invoice.id}/payments`), {
    ...admin,
    body: { version: invoice.version, tenders: [{ method: 'nets', amountCents }] },
  });
  expectStatus(response, 201);
  return response.body.data.invoice;
}

function credit(invoice: InvoiceAnswer, amountCents: unknown, extra: object = {}, caller = admin) {
  return t.call('POST', api('/credit-notes'), {
    ...caller,
    body: {
      type: 3,
      invoiceId: invoice.id,
      version: invoice.version,
      amountCents,
      reason: 'Overcharged',
      ...extra,
    },
  });
}

async function newDeposit(patientId: string, amountCents: number, caller: Caller = admin) {
  const response = await t.call('POST', api('/deposits'), {
    ...caller,
    body: { patientId, amountCents, method: 'cash' },
  });
  expectStatus(response, 201);
  return response.body.data;
}

function apply(invoice: InvoiceAnswer, depositId: string, amountCents: number, caller = admin) {
  return t.call('POST', api(`/invoices/${invoice.id}/deposit-applications`), {
    ...caller,
    body: { version: invoice.version, depositId, amountCents },
  });
}

function expectRefusal(response: ApiResponse, status: number, code: string, field?: string) {
  expectStatus(response, status);
  const codes = [
    response.body.error.code,
    ...(response.body.error.errors ?? []).map((error: { code: string }) => error.code),
  ];
  expect(codes).toContain(code);
  if (field) {
    expect(response.body.error.errors.map((error: { field: string }) => error.field)).toContain(
      field,
    );
  }
}

/** balance = grand total - paid - credited, never below 0. */
function expectBalance(invoice: InvoiceAnswer) {
  expect(invoice.balanceCents).toBe(
    Math.max(0, invoice.grandTotalCents - invoice.paidCents - invoice.creditedCents),
  );
}

describe('credit notes of an invoice', () => {
  it('credit at most what was paid less earlier notes; the balance and status follow', async () => {
    const invoice = await finalised();
    expect(invoice.grandTotalCents).toBe(16_050);
    const paid = await pay(invoice, 10_000);
    const tooMuch = await credit(paid, 10_001);
    expectRefusal(tooMuch, 400, 'creditNote.abovePaid', 'amountCents');
    expect(tooMuch.body.error.errors[0].message).toBe(
      refusalMessage('creditNote.abovePaid', 10_000),
    );
    const first = await credit(paid, 4_000, { refundMethod: 'cash' });
    expectStatus(first, 201);
    expect(first.body.data).toMatchObject({
      creditNoteNo: expect.stringMatching(/^CN-\d{6}$/),
      type: 'invoice',
      typeCode: 3,
      status: 'ISSUED',
      amountCents: 4_000,
      invoiceId: invoice.id,
      patientId: invoice.patient.id,
      refundMethodName: 'Cash',
    });
    const after = await read(invoice.id);
    expect(after).toMatchObject({ paidCents: 10_000, creditedCents: 4_000, balanceCents: 2_050 });
    expectBalance(after);
    const rest = await credit(after, 6_001);
    expectRefusal(rest, 400, 'creditNote.abovePaid', 'amountCents');
    expectStatus(await credit(after, 6_000), 201);
    const full = await read(invoice.id);
    expect(full).toMatchObject({ creditedCents: 10_000, balanceCents: 0, status: 'FULLY' });
    expectStatus(await credit(full, 1), 400);
    const list = await t.call('GET', api(`/credit-notes?invoiceId=${invoice.id}`), users.doctor);
    expectStatus(list, 200);
    expect(list.body.data).toMatchObject({ patientId: invoice.patient.id, total: 2 });
  });

  it('numbers notes CN-000001 on per branch without gaps', async () => {
    const invoice = await pay(await finalised(), 3_000);
    const numbers: string[] = [];
    let current = invoice;
    for (const amount of [100, 200, 300]) {
      const note = await credit(current, amount);
      expectStatus(note, 201);
      numbers.push(note.body.data.creditNoteNo);
      current = await read(invoice.id);
    }
    const seqs = numbers.map((no) => Number(no.slice(3)));
    expect(seqs).toEqual([seqs[0], seqs[0]! + 1, seqs[0]! + 2]);
  });

  it('are refused on a draft and on a voided invoice', async () => {
    const invoice = await finalised();
    const voided = await t.call('POST', api(`/invoices/${invoice.id}/void`), {
      ...admin,
      body: { version: invoice.version, reason: 'Wrong patient' },
    });
    expectStatus(voided, 200);
    expectRefusal(await credit(voided.body.data, 100), 409, 'creditNote.invoiceVoided');
    const patient = await t.call('POST', api('/patients'), { ...admin, body: patientBody() });
    const visitId = await withTenant(t.database.db, clinic.tenantId, async (tx) => {
      const row = await tx.db
        .insertInto('visits')
        .values({
          tenantId: clinic.tenantId,
          branchId: clinic.branchId,
          patientId: patient.body.data.patientId,
          doctorId: users.doctor.id,
          visitDate: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
    const draft = await t.call('POST', api(`/visits/${visitId}/invoice`), admin);
    expectRefusal(await credit(draft.body.data, 100), 409, 'creditNote.invoiceDraft');
  });

  it('of two racing notes for the whole paid amount, one is taken and one is 409', async () => {
    const invoice = await pay(await finalised(), 5_000);
    const [a, b] = await Promise.all([credit(invoice, 5_000), credit(invoice, 5_000)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const after = await read(invoice.id);
    expect(after.creditedCents).toBe(5_000);
    expectBalance(after);
  });

  it('a void restores the balance; a payment is not voided while notes take what it paid', async () => {
    const invoice = await pay(await finalised(), 6_000);
    const note = await credit(invoice, 2_500);
    expectStatus(note, 201);
    const credited = await read(invoice.id);
    expect(credited.balanceCents).toBe(16_050 - 6_000 - 2_500);
    const payment = credited.payments[0]!;
    const refused = await t.call('POST', api(`/payments/${payment.id}/void`), {
      ...admin,
      body: { version: payment.version, reason: 'Card declined' },
    });
    expectRefusal(refused, 409, 'creditNote.creditedFirst');
    const voided = await t.call('POST', api(`/credit-notes/${note.body.data.id}/void`), {
      ...admin,
      body: { version: note.body.data.version, reason: 'Issued by mistake' },
    });
    expectStatus(voided, 200);
    expect(voided.body.data).toMatchObject({ status: 'VOIDED', voidReason: 'Issued by mistake' });
    const again = await t.call('POST', api(`/credit-notes/${note.body.data.id}/void`), {
      ...admin,
      body: { version: voided.body.data.version, reason: 'Twice' },
    });
    expectRefusal(again, 409, 'creditNote.alreadyVoided');
    const restored = await read(invoice.id);
    expect(restored).toMatchObject({ creditedCents: 0, balanceCents: 16_050 - 6_000 });
    const paymentVoid = await t.call('POST', api(`/payments/${payment.id}/void`), {
      ...admin,
      body: { version: payment.version, reason: 'Card declined' },
    });
    expectStatus(paymentVoid, 200);
    expect((await read(invoice.id)).balanceCents).toBe(16_050);
  });

  it('record goods returned by line, no more than billed less what came back before; other types list none', async () => {
    const invoice = await pay(await finalised(), 5_000);
    const line = invoice.lines[0]!;
    const tooMany = await credit(invoice, 100, {
      type: 2,
      returnedLines: [{ lineId: line.id, quantity: line.quantity + 1 }],
    });
    expectRefusal(tooMany, 400, 'creditNote.lineAboveQuantity', 'returnedLines.0.quantity');
    const unknownLine = await credit(invoice, 100, {
      type: 2,
      returnedLines: [{ lineId: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
    });
    expectRefusal(unknownLine, 400, 'creditNote.lineUnknown', 'returnedLines.0.lineId');
    const onInvoiceType = await credit(invoice, 100, {
      returnedLines: [{ lineId: line.id, quantity: 1 }],
    });
    expectRefusal(onInvoiceType, 400, 'creditNote.linesOnlyForGoodsReturn', 'returnedLines');
    const returned = await credit(invoice, 1_070, {
      type: 2,
      returnedLines: [{ lineId: line.id, quantity: 1 }],
    });
    expectStatus(returned, 201);
    expect(returned.body.data).toMatchObject({
      type: 'goodsReturn',
      typeCode: 2,
      lines: [{ lineId: line.id, quantity: 1 }],
    });
    // What came back before counts: the whole line again is one unit too many.
    const afterOne = await read(invoice.id);
    const wholeAgain = await credit(afterOne, 10, {
      type: 2,
      returnedLines: [{ lineId: line.id, quantity: line.quantity }],
    });
    expectRefusal(wholeAgain, 400, 'creditNote.lineAboveQuantity', 'returnedLines.0.quantity');
    const rest = await credit(afterOne, 10, {
      type: 2,
      returnedLines: [{ lineId: line.id, quantity: line.quantity - 1 }],
    });
    expectStatus(rest, 201);
  });

  it('name the fields of bad input: negative, fractions of a cent, unknown type and method', async () => {
    const invoice = await pay(await finalised(), 1_000);
    expectRefusal(await credit(invoice, -100), 400, 'field.invalid', 'amountCents');
    const fraction = await credit(invoice, 12.5);
    expectStatus(fraction, 400);
    expect(fraction.body.error.errors[0].field).toBe('amountCents');
    const unknownType = await credit(invoice, 100, { type: 4 });
    expectRefusal(unknownType, 400, 'creditNote.typeUnknown', 'type');
    const method = await credit(invoice, 100, { refundMethod: 'gold' });
    expectRefusal(method, 400, 'payment.methodUnknown', 'refundMethod');
    const noInvoice = await credit(invoice, 100, { invoiceId: undefined });
    expectRefusal(noInvoice, 400, 'creditNote.invoiceRequired', 'invoiceId');
    const noReason = await credit(invoice, 100, { reason: ' ' });
    expectStatus(noReason, 400);
    expect(noReason.body.error.errors[0].field).toBe('reason');
    expect((await read(invoice.id)).creditedCents).toBe(0);
  });

  it('are the Finance and Administrator roles’ to issue; the front desk reads them', async () => {
    const invoice = await pay(await finalised(), 1_000);
    expectStatus(await credit(invoice, 100, {}, users.desk), 403);
    const note = await credit(invoice, 100);
    expectStatus(await t.call('GET', api(`/credit-notes/${note.body.data.id}`), users.desk), 200);
  });
});

describe('deposits', () => {
  it('are applied to a later invoice up to what is left and the balance; voids give it back', async () => {
    const invoice = await finalised();
    const patientId = invoice.patient.id;
    const deposit = await newDeposit(patientId, 5_000);
    expect(deposit).toMatchObject({
      depositNo: expect.stringMatching(/^DEP-\d{6}$/),
      status: 'SETTLED',
      amountCents: 5_000,
      method: 'cash',
      methodName: 'Cash',
      remainderCents: 5_000,
    });
    const applied = await apply(invoice, deposit.id, 3_000);
    expectStatus(applied, 201);
    expect(applied.body.data.invoice).toMatchObject({ paidCents: 3_000, balanceCents: 13_050 });
    expect(applied.body.data.invoice.status).toBe('PARTIALLY');
    expectBalance(applied.body.data.invoice);
    const after = applied.body.data.invoice as InvoiceAnswer;
    expectRefusal(
      await apply(after, deposit.id, 2_001),
      400,
      'deposit.aboveRemainder',
      'amountCents',
    );
    const read1 = await t.call('GET', api(`/deposits/${deposit.id}`), admin);
    expect(read1.body.data).toMatchObject({ appliedCents: 3_000, remainderCents: 2_000 });
    expect(read1.body.data.applications).toHaveLength(1);
    // The print's credit-note items of the invoice: the deposit applied.
    const items = await t.call(
      'GET',
      api(`/credit_note/transaction/options?type=1&referenceId=${invoice.id}`),
      admin,
    );
    expectStatus(items, 200);
    expect(items.body.data.items).toEqual([
      expect.objectContaining({
        amount: 3_000,
        creditNoteNumber: deposit.depositNo,
        paymentMethodName: 'Cash',
        creditNoteType: 1,
      }),
    ]);
    // Used deposits are not voided; an invoice paid by a deposit is not voided either.
    const inUse = await t.call('POST', api(`/deposits/${deposit.id}/void`), {
      ...admin,
      body: { version: read1.body.data.version, reason: 'Mistake' },
    });
    expectRefusal(inUse, 409, 'deposit.inUse');
    const invoiceVoid = await t.call('POST', api(`/invoices/${invoice.id}/void`), {
      ...admin,
      body: { version: after.version, reason: 'Mistake' },
    });
    expectRefusal(invoiceVoid, 409, 'invoice.hasPayments');
    // What is left is given back by a deposit credit note.
    const refund = await t.call('POST', api('/credit-notes'), {
      ...admin,
      body: {
        type: 1,
        depositId: deposit.id,
        version: read1.body.data.version,
        amountCents: 2_001,
        reason: 'Patient moved away',
        refundMethod: 'cash',
      },
    });
    expectRefusal(refund, 400, 'creditNote.aboveRemainder', 'amountCents');
    const refunded = await t.call('POST', api('/credit-notes'), {
      ...admin,
      body: {
        type: 1,
        depositId: deposit.id,
        version: read1.body.data.version,
        amountCents: 2_000,
        reason: 'Patient moved away',
        refundMethod: 'cash',
      },
    });
    expectStatus(refunded, 201);
    expect(refunded.body.data).toMatchObject({ type: 'deposit', depositId: deposit.id });
    const emptied = await t.call('GET', api(`/deposits?patientId=${patientId}`), admin);
    expect(emptied.body.data.items[0]).toMatchObject({ remainderCents: 0, refundedCents: 2_000 });
    // Voiding the application: the invoice owes it again, the deposit holds it again.
    const application = applied.body.data.application;
    const undone = await t.call('POST', api(`/deposit-applications/${application.id}/void`), {
      ...admin,
      body: { version: application.version, reason: 'Wrong invoice' },
    });
    expectStatus(undone, 200);
    expect(undone.body.data.invoice).toMatchObject({ paidCents: 0, balanceCents: 16_050 });
    const back = await t.call('GET', api(`/deposits/${deposit.id}`), admin);
    expect(back.body.data).toMatchObject({ appliedCents: 0, remainderCents: 3_000 });
  });

  it('never pay more than the balance, nor another patient’s bill, nor while voided', async () => {
    const invoice = await finalised(10);
    expect(invoice.grandTotalCents).toBe(161);
    const deposit = await newDeposit(invoice.patient.id, 1_000);
    expectRefusal(
      await apply(invoice, deposit.id, 162),
      400,
      'deposit.aboveBalance',
      'amountCents',
    );
    const stranger = await finalised(10);
    expectRefusal(
      await apply(stranger, deposit.id, 100),
      400,
      'deposit.anotherPatient',
      'depositId',
    );
    const voided = await t.call('POST', api(`/deposits/${deposit.id}/void`), {
      ...admin,
      body: { version: deposit.version, reason: 'Counted twice' },
    });
    expectStatus(voided, 200);
    expect(voided.body.data).toMatchObject({ status: 'VOIDED', remainderCents: 0 });
    expectRefusal(await apply(invoice, deposit.id, 100), 409, 'deposit.voided');
  });

  it('name the fields of bad input', async () => {
    const invoice = await finalised();
    const bad = await t.call('POST', api('/deposits'), {
      ...admin,
      body: { patientId: invoice.patient.id, amountCents: -5, method: 'cash' },
    });
    expectStatus(bad, 400);
    expect(bad.body.error.errors[0].field).toBe('amountCents');
    const fraction = await t.call('POST', api('/deposits'), {
      ...admin,
      body: { patientId: invoice.patient.id, amountCents: 0.5, method: 'cash' },
    });
    expect(fraction.body.error.errors[0].field).toBe('amountCents');
    const method = await t.call('POST', api('/deposits'), {
      ...admin,
      body: { patientId: invoice.patient.id, amountCents: 500, method: 'gold' },
    });
    expectRefusal(method, 400, 'payment.methodUnknown', 'method');
  });
});

describe('another clinic and another branch', () => {
  it('another clinic reads and changes nothing', async () => {
    const invoice = await pay(await finalised(), 2_000);
    const deposit = await newDeposit(invoice.patient.id, 1_000);
    const note = await credit(invoice, 500);
    expectStatus(note, 201);
    const id = note.body.data.id;
    expectStatus(await t.call('GET', api(`/credit-notes/${id}`), otherAdmin), 404);
    expectStatus(await t.call('GET', api(`/deposits/${deposit.id}`), otherAdmin), 404);
    const theirs = await t.call(
      'GET',
      api(`/deposits?patientId=${invoice.patient.id}`),
      otherAdmin,
    );
    expectStatus(theirs, 404);
    expectStatus(
      await t.call('GET', api(`/credit-notes?patientId=${invoice.patient.id}`), otherAdmin),
      404,
    );
    expectStatus(
      await t.call('GET', api(`/credit-notes?invoiceId=${invoice.id}`), otherAdmin),
      404,
    );
    expectStatus(
      await t.call(
        'GET',
        api(`/credit_note/transaction/options?type=3&referenceId=${invoice.id}`),
        otherAdmin,
      ),
      404,
    );
    const current = await read(invoice.id);
    expectStatus(await credit(current, 100, {}, otherAdmin), 404);
    expectStatus(await apply(current, deposit.id, 100, otherAdmin), 404);
    expectStatus(
      await t.call('POST', api(`/credit-notes/${id}/void`), {
        ...otherAdmin,
        body: { version: 1, reason: 'x' },
      }),
      404,
    );
    expectStatus(
      await t.call('POST', api(`/deposits/${deposit.id}/void`), {
        ...otherAdmin,
        body: { version: deposit.version, reason: 'x' },
      }),
      404,
    );
    expect((await read(invoice.id)).creditedCents).toBe(500);
  });

  it('another branch reads them and changes nothing', async () => {
    const invoice = await pay(await finalised(), 2_000);
    const deposit = await newDeposit(invoice.patient.id, 1_000);
    const note = await credit(invoice, 500);
    expectStatus(await t.call('GET', api(`/credit-notes/${note.body.data.id}`), adminB), 200);
    expectStatus(await t.call('GET', api(`/deposits/${deposit.id}`), adminB), 200);
    const current = await read(invoice.id);
    expectRefusal(await credit(current, 100, {}, adminB), 403, 'invoice.anotherBranch');
    expectRefusal(await apply(current, deposit.id, 100, adminB), 403, 'invoice.anotherBranch');
    const voidNote = await t.call('POST', api(`/credit-notes/${note.body.data.id}/void`), {
      ...adminB,
      body: { version: note.body.data.version, reason: 'x' },
    });
    expectRefusal(voidNote, 403, 'creditNote.anotherBranch');
    const voidDeposit = await t.call('POST', api(`/deposits/${deposit.id}/void`), {
      ...adminB,
      body: { version: deposit.version, reason: 'x' },
    });
    expectRefusal(voidDeposit, 403, 'deposit.anotherBranch');
    expect((await read(invoice.id)).creditedCents).toBe(500);
  });
});
