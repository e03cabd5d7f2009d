import { refusalMessage } from '@clinic/domain';
import { sql } from 'kysely';
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

/** Stock batches, the ledger, receipts, adjustments, suppliers and dispensing (issue 12). */
const {
  t,
  clinics: [clinic, other],
  users,
  admin,
} = setupApiTest({
  clinics: 2,
  users: {
    doctor: { type: '50' },
    desk: { type: 'Front Desk' },
  },
});

interface Caller {
  token: string;
  branchId: string;
}

let branchB: string;
/** An administrator of both branches, calling from branch B. */
let adminB: Caller;
let otherAdmin: Caller;
let doctorB: string;

beforeAll(async () => {
  branchB = await addBranch(t, clinic, unique('B').slice(0, 10).toUpperCase());
  const user = await addUser(t, clinic, 'Administrator', {
    branchIds: [clinic.branchId, branchB],
  });
  adminB = { token: user.token, branchId: branchB };
  doctorB = (await addUser(t, clinic, '50', { branchIds: [branchB] })).id;
  otherAdmin = { token: other.token, branchId: other.branchId };
});

const api = (path: string) => `/api/v1${path}`;
const FAR = '2031-12-31';

/** A date `days` after today (UTC; far enough from the clinic's date either way). */
function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function newItem(name = 'Paracetamol 500 mg tablet', caller: Caller = admin) {
  const response = await t.call('POST', api('/catalogs'), {
    ...caller,
    body: {
      type: 'Med',
      code: unique('INV').toUpperCase(),
      name: `${name} ${unique('n')}`,
      strength: 500,
      strengthUnit: 'mg',
      dispensingUnit: 'tab',
      sellingPriceCents: 10,
    },
  });
  expectStatus(response, 201);
  return { id: response.body.data.id as string, name: response.body.data.name as string };
}

function receipt(itemId: string, overrides: Record<string, unknown> = {}) {
  return {
    itemId,
    batchNo: unique('LOT'),
    expiryDate: FAR,
    quantity: 10,
    unitCostCents: 3,
    ...overrides,
  };
}

async function receive(itemId: string, overrides: Record<string, unknown> = {}, caller = admin) {
  const response = await t.call('POST', api('/inventory/receipts'), {
    ...caller,
    body: receipt(itemId, overrides),
  });
  expectStatus(response, 201);
  return response.body.data.batch as { id: string; batchNo: string; onHand: number };
}

/** A visit of a new patient in the caller's branch. */
async function openVisit(caller: Caller = admin, tenantId = clinic.tenantId): Promise<string> {
  const patient = await t.call('POST', api('/patients'), { ...caller, body: patientBody() });
  expectStatus(patient, 201);
  const patientId: string = patient.body.data.patientId;
  const doctorId = caller.branchId === branchB ? doctorB : users.doctor.id;
  const queued = await t.call('POST', api('/queue'), {
    ...caller,
    body: { patientId, doctorId, visitPurposes: ['Consultation'] },
  });
  expectStatus(queued, 201);
  return withTenant(t.database.db, tenantId, async (tx) => {
    const visit = await tx.db
      .selectFrom('visits')
      .select('id')
      .where('patientId', '=', patientId)
      .executeTakeFirstOrThrow();
    return visit.id;
  });
}

const dispense = (visitId: string, lines: unknown[], caller: Caller = admin) =>
  t.call('POST', api('/inventory/dispense'), { ...caller, body: { visitId, lines } });

async function onHand(itemId: string, caller: Caller = admin): Promise<number> {
  const response = await t.call('GET', api(`/inventory/items/${itemId}`), caller);
  expectStatus(response, 200);
  return response.body.data.item.onHand as number;
}

/** Per batch of the item in the branch: the ledger's sum, read from the database. */
async function ledgerSums(itemId: string, branchId = clinic.branchId) {
  return withTenant(t.database.db, clinic.tenantId, async (tx) => {
    const rows = await tx.db
      .selectFrom('stockMovements')
      .select(['batchId', (eb) => eb.fn.sum<string>('quantity').as('total')])
      .where('itemId', '=', itemId)
      .where('branchId', '=', branchId)
      .groupBy('batchId')
      .execute();
    return new Map(rows.map((row) => [row.batchId, Number(row.total)]));
  });
}

