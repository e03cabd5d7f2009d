import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import {
  addBranch,
  addUser,
  expectStatus,
  roleIdOf,
  unique,
  type ApiResponse,
} from '../../../test/helpers.ts';
import { withTenant } from '../../db/tenant-db.ts';

/** Purchase orders and goods received (issue 12, docs/architecture.md "Purchasing"). */
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

let branchB: string;
let adminB: Caller;
let otherAdmin: Caller;
let pharmacist: Caller;

beforeAll(async () => {
  branchB = await addBranch(t, clinic, unique('PB').slice(0, 10).toUpperCase());
  const user = await addUser(t, clinic, 'Administrator', {
    branchIds: [clinic.branchId, branchB],
  });
  adminB = { token: user.token, branchId: branchB };
  otherAdmin = { token: other.token, branchId: other.branchId };
  const keeper = await addUser(t, clinic, 'Front Desk', {
    roleIds: [await roleIdOf(t, clinic, 'Pharmacist')],
  });
  pharmacist = { token: keeper.token, branchId: clinic.branchId };
});

const api = (path: string) => `/api/v1${path}`;
const FAR = '2031-12-31';

function expectFieldRefusal(response: ApiResponse, field: string, code?: string) {
  expectStatus(response, 400);
  const errors = response.body.error.errors as Array<{ field: string; code: string }>;
  expect(errors.map((error) => error.field)).toContain(field);
  if (code) expect(errors.find((error) => error.field === field)?.code).toBe(code);
}

async function newItem(caller: Caller = admin, taxBasisPoints = 900) {
  const response = await t.call('POST', api('/catalogs'), {
    ...caller,
    body: {
      type: 'Med',
      code: unique('PUR').toUpperCase(),
      name: `Amoxicillin 500 mg capsule ${unique('n')}`,
      strength: 500,
      strengthUnit: 'mg',
      dispensingUnit: 'cap',
      sellingPriceCents: 50,
      taxBasisPoints,
    },
  });
  expectStatus(response, 201);
  return { id: response.body.data.id as string, name: response.body.data.name as string };
}

async function newSupplier(caller: Caller = admin, extra: Record<string, unknown> = {}) {
  const response = await t.call('POST', api('/inventory/suppliers'), {
    ...caller,
    body: {
      code: unique('SUP'),
      name: `Zuellig Pharma ${unique('s')}`,
      contactPerson: 'Alan Tan',
      contactNo: '61234567',
      address: '15 Changi North Way',
      ...extra,
    },
  });
  expectStatus(response, 201);
  return response.body.data as { id: string; name: string; version: number };
}

interface Order {
  id: string;
  purchaseNo: string;
  status: string;
  version: number;
  supplier: { id: string };
  lines: Array<{ id: string; itemId: string; quantity: number; receivedQuantity: number }>;
  receipts: Array<{ id: string; receivedNo: string }>;
}

async function draft(
  lines: Array<{ itemId: string; quantity: number; unitCostCents?: number }>,
  caller: Caller = admin,
  supplierId?: string,
): Promise<Order> {
  const response = await t.call('POST', api('/inventory/purchases'), {
    ...caller,
    body: {
      supplierId: supplierId ?? (await newSupplier(caller)).id,
      supplierPo: 'SO-77',
      terms: '30 days',
      lines: lines.map((line) => ({ unitCostCents: 120, ...line })),
    },
  });
  expectStatus(response, 201);
  return response.body.data;
}

async function confirmed(
  lines: Array<{ itemId: string; quantity: number }>,
  caller: Caller = admin,
): Promise<Order> {
  const order = await draft(lines, caller);
  const response = await t.call('POST', api(`/inventory/purchases/${order.id}/confirm`), {
    ...caller,
    body: { version: order.version },
  });
  expectStatus(response, 200);
  return response.body.data;
}

const receive = (
  orderId: string,
  lines: Array<Record<string, unknown>>,
  caller: Caller = admin,
  extra: Record<string, unknown> = {},
) =>
  t.call('POST', api(`/inventory/purchases/${orderId}/receipts`), {
    ...caller,
    body: { receivedDate: '2026-11-20', supplierInvoiceNo: 'INV-1', lines, ...extra },
  });

const batchLine = (purchaseLineId: string, quantity: number, batchNo = unique('LOT')) => ({
  purchaseLineId,
  batchNo,
  expiryDate: FAR,
  quantity,
});

