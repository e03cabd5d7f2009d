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

/**
 * Service lines added to a draft and a company billed (docs/architecture.md "Companies,
 * service lines and billing settings").
 */
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

beforeAll(async () => {
  branchB = await addBranch(t, clinic, unique('SB').slice(0, 10).toUpperCase());
  const user = await addUser(t, clinic, 'Administrator', { branchIds: [clinic.branchId, branchB] });
  adminB = { token: user.token, branchId: branchB };
});

async function newItem(type: string, priceCents: number, extra: Record<string, unknown> = {}) {
  const response = await t.call('POST', api('/catalogs'), {
    ...admin,
    body: {
      type,
      code: unique('SV').toUpperCase(),
      name: `${type} ${unique('n')}`,
      sellingPriceCents: priceCents,
      ...(type === 'Med' || type === 'Vaccine' ? { dispensingUnit: 'tab' } : {}),
      ...extra,
    },
  });
  expectStatus(response, 201);
  return response.body.data.id as string;
}

/** A draft of a new visit in `branchId` (written directly), drafted by `caller`. */
async function draftIn(branchId: string, caller: Caller) {
  const patient = await t.call('POST', api('/patients'), { ...admin, body: patientBody() });
  expectStatus(patient, 201);
  const visitId = await withTenant(t.database.db, clinic.tenantId, async (tx) => {
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
  const draft = await t.call('POST', api(`/visits/${visitId}/invoice`), caller);
  expectStatus(draft, 201);
  return { visitId, draft: draft.body.data };
}

function update(
  invoice: { id: string; version: number },
  body: Record<string, unknown>,
  caller: Caller = admin,
) {
  return t.call('PUT', api(`/invoices/${invoice.id}`), {
    ...caller,
    body: { version: invoice.version, taxOptionCode: 'TAX', ...body },
  });
}

function expectRefusal(response: ApiResponse, status: number, code: string, field?: string) {
  expectStatus(response, status);
  const errors = (response.body.error.errors ?? []) as Array<{ field: string; code: string }>;
  expect(response.body.error.code === code || errors.some((error) => error.code === code)).toBe(
    true,
  );
  if (field) expect(errors.find((error) => error.code === code)?.field).toBe(field);
}

describe('service lines on a draft', () => {
  it("adds a consultation at the branch's price, a vaccine and an investigation; removes one", async () => {
    const consult = await newItem('Service', 3500, { category: 'Consultation' });
    const vaccine = await newItem('Vaccine', 9000);
    const test = await newItem('Investigation', 2000);
    expectStatus(
      await t.call('PUT', api(`/catalogs/${consult}/branch`), {
        ...adminB,
        body: { sellingPriceCents: 4000, isActive: true, version: 0 },
      }),
      200,
    );
    const { draft } = await draftIn(branchB, adminB);
    const added = await update(
      draft,
      {
        addLines: [
          { catalogItemId: consult, quantity: 1 },
          { catalogItemId: vaccine, quantity: 1 },
          { catalogItemId: test, quantity: 2 },
        ],
      },
      adminB,
    );
    expectStatus(added, 200);
    const lines = added.body.data.lines;
    expect(lines).toMatchObject([
      { catalogItemId: consult, kind: 'consultation', category: 'service', unitPriceCents: 4000 },
      { catalogItemId: vaccine, kind: 'medication', category: 'medication', unitPriceCents: 9000 },
      { catalogItemId: test, kind: 'service', quantity: 2, subtotalCents: 4000 },
    ]);
    expect(added.body.data.subtotalCents).toBe(17_000);
    expect(added.body.data.taxCents).toBe(1190);

    const removed = await update(
      added.body.data,
      {
        removeLineIds: [lines[1].id],
        lineEdits: [{ id: lines[0].id, quantity: 1, unitPriceCents: 3000 }],
      },
      adminB,
    );
    expectStatus(removed, 200);
    expect(
      removed.body.data.lines.map((line: { catalogItemId: string }) => line.catalogItemId),
    ).toEqual([consult, test]);
    expect(removed.body.data.subtotalCents).toBe(7000);
    // The version read before the removal is stale now.
    expectRefusal(await update(added.body.data, {}, adminB), 409, 'record.changed');
  });

  it("keeps a prescription's line: removing it is refused, naming the field", async () => {
    const med = await newItem('Med', 100);
    const patient = await t.call('POST', api('/patients'), { ...admin, body: patientBody() });
    const patientId = patient.body.data.patientId as string;
    expectStatus(
      await t.call('POST', api('/queue'), {
        ...admin,
        body: { patientId, doctorId: users.doctor.id, visitPurposes: ['Consultation'] },
      }),
      201,
    );
    const visits = await t.call('GET', api(`/visits?patientId=${patientId}`), admin);
    const visitId = visits.body.data.items[0].id as string;
    expectStatus(
      await t.call('POST', api(`/visits/${visitId}/prescriptions`), {
        ...admin,
        body: {
          catalogItemId: med,
          prescriptMode: 1,
          consumeQuantity: 1,
          frequency: 'TDS',
          duration: 2,
          cycle: 'day',
        },
      }),
      201,
    );
    const draft = (await t.call('POST', api(`/visits/${visitId}/invoice`), admin)).body.data;
    expectRefusal(
      await update(draft, { removeLineIds: [draft.lines[0].id] }),
      400,
      'invoice.prescriptionLineKept',
      'removeLineIds.0',
    );
    const after = await t.call('GET', api(`/invoices/${draft.id}`), admin);
    expect(after.body.data).toMatchObject({ version: draft.version, lines: [{ quantity: 6 }] });
  });

  it('refuses medicines, unknown, switched-off and other clinics’ items, naming each', async () => {
    const med = await newItem('Med', 100);
    const off = await newItem('Service', 500);
    expectStatus(
      await t.call('PUT', api(`/catalogs/${off}/branch`), {
        ...admin,
        body: { sellingPriceCents: null, isActive: false, version: 0 },
      }),
      200,
    );
    const theirs = await t.call('POST', api('/catalogs'), {
      token: other.token,
      branchId: other.branchId,
      body: {
        type: 'Service',
        code: unique('TH').toUpperCase(),
        name: 'Theirs',
        sellingPriceCents: 1,
      },
    });
    expectStatus(theirs, 201);
    const { draft } = await draftIn(clinic.branchId, admin);
    const response = await update(draft, {
      addLines: [
        { catalogItemId: med, quantity: 1 },
        { catalogItemId: off, quantity: 1 },
        { catalogItemId: theirs.body.data.id, quantity: 1 },
        { catalogItemId: off, quantity: 0 },
      ],
      removeLineIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expectStatus(response, 400);
    const fields = Object.fromEntries(
      (response.body.error.errors as Array<{ field: string; code: string }>).map((error) => [
        error.field,
        error.code,
      ]),
    );
    expect(fields).toMatchObject({ 'addLines.3.quantity': expect.any(String) });
    const schemaPassing = await update(draft, {
      addLines: [
        { catalogItemId: med, quantity: 1 },
        { catalogItemId: off, quantity: 1 },
        { catalogItemId: theirs.body.data.id, quantity: 1 },
      ],
      removeLineIds: ['00000000-0000-4000-8000-000000000000'],
    });
    const codes = Object.fromEntries(
      (schemaPassing.body.error.errors as Array<{ field: string; code: string }>).map((error) => [
        error.field,
        error.code,
      ]),
    );
    expect(codes).toEqual({
      'removeLineIds.0': 'invoice.lineUnknown',
      'addLines.0.catalogItemId': 'invoice.itemNotBillable',
      'addLines.1.catalogItemId': 'invoice.itemUnavailable',
      'addLines.2.catalogItemId': 'invoice.itemUnknown',
    });
  });

  it('another branch and another clinic add nothing to the draft', async () => {
    const service = await newItem('Service', 500);
    const { draft } = await draftIn(clinic.branchId, admin);
    expectRefusal(
      await update(draft, { addLines: [{ catalogItemId: service, quantity: 1 }] }, adminB),
      403,
      'invoice.anotherBranch',
    );
    expectStatus(
      await update(
        draft,
        { addLines: [{ catalogItemId: service, quantity: 1 }] },
        { token: other.token, branchId: other.branchId },
      ),
      404,
    );
    const read = await t.call('GET', api(`/invoices/${draft.id}`), admin);
    expect(read.body.data).toMatchObject({ version: draft.version, lines: [] });
  });
});

describe('a company billed', () => {
  async function company(overrides: Record<string, unknown> = {}) {
    const response = await t.call('POST', api('/companies'), {
      ...admin,
      body: {
        code: unique('BT').toUpperCase(),
        name: 'Payer Pte Ltd',
        address: '8 Marina View',
        creditTermsDays: 30,
        ...overrides,
      },
    });
    expectStatus(response, 201);
    return response.body.data;
  }

  it('fills the name, address and due date from the company unless typed', async () => {
    const payer = await company();
    const { draft } = await draftIn(clinic.branchId, admin);
    const billed = await update(draft, { billTo: { companyId: payer.id } });
    expectStatus(billed, 200);
    const due = new Date(`${draft.invoiceDate}T00:00:00Z`);
    due.setUTCDate(due.getUTCDate() + 30);
    expect(billed.body.data).toMatchObject({
      billTo: {
        kind: 'company',
        companyId: payer.id,
        name: 'Payer Pte Ltd',
        address: '8 Marina View',
      },
      dueDate: due.toISOString().slice(0, 10),
    });
    const typed = await update(billed.body.data, {
      billTo: { companyId: payer.id, name: 'Payer (HR)', address: 'Level 2' },
      dueDate: draft.invoiceDate,
    });
    expect(typed.body.data).toMatchObject({
      billTo: { name: 'Payer (HR)', address: 'Level 2' },
      dueDate: draft.invoiceDate,
    });
  });

  it("refuses an inactive company newly billed, and another clinic's company", async () => {
    const payer = await company({ creditTermsDays: 0 });
    const { id, version, ...fields } = payer;
    expectStatus(
      await t.call('PUT', api(`/companies/${id}`), {
        ...admin,
        body: { ...fields, isActive: false, version },
      }),
      200,
    );
    const { draft } = await draftIn(clinic.branchId, admin);
    expectRefusal(
      await update(draft, { billTo: { companyId: id } }),
      400,
      'invoice.companyUnknown',
      'billTo.companyId',
    );
    const theirs = await t.call('POST', api('/companies'), {
      token: other.token,
      branchId: other.branchId,
      body: { code: unique('TC'), name: 'Their company' },
    });
    expectStatus(theirs, 201);
    expectRefusal(
      await update(draft, { billTo: { companyId: theirs.body.data.id } }),
      400,
      'invoice.companyUnknown',
      'billTo.companyId',
    );
  });
});
