import ExcelJS from 'exceljs';
import { EXPORT_FILE_NAMES, XLSX_CONTENT_TYPE } from '@clinic/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import { addBranch, addUser, expectStatus, patientBody, unique } from '../../../test/helpers.ts';
import { withTenant } from '../../db/tenant-db.ts';

/** Billing search and export (docs/architecture.md "Billing search and export"). */
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

let adminB: Caller;
let otherAdmin: Caller;
let itemId: string;
/** Patient A: a finalised invoice partly paid by NETS, and a certificate. */
let a: { patientId: string; visitId: string; invoiceId: string; invoiceNo: string; name: string };
/** Patient B: a finalised invoice not paid. */
let b: { patientId: string; visitId: string; invoiceId: string; invoiceNo: string; name: string };
/** Patient C: a draft (not searched) and a visit with no invoice. */
let c: { patientId: string; draftVisitId: string; unbilledVisitId: string };
let today: string;
let mcNo: string;

async function newPatient(name: string): Promise<string> {
  const patient = await t.call('POST', api('/patients'), { ...admin, body: patientBody({ name }) });
  expectStatus(patient, 201);
  return patient.body.data.patientId as string;
}

/** A visit of the patient in `branchId`, written directly (no queue needed). */
function visitOf(patientId: string, branchId = clinic.branchId): Promise<string> {
  return withTenant(t.database.db, clinic.tenantId, async (tx) => {
    const row = await tx.db
      .insertInto('visits')
      .values({
        tenantId: clinic.tenantId,
        branchId,
        patientId,
        doctorId: users.doctor.id,
        visitDate: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

async function draftOf(visitId: string) {
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
  return draft.body.data as { id: string; version: number };
}

async function finalisedOf(visitId: string) {
  const draft = await draftOf(visitId);
  const done = await t.call('POST', api(`/invoices/${draft.id}/finalise`), {
    ...admin,
    body: { version: draft.version },
  });
  expectStatus(done, 200);
  return done.body.data as { id: string; version: number; invoiceNo: string; invoiceDate: string };
}

beforeAll(async () => {
  const branchB = await addBranch(t, clinic, unique('SB').slice(0, 10).toUpperCase());
  const user = await addUser(t, clinic, 'Administrator', { branchIds: [clinic.branchId, branchB] });
  adminB = { token: user.token, branchId: branchB };
  otherAdmin = { token: other.token, branchId: other.branchId };
  const item = await t.call('POST', api('/catalogs'), {
    ...admin,
    body: {
      type: 'Med',
      code: unique('SRC').toUpperCase(),
      name: `Searchamol ${unique('n')}`,
      dispensingUnit: 'tab',
      sellingPriceCents: 100,
    },
  });
  expectStatus(item, 201);
  itemId = item.body.data.id;

  const aName = `Searchy Alpha ${unique('a')}`;
  const aPatient = await newPatient(aName);
  const aVisit = await visitOf(aPatient);
  const aInvoice = await finalisedOf(aVisit);
  today = aInvoice.invoiceDate;
  const paid = await t.call('POST', api(`/invoices/${aInvoice.id}/payments`), {
    ...admin,
    body: { version: aInvoice.version, tenders: [{ method: 'nets', amountCents: 500 }] },
  });
  expectStatus(paid, 201);
  a = {
    patientId: aPatient,
    visitId: aVisit,
    invoiceId: aInvoice.id,
    invoiceNo: aInvoice.invoiceNo,
    name: aName,
  };
  const mc = await t.call('POST', api('/medical-certificates'), {
    ...users.doctor,
    body: {
      visitId: aVisit,
      issuedDate: today,
      fromDate: today,
      toDate: today,
      givenDays: 1,
      mcPurpose: 'Sick leave',
      excuseChit: false,
      timeRequired: false,
      fitChoice: 1,
    },
  });
  expectStatus(mc, 201);
  mcNo = mc.body.data.mcNo;

  const bName = `Searchy Beta ${unique('b')}`;
  const bPatient = await newPatient(bName);
  const bVisit = await visitOf(bPatient);
  const bInvoice = await finalisedOf(bVisit);
  b = {
    patientId: bPatient,
    visitId: bVisit,
    invoiceId: bInvoice.id,
    invoiceNo: bInvoice.invoiceNo,
    name: bName,
  };

  const cPatient = await newPatient(`Searchy Gamma ${unique('c')}`);
  const draftVisitId = await visitOf(cPatient);
  await draftOf(draftVisitId);
  c = { patientId: cPatient, draftVisitId, unbilledVisitId: await visitOf(cPatient) };
});

const query = (values: Record<string, string | number>) =>
  new URLSearchParams(
    Object.entries(values).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();

function auditRows(patientId: string) {
  return withTenant(t.database.db, clinic.tenantId, (tx) =>
    tx.db
      .selectFrom('auditEvents')
      .selectAll()
      .where('patientId', '=', patientId)
      .orderBy('happenedAt')
      .execute(),
  );
}

async function readWorkbook(url: string, caller: Caller) {
  const response = await t.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${caller.token}`, branchid: caller.branchId },
  });
  const workbook = new ExcelJS.Workbook();
  if (response.statusCode === 200)
    await workbook.xlsx.load(response.rawPayload as unknown as Parameters<ExcelJS.Xlsx['load']>[0]);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { response, rows };
}

describe('GET /search/invoices', () => {
  it("lists the branch's finalised invoices of the period, newest first, with the domain's figures", async () => {
    const found = await t.call(
      'GET',
      api(`/search/invoices?${query({ fromDate: today, toDate: today })}`),
      admin,
    );
    expectStatus(found, 200);
    const ids = found.body.data.items.map((row: { id: string }) => row.id);
    expect(ids).toContain(a.invoiceId);
    expect(ids).toContain(b.invoiceId);
    expect(found.body.data.items).not.toContainEqual(
      expect.objectContaining({ patientId: c.patientId }),
    );
    const rowA = found.body.data.items.find((row: { id: string }) => row.id === a.invoiceId);
    expect(rowA).toMatchObject({
      invoiceNo: a.invoiceNo,
      invoiceDate: today,
      patientId: a.patientId,
      patientName: a.name,
      visitId: a.visitId,
      status: 'PARTIALLY',
      paidCents: 500,
    });
    expect(rowA.balanceCents).toBe(rowA.grandTotalCents - 500);
  });

  it('filters by patient, number and status, and pages', async () => {
    const byPatient = await t.call('GET', api(`/search/invoices?patientId=${b.patientId}`), admin);
    expect(byPatient.body.data).toMatchObject({
      total: 1,
      items: [{ id: b.invoiceId, status: 'ISSUED', paidCents: 0 }],
    });
    const byNumber = await t.call(
      'GET',
      api(`/search/invoices?${query({ invoiceNo: a.invoiceNo.toLowerCase(), fromDate: today })}`),
      admin,
    );
    expect(byNumber.body.data.items.map((row: { id: string }) => row.id)).toEqual([a.invoiceId]);
    const partly = await t.call('GET', api('/search/invoices?status=PARTIALLY'), admin);
    expect(partly.body.data.items.map((row: { id: string }) => row.id)).toContain(a.invoiceId);
    expect(partly.body.data.items.map((row: { id: string }) => row.id)).not.toContain(b.invoiceId);
    const first = await t.call('GET', api('/search/invoices?pageSize=1&pageIndex=1'), admin);
    const second = await t.call('GET', api('/search/invoices?pageSize=1&pageIndex=2'), admin);
    expect(first.body.data.items).toHaveLength(1);
    expect(second.body.data.items).toHaveLength(1);
    expect(first.body.data.total).toBe(second.body.data.total);
    expect(first.body.data.total).toBeGreaterThanOrEqual(2);
    expect(first.body.data.items[0].id).not.toBe(second.body.data.items[0].id);
  });

  it('refuses bad filters naming the field', async () => {
    const status = await t.call('GET', api('/search/invoices?status=DRAFT'), admin);
    expectStatus(status, 400);
    expect(status.body.error.errors).toEqual([expect.objectContaining({ field: 'status' })]);
    const backwards = await t.call(
      'GET',
      api('/search/invoices?fromDate=2026-02-02&toDate=2026-02-01'),
      admin,
    );
    expectStatus(backwards, 400);
    expect(backwards.body.error.errors).toEqual([expect.objectContaining({ field: 'toDate' })]);
    const date = await t.call('GET', api('/search/invoices?fromDate=02-02-2026'), admin);
    expect(date.body.error.errors).toEqual([
      expect.objectContaining({ field: 'fromDate', message: 'fromDate must be a date YYYY-MM-DD' }),
    ]);
    const size = await t.call('GET', api('/search/invoices?pageSize=101'), admin);
    expect(size.body.error.errors).toEqual([expect.objectContaining({ field: 'pageSize' })]);
    const unknown = await t.call('GET', api('/search/invoices?number=1'), admin);
    expect(unknown.body.error.errors).toEqual([expect.objectContaining({ field: 'number' })]);
  });

  it('writes one read row per patient the answer names', async () => {
    const before = (await auditRows(b.patientId)).length;
    const found = await t.call('GET', api(`/search/invoices?patientId=${b.patientId}`), admin);
    expectStatus(found, 200);
    const rows = await auditRows(b.patientId);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      action: 'read',
      entity: 'patient',
      entityId: b.patientId,
      branchId: admin.branchId,
      detail: { record: 'invoiceSearch' },
    });
  });

  it('another branch finds none of them, another clinic nothing', async () => {
    for (const caller of [adminB, otherAdmin]) {
      const found = await t.call('GET', api(`/search/invoices?patientId=${a.patientId}`), caller);
      expectStatus(found, 200);
      expect(found.body.data).toEqual({ items: [], total: 0 });
    }
    const everything = await t.call('GET', api('/search/invoices'), otherAdmin);
    expect(JSON.stringify(everything.body)).not.toContain(a.invoiceId);
  });

  it("the front desk reads but may not export; the doctor's role may read", async () => {
    const desk = await t.call('GET', api('/search/invoices'), users.desk);
    expectStatus(desk, 200);
    const deskExport = await t.call('GET', api('/search/invoices/export'), users.desk);
    expectStatus(deskExport, 403);
    expectStatus(await t.call('GET', api('/search/invoices'), users.doctor), 200);
  });
});

describe('an invoice with a deposit applied and a credit note', () => {
  it('shows the paid, credited and balance of the invoice screen, in the search and its export', async () => {
    const name = `Searchy Epsilon ${unique('e')}`;
    const patientId = await newPatient(name);
    const invoice = await finalisedOf(await visitOf(patientId));
    const paid = await t.call('POST', api(`/invoices/${invoice.id}/payments`), {
      ...admin,
      body: { version: invoice.version, tenders: [{ method: 'cash', amountCents: 500 }] },
    });
    expectStatus(paid, 201);
    const deposit = await t.call('POST', api('/deposits'), {
      ...admin,
      body: { patientId, amountCents: 300, method: 'nets' },
    });
    expectStatus(deposit, 201);
    const applied = await t.call('POST', api(`/invoices/${invoice.id}/deposit-applications`), {
      ...admin,
      body: {
        version: paid.body.data.invoice.version,
        depositId: deposit.body.data.id,
        amountCents: 300,
      },
    });
    expectStatus(applied, 201);
    const note = await t.call('POST', api('/credit-notes'), {
      ...admin,
      body: {
        type: 3,
        invoiceId: invoice.id,
        version: applied.body.data.invoice.version,
        amountCents: 200,
        reason: 'Goodwill',
        refundMethod: 'cash',
      },
    });
    expectStatus(note, 201);
    const screen = await t.call('GET', api(`/invoices/${invoice.id}`), admin);
    expectStatus(screen, 200);
    expect(screen.body.data).toMatchObject({ paidCents: 800, creditedCents: 200 });
    const { grandTotalCents, paidCents, creditedCents, balanceCents, status } = screen.body.data;
    expect(balanceCents).toBe(grandTotalCents - 1000);

    const found = await t.call('GET', api(`/search/invoices?patientId=${patientId}`), admin);
    expectStatus(found, 200);
    expect(found.body.data.items).toEqual([
      expect.objectContaining({
        id: invoice.id,
        status,
        grandTotalCents,
        paidCents,
        creditedCents,
        balanceCents,
      }),
    ]);

    const { rows } = await readWorkbook(
      api(`/search/invoices/export?patientId=${patientId}`),
      admin,
    );
    expect(rows).toHaveLength(2);
    const money = [grandTotalCents, paidCents, creditedCents, balanceCents].map((c) => c / 100);
    expect(rows[1]!.slice(-4)).toEqual(money);
  });
});

describe('GET /search/payments', () => {
  it('finds payments by period, patient, method and status', async () => {
    const found = await t.call(
      'GET',
      api(`/search/payments?${query({ fromDate: today, toDate: today, patientId: a.patientId })}`),
      admin,
    );
    expectStatus(found, 200);
    expect(found.body.data).toMatchObject({
      total: 1,
      items: [
        {
          invoiceId: a.invoiceId,
          invoiceNo: a.invoiceNo,
          patientName: a.name,
          methods: ['NETS'],
          amountCents: 500,
          changeCents: 0,
          status: 'SETTLED',
        },
      ],
    });
    const paymentNo: string = found.body.data.items[0].paymentNo;
    const byNo = await t.call('GET', api(`/search/payments?paymentNo=${paymentNo}`), admin);
    expect(byNo.body.data.items.map((row: { paymentNo: string }) => row.paymentNo)).toEqual([
      paymentNo,
    ]);
    const cash = await t.call(
      'GET',
      api(`/search/payments?patientId=${a.patientId}&method=cash`),
      admin,
    );
    expect(cash.body.data.total).toBe(0);
    const voided = await t.call(
      'GET',
      api(`/search/payments?patientId=${a.patientId}&status=VOIDED`),
      admin,
    );
    expect(voided.body.data.total).toBe(0);
    const bad = await t.call('GET', api('/search/payments?status=PAID'), admin);
    expectStatus(bad, 400);
    expect(bad.body.error.errors).toEqual([expect.objectContaining({ field: 'status' })]);
  });

  it('another branch and another clinic see none', async () => {
    for (const caller of [adminB, otherAdmin]) {
      const found = await t.call('GET', api(`/search/payments?patientId=${a.patientId}`), caller);
      expect(found.body.data).toEqual({ items: [], total: 0 });
    }
  });
});

describe('GET /search/medical-certificates', () => {
  it("finds the branch's live certificates; another branch or clinic none", async () => {
    const found = await t.call(
      'GET',
      api(`/search/medical-certificates?${query({ fromDate: today, mcNo })}`),
      admin,
    );
    expectStatus(found, 200);
    expect(found.body.data).toMatchObject({
      total: 1,
      items: [
        {
          mcNo,
          issuedDate: today,
          fromDate: today,
          toDate: today,
          givenDays: 1,
          patientId: a.patientId,
          patientName: a.name,
          visitId: a.visitId,
        },
      ],
    });
    for (const caller of [adminB, otherAdmin]) {
      const none = await t.call('GET', api(`/search/medical-certificates?mcNo=${mcNo}`), caller);
      expect(none.body.data).toEqual({ items: [], total: 0 });
    }
    const desk = await t.call('GET', api('/search/medical-certificates'), users.desk);
    expectStatus(desk, 200);
  });
});

describe('exports', () => {
  it('streams the invoices as an xlsx workbook with headers and rows', async () => {
    const { response, rows } = await readWorkbook(
      api(`/search/invoices/export?patientId=${a.patientId}`),
      admin,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${EXPORT_FILE_NAMES.invoices}"`,
    );
    expect(rows[0]).toEqual([
      'Invoice No.',
      'Invoice Date',
      'Patient',
      'Bill To',
      'Status',
      'Due Date',
      'Total',
      'Paid',
      'Credited',
      'Balance',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual(expect.arrayContaining([a.invoiceNo, today, a.name, 'PARTIALLY', 5]));
  });

  it('exports payments and certificates the same way', async () => {
    const payments = await readWorkbook(
      api(`/search/payments/export?patientId=${a.patientId}`),
      admin,
    );
    expect(payments.rows[0]).toContain('Payment No.');
    expect(payments.rows[1]).toEqual(expect.arrayContaining([a.name, a.invoiceNo, 'NETS', 5]));
    const mcs = await readWorkbook(api(`/search/medical-certificates/export?mcNo=${mcNo}`), admin);
    expect(mcs.response.headers['content-disposition']).toContain(
      EXPORT_FILE_NAMES.medicalCertificates,
    );
    expect(mcs.rows[1]).toEqual(expect.arrayContaining([mcNo, today, a.name, 1, 'No']));
  });

  it('another clinic exports an empty sheet; bad filters are refused by field', async () => {
    const { response, rows } = await readWorkbook(
      api(`/search/invoices/export?patientId=${a.patientId}`),
      otherAdmin,
    );
    expect(response.statusCode).toBe(200);
    expect(rows).toHaveLength(1);
    const bad = await t.call('GET', api('/search/payments/export?fromDate=tomorrow'), admin);
    expectStatus(bad, 400);
    expect(bad.body.error.errors).toEqual([expect.objectContaining({ field: 'fromDate' })]);
  });

  it('an export writes a read row for each patient in the file', async () => {
    const before = (await auditRows(a.patientId)).length;
    await readWorkbook(api(`/search/invoices/export?patientId=${a.patientId}`), admin);
    const rows = await auditRows(a.patientId);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      entityId: a.patientId,
      detail: { record: 'invoiceExport' },
    });
  });
});

describe('GET /search/credit-notes', () => {
  /** Patient D: a paid invoice with a goods-return note, and a deposit with a voided note. */
  let d: {
    patientId: string;
    name: string;
    invoiceNo: string;
    goodsNoteNo: string;
    goodsNoteId: string;
    depositNoteNo: string;
    depositNo: string;
  };

  async function creditNote(body: Record<string, unknown>) {
    const note = await t.call('POST', api('/credit-notes'), { ...admin, body });
    expectStatus(note, 201);
    return note.body.data as { id: string; creditNoteNo: string; version: number };
  }

  beforeAll(async () => {
    const name = `Searchy Delta ${unique('d')}`;
    const patientId = await newPatient(name);
    const invoice = await finalisedOf(await visitOf(patientId));
    const paid = await t.call('POST', api(`/invoices/${invoice.id}/payments`), {
      ...admin,
      body: { version: invoice.version, tenders: [{ method: 'cash', amountCents: 500 }] },
    });
    expectStatus(paid, 201);
    const read = await t.call('GET', api(`/invoices/${invoice.id}`), admin);
    const goods = await creditNote({
      type: 2,
      invoiceId: invoice.id,
      version: read.body.data.version,
      amountCents: 200,
      reason: 'Box returned unopened',
      refundMethod: 'cash',
      returnedLines: [{ lineId: read.body.data.lines[0].id, quantity: 1 }],
    });
    const deposit = await t.call('POST', api('/deposits'), {
      ...admin,
      body: { patientId, amountCents: 1000, method: 'cash' },
    });
    expectStatus(deposit, 201);
    const given = await creditNote({
      type: 1,
      depositId: deposit.body.data.id,
      version: deposit.body.data.version,
      amountCents: 300,
      reason: 'Part of the deposit given back',
      refundMethod: 'cash',
    });
    const voided = await t.call('POST', api(`/credit-notes/${given.id}/void`), {
      ...admin,
      body: { version: given.version, reason: 'Given back twice' },
    });
    expectStatus(voided, 200);
    d = {
      patientId,
      name,
      invoiceNo: invoice.invoiceNo,
      goodsNoteNo: goods.creditNoteNo,
      goodsNoteId: goods.id,
      depositNoteNo: given.creditNoteNo,
      depositNo: deposit.body.data.depositNo,
    };
  });

  const numbers = (body: { data: { items: Array<{ creditNoteNo: string }> } }) =>
    body.data.items.map((row) => row.creditNoteNo);

  it("lists the branch's credit notes of the period with what each credits", async () => {
    const found = await t.call(
      'GET',
      api(
        `/search/credit-notes?${query({ fromDate: today, toDate: today, patientId: d.patientId })}`,
      ),
      admin,
    );
    expectStatus(found, 200);
    expect(found.body.data.total).toBe(2);
    expect(found.body.data.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: d.goodsNoteId,
          creditNoteNo: d.goodsNoteNo,
          creditNoteDate: today,
          type: 'goodsReturn',
          typeCode: 2,
          status: 'ISSUED',
          statusCode: 0,
          patientId: d.patientId,
          patientName: d.name,
          invoiceNo: d.invoiceNo,
          depositId: null,
          amountCents: 200,
          refundMethodName: 'Cash',
          reason: 'Box returned unopened',
        }),
        expect.objectContaining({
          creditNoteNo: d.depositNoteNo,
          type: 'deposit',
          typeCode: 1,
          status: 'VOIDED',
          statusCode: -1,
          invoiceId: null,
          depositNo: d.depositNo,
          amountCents: 300,
        }),
      ]),
    );
  });

  it('filters by number, type and status, and pages', async () => {
    const byNumber = await t.call(
      'GET',
      api(
        `/search/credit-notes?creditNoteNo=${d.goodsNoteNo.toLowerCase()}&patientId=${d.patientId}`,
      ),
      admin,
    );
    expect(numbers(byNumber.body)).toEqual([d.goodsNoteNo]);
    const deposits = await t.call(
      'GET',
      api(`/search/credit-notes?type=1&patientId=${d.patientId}`),
      admin,
    );
    expect(numbers(deposits.body)).toEqual([d.depositNoteNo]);
    const issued = await t.call(
      'GET',
      api(`/search/credit-notes?status=ISSUED&patientId=${d.patientId}`),
      admin,
    );
    expect(numbers(issued.body)).toEqual([d.goodsNoteNo]);
    const first = await t.call(
      'GET',
      api(`/search/credit-notes?patientId=${d.patientId}&pageSize=1&pageIndex=1`),
      admin,
    );
    const second = await t.call(
      'GET',
      api(`/search/credit-notes?patientId=${d.patientId}&pageSize=1&pageIndex=2`),
      admin,
    );
    expect(first.body.data.total).toBe(2);
    expect(first.body.data.items).toHaveLength(1);
    expect(second.body.data.items).toHaveLength(1);
    expect(numbers(first.body)).not.toEqual(numbers(second.body));
  });

  it('refuses bad filters naming the field', async () => {
    const type = await t.call('GET', api('/search/credit-notes?type=4'), admin);
    expectStatus(type, 400);
    expect(type.body.error.errors).toEqual([
      expect.objectContaining({
        field: 'type',
        message: 'type must be 1 (deposit), 2 (goods return) or 3 (invoice)',
      }),
    ]);
    const status = await t.call('GET', api('/search/credit-notes?status=SETTLED'), admin);
    expect(status.body.error.errors).toEqual([expect.objectContaining({ field: 'status' })]);
    const backwards = await t.call(
      'GET',
      api('/search/credit-notes?fromDate=2026-02-02&toDate=2026-02-01'),
      admin,
    );
    expect(backwards.body.error.errors).toEqual([expect.objectContaining({ field: 'toDate' })]);
    const patient = await t.call('GET', api('/search/credit-notes?patientId=nobody'), admin);
    expect(patient.body.error.errors).toEqual([expect.objectContaining({ field: 'patientId' })]);
    const exported = await t.call('GET', api('/search/credit-notes/export?type=x'), admin);
    expectStatus(exported, 400);
    expect(exported.body.error.errors).toEqual([expect.objectContaining({ field: 'type' })]);
  });

  it('writes one read row per patient the answer names', async () => {
    const before = (await auditRows(d.patientId)).length;
    await t.call('GET', api(`/search/credit-notes?patientId=${d.patientId}`), admin);
    const rows = await auditRows(d.patientId);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      action: 'read',
      entity: 'patient',
      entityId: d.patientId,
      detail: { record: 'creditNoteSearch' },
    });
  });

  it('another branch and another clinic find none', async () => {
    for (const caller of [adminB, otherAdmin]) {
      const found = await t.call(
        'GET',
        api(`/search/credit-notes?patientId=${d.patientId}`),
        caller,
      );
      expectStatus(found, 200);
      expect(found.body.data).toEqual({ items: [], total: 0 });
    }
    const everything = await t.call('GET', api('/search/credit-notes'), otherAdmin);
    expect(JSON.stringify(everything.body)).not.toContain(d.goodsNoteId);
  });

  it('the front desk and the doctor read; only a role with invoices:export exports', async () => {
    expectStatus(await t.call('GET', api('/search/credit-notes'), users.desk), 200);
    expectStatus(await t.call('GET', api('/search/credit-notes'), users.doctor), 200);
    expectStatus(await t.call('GET', api('/search/credit-notes/export'), users.desk), 403);
  });

  it('exports the notes found as a workbook, read back, audited per patient', async () => {
    const before = (await auditRows(d.patientId)).length;
    const { response, rows } = await readWorkbook(
      api(`/search/credit-notes/export?patientId=${d.patientId}`),
      admin,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${EXPORT_FILE_NAMES.creditNotes}"`,
    );
    expect(rows[0]).toEqual([
      'Credit Note No.',
      'Date',
      'Patient',
      'Type',
      'Invoice / Deposit No.',
      'Status',
      'Amount',
      'Refund Method',
      'Reason',
    ]);
    expect(rows).toHaveLength(3);
    expect(rows).toContainEqual([
      d.goodsNoteNo,
      today,
      d.name,
      'Goods return',
      d.invoiceNo,
      'ISSUED',
      2,
      'Cash',
      'Box returned unopened',
    ]);
    expect(rows).toContainEqual(
      expect.arrayContaining([d.depositNoteNo, 'Deposit', d.depositNo, 'VOIDED', 3]),
    );
    const audit = await auditRows(d.patientId);
    expect(audit).toHaveLength(before + 1);
    expect(audit.at(-1)).toMatchObject({ detail: { record: 'creditNoteExport' } });
    const other = await readWorkbook(
      api(`/search/credit-notes/export?patientId=${d.patientId}`),
      otherAdmin,
    );
    expect(other.rows).toHaveLength(1);
  });
});

