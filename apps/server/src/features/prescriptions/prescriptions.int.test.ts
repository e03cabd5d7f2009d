import { PRESCRIPTION_MESSAGES, refusalMessage } from '@clinic/domain';
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

/** Prescription lines on a visit (issue 12 'Prescribing'; doc 2 sections 2.10, 3, 7). */
const {
  t,
  clinics: [clinic, other],
  users,
  admin,
} = setupApiTest({
  clinics: 2,
  users: { doctor: { type: '50' }, desk: { type: 'Front Desk' } },
});

const api = (path: string) => `/api/v1${path}`;
type Caller = { token: string; branchId?: string };

let patientId: string;
let visitId: string;
let earlierVisitId: string;
let para: { id: string; name: string };
let amox: { id: string; name: string };
let syrup: { id: string; name: string };
let combo: { id: string };

async function item(body: Record<string, unknown>) {
  const response = await t.call('POST', api('/catalogs'), { ...admin, body });
  expectStatus(response, 201);
  return response.body.data as { id: string; name: string };
}

const med = (code: string, name: string, overrides: Record<string, unknown> = {}) => ({
  type: 'Med',
  code: unique(code).toUpperCase(),
  name,
  category: 'Test',
  strength: 500,
  strengthUnit: 'mg',
  dispensingUnit: 'tab',
  defaultDose: 1,
  defaultDoseUnit: 'tab',
  defaultConsumeMethod: 'TAKE',
  defaultFrequency: 'TDS',
  defaultDurationDays: 5,
  sellingPriceCents: 10,
  taxBasisPoints: 900,
  ...overrides,
});

