import { refusalMessage } from '@clinic/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import {
  addBranch,
  addUser,
  expectStatus,
  giveBranch,
  roleIdOf,
  unique,
  type ApiResponse,
} from '../../../test/helpers.ts';
import { withTenant } from '../../db/tenant-db.ts';

/** Requisitions between a clinic's branches: ask, issue first expiry first, refuse, cancel. */
const {
  t,
  clinics: [clinic, other],
} = setupApiTest({ clinics: 2 });

interface Caller {
  token: string;
  branchId: string;
}

const api = (path: string) => `/api/v1${path}`;
/** The clinic's administrator in its first branch (the store) and in a clinic branch. */
let store: Caller;
let branch: Caller;
let branchId: string;
/** A pharmacist of the branch only: may not act for the store. */
let branchPharmacist: Caller;
let otherClinic: Caller;

beforeAll(async () => {
  store = { token: clinic.token, branchId: clinic.branchId };
  branchId = await addBranch(t, clinic, unique('R').slice(0, 10).toUpperCase());
  await giveBranch(t, clinic, clinic.session.user.id, branchId);
  branch = { token: clinic.token, branchId };
  const pharmacist = await addUser(t, clinic, 'Front Desk', {
    branchIds: [branchId],
    roleIds: [await roleIdOf(t, clinic, 'Pharmacist')],
  });
  branchPharmacist = { token: pharmacist.token, branchId };
  otherClinic = { token: other.token, branchId: other.branchId };
});

async function newItem(caller: Caller = store, name = 'Metformin 500 mg tablet') {
  const response = await t.call('POST', api('/catalogs'), {
    ...caller,
    body: {
      type: 'Med',
      code: unique('REQ').toUpperCase(),
      name: `${name} ${unique('n')}`,
      dispensingUnit: 'tab',
      sellingPriceCents: 20,
    },
  });
  expectStatus(response, 201);
  return { id: response.body.data.id as string, name: response.body.data.name as string };
}

async function receive(
  caller: Caller,
  itemId: string,
  quantity: number,
  expiryDate: string | null = '2031-12-31',
  batchNo = unique('LOT'),
) {
  const response = await t.call('POST', api('/inventory/receipts'), {
    ...caller,
    body: { itemId, batchNo, expiryDate, quantity, unitCostCents: 12 },
  });
  expectStatus(response, 201);
  return response.body.data.batch as { id: string; batchNo: string };
}

const ask = (lines: unknown[], caller: Caller = branch, supplyingBranchId = store.branchId) =>
  t.call('POST', api('/inventory/requisitions'), {
    ...caller,
    body: { supplyingBranchId, lines, remark: 'For the weekend clinic' },
  });

async function asked(lines: unknown[]) {
  const response = await ask(lines);
  expectStatus(response, 201);
  return response.body.data as { id: string; version: number; number: number };
}

const act = (what: string, id: string, body: unknown, caller: Caller = store) =>
  t.call('POST', api(`/inventory/requisitions/${id}/${what}`), { ...caller, body });

async function batches(caller: Caller, itemId: string) {
  const response = await t.call(
    'GET',
    api(`/inventory/batches?itemId=${itemId}&includeEmpty=true`),
    caller,
  );
  expectStatus(response, 200);
  return response.body.data.items as Array<{
    id: string;
    batchNo: string;
    expiryDate: string | null;
    unitCostCents: number;
    onHand: number;
  }>;
}

const total = async (caller: Caller, itemId: string) =>
  (await batches(caller, itemId)).reduce((sum, batch) => sum + batch.onHand, 0);

function expectField(response: ApiResponse, status: number, field: string, code?: string) {
  expectStatus(response, status);
  const errors = response.body.error.errors as Array<{ field: string; code: string }>;
  expect(errors.map((error) => error.field)).toContain(field);
  if (code) expect(errors.find((error) => error.field === field)?.code).toBe(code);
}