async function onHand(itemId: string, caller: Caller = admin): Promise<number> {
  const response = await t.call('GET', api(`/inventory/items/${itemId}`), caller);
  expectStatus(response, 200);
  return response.body.data.item.onHand as number;
}

async function ledgerSum(itemId: string, branchId = clinic.branchId): Promise<number> {
  return withTenant(t.database.db, clinic.tenantId, async (tx) => {
    const row = await sql<{ sum: number }>`
      SELECT coalesce(sum(quantity), 0)::int AS sum FROM stock_movements
       WHERE item_id = ${itemId} AND branch_id = ${branchId}`.execute(tx.db);
    return row.rows[0]!.sum;
  });
}

const getOrder = async (id: string, caller: Caller = admin): Promise<Order> => {
  const response = await t.call('GET', api(`/inventory/purchases/${id}`), caller);
  expectStatus(response, 200);
  return response.body.data;
};

describe('purchase orders', () => {
  it('are drafted with totals in cents, edited with their version, confirmed and voided', async () => {
    const item = await newItem();
    const other = await newItem(admin, 0);
    const order = await draft([
      { itemId: item.id, quantity: 3, unitCostCents: 333 },
      { itemId: other.id, quantity: 2, unitCostCents: 50 },
    ]);
    expect(order).toMatchObject({
      purchaseNo: expect.stringMatching(/^PO-\d{6}$/),
      status: 'DRAFT',
      statusCode: 1,
      supplierPo: 'SO-77',
      terms: '30 days',
      subtotalCents: 1099,
      taxCents: 90,
      grandTotalCents: 1189,
      version: 1,
    });
    expect(order.lines[0]).toMatchObject({
      lineNo: 1,
      taxRateBasisPoints: 900,
      subtotalCents: 999,
      taxCents: 90,
      totalCents: 1089,
      receivedQuantity: 0,
    });

    const path = api(`/inventory/purchases/${order.id}`);
    const body = (version: number, quantity: number) => ({
      supplierId: order.supplier.id,
      lines: [{ itemId: item.id, quantity, unitCostCents: 100, taxRateBasisPoints: 0 }],
      version,
    });
    const edited = await t.call('PUT', path, { ...admin, body: body(1, 5) });
    expectStatus(edited, 200);
    expect(edited.body.data).toMatchObject({ version: 2, grandTotalCents: 500, lineCount: 1 });
    expectStatus(await t.call('PUT', path, { ...admin, body: body(1, 6) }), 409);

    const confirm = await t.call('POST', `${path}/confirm`, { ...admin, body: { version: 2 } });
    expectStatus(confirm, 200);
    expect(confirm.body.data).toMatchObject({ status: 'CONFIRMED', statusCode: 3, version: 3 });
    const late = await t.call('PUT', path, { ...admin, body: body(3, 7) });
    expectStatus(late, 409);
    expect(late.body.error.code).toBe('purchase.notDraft');
    expect(late.body.error.errors[0].field).toBe('status');

    expectFieldRefusal(
      await t.call('POST', `${path}/void`, { ...admin, body: { version: 3, reason: ' ' } }),
      'reason',
      'purchase.voidReasonRequired',
    );
    const voided = await t.call('POST', `${path}/void`, {
      ...admin,
      body: { version: 3, reason: 'Ordered twice' },
    });
    expectStatus(voided, 200);
    expect(voided.body.data).toMatchObject({
      status: 'VOIDED',
      statusCode: -1,
      voidReason: 'Ordered twice',
    });
    const again = await receive(order.id, [batchLine(order.lines[0]!.id, 1)]);
    expectStatus(again, 409);
    expect(again.body.error.code).toBe('purchase.notReceivable');
  });

  it('confirms only a draft with lines and refuses bad input naming the field', async () => {
    const empty = await draft([]);
    const refused = await t.call('POST', api(`/inventory/purchases/${empty.id}/confirm`), {
      ...admin,
      body: { version: 1 },
    });
    expectStatus(refused, 409);
    expect(refused.body.error.code).toBe('purchase.noLines');

    const item = await newItem();
    const supplier = await newSupplier();
    const post = (body: Record<string, unknown>) =>
      t.call('POST', api('/inventory/purchases'), { ...admin, body });
    const line = { itemId: item.id, quantity: 1, unitCostCents: 1 };
    expectFieldRefusal(await post({ lines: [line] }), 'supplierId');
    expectFieldRefusal(
      await post({ supplierId: supplier.id, lines: [{ ...line, quantity: -2 }] }),
      'lines.0.quantity',
    );
    expectFieldRefusal(
      await post({ supplierId: supplier.id, lines: [{ ...line, unitCostCents: 1.5 }] }),
      'lines.0.unitCostCents',
    );
    expectFieldRefusal(
      await post({ supplierId: supplier.id, lines: [line, line] }),
      'lines.1.itemId',
      'purchase.itemTwice',
    );
    expectFieldRefusal(
      await post({ supplierId: supplier.id, orderDate: '2026-13-01', lines: [] }),
      'orderDate',
    );
    const service = await t.call('POST', api('/catalogs'), {
      ...admin,
      body: { type: 'Service', code: unique('SV'), name: 'Consultation', sellingPriceCents: 10 },
    });
    expectFieldRefusal(
      await post({ supplierId: supplier.id, lines: [{ ...line, itemId: service.body.data.id }] }),
      'lines.0.itemId',
      'stock.itemUnknown',
    );
    const inactive = await newSupplier(admin, { isActive: false });
    expectFieldRefusal(
      await post({ supplierId: inactive.id, lines: [line] }),
      'supplierId',
      'purchase.supplierInactive',
    );
    expectFieldRefusal(
      await t.call('GET', api('/inventory/purchases?status=OPEN'), admin),
      'status',
    );
    expectFieldRefusal(
      await t.call('GET', api('/inventory/purchases?fromDate=2026-02-01&toDate=2026-01-01'), admin),
      'toDate',
    );
  });
});

