import { refusalMessage } from '@clinic/domain';
import { describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import {
  addBranch,
  addUser,
  createRole,
  expectStatus,
  giveBranch,
  patientBody,
  unique,
  type ApiResponse,
} from '../../../test/helpers.ts';
import { withTenant } from '../../db/tenant-db.ts';

/** Count sheets: open, count, finalise with variances, history (issue 12). */
const {
  t,
  clinics: [clinic, other],
} = setupApiTest({ clinics: 2 });

interface Caller {
  token: string;
  branchId: string;
}

const api = (path: string) => `/api/v1${path}`;

/** A new branch of the clinic, its administrator calling from it (one open sheet per branch). */
async function freshBranch(): Promise<Caller> {
  const branchId = await addBranch(t, clinic, unique('T').slice(0, 10).toUpperCase());
  await giveBranch(t, clinic, clinic.session.user.id, branchId);
  return { token: clinic.token, branchId };
}

async function newItem(caller: Caller, name = 'Amoxicillin 250 mg capsule') {
  const response = await t.call('POST', api('/catalogs'), {
    ...caller,
    body: {
      type: 'Med',
      code: unique('TAL').toUpperCase(),
      name: `${name} ${unique('n')}`,
      dispensingUnit: 'cap',
      sellingPriceCents: 50,
    },
  });
  expectStatus(response, 201);
  return { id: response.body.data.id as string, name: response.body.data.name as string };
}

async function receive(caller: Caller, itemId: string, quantity: number, unitCostCents = 25) {
  const response = await t.call('POST', api('/inventory/receipts'), {
    ...caller,
    body: { itemId, batchNo: unique('LOT'), expiryDate: '2031-12-31', quantity, unitCostCents },
  });
  expectStatus(response, 201);
  return response.body.data.batch as { id: string; batchNo: string };
}

async function onHand(caller: Caller, itemId: string): Promise<number> {
  const response = await t.call('GET', api(`/inventory/items/${itemId}`), caller);
  expectStatus(response, 200);
  return response.body.data.item.onHand as number;
}

async function batchOnHand(caller: Caller, batchId: string): Promise<number> {
  const response = await t.call('GET', api('/inventory/batches?includeEmpty=true'), caller);
  expectStatus(response, 200);
  return (response.body.data.items as Array<{ id: string; onHand: number }>).find(
    (batch) => batch.id === batchId,
  )!.onHand;
}

async function openSheet(caller: Caller, itemIds?: string[]) {
  const response = await t.call('POST', api('/inventory/stock-tallies'), {
    ...caller,
    body: { itemIds, remark: 'Shelf A' },
  });
  expectStatus(response, 201);
  return response.body.data as {
    sheet: { id: string; version: number; number: number };
    lines: Array<{ batchId: string; expected: number }>;
  };
}

const save = (caller: Caller, id: string, version: number, lines: unknown[]) =>
  t.call('PUT', api(`/inventory/stock-tallies/${id}`), { ...caller, body: { version, lines } });

const finalise = (caller: Caller, id: string, version: number, reason = 'Month-end count') =>
  t.call('POST', api(`/inventory/stock-tallies/${id}/finalise`), {
    ...caller,
    body: { version, reason },
  });

/** The ledger's tally rows of a sheet, read from the database. */
async function tallyRows(sheetId: string) {
  return withTenant(t.database.db, clinic.tenantId, (tx) =>
    tx.db
      .selectFrom('stockMovements')
      .select(['batchId', 'quantity', 'reason', 'kind'])
      .where('referenceId', '=', sheetId)
      .execute(),
  );
}

/** A visit of a new patient in the caller's branch, with a doctor of that branch. */
async function openVisit(caller: Caller): Promise<string> {
  const doctor = await addUser(t, clinic, '50', { branchIds: [caller.branchId] });
  const patient = await t.call('POST', api('/patients'), { ...caller, body: patientBody() });
  expectStatus(patient, 201);
  const patientId: string = patient.body.data.patientId;
  const queued = await t.call('POST', api('/queue'), {
    ...caller,
    body: { patientId, doctorId: doctor.id, visitPurposes: ['Consultation'] },
  });
  expectStatus(queued, 201);
  const visits = await t.call('GET', api(`/visits?patientId=${patientId}`), caller);
  return visits.body.data.items[0].id as string;
}

async function dispense(caller: Caller, itemId: string, quantity: number) {
  const visitId = await openVisit(caller);
  const response = await t.call('POST', api('/inventory/dispense'), {
    ...caller,
    body: { visitId, lines: [{ itemId, quantity }] },
  });
  expectStatus(response, 201);
}

function expectField(response: ApiResponse, status: number, field: string, code?: string) {
  expectStatus(response, status);
  const errors = response.body.error.errors as Array<{ field: string; code: string }>;
  expect(errors.map((error) => error.field)).toContain(field);
  if (code) expect(errors.find((error) => error.field === field)?.code).toBe(code);
}

describe('a count sheet', () => {
  it('snapshots every batch with stock; finalising posts exact variances and on-hand becomes the count', async () => {
    const caller = await freshBranch();
    const amox = await newItem(caller);
    const lotA = await receive(caller, amox.id, 40, 25);
    const lotB = await receive(caller, amox.id, 10, 30);
    const ors = await newItem(caller, 'Oral rehydration salts sachet');
    const lotC = await receive(caller, ors.id, 12, 80);

    const opened = await openSheet(caller);
    expect(opened.sheet).toMatchObject({ number: 1, status: 'open', lineCount: 3 });
    expect(Object.fromEntries(opened.lines.map((line) => [line.batchId, line.expected]))).toEqual({
      [lotA.id]: 40,
      [lotB.id]: 10,
      [lotC.id]: 12,
    });

    // Part-filled first: two of three counted.
    const first = await save(caller, opened.sheet.id, opened.sheet.version, [
      { batchId: lotA.id, counted: 37, reason: null },
      { batchId: lotB.id, counted: 10 },
    ]);
    expectStatus(first, 200);
    expect(first.body.data.sheet).toMatchObject({ countedCount: 2, varianceValueCents: -75 });
    const second = await save(caller, opened.sheet.id, first.body.data.sheet.version, [
      { batchId: lotC.id, counted: 13, reason: 'Found behind the shelf' },
    ]);
    expectStatus(second, 200);

    const done = await finalise(caller, opened.sheet.id, second.body.data.sheet.version);
    expectStatus(done, 200);
    expect(done.body.data.sheet).toMatchObject({
      status: 'finalised',
      reason: 'Month-end count',
      countedCount: 3,
      varianceValueCents: -75 + 80,
    });
    const byBatch = Object.fromEntries(
      (done.body.data.lines as Array<{ batchId: string }>).map((line) => [line.batchId, line]),
    );
    expect(byBatch[lotA.id]).toMatchObject({
      expected: 40,
      counted: 37,
      variance: -3,
      varianceValueCents: -75,
    });
    expect(byBatch[lotB.id]).toMatchObject({ variance: 0, varianceValueCents: 0 });
    expect(byBatch[lotC.id]).toMatchObject({ variance: 1, varianceValueCents: 80 });

    // One tally row per batch with a variance, with its reason; none for a batch that matched.
    const rows = await tallyRows(opened.sheet.id);
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(
      expect.arrayContaining([
        { batchId: lotA.id, quantity: -3, reason: 'Month-end count', kind: 'tally' },
        { batchId: lotC.id, quantity: 1, reason: 'Found behind the shelf', kind: 'tally' },
      ]),
    );
    expect(await onHand(caller, amox.id)).toBe(47);
    expect(await batchOnHand(caller, lotA.id)).toBe(37);
    expect(await onHand(caller, ors.id)).toBe(13);
  });

  it('a dispensing made while counting is never lost, before or after its batch is counted', async () => {
    const caller = await freshBranch();
    const item = await newItem(caller);
    const lot = await receive(caller, item.id, 20);
    const sheet = await openSheet(caller, [item.id]);

    // Counted first, dispensed afterwards: the dispensing stays.
    const counted = await save(caller, sheet.sheet.id, sheet.sheet.version, [
      { batchId: lot.id, counted: 19 },
    ]);
    expectStatus(counted, 200);
    await dispense(caller, item.id, 4);
    const done = await finalise(caller, sheet.sheet.id, counted.body.data.sheet.version);
    expectStatus(done, 200);
    expect(done.body.data.lines[0]).toMatchObject({ expected: 20, counted: 19, variance: -1 });
    expect(await onHand(caller, item.id)).toBe(19 - 4);

    // Dispensed before its batch is counted: the count (of what is left) is the truth.
    const next = await openSheet(caller, [item.id]);
    expect(next.lines[0]!.expected).toBe(15);
    await dispense(caller, item.id, 5);
    const recount = await save(caller, next.sheet.id, next.sheet.version, [
      { batchId: lot.id, counted: 10 },
    ]);
    expect(recount.body.data.lines[0]).toMatchObject({ expected: 10, counted: 10, variance: 0 });
    const after = await finalise(caller, next.sheet.id, recount.body.data.sheet.version);
    expectStatus(after, 200);
    expect(await onHand(caller, item.id)).toBe(10);
    expect(await tallyRows(next.sheet.id)).toEqual([]);
  });

  it('a count contradicted by a later dispensing is refused at finalisation, naming the batch', async () => {
    const caller = await freshBranch();
    const item = await newItem(caller);
    const lot = await receive(caller, item.id, 5);
    const sheet = await openSheet(caller);
    const counted = await save(caller, sheet.sheet.id, sheet.sheet.version, [
      { batchId: lot.id, counted: 1 },
    ]);
    await dispense(caller, item.id, 3);
    const refused = await finalise(caller, sheet.sheet.id, counted.body.data.sheet.version);
    expectField(refused, 409, 'lines.0.counted', 'tally.recount');
    expect(refused.body.error.message).toBe(refusalMessage('tally.recount', lot.batchNo, 2, 1, 5));
    expect(await onHand(caller, item.id)).toBe(2);
    expect(await tallyRows(sheet.sheet.id)).toEqual([]);
  });

  it('is finalised once when finalised from several places at once', async () => {
    const caller = await freshBranch();
    const item = await newItem(caller);
    const lot = await receive(caller, item.id, 30);
    const sheet = await openSheet(caller);
    const counted = await save(caller, sheet.sheet.id, sheet.sheet.version, [
      { batchId: lot.id, counted: 24 },
    ]);
    const version = counted.body.data.sheet.version as number;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => finalise(caller, sheet.sheet.id, version)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await tallyRows(sheet.sheet.id)).toHaveLength(1);
    expect(await onHand(caller, item.id)).toBe(24);
  });

  it('is immutable once finalised or cancelled; saves are versioned', async () => {
    const caller = await freshBranch();
    const item = await newItem(caller);
    const lot = await receive(caller, item.id, 8);
    const sheet = await openSheet(caller);
    const stale = await save(caller, sheet.sheet.id, sheet.sheet.version + 5, [
      { batchId: lot.id, counted: 8 },
    ]);
    expectStatus(stale, 409);
    expect(stale.body.error.code).toBe('record.changed');

    const cancelled = await t.call(
      'POST',
      api(`/inventory/stock-tallies/${sheet.sheet.id}/cancel`),
      {
        ...caller,
        body: { version: sheet.sheet.version, reason: 'Wrong shelf' },
      },
    );
    expectStatus(cancelled, 200);
    expect(cancelled.body.data.sheet).toMatchObject({ status: 'cancelled', reason: 'Wrong shelf' });
    const version = cancelled.body.data.sheet.version as number;
    for (const attempt of [
      save(caller, sheet.sheet.id, version, [{ batchId: lot.id, counted: 1 }]),
      finalise(caller, sheet.sheet.id, version),
    ]) {
      const answer = await attempt;
      expectStatus(answer, 409);
      expect(answer.body.error.code).toBe('tally.notOpen');
    }
    expect(await onHand(caller, item.id)).toBe(8);
  });

  it('one open sheet per branch; another branch opens its own', async () => {
    const caller = await freshBranch();
    const item = await newItem(caller);
    await receive(caller, item.id, 3);
    const sheet = await openSheet(caller);
    const again = await t.call('POST', api('/inventory/stock-tallies'), { ...caller, body: {} });
    expectStatus(again, 409);
    expect(again.body.error.code).toBe('tally.openExists');

    const elsewhere = await freshBranch();
    await receive(elsewhere, item.id, 2);
    const theirs = await openSheet(elsewhere);
    expect(theirs.lines).toHaveLength(1);

    const list = await t.call('GET', api('/inventory/stock-tallies?status=open'), caller);
    expect(list.body.data.items.map((row: { id: string }) => row.id)).toEqual([sheet.sheet.id]);
  });

  it('keeps the tally history of one item', async () => {
    const caller = await freshBranch();
    const item = await newItem(caller);
    const lot = await receive(caller, item.id, 6, 40);
    for (const count of [5, 7]) {
      const sheet = await openSheet(caller, [item.id]);
      const saved = await save(caller, sheet.sheet.id, sheet.sheet.version, [
        { batchId: lot.id, counted: count },
      ]);
      expectStatus(await finalise(caller, sheet.sheet.id, saved.body.data.sheet.version), 200);
    }
    const history = await t.call('GET', api(`/inventory/stock-tallies/items/${item.id}`), caller);
    expectStatus(history, 200);
    expect(history.body.data.item).toMatchObject({ itemId: item.id, name: item.name });
    expect(history.body.data.rows).toMatchObject([
      { number: 2, expected: 5, counted: 7, variance: 2, varianceValueCents: 80 },
      { number: 1, expected: 6, counted: 5, variance: -1, varianceValueCents: -40 },
    ]);
  });
});