function expectFieldRefusal(response: ApiResponse, field: string, code?: string) {
  expectStatus(response, 400);
  const errors = response.body.error.errors as Array<{ field: string; code: string }>;
  expect(errors.map((error) => error.field)).toContain(field);
  if (code) expect(errors.find((error) => error.field === field)?.code).toBe(code);
}

describe('receipts and the ledger', () => {
  it('makes a batch and a receipt row; on-hand is the ledger sum', async () => {
    const item = await newItem();
    const received = await t.call('POST', api('/inventory/receipts'), {
      ...admin,
      body: receipt(item.id, { batchNo: 'A-1', quantity: 25, unitCostCents: 4 }),
    });
    expectStatus(received, 201);
    expect(received.body.data.batch).toMatchObject({
      itemId: item.id,
      batchNo: 'A-1',
      expiryDate: FAR,
      unitCostCents: 4,
      onHand: 25,
      expiryStatus: 'unexpired',
    });
    expect(received.body.data.movement).toMatchObject({ kind: 'receipt', quantity: 25 });

    // The same batch number and expiry again adds to that batch.
    const again = await receive(item.id, { batchNo: 'a-1', quantity: 5 });
    expect(again).toMatchObject({ id: received.body.data.batch.id, onHand: 30 });
    // Another expiry under the same number is refused.
    const clash = await t.call('POST', api('/inventory/receipts'), {
      ...admin,
      body: receipt(item.id, { batchNo: 'A-1', expiryDate: '2032-01-01' }),
    });
    expectFieldRefusal(clash, 'expiryDate', 'stock.batchExpiryDiffers');

    const detail = await t.call('GET', api(`/inventory/items/${item.id}`), admin);
    expectStatus(detail, 200);
    expect(detail.body.data.item).toMatchObject({
      itemId: item.id,
      onHand: 30,
      reorderLevel: null,
    });
    expect(detail.body.data.batches).toHaveLength(1);
    expect(detail.body.data.ledger.total).toBe(2);
    expect(detail.body.data.ledger.items.map((row: { quantity: number }) => row.quantity)).toEqual(
      expect.arrayContaining([25, 5]),
    );

    const list = await t.call(
      'GET',
      api(`/inventory/items?keyword=${encodeURIComponent(item.name)}`),
      admin,
    );
    expectStatus(list, 200);
    expect(list.body.data.items).toEqual([
      expect.objectContaining({ itemId: item.id, onHand: 30 }),
    ]);
    const pastTheEnd = await t.call(
      'GET',
      api(`/inventory/items?keyword=${encodeURIComponent(item.name)}&pageIndex=2`),
      admin,
    );
    expect(pastTheEnd.body.data).toEqual({ items: [], total: 1 });

    const ledger = await t.call('GET', api(`/inventory/transactions?itemId=${item.id}`), admin);
    expectStatus(ledger, 200);
    expect(ledger.body.data.total).toBe(2);
  });

  it('lets receipts racing for a new batch number add up or be refused, never lost', async () => {
    const item = await newItem();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.call('POST', api('/inventory/receipts'), {
          ...admin,
          body: receipt(item.id, { batchNo: 'RACE-1', quantity: 10 }),
        }),
      ),
    );
    const created = answers.filter((answer) => answer.status === 201).length;
    expect(created).toBeGreaterThan(0);
    for (const answer of answers.filter((one) => one.status !== 201)) {
      expect(answer.status).toBe(409);
      expect(answer.body.error.code).toBe('record.changed');
    }
    expect(await onHand(item.id)).toBe(10 * created);
    expect([...(await ledgerSums(item.id)).values()]).toEqual([10 * created]);
  });

  it("filters the ledger by kind and by the clinic's dates", async () => {
    const item = await newItem();
    const batch = await receive(item.id, { quantity: 5 });
    expectStatus(
      await t.call('POST', api('/inventory/adjustments'), {
        ...admin,
        body: { batchId: batch.id, quantity: -1, reason: 'Broken' },
      }),
      201,
    );
    const ledger = (query: string) =>
      t.call('GET', api(`/inventory/transactions?itemId=${item.id}${query}`), admin);
    const adjustments = await ledger('&kind=adjustment');
    expect(adjustments.body.data.items.map((row: { quantity: number }) => row.quantity)).toEqual([
      -1,
    ]);
    const yesterday = daysFromNow(-2);
    const tomorrow = daysFromNow(2);
    expect((await ledger(`&fromDate=${yesterday}&toDate=${tomorrow}`)).body.data.total).toBe(2);
    expect((await ledger(`&toDate=${yesterday}`)).body.data.total).toBe(0);
    expect((await ledger(`&fromDate=${tomorrow}`)).body.data.total).toBe(0);
    expectFieldRefusal(
      await ledger(`&fromDate=${tomorrow}&toDate=${yesterday}`),
      'toDate',
      'stock.periodBackwards',
    );
    expectFieldRefusal(await ledger('&kind=theft'), 'kind');
  });

  it('refuses bad receipts, naming the field', async () => {
    const item = await newItem();
    const post = (body: unknown) => t.call('POST', api('/inventory/receipts'), { ...admin, body });
    expectFieldRefusal(await post(receipt(item.id, { quantity: -1 })), 'quantity');
    expectFieldRefusal(await post(receipt(item.id, { quantity: 0 })), 'quantity');
    expectFieldRefusal(await post(receipt(item.id, { quantity: 1.5 })), 'quantity');
    expectFieldRefusal(await post(receipt(item.id, { unitCostCents: -3 })), 'unitCostCents');
    expectFieldRefusal(await post(receipt(item.id, { batchNo: ' ' })), 'batchNo');
    expectFieldRefusal(await post(receipt(item.id, { expiryDate: '2030-02-30' })), 'expiryDate');
    expectFieldRefusal(
      await post(receipt('00000000-0000-4000-8000-000000000000')),
      'itemId',
      'stock.itemUnknown',
    );
    expectFieldRefusal(
      await post(receipt(item.id, { supplierId: '00000000-0000-4000-8000-000000000000' })),
      'supplierId',
      'stock.supplierUnknown',
    );
    // A service is not kept in stock.
    const service = await t.call('POST', api('/catalogs'), {
      ...admin,
      body: { type: 'Service', code: unique('SVC'), name: 'Dressing', sellingPriceCents: 500 },
    });
    expectStatus(service, 201);
    expectFieldRefusal(await post(receipt(service.body.data.id)), 'itemId', 'stock.itemUnknown');
    expect(await onHand(item.id)).toBe(0);
  });
});