describe('a requisition', () => {
  it('is issued first expiry first out into batches of the same number, expiry and cost', async () => {
    const item = await newItem();
    const late = await receive(store, item.id, 10, '2031-06-30');
    const early = await receive(store, item.id, 4, '2030-01-31');
    const expired = await receive(store, item.id, 50, '2020-01-31');
    const requisition = await asked([{ itemId: item.id, quantity: 9 }]);
    expect(requisition).toMatchObject({ status: 'requested', outgoing: true });

    const incoming = await t.call('GET', api('/inventory/requisitions?direction=incoming'), store);
    expect(incoming.body.data.items[0]).toMatchObject({ id: requisition.id, outgoing: false });

    const issued = await act('issue', requisition.id, { version: requisition.version });
    expectStatus(issued, 200);
    expect(issued.body.data).toMatchObject({ status: 'issued' });
    expect(issued.body.data.lines[0].issued).toEqual([
      { batchNo: early.batchNo, expiryDate: '2030-01-31', quantity: 4 },
      { batchNo: late.batchNo, expiryDate: '2031-06-30', quantity: 5 },
    ]);

    const storeBatches = await batches(store, item.id);
    expect(storeBatches.find((b) => b.id === early.id)!.onHand).toBe(0);
    expect(storeBatches.find((b) => b.id === late.id)!.onHand).toBe(5);
    expect(storeBatches.find((b) => b.id === expired.id)!.onHand).toBe(50);
    const branchBatches = await batches(branch, item.id);
    expect(
      branchBatches.map(({ batchNo, expiryDate, unitCostCents, onHand }) => ({
        batchNo,
        expiryDate,
        unitCostCents,
        onHand,
      })),
    ).toEqual([
      { batchNo: early.batchNo, expiryDate: '2030-01-31', unitCostCents: 12, onHand: 4 },
      { batchNo: late.batchNo, expiryDate: '2031-06-30', unitCostCents: 12, onHand: 5 },
    ]);
    // Moved, not made: the sum over both branches is what it was.
    expect((await total(store, item.id)) + (await total(branch, item.id))).toBe(64);
    const rows = await withTenant(t.database.db, clinic.tenantId, (tx) =>
      tx.db
        .selectFrom('stockMovements')
        .select(['branchId', 'quantity', 'kind'])
        .where('referenceId', '=', requisition.id)
        .execute(),
    );
    expect(rows).toHaveLength(4);
    expect(rows.every((row) => row.kind === 'requisition')).toBe(true);
    expect(rows.reduce((sum, row) => sum + row.quantity, 0)).toBe(0);

    const again = await act('issue', requisition.id, { version: issued.body.data.version });
    expectStatus(again, 409);
    expect(again.body.error.code).toBe('requisition.notRequested');
  });

  it('adds to the requesting branch batch of that number when it has one', async () => {
    const item = await newItem();
    const lot = await receive(store, item.id, 10);
    await receive(branch, item.id, 3, '2031-12-31', lot.batchNo);
    const requisition = await asked([{ itemId: item.id, quantity: 6 }]);
    expectStatus(await act('issue', requisition.id, { version: requisition.version }), 200);
    expect((await batches(branch, item.id)).map((b) => b.onHand)).toEqual([9]);
  });

  it('short stock is a 409 naming the item and what is left; nothing moves; never an expired batch', async () => {
    const item = await newItem();
    const plenty = await newItem(undefined, 'Aspirin 100 mg tablet');
    await receive(store, item.id, 6);
    await receive(store, item.id, 40, '2021-03-31');
    await receive(store, plenty.id, 100);
    const requisition = await asked([
      { itemId: plenty.id, quantity: 10 },
      { itemId: item.id, quantity: 7 },
    ]);
    const short = await act('issue', requisition.id, { version: requisition.version });
    expectField(short, 409, 'lines.1.quantity', 'inventory.stockShort');
    expect(short.body.error.message).toBe(
      refusalMessage('inventory.stockShort', item.name, 6, 7, 'tab'),
    );
    expect(await total(store, plenty.id)).toBe(100);
    expect(await total(branch, plenty.id)).toBe(0);
    expect(await total(store, item.id)).toBe(46);
    const still = await t.call('GET', api(`/inventory/requisitions/${requisition.id}`), branch);
    expect(still.body.data).toMatchObject({ status: 'requested', version: requisition.version });
  });

  it('issued by many at once moves the stock once', async () => {
    const item = await newItem();
    await receive(store, item.id, 10);
    const requisition = await asked([{ itemId: item.id, quantity: 8 }]);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        act('issue', requisition.id, { version: requisition.version }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await total(store, item.id)).toBe(2);
    expect(await total(branch, item.id)).toBe(8);
  });

  it('two branches asking each other at once both complete (no deadlock)', async () => {
    const first = await newItem();
    const second = await newItem();
    for (const caller of [store, branch]) {
      await receive(caller, first.id, 20);
      await receive(caller, second.id, 20);
    }
    const toStore = await asked([
      { itemId: first.id, quantity: 3 },
      { itemId: second.id, quantity: 4 },
    ]);
    const fromStore = await ask(
      [
        { itemId: second.id, quantity: 5 },
        { itemId: first.id, quantity: 6 },
      ],
      store,
      branchId,
    );
    expectStatus(fromStore, 201);
    const [one, two] = await Promise.all([
      act('issue', toStore.id, { version: toStore.version }, store),
      act('issue', fromStore.body.data.id, { version: fromStore.body.data.version }, branch),
    ]);
    expectStatus(one, 200);
    expectStatus(two, 200);
    expect((await total(store, first.id)) + (await total(branch, first.id))).toBe(40);
    expect(await total(store, first.id)).toBe(20 - 3 + 6);
    expect(await total(branch, second.id)).toBe(20 + 4 - 5);
  });

  it('is refused with a reason by the supplier, or cancelled by the requester', async () => {
    const item = await newItem();
    const one = await asked([{ itemId: item.id, quantity: 1 }]);
    expectField(await act('refuse', one.id, { version: one.version, reason: ' ' }), 400, 'reason');
    const refused = await act('refuse', one.id, { version: one.version, reason: 'Low ourselves' });
    expectStatus(refused, 200);
    expect(refused.body.data).toMatchObject({ status: 'refused', refuseReason: 'Low ourselves' });

    const two = await asked([{ itemId: item.id, quantity: 1 }]);
    const byStore = await act('cancel', two.id, { version: two.version }, store);
    expectStatus(byStore, 403);
    expect(byStore.body.error.code).toBe('requisition.notRequester');
    const cancelled = await act('cancel', two.id, { version: two.version }, branch);
    expectStatus(cancelled, 200);
    expect(cancelled.body.data.status).toBe('cancelled');
    const stale = await asked([{ itemId: item.id, quantity: 1 }]);
    const changed = await act('refuse', stale.id, { version: stale.version + 1, reason: 'x' });
    expectStatus(changed, 409);
    expect(changed.body.error.code).toBe('record.changed');
  });
});