describe('receiving', () => {
  it('receives in part then in whole, each receipt making batches on the ledger', async () => {
    const item = await newItem();
    const order = await confirmed([{ itemId: item.id, quantity: 100 }]);
    const lineId = order.lines[0]!.id;

    const first = await receive(order.id, [batchLine(lineId, 30), batchLine(lineId, 10)]);
    expectStatus(first, 201);
    expect(first.body.data.purchase).toMatchObject({ status: 'PARTIALLY', statusCode: 4 });
    expect(first.body.data.purchase.lines[0].receivedQuantity).toBe(40);
    const note = first.body.data.received;
    expect(note).toMatchObject({
      receivedNo: expect.stringMatching(/^GRN-\d{6}$/),
      purchaseId: order.id,
      supplierInvoiceNo: 'INV-1',
      quantity: 40,
      totalCostCents: 4800,
      lineCount: 2,
    });
    expect(await onHand(item.id)).toBe(40);
    expect(await ledgerSum(item.id)).toBe(40);

    // The ledger rows are receipts referencing the goods received note.
    const ledger = await t.call('GET', api(`/inventory/transactions?itemId=${item.id}`), admin);
    expect(ledger.body.data.items).toHaveLength(2);
    for (const row of ledger.body.data.items) {
      expect(row).toMatchObject({ kind: 'receipt', referenceId: note.id });
    }

    // A partly received order can no longer be voided.
    const voiding = await t.call('POST', api(`/inventory/purchases/${order.id}/void`), {
      ...admin,
      body: { version: first.body.data.purchase.version, reason: 'No' },
    });
    expectStatus(voiding, 409);
    expect(voiding.body.error.code).toBe('purchase.receivedCannotVoid');

    // The rest, into a batch received before (same number and expiry adds to it).
    const second = await receive(order.id, [
      batchLine(lineId, 60, note.lines[0].batchNo as string),
    ]);
    expectStatus(second, 201);
    expect(second.body.data.purchase).toMatchObject({ status: 'STOCKED', statusCode: 2 });
    expect(await onHand(item.id)).toBe(100);
    expect(await ledgerSum(item.id)).toBe(100);
    const batches = await t.call('GET', api(`/inventory/batches?itemId=${item.id}`), admin);
    expect(batches.body.data.items.map((batch: { onHand: number }) => batch.onHand).sort()).toEqual(
      [10, 90],
    );
    expect((await getOrder(order.id)).receipts).toHaveLength(2);

    const stocked = await receive(order.id, [batchLine(lineId, 1)]);
    expectStatus(stocked, 409);
    expect(stocked.body.error.code).toBe('purchase.notReceivable');

    const list = await t.call('GET', api(`/inventory/received?purchaseId=${order.id}`), admin);
    expectStatus(list, 200);
    expect(list.body.data.total).toBe(2);
    const detail = await t.call('GET', api(`/inventory/received/${note.id}`), admin);
    expectStatus(detail, 200);
    expect(detail.body.data.lines).toHaveLength(2);
    expect(detail.body.data.lines[0]).toMatchObject({ itemId: item.id, quantity: 30 });
  });

  it('refuses over-receipt naming the line, with nothing written', async () => {
    const item = await newItem();
    const other = await newItem();
    const order = await confirmed([
      { itemId: item.id, quantity: 10 },
      { itemId: other.id, quantity: 5 },
    ]);
    const [a, b] = order.lines;
    const refused = await receive(order.id, [
      batchLine(b!.id, 5),
      batchLine(a!.id, 6),
      batchLine(a!.id, 5),
    ]);
    expectFieldRefusal(refused, 'lines.2.quantity', 'purchase.overReceipt');
    expect(refused.body.error.errors[0].message).toBe(
      `Only 10 of ${item.name} remain to be received on this order; 11 asked for.`,
    );
    expectFieldRefusal(
      await receive(order.id, [batchLine(order.id, 1)]),
      'lines.0.purchaseLineId',
      'purchase.lineUnknown',
    );
    // A refusal of a later line (another expiry for a known batch) leaves no earlier one.
    const lot = unique('LOT');
    expectStatus(await receive(order.id, [batchLine(a!.id, 1, lot)]), 201);
    const mixed = await receive(order.id, [
      batchLine(b!.id, 2),
      { ...batchLine(a!.id, 1, lot), expiryDate: '2030-01-01' },
    ]);
    expectFieldRefusal(mixed, 'lines.1.expiryDate', 'stock.batchExpiryDiffers');
    expect(await onHand(item.id)).toBe(1);
    expect(await onHand(other.id)).toBe(0);
    expect((await getOrder(order.id)).receipts).toHaveLength(1);
    expect(await ledgerSum(other.id)).toBe(0);

    expectFieldRefusal(await receive(order.id, []), 'lines');
    expectFieldRefusal(
      await receive(order.id, [{ ...batchLine(a!.id, 1), batchNo: '' }]),
      'lines.0.batchNo',
    );
    expectFieldRefusal(
      await receive(order.id, [batchLine(a!.id, 1)], admin, { receivedDate: '20-11-2026' }),
      'receivedDate',
    );
  });

  it('never exceeds the order when receipts race', async () => {
    const item = await newItem();
    const order = await confirmed([{ itemId: item.id, quantity: 10 }]);
    const lineId = order.lines[0]!.id;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => receive(order.id, [batchLine(lineId, 3)])),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    for (const answer of answers.filter((response) => response.status !== 201)) {
      expectFieldRefusal(answer, 'lines.0.quantity', 'purchase.overReceipt');
    }
    expect(await onHand(item.id)).toBe(9);
    expect(await ledgerSum(item.id)).toBe(9);
    const after = await getOrder(order.id);
    expect(after).toMatchObject({ status: 'PARTIALLY', receivedQuantity: 9 });
    const numbers = after.receipts.map((receipt: { receivedNo: string }) => receipt.receivedNo);
    expect(new Set(numbers).size).toBe(3);
  });
});

