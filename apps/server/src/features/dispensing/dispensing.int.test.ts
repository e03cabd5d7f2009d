import { refusalMessage } from '@clinic/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import {
  addBranch,
  addUser,
  createRole,
  expectStatus,
  patientBody,
  unique,
  type ApiResponse,
} from '../../../test/helpers.ts';
import { withTenant } from '../../db/tenant-db.ts';

/** Dispensing a visit's prescription lines and their medication labels (issue 12). */
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
const FAR = '2031-12-31';
const NEAR = '2030-06-30';

let branchB: string;
let adminB: Caller;
let readOnly: Caller;
let otherAdmin: Caller;

beforeAll(async () => {
  branchB = await addBranch(t, clinic, unique('B').slice(0, 10).toUpperCase());
  const user = await addUser(t, clinic, 'Administrator', { branchIds: [clinic.branchId, branchB] });
  adminB = { token: user.token, branchId: branchB };
  const reader = await addUser(t, clinic, 'Front Desk', {
    roleIds: [await createRole(t, clinic, 'Dispensing reader', ['dispensing:read'])],
  });
  readOnly = { token: reader.token, branchId: clinic.branchId };
  otherAdmin = { token: other.token, branchId: other.branchId };
});

async function newItem(name: string, unit = 'tab') {
  const response = await t.call('POST', api('/catalogs'), {
    ...admin,
    body: {
      type: 'Med',
      code: unique('DSP').toUpperCase(),
      name: `${name} ${unique('n')}`,
      dispensingUnit: unit,
      defaultInstructions: 'Keep out of reach of children',
      sellingPriceCents: 10,
    },
  });
  expectStatus(response, 201);
  return { id: response.body.data.id as string, name: response.body.data.name as string };
}

async function receive(itemId: string, quantity: number, expiryDate = FAR, caller = admin) {
  const response = await t.call('POST', api('/inventory/receipts'), {
    ...caller,
    body: { itemId, batchNo: unique('LOT'), expiryDate, quantity, unitCostCents: 3 },
  });
  expectStatus(response, 201);
  return response.body.data.batch as { id: string; batchNo: string };
}

/** A visit of a new patient in the first branch. */
async function openVisit(): Promise<{ visitId: string; patientName: string }> {
  const body = patientBody();
  const patient = await t.call('POST', api('/patients'), { ...admin, body });
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
  return { visitId, patientName: body.name };
}

/** Prescribes an item (customise mode: `each` a time, three times a day, for `days` days). */
async function prescribe(
  visitId: string,
  itemId: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const response = await t.call('POST', api(`/visits/${visitId}/prescriptions`), {
    ...users.doctor,
    body: {
      catalogItemId: itemId,
      prescriptMode: 1,
      consumeQuantity: 1,
      consumeMethod: 'TAKE',
      frequency: 'TDS',
      duration: 5,
      cycle: 'day',
      ...overrides,
    },
  });
  expectStatus(response, 201);
  const items = response.body.data.items as Array<{ id: string; catalogItemId: string }>;
  return items.at(-1)!.id;
}

const dispense = (visitId: string, body: unknown, caller: Caller = users.desk) =>
  t.call('POST', api(`/visits/${visitId}/dispense`), { ...caller, body });

const state = (visitId: string, caller: Caller = users.desk) =>
  t.call('GET', api(`/visits/${visitId}/dispensing`), caller);

async function onHand(itemId: string, caller: Caller = admin): Promise<number> {
  const response = await t.call('GET', api(`/inventory/items/${itemId}`), caller);
  expectStatus(response, 200);
  return response.body.data.item.onHand as number;
}

function expectRefusal(response: ApiResponse, status: number, code: string, field?: string) {
  expectStatus(response, status);
  expect(response.body.error.code).toBe(code);
  if (field) expect(response.body.error.errors[0].field).toBe(field);
}

/** Rows the dispensing feature and the ledger hold for a visit. */
async function writtenFor(visitId: string) {
  return withTenant(t.database.db, clinic.tenantId, async (tx) => {
    const records = await tx.db
      .selectFrom('dispenseRecords')
      .select('id')
      .where('visitId', '=', visitId)
      .execute();
    const lines = await tx.db
      .selectFrom('dispensedPrescriptions')
      .select('prescriptionId')
      .where('visitId', '=', visitId)
      .execute();
    return { records: records.length, lines: lines.length };
  });
}