describe('adjustments', () => {
  it('adds and takes away with a reason, never below zero', async () => {
    const item = await newItem();
    const batch = await receive(item.id, { quantity: 5 });
    const adjust = (body: Record<string, unknown>) =>
      t.call('POST', api('/inventory/adjustments'), { ...admin, body });

    const down = await adjust({ batchId: batch.id, quantity: -2, reason: 'Broken strip' });
    expectStatus(down, 201);
    expect(down.body.data.batch.onHand).toBe(3);
    expect(down.body.data.movement).toMatchObject({
      kind: 'adjustment',
      quantity: -2,
      reason: 'Broken strip',
    });
    const up = await adjust({ batchId: batch.id, quantity: 4, reason: 'Found in the store' });
    expectStatus(up, 201);
    expect(up.body.data.batch.onHand).toBe(7);

    const tooMuch = await adjust({ batchId: batch.id, quantity: -8, reason: 'Count' });
    expectFieldRefusal(tooMuch, 'quantity', 'stock.belowZeroLeft');
    expect(tooMuch.body.error.message).toBe(
      refusalMessage('stock.belowZeroLeft', batch.batchNo, 7),
    );
    expectFieldRefusal(await adjust({ batchId: batch.id, quantity: 0, reason: 'x' }), 'quantity');
    expectFieldRefusal(await adjust({ batchId: batch.id, quantity: 2.5, reason: 'x' }), 'quantity');
    expectFieldRefusal(await adjust({ batchId: batch.id, quantity: -1 }), 'reason');
    expectFieldRefusal(await adjust({ batchId: batch.id, quantity: -1, reason: '  ' }), 'reason');
    expectFieldRefusal(
      await adjust({ batchId: '00000000-0000-4000-8000-000000000000', quantity: 1, reason: 'x' }),
      'batchId',
      'stock.batchUnknown',
    );
    const all = await adjust({ batchId: batch.id, quantity: -7, reason: 'Expired, destroyed' });
    expectStatus(all, 201);
    expect(all.body.data.batch.onHand).toBe(0);
    expect(await onHand(item.id)).toBe(0);
  });

  it('keeps the ledger append-only and a batch never below zero in the database itself', async () => {
    const item = await newItem();
    const batch = await receive(item.id, { quantity: 3 });
    const insert = (quantity: number) =>
      withTenant(t.database.db, clinic.tenantId, (tx) =>
        tx.db
          .insertInto('stockMovements')
          .values({
            tenantId: clinic.tenantId,
            branchId: clinic.branchId,
            itemId: item.id,
            batchId: batch.id,
            quantity,
            kind: 'tally',
          })
          .execute(),
      );
    await expect(insert(-4)).rejects.toThrow(/below zero/);
    await expect(
      withTenant(t.database.db, clinic.tenantId, (tx) =>
        sql`UPDATE stock_movements SET quantity = 100 WHERE batch_id = ${batch.id}`.execute(tx.db),
      ),
    ).rejects.toThrow(/permission denied/);
    expect(await onHand(item.id)).toBe(3);
  });
});