describe('GET /invoices/unbills', () => {
  it("lists the patient's visits with no invoice that is not voided", async () => {
    const found = await t.call('GET', api(`/invoices/unbills?patientId=${c.patientId}`), admin);
    expectStatus(found, 200);
    expect(found.body.data).toMatchObject({
      total: 1,
      items: [{ id: c.unbilledVisitId, branchId: admin.branchId, lineCount: 0, billable: true }],
    });
    const billed = await t.call('GET', api(`/invoices/unbills?patientId=${a.patientId}`), admin);
    expect(billed.body.data.items).toEqual([]);
  });

  it('another branch sees the visit but may not bill it; another clinic sees nothing', async () => {
    const found = await t.call('GET', api(`/invoices/unbills?patientId=${c.patientId}`), adminB);
    expect(found.body.data.items).toEqual([expect.objectContaining({ billable: false })]);
    const none = await t.call('GET', api(`/invoices/unbills?patientId=${c.patientId}`), otherAdmin);
    expect(none.body.data.items).toEqual([]);
  });

  it('requires the patient', async () => {
    const missing = await t.call('GET', api('/invoices/unbills'), admin);
    expectStatus(missing, 400);
    expect(missing.body.error.errors).toEqual([
      expect.objectContaining({ field: 'patientId', message: 'Please choose a patient.' }),
    ]);
  });
});