describe('numbers', () => {
  it('numbers orders gaplessly per branch under concurrency', async () => {
    const supplier = await newSupplier(adminB);
    const item = await newItem();
    const before = await t.call('GET', api('/inventory/purchases?pageSize=200'), adminB);
    const already = before.body.data.total as number;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.call('POST', api('/inventory/purchases'), {
          ...adminB,
          body: {
            supplierId: supplier.id,
            lines: [{ itemId: item.id, quantity: 1, unitCostCents: 1 }],
          },
        }),
      ),
    );
    answers.forEach((answer) => expectStatus(answer, 201));
    const numbers = answers.map((answer) => answer.body.data.purchaseNo as string).sort();
    const expected = Array.from(
      { length: 10 },
      (_, index) => `PO-${String(already + index + 1).padStart(6, '0')}`,
    );
    expect(numbers).toEqual(expected);
    // A refused create takes no number.
    await t.call('POST', api('/inventory/purchases'), {
      ...adminB,
      body: {
        supplierId: supplier.id,
        lines: [{ itemId: supplier.id, quantity: 1, unitCostCents: 1 }],
      },
    });
    const next = await draft([], adminB, supplier.id);
    expect(next.purchaseNo).toBe(`PO-${String(already + 11).padStart(6, '0')}`);
  });
});