describe('dispensing', () => {
  it('takes first expiry first, never an expired batch, and names the item when short', async () => {
    const item = await newItem('Amoxicillin 250 mg capsule');
    const expired = await receive(item.id, { batchNo: 'OLD', expiryDate: '2020-01-01' });
    const later = await receive(item.id, {
      batchNo: 'LATE',
      expiryDate: '2031-06-30',
      quantity: 5,
    });
    const sooner = await receive(item.id, {
      batchNo: 'SOON',
      expiryDate: '2030-01-31',
      quantity: 3,
    });
    const undated = await receive(item.id, { batchNo: 'NODATE', expiryDate: null, quantity: 4 });
    const visitId = await openVisit();

    const first = await dispense(visitId, [{ itemId: item.id, quantity: 6 }]);
    expectStatus(first, 201);
    expect(first.body.data.lines).toEqual([
      {
        itemId: item.id,
        itemName: item.name,
        quantity: 6,
        batches: [
          { batchId: sooner.id, batchNo: 'SOON', expiryDate: '2030-01-31', quantity: 3 },
          { batchId: later.id, batchNo: 'LATE', expiryDate: '2031-06-30', quantity: 3 },
        ],
      },
    ]);

    // 2 left in LATE, 4 undated: 6 dispensable; the expired 10 are never handed out.
    const short = await dispense(visitId, [{ itemId: item.id, quantity: 7 }]);
    expectStatus(short, 409);
    expect(short.body.error.code).toBe('inventory.stockShort');
    expect(short.body.error.message).toBe(
      refusalMessage('inventory.stockShort', item.name, 6, 7, 'tab'),
    );
    expect(short.body.error.errors[0].field).toBe('lines.0.quantity');

    const rest = await dispense(visitId, [{ itemId: item.id, quantity: 6 }]);
    expectStatus(rest, 201);
    expect(rest.body.data.lines[0].batches.map((b: { batchId: string }) => b.batchId)).toEqual([
      later.id,
      undated.id,
    ]);
    const out = await dispense(visitId, [{ itemId: item.id, quantity: 1 }]);
    expectStatus(out, 409);
    expect(out.body.error.message).toBe(
      refusalMessage('inventory.stockShort', item.name, 0, 1, 'tab'),
    );
    const sums = await ledgerSums(item.id);
    expect(sums.get(expired.id)).toBe(10);
    expect(await onHand(item.id)).toBe(10);

    const detail = await t.call('GET', api(`/inventory/items/${item.id}`), admin);
    expect(detail.body.data.item).toMatchObject({ onHand: 10, expiredOnHand: 10 });
  });

  it('dispenses several lines in one transaction: one short line writes nothing', async () => {
    const a = await newItem();
    const b = await newItem();
    await receive(a.id, { quantity: 5 });
    await receive(b.id, { quantity: 1 });
    const visitId = await openVisit();
    const refused = await dispense(visitId, [
      { itemId: a.id, quantity: 2 },
      { itemId: b.id, quantity: 2 },
    ]);
    expectStatus(refused, 409);
    expect(refused.body.error.errors[0].field).toBe('lines.1.quantity');
    expect(refused.body.error.message).toContain(b.name);
    expect(await onHand(a.id)).toBe(5);
    expect(await onHand(b.id)).toBe(1);

    const done = await dispense(visitId, [
      { itemId: b.id, quantity: 1 },
      { itemId: a.id, quantity: 2 },
    ]);
    expectStatus(done, 201);
    expect(done.body.data.lines.map((line: { itemId: string }) => line.itemId)).toEqual([
      b.id,
      a.id,
    ]);
    expect(await onHand(a.id)).toBe(3);
    expect(await onHand(b.id)).toBe(0);

    const report = await t.call(
      'GET',
      api(`/inventory/batchs/dispense-record?itemId=${a.id}`),
      admin,
    );
    expectStatus(report, 200);
    expect(report.body.data.items).toEqual([
      expect.objectContaining({
        dispenseId: done.body.data.id,
        visitId,
        itemId: a.id,
        quantity: 2,
      }),
    ]);
  });

  it('ends 20 concurrent dispenses against 10 units with 0 on hand and 10 refusals naming the item', async () => {
    const item = await newItem('Cetirizine 10 mg tablet');
    const batch = await receive(item.id, { quantity: 10 });
    const visitId = await openVisit();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => dispense(visitId, [{ itemId: item.id, quantity: 1 }])),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(10);
    for (const answer of refused) {
      expect(answer.body.error.code).toBe('inventory.stockShort');
      expect(answer.body.error.message).toBe(
        refusalMessage('inventory.stockShort', item.name, 0, 1, 'tab'),
      );
    }
    expect(await onHand(item.id)).toBe(0);
    expect((await ledgerSums(item.id)).get(batch.id)).toBe(0);
  });

  it('refuses bad lines, naming the field', async () => {
    const item = await newItem();
    await receive(item.id);
    const visitId = await openVisit();
    expectFieldRefusal(
      await dispense(visitId, [{ itemId: item.id, quantity: 0 }]),
      'lines.0.quantity',
    );
    expectFieldRefusal(
      await dispense(visitId, [{ itemId: item.id, quantity: -2 }]),
      'lines.0.quantity',
    );
    expectFieldRefusal(await dispense(visitId, []), 'lines');
    expectFieldRefusal(
      await dispense(visitId, [{ itemId: '00000000-0000-4000-8000-000000000000', quantity: 1 }]),
      'lines.0.itemId',
      'stock.itemUnknown',
    );
    expectFieldRefusal(
      await dispense(visitId, [
        { itemId: item.id, quantity: 1 },
        { itemId: item.id, quantity: 1 },
      ]),
      'lines.1.itemId',
      'stock.lineTwice',
    );
    expectFieldRefusal(
      await dispense('00000000-0000-4000-8000-000000000000', [{ itemId: item.id, quantity: 1 }]),
      'visitId',
      'visit.notFound',
    );
    expect(await onHand(item.id)).toBe(10);
  });

  it('refuses a voided visit and writes nothing', async () => {
    const item = await newItem();
    await receive(item.id, { quantity: 2 });
    const patient = await t.call('POST', api('/patients'), { ...admin, body: patientBody() });
    expectStatus(patient, 201);
    const entry = await t.call('POST', api('/queue'), {
      ...admin,
      body: {
        patientId: patient.body.data.patientId,
        doctorId: users.doctor.id,
        visitPurposes: ['Consultation'],
      },
    });
    expectStatus(entry, 201);
    const visitId = await withTenant(t.database.db, clinic.tenantId, async (tx) => {
      const visit = await tx.db
        .selectFrom('visits')
        .select('id')
        .where('patientId', '=', patient.body.data.patientId)
        .executeTakeFirstOrThrow();
      return visit.id;
    });
    expectStatus(
      await t.call('DELETE', api(`/queue/${entry.body.data.id}`), {
        ...admin,
        body: { version: 1, voidedReason: 'Registered twice' },
      }),
      200,
    );
    const refused = await dispense(visitId, [{ itemId: item.id, quantity: 1 }]);
    expectStatus(refused, 400);
    expect(refused.body.error.code).toBe('visit.voided');
    expect(await onHand(item.id)).toBe(2);
  });

  it('keeps the ledger sum equal to on-hand after a random series of operations', async () => {
    const item = await newItem();
    const visitId = await openVisit();
    const batches: Array<{ id: string; expected: number }> = [];
    let seed = 12345;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let step = 0; step < 40; step += 1) {
      const action = batches.length === 0 ? 0 : random(3);
      if (action === 0) {
        const quantity = 1 + random(20);
        const expiryDate = `2030-0${1 + random(9)}-1${random(9)}`;
        const batch = await receive(item.id, { quantity, expiryDate });
        const known = batches.find((entry) => entry.id === batch.id);
        if (known) known.expected += quantity;
        else batches.push({ id: batch.id, expected: quantity });
      } else if (action === 1) {
        const target = batches[random(batches.length)]!;
        const quantity = random(2) === 0 ? 1 + random(5) : -(1 + random(5));
        const answer = await t.call('POST', api('/inventory/adjustments'), {
          ...admin,
          body: { batchId: target.id, quantity, reason: 'Random check' },
        });
        if (target.expected + quantity < 0) expectStatus(answer, 400);
        else {
          expectStatus(answer, 201);
          target.expected += quantity;
        }
      } else {
        const total = batches.reduce((sum, entry) => sum + entry.expected, 0);
        const quantity = 1 + random(15);
        const answer = await dispense(visitId, [{ itemId: item.id, quantity }]);
        if (quantity > total) expectStatus(answer, 409);
        else {
          expectStatus(answer, 201);
          for (const pick of answer.body.data.lines[0].batches as Array<{
            batchId: string;
            quantity: number;
          }>) {
            batches.find((entry) => entry.id === pick.batchId)!.expected -= pick.quantity;
          }
        }
      }
    }
    const sums = await ledgerSums(item.id);
    const listed = await t.call(
      'GET',
      api(`/inventory/batches?itemId=${item.id}&includeEmpty=true`),
      admin,
    );
    expectStatus(listed, 200);
    for (const entry of batches) {
      expect(entry.expected).toBeGreaterThanOrEqual(0);
      expect(sums.get(entry.id)).toBe(entry.expected);
      const row = listed.body.data.items.find((batch: { id: string }) => batch.id === entry.id);
      expect(row.onHand).toBe(entry.expected);
    }
    const expectedTotal = batches.reduce((sum, entry) => sum + entry.expected, 0);
    expect(await onHand(item.id)).toBe(expectedTotal);
  });
});

