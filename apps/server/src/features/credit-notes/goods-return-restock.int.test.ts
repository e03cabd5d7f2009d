import { refusalMessage } from '@clinic/domain';
import { describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import { expectStatus, patientBody, unique } from '../../../test/helpers.ts';
import { withTenant } from '../../db/tenant-db.ts';

/**
 * Goods-return credit notes put dispensed medicine back into the batches it came from
 * (docs/architecture.md "Credit notes and deposits"), and their void takes it out again.
 */
const {
  t,
  clinics: [clinic, other],
  users,
  admin,
} = setupApiTest({ clinics: 2, users: { doctor: { type: '50' } } });

const api = (path: string) => `/api/v1${path}`;
const SOON = '2099-01-31';
const LATER = '2099-12-31';

async function newMedicine(): Promise<string> {
  const item = await t.call('POST', api('/catalogs'), {
    ...admin,
    body: {
      type: 'Med',
      code: unique('RST').toUpperCase(),
      name: `Restockol ${unique('n')}`,
      dispensingUnit: 'tab',
      sellingPriceCents: 100,
    },
  });
  expectStatus(item, 201);
  return item.body.data.id;
}

async function receive(itemId: string, quantity: number, expiryDate: string): Promise<string> {
  const response = await t.call('POST', api('/inventory/receipts'), {
    ...admin,
    body: { itemId, batchNo: unique('LOT'), expiryDate, quantity, unitCostCents: 3 },
  });
  expectStatus(response, 201);
  return response.body.data.batch.id;
}

/** A finalised, fully paid invoice of 15 tablets of the item (1 three times a day, 5 days). */
async function paidBill(itemId: string) {
  const patient = await t.call('POST', api('/patients'), { ...admin, body: patientBody() });
  expectStatus(patient, 201);
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
  const done = await t.call('POST', api(`/invoices/${draft.body.data.id}/finalise`), {
    ...admin,
    body: { version: draft.body.data.version },
  });
  expectStatus(done, 200);
  const paid = await t.call('POST', api(`/invoices/${done.body.data.id}/payments`), {
    ...admin,
    body: {
      version: done.body.data.version,
      tenders: [{ method: 'nets', amountCents: done.body.data.balanceCents }],
    },
  });
  expectStatus(paid, 201);
  return { invoice: paid.body.data.invoice, payment: paid.body.data.payment };
}

async function dispense(payment: { id: string; version: number }) {
  const response = await t.call('PATCH', api(`/payments/${payment.id}/dispense`), {
    ...admin,
    body: { version: payment.version },
  });
  expectStatus(response, 200);
}

async function onHand(itemId: string): Promise<Record<string, number>> {
  const response = await t.call(
    'GET',
    api(`/inventory/batches?itemId=${itemId}&includeEmpty=true`),
    admin,
  );
  expectStatus(response, 200);
  const items: Array<{ id: string; onHand: number }> = response.body.data.items;
  return Object.fromEntries(items.map((batch) => [batch.id, batch.onHand]));
}

async function current(invoiceId: string) {
  const response = await t.call('GET', api(`/invoices/${invoiceId}`), admin);
  expectStatus(response, 200);
  return response.body.data;
}

async function returnGoods(invoiceId: string, quantity: number, caller = admin) {
  const invoice = await current(invoiceId);
  return t.call('POST', api('/credit-notes'), {
    ...caller,
    body: {
      type: 2,
      invoiceId,
      version: invoice.version,
      amountCents: quantity * 107,
      reason: 'Tablets brought back unopened',
      refundMethod: 'cash',
      returnedLines: [{ lineId: invoice.lines[0].id, quantity }],
    },
  });
}

async function voidNote(note: { id: string; version: number }) {
  return t.call('POST', api(`/credit-notes/${note.id}/void`), {
    ...admin,
    body: { version: note.version, reason: 'Issued in error' },
  });
}

describe('goods-return credit notes', () => {
  it('put dispensed medicine back into its batches, earliest expiry first; the void takes it out', async () => {
    const itemId = await newMedicine();
    const soon = await receive(itemId, 10, SOON);
    const later = await receive(itemId, 20, LATER);
    const { invoice, payment } = await paidBill(itemId);
    await dispense(payment);
    // FEFO took the 10 of the batch expiring first and 5 of the other.
    expect(await onHand(itemId)).toEqual({ [soon]: 0, [later]: 15 });

    const note = await returnGoods(invoice.id, 12);
    expectStatus(note, 201);
    expect(await onHand(itemId)).toEqual({ [soon]: 10, [later]: 17 });
    const ledger = await t.call(
      'GET',
      api(`/inventory/transactions?itemId=${itemId}&kind=return`),
      admin,
    );
    expectStatus(ledger, 200);
    expect(ledger.body.data.items.map((row: { quantity: number }) => row.quantity).sort()).toEqual([
      10, 2,
    ]);

    // A second note returns the rest: past what the first put back, never more than given.
    const rest = await returnGoods(invoice.id, 3);
    expectStatus(rest, 201);
    expect(await onHand(itemId)).toEqual({ [soon]: 10, [later]: 20 });

    expectStatus(await voidNote(note.body.data), 200);
    expect(await onHand(itemId)).toEqual({ [soon]: 0, [later]: 18 });
  });

  it('refuse a void with 409 when the returned stock is no longer there, and change nothing', async () => {
    const itemId = await newMedicine();
    const batch = await receive(itemId, 15, SOON);
    const { invoice, payment } = await paidBill(itemId);
    await dispense(payment);
    const note = await returnGoods(invoice.id, 4);
    expectStatus(note, 201);
    expect(await onHand(itemId)).toEqual({ [batch]: 4 });
    const takenAway = await t.call('POST', api('/inventory/adjustments'), {
      ...admin,
      body: { batchId: batch, quantity: -3, reason: 'Damaged' },
    });
    expectStatus(takenAway, 201);

    const refused = await voidNote(note.body.data);
    expectStatus(refused, 409);
    expect(refused.body.error.code).toBe('stock.returnedGone');
    expect(refused.body.error.message).toMatch(
      /4 of Restockol .* went back into batch .*, which now holds 1/,
    );
    expect(await onHand(itemId)).toEqual({ [batch]: 1 });
    const still = await t.call('GET', api(`/credit-notes/${note.body.data.id}`), admin);
    expect(still.body.data.status).toBe('ISSUED');
  });

  it('restock nothing of a line that was never dispensed', async () => {
    const itemId = await newMedicine();
    const batch = await receive(itemId, 30, SOON);
    const { invoice } = await paidBill(itemId);
    const note = await returnGoods(invoice.id, 5);
    expectStatus(note, 201);
    expect(await onHand(itemId)).toEqual({ [batch]: 30 });
    expectStatus(await voidNote(note.body.data), 200);
    expect(await onHand(itemId)).toEqual({ [batch]: 30 });
  });

  it('another clinic cannot return goods on the invoice, and the stock stays', async () => {
    const itemId = await newMedicine();
    const batch = await receive(itemId, 15, SOON);
    const { invoice, payment } = await paidBill(itemId);
    await dispense(payment);
    const refused = await returnGoods(invoice.id, 5, {
      token: other.token,
      branchId: other.branchId,
    });
    expectStatus(refused, 404);
    expect(await onHand(itemId)).toEqual({ [batch]: 0 });
    expect(refusalMessage('stock.returnedGone', 'X', 'B1', 1, 4)).toContain('no longer there');
  });
});