describe('lists and vendors', () => {
  it('filters purchases by status, supplier, dates and keyword', async () => {
    const item = await newItem();
    const supplier = await newSupplier();
    const mine = await draft([{ itemId: item.id, quantity: 2 }], admin, supplier.id);
    const list = (query: string) => t.call('GET', api(`/inventory/purchases?${query}`), admin);
    const bySupplier = await list(`supplierId=${supplier.id}`);
    expectStatus(bySupplier, 200);
    expect(bySupplier.body.data.items).toEqual([
      expect.objectContaining({ id: mine.id, status: 'DRAFT', quantity: 2, lineCount: 1 }),
    ]);
    expect((await list(`supplierId=${supplier.id}&status=CONFIRMED`)).body.data.items).toEqual([]);
    expect(
      (await list(`keyword=${mine.purchaseNo}`)).body.data.items.map(
        (row: { id: string }) => row.id,
      ),
    ).toContain(mine.id);
    expect((await list(`keyword=${encodeURIComponent(supplier.name)}`)).body.data.total).toBe(1);
    expect((await list(`supplierId=${supplier.id}&toDate=2000-01-01`)).body.data.total).toBe(0);
  });

  it('answers suppliers in the vendor shape', async () => {
    const supplier = await newSupplier();
    const vendor = await t.call('GET', api(`/inventory/vendors/${supplier.id}`), admin);
    expectStatus(vendor, 200);
    expect(vendor.body.data).toEqual({
      id: supplier.id,
      code: expect.any(String),
      name: supplier.name,
      address: '15 Changi North Way',
      phone: '61234567',
      fax: null,
      salesRep: 'Alan Tan',
      email: null,
      isActive: true,
    });
    const vendors = await t.call('GET', api('/settings/vendors'), admin);
    expectStatus(vendors, 200);
    expect(vendors.body.data.items.map((row: { id: string }) => row.id)).toContain(supplier.id);
    expectStatus(await t.call('GET', api(`/inventory/vendors/${supplier.id}`), otherAdmin), 404);
  });
});

describe('isolation and permissions', () => {
  it('keeps orders to their branch and clinic', async () => {
    const item = await newItem();
    const order = await confirmed([{ itemId: item.id, quantity: 5 }]);
    const lineId = order.lines[0]!.id;
    const path = api(`/inventory/purchases/${order.id}`);
    for (const caller of [adminB, otherAdmin]) {
      expectStatus(await t.call('GET', path, caller), 404);
      expectStatus(await receive(order.id, [batchLine(lineId, 1)], caller), 404);
      expectStatus(
        await t.call('POST', `${path}/void`, { ...caller, body: { version: 2, reason: 'x' } }),
        404,
      );
      const list = await t.call('GET', api('/inventory/purchases?pageSize=200'), caller);
      expect(JSON.stringify(list.body)).not.toContain(order.id);
    }
    const received = await receive(order.id, [batchLine(lineId, 2)]);
    expectStatus(received, 201);
    const noteId = received.body.data.received.id as string;
    expectStatus(await t.call('GET', api(`/inventory/received/${noteId}`), adminB), 404);
    expectStatus(await t.call('GET', api(`/inventory/received/${noteId}`), otherAdmin), 404);
    expect(await onHand(item.id, adminB)).toBe(0);
    // Another clinic's supplier and items are unknown here.
    const foreign = await newSupplier(otherAdmin);
    expectFieldRefusal(
      await t.call('POST', api('/inventory/purchases'), {
        ...admin,
        body: { supplierId: foreign.id, lines: [] },
      }),
      'supplierId',
      'stock.supplierUnknown',
    );
    expectFieldRefusal(
      await t.call('POST', api('/inventory/purchases'), {
        ...otherAdmin,
        body: {
          supplierId: foreign.id,
          lines: [{ itemId: item.id, quantity: 1, unitCostCents: 1 }],
        },
      }),
      'lines.0.itemId',
      'stock.itemUnknown',
    );
  });

  it('lets roles do what they hold', async () => {
    const item = await newItem();
    const doctor = { token: users.doctor.token, branchId: clinic.branchId };
    const desk = { token: users.desk.token, branchId: clinic.branchId };
    const order = await confirmed([{ itemId: item.id, quantity: 5 }], pharmacist);
    expectStatus(await receive(order.id, [batchLine(order.lines[0]!.id, 5)], pharmacist), 201);
    expectStatus(await t.call('GET', api('/inventory/purchases'), doctor), 200);
    expectStatus(await t.call('GET', api('/inventory/purchases'), desk), 403);
    const supplier = await newSupplier();
    expectStatus(
      await t.call('POST', api('/inventory/purchases'), {
        ...doctor,
        body: { supplierId: supplier.id, lines: [] },
      }),
      403,
    );
    expectStatus(await t.call('GET', api('/settings/vendors'), desk), 403);
  });
});
