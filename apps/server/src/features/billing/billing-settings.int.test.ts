import { beforeAll, describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import {
  addUser,
  expectStatus,
  patientBody,
  roleIdOf,
  unique,
  type ApiResponse,
} from '../../../test/helpers.ts';
import { withTenant } from '../../db/tenant-db.ts';

/** Settings sales/tax and sales/payment-method (docs/architecture.md "Companies, service lines and billing settings"). */
const {
  t,
  clinics: [clinic, other],
  users,
  admin,
} = setupApiTest({ clinics: 2, users: { doctor: { type: '50' }, desk: { type: 'Front Desk' } } });

interface Caller {
  token: string;
  branchId: string;
}
const api = (path: string) => `/api/v1${path}`;
let finance: Caller;

beforeAll(async () => {
  const user = await addUser(t, clinic, 'Front Desk', {
    roleIds: [await roleIdOf(t, clinic, 'Finance')],
  });
  finance = { token: user.token, branchId: clinic.branchId };
});

interface TaxRecord {
  id: string;
  code: string;
  name: string;
  isActive: boolean;
  isDefault: boolean;
  version: number;
  rateBasisPoints: number | null;
  rates: Array<{ effectiveFrom: string; rateBasisPoints: number }>;
}

async function taxList(caller: Caller = admin): Promise<TaxRecord[]> {
  const response = await t.call('GET', api('/settings/tax'), caller);
  expectStatus(response, 200);
  return response.body.data.items;
}

function fieldsOf(response: ApiResponse): Record<string, string> {
  return Object.fromEntries(
    (response.body.error.errors as Array<{ field: string; code: string }>).map((error) => [
      error.field,
      error.code,
    ]),
  );
}

describe('tax options', () => {
  it('are added by finance with rates by date, last in the order; codes are unique', async () => {
    const code = unique('VAT').toUpperCase();
    const created = await t.call('POST', api('/settings/tax'), {
      ...finance,
      body: {
        code,
        name: 'VAT',
        rates: [
          { effectiveFrom: '2020-01-01', rateBasisPoints: 500 },
          { effectiveFrom: '2099-01-01', rateBasisPoints: 1000 },
        ],
      },
    });
    expectStatus(created, 201);
    expect(created.body.data).toMatchObject({
      code,
      rateBasisPoints: 500,
      isDefault: false,
      isActive: true,
      version: 1,
    });
    const list = await taxList();
    expect(list.at(-1)?.code).toBe(code);
    const forms = await t.call('GET', api('/tax/options'), users.desk);
    expect(forms.body.data.items.at(-1)).toMatchObject({ code, rateBasisPoints: 500 });

    const again = await t.call('POST', api('/settings/tax'), {
      ...admin,
      body: { code, name: 'Again', rates: [{ effectiveFrom: '2020-01-01', rateBasisPoints: 1 }] },
    });
    expectStatus(again, 400);
    expect(fieldsOf(again)).toEqual({ code: 'billingSettings.taxOptionCodeTaken' });
  });

  it('refuses bad input naming the field', async () => {
    const response = await t.call('POST', api('/settings/tax'), {
      ...admin,
      body: {
        code: ' ',
        name: 'x',
        rates: [
          { effectiveFrom: '2020-02-30', rateBasisPoints: 10 },
          { effectiveFrom: '2020-01-01', rateBasisPoints: 10_001 },
        ],
      },
    });
    expectStatus(response, 400);
    expect(Object.keys(fieldsOf(response)).sort()).toEqual(
      ['code', 'rates.0.effectiveFrom', 'rates.1.rateBasisPoints'].sort(),
    );
    const twice = await t.call('POST', api('/settings/tax'), {
      ...admin,
      body: {
        code: unique('T'),
        name: 'Twice',
        rates: [
          { effectiveFrom: '2020-01-01', rateBasisPoints: 10 },
          { effectiveFrom: '2020-01-01', rateBasisPoints: 20 },
        ],
      },
    });
    expect(fieldsOf(twice)).toEqual({ 'rates.1.effectiveFrom': 'billingSettings.rateDateTwice' });
    const none = await t.call('POST', api('/settings/tax'), {
      ...admin,
      body: { code: unique('T'), name: 'None', rates: [] },
    });
    expect(fieldsOf(none)).toEqual({ rates: 'billingSettings.ratesRequired' });
  });

  it('gain a rate from a date; a finalised invoice keeps its own rate; stale is 409', async () => {
    // A finalised invoice at the default option's rate of today.
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
    const service = await t.call('POST', api('/catalogs'), {
      ...admin,
      body: { type: 'Service', code: unique('S'), name: 'Dressing', sellingPriceCents: 1000 },
    });
    const draft = (await t.call('POST', api(`/visits/${visitId}/invoice`), admin)).body.data;
    const [first] = await taxList();
    const edited = await t.call('PUT', api(`/invoices/${draft.id}`), {
      ...admin,
      body: {
        version: draft.version,
        taxOptionCode: first!.code,
        addLines: [{ catalogItemId: service.body.data.id, quantity: 1 }],
      },
    });
    const issued = await t.call('POST', api(`/invoices/${draft.id}/finalise`), {
      ...admin,
      body: { version: edited.body.data.version },
    });
    expectStatus(issued, 200);
    const taxBefore = issued.body.data.taxCents as number;

    const changed = await t.call('PUT', api(`/settings/tax/${first!.id}`), {
      ...finance,
      body: {
        name: first!.name,
        isActive: true,
        addRates: [{ effectiveFrom: '2000-01-01', rateBasisPoints: 2500 }],
        version: first!.version,
      },
    });
    expectStatus(changed, 200);
    expect(changed.body.data.rates).toContainEqual({
      effectiveFrom: '2000-01-01',
      rateBasisPoints: 2500,
    });
    const after = await t.call('GET', api(`/invoices/${draft.id}`), admin);
    expect(after.body.data).toMatchObject({
      taxCents: taxBefore,
      taxRateBasisPoints: issued.body.data.taxRateBasisPoints,
    });

    const stale = await t.call('PUT', api(`/settings/tax/${first!.id}`), {
      ...admin,
      body: { name: 'Stale', isActive: true, version: first!.version },
    });
    expectStatus(stale, 409);
    const taken = await t.call('PUT', api(`/settings/tax/${first!.id}`), {
      ...admin,
      body: {
        name: first!.name,
        isActive: true,
        addRates: [{ effectiveFrom: '2000-01-01', rateBasisPoints: 1 }],
        version: changed.body.data.version,
      },
    });
    expect(fieldsOf(taken)).toEqual({
      'addRates.0.effectiveFrom': 'billingSettings.rateDateTaken',
    });
  });

  it('are reordered whole: the first active is the default; stale versions are 409', async () => {
    const list = await taxList();
    const reversed = [...list].reverse().map(({ id, version }) => ({ id, version }));
    const missing = await t.call('PUT', api('/settings/tax/order'), {
      ...admin,
      body: { items: reversed.slice(1) },
    });
    expect(fieldsOf(missing)).toEqual({ items: 'billingSettings.orderIncomplete' });
    const ordered = await t.call('PUT', api('/settings/tax/order'), {
      ...finance,
      body: { items: reversed },
    });
    expectStatus(ordered, 200);
    const items: TaxRecord[] = ordered.body.data.items;
    expect(items.map((item) => item.id)).toEqual(reversed.map((item) => item.id));
    expect(items.filter((item) => item.isDefault)).toEqual([
      expect.objectContaining({ id: items.find((item) => item.isActive)!.id }),
    ]);
    const forms = await t.call('GET', api('/tax/options'), users.desk);
    expect(forms.body.data.items[0]).toMatchObject({
      code: items.find((item) => item.isActive)!.code,
      isDefault: true,
    });
    const stale = await t.call('PUT', api('/settings/tax/order'), {
      ...admin,
      body: { items: reversed },
    });
    expectStatus(stale, 409);
  });

  it('are deactivated but never the last active one', async () => {
    const list = await taxList();
    let last: TaxRecord | undefined;
    for (const option of list.filter((item) => item.isActive)) {
      const response = await t.call('PUT', api(`/settings/tax/${option.id}`), {
        ...admin,
        body: { name: option.name, isActive: false, version: option.version },
      });
      if (response.status === 400) {
        expect(fieldsOf(response)).toEqual({ isActive: 'billingSettings.lastTaxOption' });
        last = option;
      } else expectStatus(response, 200);
    }
    expect(last).toBeDefined();
    const forms = await t.call('GET', api('/tax/options'), users.desk);
    expect(forms.body.data.items).toEqual([expect.objectContaining({ code: last!.code })]);
  });
});

describe('payment methods', () => {
  it('are added and deactivated by finance; cash gives change; codes unique; stale is 409', async () => {
    const code = unique('gift');
    const created = await t.call('POST', api('/settings/payment-methods'), {
      ...finance,
      body: { code, name: 'Gift voucher' },
    });
    expectStatus(created, 201);
    expect(created.body.data).toMatchObject({
      code,
      givesChange: false,
      isActive: true,
      version: 1,
    });
    const all = await t.call('GET', api('/settings/payment-methods'), admin);
    expect(all.body.data.items[0]).toMatchObject({ code: 'cash', givesChange: true });
    const dup = await t.call('POST', api('/settings/payment-methods'), {
      ...admin,
      body: { code, name: 'Again' },
    });
    expect(fieldsOf(dup)).toEqual({ code: 'billingSettings.paymentMethodCodeTaken' });
    const bad = await t.call('POST', api('/settings/payment-methods'), {
      ...admin,
      body: { code: 'x', name: 'y', givesChange: 'yes' },
    });
    expect(Object.keys(fieldsOf(bad))).toEqual(['givesChange']);

    const off = await t.call('PUT', api(`/settings/payment-methods/${created.body.data.id}`), {
      ...admin,
      body: { name: 'Gift voucher', givesChange: false, isActive: false, version: 1 },
    });
    expectStatus(off, 200);
    const forms = await t.call('GET', api('/settings/paymentMethod'), users.desk);
    expect(forms.body.data.items.map((item: { code: string }) => item.code)).not.toContain(code);
    const stale = await t.call('PUT', api(`/settings/payment-methods/${created.body.data.id}`), {
      ...admin,
      body: { name: 'Gift voucher', givesChange: false, isActive: true, version: 1 },
    });
    expectStatus(stale, 409);
  });

  it('are for owners and finance only: the desk and a doctor are refused', async () => {
    for (const caller of [users.desk, users.doctor]) {
      expectStatus(await t.call('GET', api('/settings/payment-methods'), caller), 403);
      expectStatus(
        await t.call('POST', api('/settings/payment-methods'), {
          ...caller,
          body: { code: unique('no'), name: 'No' },
        }),
        403,
      );
      expectStatus(await t.call('GET', api('/settings/tax'), caller), 403);
    }
  });

  it("another clinic neither sees nor changes this clinic's settings", async () => {
    const mine = await t.call('POST', api('/settings/payment-methods'), {
      ...admin,
      body: { code: unique('mine'), name: 'Mine only' },
    });
    const taxes = await taxList();
    const caller = { token: other.token, branchId: other.branchId };
    const theirs = await t.call('GET', api('/settings/payment-methods'), caller);
    expect(JSON.stringify(theirs.body)).not.toContain(mine.body.data.id);
    const theirTaxes = await t.call('GET', api('/settings/tax'), caller);
    expect(JSON.stringify(theirTaxes.body)).not.toContain(taxes[0]!.id);
    expectStatus(
      await t.call('PUT', api(`/settings/payment-methods/${mine.body.data.id}`), {
        ...caller,
        body: { name: 'Taken over', givesChange: true, isActive: false, version: 1 },
      }),
      404,
    );
    expectStatus(
      await t.call('PUT', api(`/settings/tax/${taxes[0]!.id}`), {
        ...caller,
        body: { name: 'Taken over', isActive: false, version: taxes[0]!.version },
      }),
      404,
    );
    expectStatus(
      await t.call('PUT', api('/settings/tax/order'), {
        ...caller,
        body: { items: taxes.map(({ id, version }) => ({ id, version })) },
      }),
      400,
    );
    const still = await t.call('GET', api('/settings/payment-methods'), admin);
    expect(still.body.data.items).toContainEqual(
      expect.objectContaining({ id: mine.body.data.id, name: 'Mine only', version: 1 }),
    );
  });
});

describe('from the console (no BranchId)', () => {
  const consoleOf = (caller: Caller) => ({ token: caller.token });

  /** Sets the clinic's time zone offset (minutes from UTC). */
  function setOffset(minutes: number) {
    return withTenant(t.database.db, clinic.tenantId, (tx) =>
      tx.db
        .updateTable('tenants')
        .set({ timezoneOffset: minutes })
        .where('id', '=', clinic.tenantId)
        .execute(),
    );
  }

  it('lists, adds, changes and orders tax options as the branch pages do', async () => {
    const fromConsole = await t.call('GET', api('/settings/tax'), consoleOf(admin));
    expectStatus(fromConsole, 200);
    expect(fromConsole.body.data.items).toEqual(await taxList());

    const code = unique('CON').toUpperCase();
    const created = await t.call('POST', api('/settings/tax'), {
      ...consoleOf(admin),
      body: {
        code,
        name: 'Console tax',
        rates: [{ effectiveFrom: '2020-01-01', rateBasisPoints: 300 }],
      },
    });
    expectStatus(created, 201);
    expect(created.body.data).toMatchObject({ code, rateBasisPoints: 300, version: 1 });
    const changed = await t.call('PUT', api(`/settings/tax/${created.body.data.id}`), {
      ...consoleOf(finance),
      body: { name: 'Console tax 2', isActive: true, addRates: [], version: 1 },
    });
    expectStatus(changed, 200);
    const list = await taxList();
    const reordered = await t.call('PUT', api('/settings/tax/order'), {
      ...consoleOf(admin),
      body: {
        items: [list.at(-1)!, ...list.slice(0, -1)].map(({ id, version }) => ({ id, version })),
      },
    });
    expectStatus(reordered, 200);
    expect((await taxList())[0]).toMatchObject({ code, name: 'Console tax 2', isDefault: true });
    // Put the order back for the other tests: TAX first again.
    const now = await taxList();
    const restored = await t.call('PUT', api('/settings/tax/order'), {
      ...admin,
      body: { items: [...now.slice(1), now[0]!].map(({ id, version }) => ({ id, version })) },
    });
    expectStatus(restored, 200);
  });

  it("reads today's rate on the clinic's clock", async () => {
    // Between UTC-12 and UTC+14 the date always differs: a rate from the +14 date is today's
    // there and not yet at -12.
    const ahead = new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);
    const code = unique('CLK').toUpperCase();
    const created = await t.call('POST', api('/settings/tax'), {
      ...admin,
      body: {
        code,
        name: 'Clock',
        rates: [
          { effectiveFrom: '2020-01-01', rateBasisPoints: 100 },
          { effectiveFrom: ahead, rateBasisPoints: 200 },
        ],
      },
    });
    expectStatus(created, 201);
    const rateNow = async () => {
      const response = await t.call('GET', api('/settings/tax'), consoleOf(admin));
      expectStatus(response, 200);
      return (response.body.data.items as TaxRecord[]).find((item) => item.code === code)
        ?.rateBasisPoints;
    };
    try {
      await setOffset(840);
      expect(await rateNow()).toBe(200);
      await setOffset(-720);
      expect(await rateNow()).toBe(100);
    } finally {
      await setOffset(480);
    }
  });

  it('is refused to a role that holds no billing settings in any branch', async () => {
    for (const caller of [users.desk, users.doctor]) {
      expectStatus(await t.call('GET', api('/settings/tax'), consoleOf(caller)), 403);
    }
  });
});