describe('near-expiry and low-stock lists', () => {
  it('lists batches expiring within the days asked and items below their reorder level', async () => {
    const item = await newItem();
    const soon = await receive(item.id, { expiryDate: daysFromNow(30), quantity: 2 });
    const far = await receive(item.id, { expiryDate: daysFromNow(200), quantity: 2 });
    const near = await t.call('GET', api('/inventory/near-expiry'), admin);
    expectStatus(near, 200);
    const ids = near.body.data.items.map((batch: { id: string }) => batch.id);
    expect(ids).toContain(soon.id);
    expect(ids).not.toContain(far.id);
    expect(
      near.body.data.items.find((batch: { id: string }) => batch.id === soon.id),
    ).toMatchObject({ expiryStatus: 'nearExpiry' });
    const wider = await t.call('GET', api('/inventory/near-expiry?days=365'), admin);
    expect(wider.body.data.items.map((batch: { id: string }) => batch.id)).toContain(far.id);
    expectFieldRefusal(await t.call('GET', api('/inventory/near-expiry?days=0'), admin), 'days');

    const low = () => t.call('GET', api('/inventory/low-stock'), admin);
    expect(
      (await low()).body.data.items.map((row: { itemId: string }) => row.itemId),
    ).not.toContain(item.id);
    const set = await t.call('PUT', api(`/inventory/items/${item.id}/reorder-level`), {
      ...admin,
      body: { reorderLevel: 5, version: 0 },
    });
    expectStatus(set, 200);
    expect(set.body.data).toMatchObject({ reorderLevel: 5, reorderVersion: 1, onHand: 4 });
    expect((await low()).body.data.items).toContainEqual(
      expect.objectContaining({ itemId: item.id, onHand: 4, reorderLevel: 5 }),
    );
    const stale = await t.call('PUT', api(`/inventory/items/${item.id}/reorder-level`), {
      ...admin,
      body: { reorderLevel: 3, version: 0 },
    });
    expectStatus(stale, 409);
    expectStatus(
      await t.call('PUT', api(`/inventory/items/${item.id}/reorder-level`), {
        ...admin,
        body: { reorderLevel: 3, version: 1 },
      }),
      200,
    );
    expect(
      (await low()).body.data.items.map((row: { itemId: string }) => row.itemId),
    ).not.toContain(item.id);
    // Branch B has no reorder level of its own.
    const inB = await t.call('GET', api(`/inventory/items/${item.id}`), adminB);
    expect(inB.body.data.item).toMatchObject({ onHand: 0, reorderLevel: null });
  });
});