describe('refusals', () => {
  it('names the bad fields', async () => {
    const item = await newItem();
    expectField(await ask([]), 400, 'lines');
    expectField(await ask([{ itemId: item.id, quantity: 0 }]), 400, 'lines.0.quantity');
    expectField(await ask([{ itemId: item.id, quantity: -2 }]), 400, 'lines.0.quantity');
    expectField(await ask([{ itemId: 'nope', quantity: 1 }]), 400, 'lines.0.itemId');
    expectField(
      await ask([
        { itemId: item.id, quantity: 1 },
        { itemId: item.id, quantity: 2 },
      ]),
      400,
      'lines.1.itemId',
      'requisition.lineTwice',
    );
    expectField(
      await ask([{ itemId: item.id, quantity: 1 }], branch, branchId),
      400,
      'supplyingBranchId',
      'requisition.sameBranch',
    );
    expectField(
      await ask([{ itemId: item.id, quantity: 1 }], branch, 'x'),
      400,
      'supplyingBranchId',
    );
  });

  it('another clinic: its branch cannot be asked, and it sees no requisition of ours', async () => {
    const item = await newItem();
    expectField(
      await ask([{ itemId: item.id, quantity: 1 }], branch, other.branchId),
      400,
      'supplyingBranchId',
      'requisition.branchUnknown',
    );
    const requisition = await asked([{ itemId: item.id, quantity: 1 }]);
    for (const call of [
      t.call('GET', api(`/inventory/requisitions/${requisition.id}`), otherClinic),
      act('issue', requisition.id, { version: requisition.version }, otherClinic),
      act('refuse', requisition.id, { version: requisition.version, reason: 'x' }, otherClinic),
      act('cancel', requisition.id, { version: requisition.version }, otherClinic),
    ]) {
      expectStatus(await call, 404);
    }
    const branches = await t.call('GET', api('/inventory/requisitions/branches'), otherClinic);
    expect(JSON.stringify(branches.body)).not.toContain(branchId);
    const list = await t.call('GET', api('/inventory/requisitions'), otherClinic);
    expect(list.body.data.total).toBe(0);
  });

  it('a branch cannot issue for the supplier: not as itself, not with a branch it has no access to', async () => {
    const item = await newItem();
    await receive(store, item.id, 5);
    const requisition = await asked([{ itemId: item.id, quantity: 2 }]);
    const asRequester = await act(
      'issue',
      requisition.id,
      { version: requisition.version },
      branchPharmacist,
    );
    expectStatus(asRequester, 403);
    expect(asRequester.body.error.code).toBe('requisition.notSupplier');
    const posing = await act(
      'issue',
      requisition.id,
      { version: requisition.version },
      { token: branchPharmacist.token, branchId: store.branchId },
    );
    expect([401, 403]).toContain(posing.status);
    expect(await total(store, item.id)).toBe(5);
    expect(await total(branch, item.id)).toBe(0);
    // The branch's own pharmacist asks, and lists it as outgoing.
    const own = await ask([{ itemId: item.id, quantity: 1 }], branchPharmacist);
    expectStatus(own, 201);
    const outgoing = await t.call(
      'GET',
      api('/inventory/requisitions?direction=outgoing&status=requested'),
      branchPharmacist,
    );
    expect(outgoing.body.data.items.map((row: { id: string }) => row.id)).toContain(
      own.body.data.id,
    );
  });

  it('needs inventory rights: a doctor reads but may not ask', async () => {
    const doctor = await addUser(t, clinic, '50', { branchIds: [branchId] });
    const caller = { token: doctor.token, branchId };
    expectStatus(await t.call('GET', api('/inventory/requisitions'), caller), 200);
    const item = await newItem();
    const refused = await ask([{ itemId: item.id, quantity: 1 }], caller);
    expectStatus(refused, 403);
    expect(refused.body.error.code).toBe('access.roleRefusal');
  });
});