/** A visit of the patient in the first branch, opened on `daysAgo` days before now. */
async function openVisit(daysAgo: number): Promise<string> {
  return withTenant(t.database.db, clinic.tenantId, async (tx) => {
    const row = await tx.db
      .insertInto('visits')
      .values({
        tenantId: clinic.tenantId,
        branchId: clinic.branchId,
        patientId,
        doctorId: users.doctor.id,
        visitDate: new Date(Date.now() - daysAgo * 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

beforeAll(async () => {
  const patient = await t.call('POST', api('/patients'), { ...admin, body: patientBody() });
  expectStatus(patient, 201);
  patientId = patient.body.data.patientId;
  earlierVisitId = await openVisit(7);
  visitId = await openVisit(0);
  para = await item(med('PARA', 'Paracetamol 500 mg tablet'));
  amox = await item(
    med('AMOX', 'Amoxicillin 500 mg capsule', {
      dispensingUnit: 'cap',
      defaultDoseUnit: 'cap',
      sellingPriceCents: 25,
      taxBasisPoints: 0,
    }),
  );
  syrup = await item(
    med('CHLOR', 'Chlorphenamine 2 mg/5 ml syrup', {
      strength: null,
      strengthUnit: null,
      dispensingUnit: 'bottle',
      defaultDose: 5,
      defaultDoseUnit: 'ml',
      sellingPriceCents: 450,
    }),
  );
  const lozenge = await item(
    med('LOZ', 'Strepsils lozenge', {
      strength: null,
      strengthUnit: null,
      dispensingUnit: 'loz',
      defaultDoseUnit: 'loz',
      defaultFrequency: 'Q4H',
      defaultDurationDays: 3,
      sellingPriceCents: 30,
    }),
  );
  const cetirizine = await item(
    med('CET', 'Cetirizine 10 mg tablet', { strength: 10, defaultFrequency: 'ON' }),
  );
  const response = await t.call('POST', api('/catalogs'), {
    ...admin,
    body: {
      type: 'Combo',
      code: unique('FLU').toUpperCase(),
      name: 'Sore throat pack',
      sellingPriceCents: 0,
      components: [
        { itemId: lozenge.id, quantity: 12 },
        { itemId: cetirizine.id, quantity: 5 },
      ],
    },
  });
  expectStatus(response, 201);
  combo = response.body.data;
});

const prescribe = (body: Record<string, unknown>, caller: Caller = users.doctor, visit = visitId) =>
  t.call('POST', api(`/visits/${visit}/prescriptions`), { ...caller, body });

const strengthLine = (overrides: Record<string, unknown> = {}) => ({
  catalogItemId: para.id,
  startDate: '2026-11-25',
  prescriptMode: 0,
  doseNum: 1000,
  frequency: 'TDS',
  duration: 5,
  cycle: 'day',
  ...overrides,
});

function fieldRefusal(response: ApiResponse, field: string, code: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  expect(response.body.error.errors).toEqual(
    expect.arrayContaining([expect.objectContaining({ field, code })]),
  );
}

async function clearVisit(visit = visitId) {
  const lines = await t.call('GET', api(`/visits/${visit}/prescriptions/lines`), users.doctor);
  for (const line of lines.body.data.items) {
    expectStatus(
      await t.call('DELETE', api(`/prescriptions/${line.id}`), {
        ...users.doctor,
        body: { version: line.version },
      }),
      200,
    );
  }
}

describe('a line in strength and customise mode', () => {
  it('computes the quantity, the price from the catalog and the totals in cents', async () => {
    const added = await prescribe(strengthLine());
    expectStatus(added, 201);
    const [line] = added.body.data.items;
    expect(line).toMatchObject({
      visitId,
      patientId,
      catalogItemId: para.id,
      name: 'Paracetamol 500 mg tablet',
      prescriptMode: 0,
      doseNum: 1000,
      strengthUm: 'mg',
      consumeUm: 'tab',
      consumeMethod: 'TAKE',
      consumeQuantity: 2,
      frequency: 'TDS',
      duration: 5,
      cycle: 'day',
      durationDays: 5,
      startDate: '2026-11-25',
      endDate: '2026-11-29',
      dispenseQuantity: 30,
      dispenseUm: 'tab',
      unitPrice: 10,
      totalPrice: 300,
      taxAmount: 27,
      overrideReason: null,
      warnings: [],
      version: 0,
    });
    expect(added.body.data).toMatchObject({
      total: 1,
      subtotal: 300,
      taxAmount: 27,
      totalWithTax: 327,
    });

    const medication = await t.call(
      'GET',
      api(`/visits/${visitId}/prescriptions/medication`),
      users.doctor,
    );
    expectStatus(medication, 200);
    expect(medication.body.data.items).toEqual([
      {
        code: expect.any(String),
        name: 'Paracetamol 500 mg tablet',
        dispenseQty: 30,
        um: 'tab',
        consumeQty: 2,
        consumeUM: 'tab',
        frequency: 'TDS',
        spec: { consumeMethod: 'TAKE', consumeQty: 2, consumeUM: 'tab', frequency: 'TDS' },
      },
    ]);
    // The visits feature's list (the queue's delete check) still sees it.
    const legacy = await t.call('GET', api(`/visits/${visitId}/prescriptions`), users.doctor);
    expect(legacy.body.data.total).toBe(1);
    await clearVisit();
  });

  it('lets the doctor raise the quantity in strength mode, not lower it', async () => {
    fieldRefusal(
      await prescribe(strengthLine({ dispenseQuantity: 20 })),
      'dispenseQuantity',
      'prescription.dispenseQuantityBelowDose',
    );
    const raised = await prescribe(strengthLine({ dispenseQuantity: 40 }));
    expectStatus(raised, 201);
    expect(raised.body.data.items[0]).toMatchObject({ dispenseQuantity: 40, totalPrice: 400 });
    await clearVisit();
  });

  it('takes the typed quantity in customise mode (a bottle of syrup)', async () => {
    const added = await prescribe({
      catalogItemId: syrup.id,
      prescriptMode: 1,
      consumeQuantity: 5,
      consumeUm: 'ml',
      frequency: 'TDS',
      duration: 1,
      cycle: 'week',
      dispenseQuantity: 1,
      precaution: 'May cause drowsiness',
      indication: 'For runny nose',
    });
    expectStatus(added, 201);
    expect(added.body.data.items[0]).toMatchObject({
      prescriptMode: 1,
      doseNum: null,
      consumeQuantity: 5,
      consumeUm: 'ml',
      durationDays: 7,
      dispenseQuantity: 1,
      dispenseUm: 'bottle',
      unitPrice: 450,
      totalPrice: 450,
      precaution: 'May cause drowsiness',
      indication: 'For runny nose',
    });
    // Without a strength in the catalog, strength mode cannot be computed.
    fieldRefusal(
      await prescribe({ ...strengthLine(), catalogItemId: syrup.id }),
      'prescriptMode',
      'prescription.strengthUnknown',
    );
    await clearVisit();
  });

  it('refuses bad input with the rule of each field', async () => {
    const several = await prescribe(strengthLine({ doseNum: -1, frequency: null }));
    expect(several.status).toBe(400);
    expect(several.body.error.code).toBe('request.invalid');
    expect(several.body.error.errors).toEqual([
      {
        field: 'doseNum',
        code: 'prescription.doseRange',
        message: PRESCRIPTION_MESSAGES.doseRange,
      },
      {
        field: 'frequency',
        code: 'prescription.frequencyRequired',
        message: 'Frequency is required',
      },
    ]);
    const below = await prescribe(strengthLine({ dispenseQuantity: 20 }));
    expect(below.body.error).toMatchObject({
      code: 'prescription.dispenseQuantityBelowDose',
      message: PRESCRIPTION_MESSAGES.dispenseQuantityBelowDose,
    });
    fieldRefusal(
      await prescribe(strengthLine({ doseNum: -500 })),
      'doseNum',
      'prescription.doseRange',
    );
    fieldRefusal(
      await prescribe(strengthLine({ dispenseQuantity: -3 })),
      'dispenseQuantity',
      'prescription.dispenseQuantityWhole',
    );
    fieldRefusal(
      await prescribe(strengthLine({ dispenseQuantity: 31.5 })),
      'dispenseQuantity',
      'prescription.dispenseQuantityWhole',
    );
    fieldRefusal(
      await prescribe(strengthLine({ duration: 0 })),
      'duration',
      'prescription.durationWhole',
    );
    fieldRefusal(
      await prescribe(strengthLine({ frequency: 'HOURLYISH' })),
      'frequency',
      'prescription.frequencyUnknown',
    );
    fieldRefusal(
      await prescribe(strengthLine({ cycle: 'fortnight' })),
      'cycle',
      'prescription.cycleRequired',
    );
    fieldRefusal(
      await prescribe(strengthLine({ startDate: '2026-02-30' })),
      'startDate',
      'prescription.dateInvalid',
    );
    fieldRefusal(
      await prescribe(strengthLine({ prescriptMode: 1, consumeQuantity: null })),
      'consumeQuantity',
      'prescription.consumeQuantityRequired',
    );
    const furlong = await prescribe(strengthLine({ consumeUm: 'furlong' }));
    fieldRefusal(furlong, 'consumeUm', 'prescription.consumeUmUnknown');
    expect(furlong.body.error.message).toBe('Please choose a unit from the list.');
    fieldRefusal(
      await prescribe(strengthLine({ consumeMethod: 'JUGGLE' })),
      'consumeMethod',
      'prescription.consumeMethodUnknown',
    );
    fieldRefusal(
      await prescribe(strengthLine({ catalogItemId: crypto.randomUUID() })),
      'catalogItemId',
      'prescription.itemUnknown',
    );
    const consult = await item({
      type: 'Service',
      code: unique('CONS').toUpperCase(),
      name: 'Consultation',
      sellingPriceCents: 3500,
    });
    fieldRefusal(
      await prescribe(strengthLine({ catalogItemId: consult.id })),
      'catalogItemId',
      'prescription.itemNotPrescribable',
    );
    expect((await prescribe({ ...strengthLine(), unitPrice: 1 })).status).toBe(400);
    const lines = await t.call('GET', api(`/visits/${visitId}/prescriptions/lines`), users.doctor);
    expect(lines.body.data.total).toBe(0);
  });
});

describe('safety checks', () => {
  it('refuses a drug the patient is allergic to unless a reason is given, and keeps it', async () => {
    const allergy = await t.call('POST', api('/allergies'), {
      ...users.doctor,
      body: {
        hciCode: null,
        patientID: patientId,
        visitID: visitId,
        allergyType: 'Drug',
        allergyDrugID: 'drug-penicillin',
        allergyDrugCode: 'PENICILLIN',
        allergyDrugName: 'Penicillin',
        allergyReaction: 'Y',
        allergyRemark: 'Rash',
        onsetDate: '2019-03-04',
      },
    });
    expectStatus(allergy, 201);
    const line = { ...strengthLine(), catalogItemId: amox.id, doseNum: 500 };
    const refused = await prescribe(line);
    fieldRefusal(refused, 'overrideReason', 'prescription.warnings');
    expect(refused.body.error.message).toBe(
      refusalMessage('prescription.warnings', 'The patient is recorded as allergic to Penicillin.'),
    );
    fieldRefusal(
      await prescribe({ ...line, overrideReason: '   ' }),
      'overrideReason',
      'prescription.warnings',
    );
    const kept = await prescribe({ ...line, overrideReason: 'Tolerated amoxicillin in 2024' });
    expectStatus(kept, 201);
    expect(kept.body.data.items[0]).toMatchObject({
      overrideReason: 'Tolerated amoxicillin in 2024',
      warnings: [
        { kind: 'allergy', message: 'The patient is recorded as allergic to Penicillin.' },
      ],
      dispenseQuantity: 15,
      totalPrice: 375,
      taxAmount: 0,
    });
    await clearVisit();
    expectStatus(
      await t.call('DELETE', api(`/allergies/${allergy.body.data.id}`), {
        ...users.doctor,
        body: { version: allergy.body.data.version },
      }),
      200,
    );
    // A removed allergy no longer warns.
    expectStatus(await prescribe(line), 201);
    await clearVisit();
  });

  it('warns of a duplicate drug on the visit', async () => {
    expectStatus(await prescribe(strengthLine()), 201);
    const twice = await prescribe(strengthLine());
    fieldRefusal(twice, 'overrideReason', 'prescription.warnings');
    expect(twice.body.error.message).toContain(
      'Paracetamol 500 mg tablet is already prescribed on this visit.',
    );
    const kept = await prescribe(strengthLine({ overrideReason: 'Second box for school' }));
    expectStatus(kept, 201);
    expect(kept.body.data.items[1].warnings).toEqual([
      {
        kind: 'duplicate',
        message: 'Paracetamol 500 mg tablet is already prescribed on this visit.',
      },
    ]);
    await clearVisit();
  });
});

describe('concurrent writes and the branch', () => {
  it('lets only one of two simultaneous adds of a drug through without a reason', async () => {
    const answers = await Promise.all([prescribe(strengthLine()), prescribe(strengthLine())]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
    const refused = answers.find((answer) => answer.status === 400)!;
    expect(refused.body.error.code).toBe('prescription.warnings');
    await clearVisit();
  });

  it("prices a line at the branch's own price, and refuses an item switched off there", async () => {
    const branchB = await addBranch(t, clinic, unique('PB').slice(0, 8).toUpperCase());
    const adminB = await addUser(t, clinic, 'Administrator', { branchIds: [branchB] });
    const callerB = { token: adminB.token, branchId: branchB };
    const visitB = await withTenant(t.database.db, clinic.tenantId, async (tx) => {
      const row = await tx.db
        .insertInto('visits')
        .values({
          tenantId: clinic.tenantId,
          branchId: branchB,
          patientId,
          doctorId: adminB.id,
          visitDate: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
    const terms = await t.call('PUT', api(`/catalogs/${amox.id}/branch`), {
      ...callerB,
      body: { sellingPriceCents: 40, isActive: true, version: 0 },
    });
    expectStatus(terms, 200);
    const added = await prescribe(
      { ...strengthLine(), catalogItemId: amox.id, doseNum: 500 },
      callerB,
      visitB,
    );
    expectStatus(added, 201);
    expect(added.body.data.items[0]).toMatchObject({ unitPrice: 40, totalPrice: 600 });
    // The first branch still pays the clinic's price.
    const here = await prescribe({ ...strengthLine(), catalogItemId: amox.id, doseNum: 500 });
    expect(here.body.data.items[0]).toMatchObject({ unitPrice: 25 });
    await clearVisit();
    expectStatus(
      await t.call('PUT', api(`/catalogs/${amox.id}/branch`), {
        ...callerB,
        body: { sellingPriceCents: 40, isActive: false, version: 1 },
      }),
      200,
    );
    fieldRefusal(
      await prescribe({ ...strengthLine(), catalogItemId: amox.id, doseNum: 500 }, callerB, visitB),
      'catalogItemId',
      'prescription.itemUnavailable',
    );
  });

  it('refuses a voided visit', async () => {
    const voided = await openVisit(3);
    await withTenant(t.database.db, clinic.tenantId, (tx) =>
      tx.db.updateTable('visits').set({ voidedAt: new Date() }).where('id', '=', voided).execute(),
    );
    const refused = await prescribe(strengthLine(), users.doctor, voided);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('visit.voided');
  });
});

describe('combo items and repeat', () => {
  it('expands a combo into its medicines, each from its default dosing', async () => {
    const added = await prescribe({ catalogItemId: combo.id, startDate: '2026-11-25' });
    expectStatus(added, 201);
    const byName = [...added.body.data.items].sort((a, b) => a.name.localeCompare(b.name));
    expect(byName).toEqual([
      expect.objectContaining({
        name: 'Cetirizine 10 mg tablet',
        comboItemId: combo.id,
        frequency: 'ON',
        dispenseQuantity: 5,
        totalPrice: 50,
      }),
      expect.objectContaining({
        name: 'Strepsils lozenge',
        comboItemId: combo.id,
        frequency: 'Q4H',
        dispenseQuantity: 12,
        totalPrice: 360,
      }),
    ]);
    expect(added.body.data).toMatchObject({ subtotal: 410, taxAmount: 37, totalWithTax: 447 });
    await clearVisit();
  });

  it("repeats the patient's last earlier prescription in one call, re-priced", async () => {
    const none = await t.call('POST', api(`/visits/${visitId}/prescriptions/repeat-last`), {
      ...users.doctor,
      body: {},
    });
    expect(none.status).toBe(400);
    expect(none.body.error.code).toBe('prescription.noEarlierPrescription');
    expectStatus(await prescribe(strengthLine(), users.doctor, earlierVisitId), 201);
    expectStatus(
      await prescribe(
        {
          catalogItemId: syrup.id,
          prescriptMode: 1,
          consumeQuantity: 5,
          consumeUm: 'ml',
          frequency: 'TDS',
          duration: 5,
          cycle: 'day',
          dispenseQuantity: 1,
        },
        users.doctor,
        earlierVisitId,
      ),
      201,
    );
    // The price changed since.
    const current = await t.call('GET', api(`/catalogs/${para.id}`), admin);
    expectStatus(
      await t.call('PUT', api(`/catalogs/${para.id}`), {
        ...admin,
        body: {
          ...med('X', 'Paracetamol 500 mg tablet'),
          code: current.body.data.code,
          sellingPriceCents: 12,
          version: current.body.data.version,
          components: [],
          upcCodes: [],
          procurement: null,
          costCents: null,
          defaultInstructions: null,
          whitelistDrugId: null,
          isActive: true,
        },
      }),
      200,
    );
    const repeated = await t.call('POST', api(`/visits/${visitId}/prescriptions/repeat-last`), {
      ...users.doctor,
      body: {},
    });
    expectStatus(repeated, 201);
    expect(repeated.body.data.items).toEqual([
      expect.objectContaining({
        catalogItemId: para.id,
        dispenseQuantity: 30,
        unitPrice: 12,
        totalPrice: 360,
      }),
      expect.objectContaining({ catalogItemId: syrup.id, consumeQuantity: 5, dispenseQuantity: 1 }),
    ]);
    // Repeating again warns of the duplicates, and writes nothing without a reason.
    const again = await t.call('POST', api(`/visits/${visitId}/prescriptions/repeat-last`), {
      ...users.doctor,
      body: {},
    });
    fieldRefusal(again, 'overrideReason', 'prescription.warnings');
    const lines = await t.call('GET', api(`/visits/${visitId}/prescriptions/lines`), users.doctor);
    expect(lines.body.data.total).toBe(2);
    await clearVisit();
    await clearVisit(earlierVisitId);
  });
});

describe('versions, access and audit', () => {
  it('updates and deletes a line with its version (409 when stale)', async () => {
    const added = await prescribe(strengthLine());
    const line = added.body.data.items[0];
    const { catalogItemId: _, ...fields } = strengthLine({ duration: 7 });
    const updated = await t.call('PUT', api(`/prescriptions/${line.id}`), {
      ...users.doctor,
      body: { ...fields, version: 0 },
    });
    expectStatus(updated, 200);
    expect(updated.body.data).toMatchObject({
      dispenseQuantity: 42,
      totalPrice: 504, // 12 cents since the repeat test
      version: 1,
      warnings: [],
    });
    const stale = await t.call('PUT', api(`/prescriptions/${line.id}`), {
      ...users.doctor,
      body: { ...fields, version: 0 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('record.changed');
    const staleDelete = await t.call('DELETE', api(`/prescriptions/${line.id}`), {
      ...users.doctor,
      body: { version: 0 },
    });
    expect(staleDelete.status).toBe(409);
    const read = await t.call('GET', api(`/prescriptions/${line.id}`), users.doctor);
    expect(read.body.data.version).toBe(1);
    expectStatus(
      await t.call('DELETE', api(`/prescriptions/${line.id}`), {
        ...users.doctor,
        body: { version: 1 },
      }),
      200,
    );
    const gone = await t.call('GET', api(`/prescriptions/${line.id}`), users.doctor);
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('prescription.notFound');

    const rows = await withTenant(t.database.db, clinic.tenantId, (tx) =>
      tx.db
        .selectFrom('auditEvents')
        .select(['action', 'entityId', 'detail'])
        .where('entityId', '=', visitId)
        .execute(),
    );
    expect(rows.map((row) => row.action)).toEqual(
      expect.arrayContaining(['create', 'update', 'delete', 'read']),
    );
  });

  it("refuses another branch's visit with the spec's words, and another clinic's as unknown", async () => {
    const branchB = await addBranch(t, clinic, unique('RX').slice(0, 8).toUpperCase());
    const doctorB = await addUser(t, clinic, '50', { branchIds: [clinic.branchId, branchB] });
    const elsewhere = await prescribe(strengthLine(), { token: doctorB.token, branchId: branchB });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.error).toEqual({
      code: 'visit.anotherBranch',
      message: refusalMessage('visit.anotherBranch'),
    });
    const theirs = await prescribe(strengthLine(), {
      token: other.token,
      branchId: other.branchId,
    });
    expect(theirs.status).toBe(404);
    const theirRead = await t.call('GET', api(`/visits/${visitId}/prescriptions/lines`), {
      token: other.token,
      branchId: other.branchId,
    });
    expect(theirRead.status).toBe(404);
  });

  it('lets the front desk neither read nor write prescriptions', async () => {
    expect((await prescribe(strengthLine(), users.desk)).status).toBe(403);
    expect(
      (await t.call('GET', api(`/visits/${visitId}/prescriptions/lines`), users.desk)).status,
    ).toBe(403);
  });
});