describe('suppliers', () => {
  it('are created, changed with their version and deleted', async () => {
    const code = unique('SUP');
    const created = await t.call('POST', api('/inventory/suppliers'), {
      ...admin,
      body: { code, name: 'Zuellig Pharma', contactNo: '61234567' },
    });
    expectStatus(created, 201);
    const supplier = created.body.data;
    expect(supplier).toMatchObject({ code, name: 'Zuellig Pharma', version: 1, isActive: true });
    const twice = await t.call('POST', api('/inventory/suppliers'), {
      ...admin,
      body: { code: code.toLowerCase(), name: 'Other' },
    });
    expectFieldRefusal(twice, 'code', 'stock.supplierCodeTaken');
    expectFieldRefusal(
      await t.call('POST', api('/inventory/suppliers'), { ...admin, body: { code: 'X' } }),
      'name',
    );

    const updated = await t.call('PUT', api(`/inventory/suppliers/${supplier.id}`), {
      ...admin,
      body: { code, name: 'Zuellig Pharma Pte Ltd', version: 1 },
    });
    expectStatus(updated, 200);
    expect(updated.body.data).toMatchObject({ name: 'Zuellig Pharma Pte Ltd', version: 2 });
    const stale = await t.call('PUT', api(`/inventory/suppliers/${supplier.id}`), {
      ...admin,
      body: { code, name: 'Old', version: 1 },
    });
    expectStatus(stale, 409);

    const item = await newItem();
    const batch = await t.call('POST', api('/inventory/receipts'), {
      ...admin,
      body: receipt(item.id, { supplierId: supplier.id }),
    });
    expectStatus(batch, 201);
    expect(batch.body.data.batch.supplierId).toBe(supplier.id);

    const list = await t.call('GET', api(`/inventory/suppliers?keyword=${code}`), admin);
    expect(list.body.data.items).toEqual([expect.objectContaining({ id: supplier.id })]);
    const removed = await t.call('DELETE', api(`/inventory/suppliers/${supplier.id}`), {
      ...admin,
      body: { version: 2 },
    });
    expectStatus(removed, 200);
    expectStatus(await t.call('GET', api(`/inventory/suppliers/${supplier.id}`), admin), 404);
  });
});