describe("dispensing a visit's prescription", () => {
  it('shows the desk each line in words with stock, then dispenses every line first expiry first', async () => {
    const para = await newItem('Paracetamol 500 mg tablet');
    const amox = await newItem('Amoxicillin 500 mg capsule', 'cap');
    const early = await receive(para.id, 10, NEAR);
    const late = await receive(para.id, 30, FAR);
    await receive(amox.id, 50);
    const { visitId } = await openVisit();
    const paraLine = await prescribe(visitId, para.id, {
      consumeQuantity: 1,
      indication: 'PAIN',
      precaution: 'AFTERFOOD',
    });
    const amoxLine = await prescribe(visitId, amox.id, { consumeQuantity: 2, duration: 7 });

    const before = await state(visitId);
    expectStatus(before, 200);
    expect(before.body.data).toMatchObject({ visitId, branchId: clinic.branchId, total: 2 });
    expect(before.body.data.items).toEqual([
      expect.objectContaining({
        prescriptionId: paraLine,
        name: para.name,
        quantity: 15,
        unit: 'tab',
        instructions:
          'Take 1 tablet by mouth three times a day for 5 days. For pain. Take after food.',
        dispensable: true,
        available: 40,
        onHand: 40,
        dispensed: null,
      }),
      expect.objectContaining({
        prescriptionId: amoxLine,
        quantity: 42,
        unit: 'cap',
        instructions: 'Take 2 capsules by mouth three times a day for 7 days.',
        available: 50,
        dispensed: null,
      }),
    ]);

    const done = await dispense(visitId, {});
    expectStatus(done, 201);
    expect(done.body.data.prescriptionIds).toEqual([paraLine, amoxLine]);
    const [paraDone, amoxDone] = done.body.data.items;
    expect(paraDone.dispensed).toMatchObject({
      dispenseId: done.body.data.dispenseId,
      dispensedBy: { id: users.desk.id, name: expect.any(String) },
      branchId: clinic.branchId,
      batches: [
        { batchId: early.id, batchNo: early.batchNo, expiryDate: NEAR, quantity: 10 },
        { batchId: late.id, batchNo: late.batchNo, expiryDate: FAR, quantity: 5 },
      ],
    });
    expect(paraDone.available).toBe(25);
    expect(amoxDone.dispensed.batches).toEqual([expect.objectContaining({ quantity: 42 })]);
    // Stock fell by exactly what was dispensed.
    expect(await onHand(para.id)).toBe(25);
    expect(await onHand(amox.id)).toBe(8);

    const after = await state(visitId);
    expect(after.body.data.items.map((line: { dispensed: unknown }) => line.dispensed)).toEqual([
      paraDone.dispensed,
      amoxDone.dispensed,
    ]);
    // Nothing is left to dispense.
    expectRefusal(await dispense(visitId, {}), 409, 'dispensing.nothingToDispense');
  });

  it('dispenses some lines, then the rest; a line is dispensed once, refused by name after', async () => {
    const cough = await newItem('Cough mixture', 'bottle');
    const loz = await newItem('Lozenge', 'loz');
    await receive(cough.id, 5);
    await receive(loz.id, 100);
    const { visitId } = await openVisit();
    const coughLine = await prescribe(visitId, cough.id, { dispenseQuantity: 1 });
    const lozLine = await prescribe(visitId, loz.id);

    const first = await dispense(visitId, { prescriptionIds: [coughLine] });
    expectStatus(first, 201);
    expect(first.body.data.prescriptionIds).toEqual([coughLine]);
    expect(first.body.data.items[1].dispensed).toBeNull();
    expect(await onHand(cough.id)).toBe(4);
    expect(await onHand(loz.id)).toBe(100);

    const again = await dispense(visitId, { prescriptionIds: [lozLine, coughLine] });
    expectRefusal(again, 409, 'dispensing.alreadyDispensed', 'prescriptionIds.1');
    expect(again.body.error.message).toBe(
      refusalMessage('dispensing.alreadyDispensed', cough.name),
    );
    expect(await onHand(loz.id)).toBe(100);

    const rest = await dispense(visitId, {});
    expectStatus(rest, 201);
    expect(rest.body.data.prescriptionIds).toEqual([lozLine]);
    expect(await onHand(loz.id)).toBe(85);
    expect(await onHand(cough.id)).toBe(4);
    expect(await writtenFor(visitId)).toEqual({ records: 2, lines: 2 });
  });

  it('refuses lines of another visit, named twice, or of no stocked item', async () => {
    const item = await newItem('Cetirizine 10 mg');
    await receive(item.id, 100);
    const { visitId } = await openVisit();
    const { visitId: otherVisit } = await openVisit();
    const line = await prescribe(visitId, item.id);
    const otherLine = await prescribe(otherVisit, item.id);
    expectRefusal(
      await dispense(visitId, { prescriptionIds: [line, otherLine] }),
      400,
      'dispensing.lineUnknown',
      'prescriptionIds.1',
    );
    expectRefusal(
      await dispense(visitId, { prescriptionIds: [line, line] }),
      400,
      'dispensing.lineTwice',
      'prescriptionIds.1',
    );
    const none = await dispense(visitId, { prescriptionIds: [] });
    expectStatus(none, 400);
    expect(none.body.error.errors[0].field).toBe('prescriptionIds');
    // A line written before the catalog (code and name only) names no stocked item.
    const legacy = await withTenant(t.database.db, clinic.tenantId, async (tx) => {
      const visit = await tx.db
        .selectFrom('visits')
        .select('patientId')
        .where('id', '=', visitId)
        .executeTakeFirstOrThrow();
      const row = await tx.db
        .insertInto('prescriptions')
        .values({
          tenantId: clinic.tenantId,
          visitId,
          patientId: visit.patientId,
          itemCode: 'OLD',
          itemName: 'Old line',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
    expectRefusal(
      await dispense(visitId, { prescriptionIds: [legacy] }),
      400,
      'dispensing.lineNotDispensable',
      'prescriptionIds.0',
    );
    // All lines: the legacy line is left out, the rest dispensed.
    const all = await dispense(visitId, {});
    expectStatus(all, 201);
    expect(all.body.data.prescriptionIds).toEqual([line]);
    expect(
      all.body.data.items.find((i: { prescriptionId: string }) => i.prescriptionId === legacy),
    ).toMatchObject({ dispensable: false, available: null, dispensed: null });
  });

  it('a stock shortage is 409 naming the drug and the line, and writes nothing', async () => {
    const plenty = await newItem('Vitamin C');
    const scarce = await newItem('Salbutamol inhaler', 'inhaler');
    await receive(plenty.id, 100);
    await receive(scarce.id, 1);
    await receive(scarce.id, 5, '2020-01-01'); // expired: never dispensed
    const { visitId } = await openVisit();
    const plentyLine = await prescribe(visitId, plenty.id);
    const scarceLine = await prescribe(visitId, scarce.id, { dispenseQuantity: 2 });
    const refused = await dispense(visitId, { prescriptionIds: [plentyLine, scarceLine] });
    expectRefusal(refused, 409, 'inventory.stockShort', 'prescriptionIds.1');
    expect(refused.body.error.message).toBe(
      refusalMessage('inventory.stockShort', scarce.name, 1, 2, 'inhaler'),
    );
    const all = await dispense(visitId, {});
    expectRefusal(all, 409, 'inventory.stockShort', 'prescriptionIds');
    expect(await onHand(plenty.id)).toBe(100);
    expect(await onHand(scarce.id)).toBe(6);
    expect(await writtenFor(visitId)).toEqual({ records: 0, lines: 0 });
    const read = await state(visitId);
    expect(read.body.data.items[1]).toMatchObject({ available: 1, onHand: 6, dispensed: null });
  });

  it('takes two lines of one drug together and shares the batches out to them', async () => {
    const item = await newItem('Ibuprofen 200 mg');
    const early = await receive(item.id, 20, NEAR);
    const late = await receive(item.id, 20, FAR);
    const { visitId } = await openVisit();
    const first = await prescribe(visitId, item.id, { dispenseQuantity: 15 });
    const second = await prescribe(visitId, item.id, {
      dispenseQuantity: 10,
      overrideReason: 'Second course for the spouse',
    });
    const done = await dispense(visitId, { prescriptionIds: [second, first] });
    expectStatus(done, 201);
    expect(done.body.data.prescriptionIds).toEqual([first, second]);
    const batches = done.body.data.items.map(
      (line: { dispensed: { batches: Array<{ batchId: string; quantity: number }> } }) =>
        line.dispensed.batches.map((batch) => [batch.batchId, batch.quantity]),
    );
    // `second` was named first: it takes the earliest batch first.
    expect(batches).toEqual([
      [
        [early.id, 10],
        [late.id, 5],
      ],
      [[early.id, 10]],
    ]);
    expect(await onHand(item.id)).toBe(15);
    const ledger = await withTenant(t.database.db, clinic.tenantId, (tx) =>
      tx.db
        .selectFrom('stockMovements')
        .select(['quantity'])
        .where('referenceId', '=', done.body.data.dispenseId)
        .execute(),
    );
    // One dispense row per batch for the item, not per line.
    expect(ledger.map((row) => row.quantity).sort((a, b) => a - b)).toEqual([-20, -5]);
  });

  it('two dispensings of the same line at once: one dispenses, the other is refused by name', async () => {
    const item = await newItem('Loratadine 10 mg');
    await receive(item.id, 100);
    const { visitId } = await openVisit();
    const line = await prescribe(visitId, item.id);
    const answers = await Promise.all([
      dispense(visitId, { prescriptionIds: [line] }),
      dispense(visitId, { prescriptionIds: [line] }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.error.code).toBe(
      'dispensing.alreadyDispensed',
    );
    expect(await onHand(item.id)).toBe(85);
  });

  it('a dispensed line can no longer be changed or removed; an undispensed one can', async () => {
    const item = await newItem('Omeprazole 20 mg');
    await receive(item.id, 100);
    const { visitId } = await openVisit();
    const dispensedLine = await prescribe(visitId, item.id);
    const openLine = await prescribe(visitId, (await newItem('Domperidone')).id);
    expectStatus(await dispense(visitId, { prescriptionIds: [dispensedLine] }), 201);
    const line = await t.call('GET', api(`/prescriptions/${dispensedLine}`), users.doctor);
    const { version } = line.body.data;
    const change = {
      prescriptMode: 1,
      consumeQuantity: 2,
      frequency: 'BD',
      duration: 5,
      cycle: 'day',
      version,
    };
    const edited = await t.call('PUT', api(`/prescriptions/${dispensedLine}`), {
      ...users.doctor,
      body: change,
    });
    expectRefusal(edited, 409, 'dispensing.lineLocked');
    expect(edited.body.error.message).toBe(refusalMessage('dispensing.lineLocked'));
    const removed = await t.call('DELETE', api(`/prescriptions/${dispensedLine}`), {
      ...users.doctor,
      body: { version },
    });
    expectRefusal(removed, 409, 'dispensing.lineLocked');
    const openVersion = (await t.call('GET', api(`/prescriptions/${openLine}`), users.doctor)).body
      .data.version;
    expectStatus(
      await t.call('DELETE', api(`/prescriptions/${openLine}`), {
        ...users.doctor,
        body: { version: openVersion },
      }),
      200,
    );
  });
});

describe('branches, clinics and roles', () => {
  it('another branch reads the lines with its own stock but may not dispense the visit', async () => {
    const item = await newItem('Metformin 500 mg');
    await receive(item.id, 100);
    await receive(item.id, 7, FAR, adminB);
    const { visitId } = await openVisit();
    const line = await prescribe(visitId, item.id);
    const read = await state(visitId, adminB);
    expectStatus(read, 200);
    expect(read.body.data.items[0]).toMatchObject({ prescriptionId: line, available: 7 });
    expectRefusal(await dispense(visitId, {}, adminB), 403, 'visit.anotherBranch');
    expect(await onHand(item.id, adminB)).toBe(7);
    expect(await onHand(item.id)).toBe(100);
  });

  it('another clinic sees nothing of the visit, its lines or their labels', async () => {
    const item = await newItem('Amlodipine 5 mg');
    await receive(item.id, 100);
    const { visitId } = await openVisit();
    const line = await prescribe(visitId, item.id);
    expectRefusal(await state(visitId, otherAdmin), 404, 'visit.notFound');
    expectRefusal(await dispense(visitId, {}, otherAdmin), 404, 'visit.notFound');
    const labels = await t.call('GET', api(`/reports/labels/medication?ids=${line}`), otherAdmin);
    expectStatus(labels, 404);
    expect(await writtenFor(visitId)).toEqual({ records: 0, lines: 0 });
  });

  it('a voided visit is not dispensed', async () => {
    const item = await newItem('Simvastatin 20 mg');
    await receive(item.id, 100);
    const { visitId } = await openVisit();
    await prescribe(visitId, item.id);
    await withTenant(t.database.db, clinic.tenantId, (tx) =>
      sql`UPDATE visits SET voided_at = now() WHERE id = ${visitId}`.execute(tx.db),
    );
    expectRefusal(await dispense(visitId, {}), 400, 'visit.voided');
  });

  it('reading needs dispensing:read, dispensing dispensing:create, labels dispensing:print', async () => {
    const item = await newItem('Aspirin 100 mg');
    await receive(item.id, 100);
    const { visitId } = await openVisit();
    const line = await prescribe(visitId, item.id);
    // The doctor reads dispensing (not prints or dispenses); the reader only reads.
    expectStatus(await state(visitId, users.doctor), 200);
    expectRefusal(await dispense(visitId, {}, users.doctor), 403, 'access.roleRefusal');
    expectStatus(await state(visitId, readOnly), 200);
    expectRefusal(await dispense(visitId, {}, readOnly), 403, 'access.roleRefusal');
    const labels = api(`/reports/labels/medication?ids=${line}`);
    expectRefusal(await t.call('GET', labels, readOnly), 403, 'access.roleRefusal');
    expectRefusal(await t.call('GET', labels, users.doctor), 403, 'access.roleRefusal');
    expectStatus(await t.call('GET', labels, users.desk), 200);
  });
});

describe('medication labels (GET /reports/labels/medication)', () => {
  it('answers doc 3 section 3.2 items with the dispensed batches, in the visit order', async () => {
    const para = await newItem('Paracetamol syrup', 'bottle');
    const cream = await newItem('Hydrocortisone cream', 'tube');
    const early = await receive(para.id, 1, NEAR);
    const late = await receive(para.id, 5, FAR);
    const undated = await t.call('POST', api('/inventory/receipts'), {
      ...admin,
      body: {
        itemId: cream.id,
        batchNo: unique('TUBE'),
        expiryDate: null,
        quantity: 5,
        unitCostCents: 1,
      },
    });
    expectStatus(undated, 201);
    const { visitId, patientName } = await openVisit();
    const paraLine = await prescribe(visitId, para.id, {
      consumeQuantity: 5,
      consumeUm: 'ml',
      dispenseQuantity: 2,
      precaution: 'SHAKE',
    });
    const creamLine = await prescribe(visitId, cream.id, {
      consumeMethod: 'APPLY',
      consumeUm: 'appl',
      frequency: 'BD',
      dispenseQuantity: 1,
    });
    const before = await t.call(
      'GET',
      api(`/reports/labels/medication?ids=${creamLine},${paraLine}`),
      users.desk,
    );
    expectStatus(before, 200);
    expect(before.body.data.items[0]).toMatchObject({
      prescriptionId: paraLine,
      batches: [],
      dispensed: false,
    });
    expectStatus(await dispense(visitId, {}), 201);

    const labels = await t.call(
      'GET',
      api(`/reports/labels/medication?ids=${creamLine},${paraLine}`),
      users.desk,
    );
    expectStatus(labels, 200);
    expect(labels.body.data.visitId).toBe(visitId);
    const [syrup, tube] = labels.body.data.items;
    expect(syrup).toEqual({
      prescriptionId: paraLine,
      code: expect.any(String),
      patientName,
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      qty: 2,
      um: 'bottle',
      itemName: para.name,
      duration: 5,
      specification: {
        consumeMethod: 'TAKE',
        consumeQty: 5,
        consumeUM: 'ml',
        frequency: 'TDS',
        indication: null,
        precaution: 'SHAKE',
        warningMessage: null,
        remark: 'Keep out of reach of children',
      },
      batches: [
        { batchNumber: early.batchNo, expiryDate: NEAR },
        { batchNumber: late.batchNo, expiryDate: FAR },
      ],
      instructions:
        'Take 5 millilitres by mouth three times a day for 5 days. Shake well before use.',
      patientAge: { years: expect.any(Number), months: expect.any(Number) },
      dispensed: true,
    });
    expect(tube).toMatchObject({
      prescriptionId: creamLine,
      batches: [{ batchNumber: undated.body.data.batch.batchNo, expiryDate: null }],
      instructions: 'Apply 1 application on the skin twice a day for 5 days.',
    });
  });

  it('refuses lines of two visits, unknown lines and malformed ids', async () => {
    const item = await newItem('Chlorphenamine 4 mg');
    const first = await openVisit();
    const second = await openVisit();
    const a = await prescribe(first.visitId, item.id);
    const b = await prescribe(second.visitId, item.id);
    const call = (ids: string) =>
      t.call('GET', api(`/reports/labels/medication?ids=${encodeURIComponent(ids)}`), users.desk);
    expectRefusal(await call(`${a},${b}`), 400, 'dispensing.labelsOfOneVisit', 'ids');
    expectStatus(await call(`${a},00000000-0000-4000-8000-000000000000`), 404);
    expectStatus(await call('not-an-id'), 400);
    expectStatus(await call(''), 400);
  });
});