describe('refusals', () => {
  it('names the bad fields', async () => {
    const caller = await freshBranch();
    const item = await newItem(caller);
    const lot = await receive(caller, item.id, 4);
    expectField(
      await t.call('POST', api('/inventory/stock-tallies'), {
        ...caller,
        body: { itemIds: ['x'] },
      }),
      400,
      'itemIds.0',
    );
    expectField(
      await t.call('POST', api('/inventory/stock-tallies'), {
        ...caller,
        body: { itemIds: ['00000000-0000-4000-8000-000000000000'] },
      }),
      400,
      'itemIds.0',
      'stock.itemUnknown',
    );
    const empty = await newItem(caller, 'Nothing in stock');
    expectField(
      await t.call('POST', api('/inventory/stock-tallies'), {
        ...caller,
        body: { itemIds: [empty.id] },
      }),
      400,
      'itemIds',
      'tally.nothingToCount',
    );
    const sheet = await openSheet(caller);
    const { id, version } = sheet.sheet;
    expectField(
      await save(caller, id, version, [{ batchId: lot.id, counted: -1 }]),
      400,
      'lines.0.counted',
    );
    expectField(
      await save(caller, id, version, [{ batchId: lot.id, counted: 1.5 }]),
      400,
      'lines.0.counted',
    );
    expectField(
      await save(caller, id, version, [
        { batchId: '00000000-0000-4000-8000-000000000000', counted: 1 },
      ]),
      400,
      'lines.0.batchId',
      'tally.batchNotOnSheet',
    );
    expectField(await finalise(caller, id, version, ''), 400, 'reason', 'tally.reasonRequired');
    expectField(await finalise(caller, id, version), 400, 'version', 'tally.nothingCounted');
  });

  it('another branch or clinic sees no sheet; a role without inventory rights is refused', async () => {
    const caller = await freshBranch();
    const item = await newItem(caller);
    const lot = await receive(caller, item.id, 4);
    const sheet = await openSheet(caller);
    const { id, version } = sheet.sheet;
    const elsewhere = await freshBranch();
    const strangers = [elsewhere, { token: other.token, branchId: other.branchId }];
    for (const stranger of strangers) {
      expectStatus(await t.call('GET', api(`/inventory/stock-tallies/${id}`), stranger), 404);
      expectStatus(await save(stranger, id, version, [{ batchId: lot.id, counted: 0 }]), 404);
      expectStatus(await finalise(stranger, id, version), 404);
      const list = await t.call('GET', api('/inventory/stock-tallies'), stranger);
      expect(JSON.stringify(list.body)).not.toContain(id);
    }
    const reader = await addUser(t, clinic, 'Front Desk', {
      branchIds: [caller.branchId],
      roleIds: [await createRole(t, clinic, unique('Counter'), ['inventory:read'])],
    });
    const readerCall = { token: reader.token, branchId: caller.branchId };
    expectStatus(await t.call('GET', api(`/inventory/stock-tallies/${id}`), readerCall), 200);
    const refused = await save(readerCall, id, version, [{ batchId: lot.id, counted: 0 }]);
    expectStatus(refused, 403);
    expect(refused.body.error.code).toBe('access.roleRefusal');
    expectStatus(await finalise(readerCall, id, version), 403);
    expect(await onHand(caller, item.id)).toBe(4);
  });
});