describe('isolation and permissions', () => {
  it('keeps stock to its branch and clinic', async () => {
    const item = await newItem();
    const batch = await receive(item.id, { quantity: 4 });
    const visitA = await openVisit();

    // Branch B sees the clinic's item with none of branch A's stock, and cannot touch it.
    expect(await onHand(item.id, adminB)).toBe(0);
    const batchesB = await t.call('GET', api(`/inventory/batches?itemId=${item.id}`), adminB);
    expect(batchesB.body.data.items).toEqual([]);
    expectFieldRefusal(
      await t.call('POST', api('/inventory/adjustments'), {
        ...adminB,
        body: { batchId: batch.id, quantity: -1, reason: 'x' },
      }),
      'batchId',
      'stock.batchUnknown',
    );
    const fromB = await dispense(visitA, [{ itemId: item.id, quantity: 1 }], adminB);
    expectStatus(fromB, 403);
    expect(fromB.body.error.code).toBe('visit.anotherBranch');
    const visitB = await openVisit(adminB);
    expectStatus(await dispense(visitB, [{ itemId: item.id, quantity: 1 }], adminB), 409);

    // Another clinic sees nothing of it at all.
    expectStatus(await t.call('GET', api(`/inventory/items/${item.id}`), otherAdmin), 404);
    expectFieldRefusal(
      await t.call('POST', api('/inventory/receipts'), { ...otherAdmin, body: receipt(item.id) }),
      'itemId',
      'stock.itemUnknown',
    );
    expectFieldRefusal(
      await t.call('POST', api('/inventory/adjustments'), {
        ...otherAdmin,
        body: { batchId: batch.id, quantity: 1, reason: 'x' },
      }),
      'batchId',
    );
    const ledger = await t.call('GET', api('/inventory/transactions'), otherAdmin);
    expect(JSON.stringify(ledger.body)).not.toContain(batch.id);
    expect(await onHand(item.id)).toBe(4);
  });

  it('lets roles do what they hold', async () => {
    const item = await newItem();
    await receive(item.id, { quantity: 3 });
    const visitId = await openVisit();
    const desk = { token: users.desk.token, branchId: clinic.branchId };
    const doctor = { token: users.doctor.token, branchId: clinic.branchId };

    expectStatus(
      await t.call('POST', api('/inventory/receipts'), { ...desk, body: receipt(item.id) }),
      403,
    );
    expectStatus(await t.call('GET', api('/inventory/items'), desk), 403);
    expectStatus(await dispense(visitId, [{ itemId: item.id, quantity: 1 }], doctor), 403);
    expectStatus(await t.call('GET', api('/inventory/items'), doctor), 200);
    expectStatus(
      await t.call('POST', api('/inventory/suppliers'), {
        ...doctor,
        body: { code: unique('S'), name: 'No' },
      }),
      403,
    );
    expectStatus(await dispense(visitId, [{ itemId: item.id, quantity: 1 }], desk), 201);
    expect(await onHand(item.id)).toBe(2);

    // The dispensing is on the visit's audit trail.
    const rows = await withTenant(t.database.db, clinic.tenantId, (tx) =>
      tx.db.selectFrom('auditEvents').selectAll().where('entityId', '=', visitId).execute(),
    );
    expect(rows.some((row) => row.action === 'create')).toBe(true);
  });
});

describe('batch reads and the item log (the inventory pages)', () => {
  it("reads one batch and that batch's ledger only", async () => {
    const item = await newItem();
    const first = await receive(item.id, { quantity: 5 });
    const second = await receive(item.id, { quantity: 7 });
    expectStatus(
      await t.call('POST', api('/inventory/adjustments'), {
        ...admin,
        body: { batchId: second.id, quantity: -2, reason: 'Broken strip' },
      }),
      201,
    );
    const batches = await t.call('GET', api(`/inventory/batches?batchId=${second.id}`), admin);
    expectStatus(batches, 200);
    expect(batches.body.data.items).toMatchObject([{ id: second.id, onHand: 5 }]);
    const ledger = await t.call('GET', api(`/inventory/transactions?batchId=${second.id}`), admin);
    expect(
      ledger.body.data.items.map((row: { quantity: number; batchId: string }) => [
        row.batchId,
        row.quantity,
      ]),
    ).toEqual([
      [second.id, -2],
      [second.id, 7],
    ]);
    const elsewhere = await t.call('GET', api(`/inventory/batches?batchId=${first.id}`), adminB);
    expect(elsewhere.body.data.items).toEqual([]);
    expectFieldRefusal(
      await t.call('GET', api('/inventory/transactions?batchId=nope'), admin),
      'batchId',
    );
  });

  it('gives each item its opening, ins, outs and closing over a period', async () => {
    const item = await newItem('Item log amoxicillin');
    const batch = await receive(item.id, { quantity: 10 });
    expectStatus(
      await t.call('POST', api('/inventory/adjustments'), {
        ...admin,
        body: { batchId: batch.id, quantity: -3, reason: 'Expired strip' },
      }),
      201,
    );
    expectStatus(await dispense(await openVisit(), [{ itemId: item.id, quantity: 2 }]), 201);
    const log = (query: string) =>
      t.call(
        'GET',
        api(`/inventory/item-logs?keyword=${encodeURIComponent(item.name)}${query}`),
        admin,
      );
    const during = await log(`&fromDate=${daysFromNow(-2)}&toDate=${daysFromNow(2)}`);
    expectStatus(during, 200);
    expect(during.body.data).toMatchObject({
      total: 1,
      items: [{ itemId: item.id, opening: 0, ins: 10, outs: 5, closing: 5 }],
    });
    const after = await log(`&fromDate=${daysFromNow(3)}&toDate=${daysFromNow(4)}`);
    expect(after.body.data.items).toMatchObject([{ opening: 5, ins: 0, outs: 0, closing: 5 }]);
    const before = await log(`&fromDate=${daysFromNow(-4)}&toDate=${daysFromNow(-3)}`);
    expect(before.body.data.items).toMatchObject([{ opening: 0, ins: 0, outs: 0, closing: 0 }]);
    const otherBranch = await t.call(
      'GET',
      api(
        `/inventory/item-logs?keyword=${encodeURIComponent(item.name)}&fromDate=${daysFromNow(-2)}&toDate=${daysFromNow(2)}`,
      ),
      adminB,
    );
    expect(otherBranch.body.data.items).toMatchObject([{ opening: 0, ins: 0, outs: 0 }]);
    expectFieldRefusal(
      await log(`&fromDate=${daysFromNow(2)}&toDate=${daysFromNow(-2)}`),
      'toDate',
      'stock.periodBackwards',
    );
    expectFieldRefusal(await log(''), 'fromDate');
  });
});
