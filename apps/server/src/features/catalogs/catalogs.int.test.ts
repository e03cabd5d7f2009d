import { beforeAll, describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import {
  addBranch,
  addUser,
  expectStatus,
  unique,
  type ApiResponse,
} from '../../../test/helpers.ts';

/** Catalogs, branch terms, prescription settings lists, whitelist and barcodes (issue 12). */
const {
  t,
  clinics: [clinic, other],
  users,
  admin,
} = setupApiTest({
  clinics: 2,
  users: { doctor: { type: '50' }, desk: { type: 'Front Desk' } },
});

type Caller = { token: string; branchId?: string };
let branchB: string;
/** An administrator of both branches, calling from branch B. */
let adminB: Caller;
let otherAdmin: Caller;

beforeAll(async () => {
  branchB = await addBranch(t, clinic, unique('B').slice(0, 10).toUpperCase());
  const user = await addUser(t, clinic, 'Administrator', {
    branchIds: [clinic.branchId, branchB],
  });
  adminB = { token: user.token, branchId: branchB };
  otherAdmin = { token: other.token, branchId: other.branchId };
});

const api = (path: string) => `/api/v1${path}`;

function paracetamol(overrides: Record<string, unknown> = {}) {
  return {
    type: 'Med',
    code: unique('PARA').toUpperCase(),
    name: 'Paracetamol 500 mg tablet',
    category: 'Analgesics',
    strength: 500,
    strengthUnit: 'mg',
    dispensingUnit: 'tab',
    defaultDose: 2,
    defaultDoseUnit: 'tab',
    defaultConsumeMethod: 'TAKE',
    defaultFrequency: 'QDS',
    defaultDurationDays: 3,
    defaultInstructions: 'Take 2 tablets four times a day when needed for pain or fever.',
    sellingPriceCents: 10,
    costCents: 3,
    procurement: 'Private',
    taxBasisPoints: 900,
    ...overrides,
  };
}

function service(overrides: Record<string, unknown> = {}) {
  return {
    type: 'Service',
    code: unique('CONS').toUpperCase(),
    name: 'Consultation (standard)',
    category: 'Consultation',
    sellingPriceCents: 3500,
    ...overrides,
  };
}

async function create(body: Record<string, unknown>, caller: Caller = admin) {
  const response = await t.call('POST', api('/catalogs'), { ...caller, body });
  expectStatus(response, 201);
  return response.body.data;
}

/** The request's refusal: status, code and the field it names. */
function expectFieldRefusal(response: ApiResponse, field: string, code?: string) {
  expectStatus(response, 400);
  const errors = response.body.error.errors as Array<{ field: string; code: string }>;
  expect(errors.map((error) => error.field)).toContain(field);
  if (code) expect(errors.find((error) => error.field === field)?.code).toBe(code);
}

describe('prescription settings lists', () => {
  it('answers the seeded read-only lists by type', async () => {
    const units = await t.call('GET', api('/prescriptions/settings/options?type=um'), admin);
    expectStatus(units, 200);
    const codes = units.body.data.items.map((item: { code: string }) => item.code);
    expect(codes).toEqual(expect.arrayContaining(['mg', 'ml', 'tab', 'cap', 'bottle']));
    expect(units.body.data.items.every((item: { isSystem: boolean }) => item.isSystem)).toBe(true);

    const frequencies = await t.call(
      'GET',
      api('/prescriptions/settings/options?type=frequency&keyword=tds'),
      users.desk,
    );
    expectStatus(frequencies, 200);
    expect(frequencies.body.data.items).toEqual([
      expect.objectContaining({ code: 'TDS', dosesPerCycle: 3, cycleDays: 1 }),
    ]);

    for (const type of ['cm', 'indication', 'precaution']) {
      const list = await t.call('GET', api(`/prescriptions/settings/options?type=${type}`), admin);
      expect(list.body.data.total).toBeGreaterThan(5);
    }
    expectFieldRefusal(
      await t.call('GET', api('/prescriptions/settings/options?type=dose'), admin),
      'type',
    );
  });

  it('keeps the seeded entries read-only and lets the clinic keep its own', async () => {
    const all = await t.call('GET', api('/prescriptions/settings/unitMeasurement'), admin);
    const mg = all.body.data.items.find((item: { code: string }) => item.code === 'mg');
    const changed = await t.call('PUT', api(`/prescriptions/settings/unitMeasurement/${mg.id}`), {
      ...admin,
      body: { code: 'mg', description: 'milligrams', version: mg.version },
    });
    expectStatus(changed, 400);
    expect(changed.body.error.code).toBe('catalog.settingReadOnly');
    const removed = await t.call(
      'DELETE',
      api(`/prescriptions/settings/unitMeasurement/${mg.id}`),
      { ...admin, body: { version: mg.version } },
    );
    expect(removed.body.error.code).toBe('catalog.settingReadOnly');

    const created = await t.call('POST', api('/prescriptions/settings/indication'), {
      ...admin,
      body: { code: 'GOUT', description: 'For gout' },
    });
    expectStatus(created, 201);
    expect(created.body.data).toMatchObject({ code: 'GOUT', isSystem: false, version: 1 });
    const id = created.body.data.id as string;

    expectFieldRefusal(
      await t.call('POST', api('/prescriptions/settings/indication'), {
        ...admin,
        body: { code: 'gout', description: 'Again' },
      }),
      'code',
      'catalog.settingCodeTaken',
    );
    expectFieldRefusal(
      await t.call('POST', api('/prescriptions/settings/indication'), {
        ...admin,
        body: { code: 'X1', description: 'Cycles', dosesPerCycle: 2, cycleDays: 1 },
      }),
      'dosesPerCycle',
      'catalog.settingCycleOnlyFrequency',
    );
    expectFieldRefusal(
      await t.call('POST', api('/prescriptions/settings/frequency'), {
        ...admin,
        body: { code: 'Q12H', description: 'Every 12 hours', dosesPerCycle: 2 },
      }),
      'cycleDays',
      'catalog.settingCycleIncomplete',
    );

    const updated = await t.call('PUT', api(`/prescriptions/settings/indication/${id}`), {
      ...admin,
      body: { code: 'GOUT', description: 'For gout flares', version: 1 },
    });
    expectStatus(updated, 200);
    expect(updated.body.data.version).toBe(2);
    const stale = await t.call('PUT', api(`/prescriptions/settings/indication/${id}`), {
      ...admin,
      body: { code: 'GOUT', description: 'Stale', version: 1 },
    });
    expectStatus(stale, 409);

    // Another clinic neither sees nor changes it.
    const theirs = await t.call('GET', api('/prescriptions/settings/indication'), otherAdmin);
    expect(theirs.body.data.items.map((item: { code: string }) => item.code)).not.toContain('GOUT');
    expectStatus(
      await t.call('DELETE', api(`/prescriptions/settings/indication/${id}`), {
        ...otherAdmin,
        body: { version: 2 },
      }),
      404,
    );
    expectStatus(
      await t.call('DELETE', api(`/prescriptions/settings/indication/${id}`), {
        ...admin,
        body: { version: 2 },
      }),
      200,
    );
  });

  it('lets the front desk read the lists but not change them', async () => {
    expectStatus(await t.call('GET', api('/prescriptions/settings/frequency'), users.desk), 200);
    expectStatus(
      await t.call('POST', api('/prescriptions/settings/frequency'), {
        ...users.desk,
        body: { code: 'Q3H', description: 'Every 3 hours', dosesPerCycle: 8, cycleDays: 1 },
      }),
      403,
    );
  });
});

describe('catalog items', () => {
  it('creates, reads, changes with the current version and deletes an item', async () => {
    const body = paracetamol();
    const item = await create(body);
    expect(item).toMatchObject({
      ...body,
      isActive: true,
      version: 1,
      components: [],
      upcCodes: [],
      branch: null,
      priceCents: 10,
      available: true,
    });

    const read = await t.call('GET', api(`/catalogs/${item.id}`), users.doctor);
    expectStatus(read, 200);
    expect(read.body.data).toEqual(item);

    const changed = await t.call('PUT', api(`/catalogs/${item.id}`), {
      ...admin,
      body: { ...body, sellingPriceCents: 12, version: 1 },
    });
    expectStatus(changed, 200);
    expect(changed.body.data).toMatchObject({ sellingPriceCents: 12, version: 2 });

    const stale = await t.call('PUT', api(`/catalogs/${item.id}`), {
      ...admin,
      body: { ...body, sellingPriceCents: 15, version: 1 },
    });
    expectStatus(stale, 409);
    expect(stale.body.error.code).toBe('record.changed');

    expectFieldRefusal(
      await t.call('PUT', api(`/catalogs/${item.id}`), {
        ...admin,
        body: { ...service(), code: body.code, version: 2 },
      }),
      'type',
      'catalog.typeFixed',
    );

    expectStatus(
      await t.call('DELETE', api(`/catalogs/${item.id}`), { ...admin, body: { version: 1 } }),
      409,
    );
    expectStatus(
      await t.call('DELETE', api(`/catalogs/${item.id}`), { ...admin, body: { version: 2 } }),
      200,
    );
    const gone = await t.call('GET', api(`/catalogs/${item.id}`), admin);
    expectStatus(gone, 404);
    expect(gone.body.error.code).toBe('catalog.notFound');
    // The code is free again once the item is deleted.
    await create({ ...body, name: 'Paracetamol 500 mg tablet (new supplier)' });
  });

  it('lets one of two racing writes win: the same new code, the same version', async () => {
    const body = paracetamol();
    const creates = await Promise.all(
      [1, 2, 3].map(() => t.call('POST', api('/catalogs'), { ...admin, body })),
    );
    expect(creates.map((response) => response.status).sort()).toEqual([201, 400, 400]);
    for (const refused of creates.filter((response) => response.status === 400)) {
      expect(refused.body.error.code).toBe('catalog.codeTaken');
    }
    const id = creates.find((response) => response.status === 201)!.body.data.id as string;
    const updates = await Promise.all(
      [11, 12, 13].map((price) =>
        t.call('PUT', api(`/catalogs/${id}`), {
          ...admin,
          body: { ...body, sellingPriceCents: price, version: 1 },
        }),
      ),
    );
    expect(updates.map((response) => response.status).sort()).toEqual([200, 409, 409]);
    const read = await t.call('GET', api(`/catalogs/${id}`), admin);
    expect(read.body.data.version).toBe(2);
    expect(read.body.data.sellingPriceCents).toBe(
      updates.find((response) => response.status === 200)!.body.data.sellingPriceCents,
    );
  });

  it('refuses a code another item has, case-insensitively', async () => {
    const first = await create(service());
    expectFieldRefusal(
      await t.call('POST', api('/catalogs'), {
        ...admin,
        body: service({ code: first.code.toLowerCase() }),
      }),
      'code',
      'catalog.codeTaken',
    );
  });

  it('names the field of bad input', async () => {
    const cases: Array<[Record<string, unknown>, string, string?]> = [
      [paracetamol({ sellingPriceCents: -1 }), 'sellingPriceCents'],
      [paracetamol({ costCents: -5 }), 'costCents'],
      [paracetamol({ sellingPriceCents: 1.5 }), 'sellingPriceCents'],
      [paracetamol({ name: '  ' }), 'name'],
      [paracetamol({ code: '' }), 'code'],
      [paracetamol({ type: 'Drug' }), 'type'],
      [paracetamol({ procurement: 'Public' }), 'procurement'],
      [paracetamol({ taxBasisPoints: 10_001 }), 'taxBasisPoints'],
      [paracetamol({ strength: -500 }), 'strength'],
      [paracetamol({ upcCodes: ['12AB'] }), 'upcCodes.0'],
      [paracetamol({ dispensingUnit: 'crate' }), 'dispensingUnit', 'catalog.unitUnknown'],
      [paracetamol({ strengthUnit: 'grain' }), 'strengthUnit', 'catalog.unitUnknown'],
      [paracetamol({ defaultDoseUnit: 'spoon' }), 'defaultDoseUnit', 'catalog.unitUnknown'],
      [
        paracetamol({ defaultConsumeMethod: 'SNIFF' }),
        'defaultConsumeMethod',
        'catalog.consumeMethodUnknown',
      ],
      [paracetamol({ defaultFrequency: 'HOURLY' }), 'defaultFrequency', 'catalog.frequencyUnknown'],
      [paracetamol({ dispensingUnit: null }), 'dispensingUnit', 'catalog.dispensingUnitRequired'],
      [paracetamol({ strengthUnit: null }), 'strengthUnit', 'catalog.strengthIncomplete'],
      [paracetamol({ defaultDose: null }), 'defaultDose', 'catalog.doseIncomplete'],
      [service({ dispensingUnit: 'tab' }), 'dispensingUnit', 'catalog.onlyDispensed'],
      [service({ colour: 'red' }), 'colour'],
    ];
    for (const [body, field, code] of cases) {
      const response = await t.call('POST', api('/catalogs'), { ...admin, body });
      expectFieldRefusal(response, field, code);
    }
  });

  it('lists a page by type and keyword with the total', async () => {
    const tag = unique('zz').toLowerCase();
    for (const strength of [100, 200, 300]) {
      await create(
        paracetamol({ name: `Ibuprofen ${tag} ${strength} mg`, strength, category: 'NSAIDs' }),
      );
    }
    await create(service({ name: `Dressing ${tag}` }));

    const page = await t.call('GET', api(`/catalogs?type=Med&keyword=${tag}&pageSize=2`), admin);
    expectStatus(page, 200);
    expect(page.body.data.total).toBe(3);
    expect(page.body.data.items.map((item: { name: string }) => item.name)).toEqual([
      `Ibuprofen ${tag} 100 mg`,
      `Ibuprofen ${tag} 200 mg`,
    ]);
    const second = await t.call(
      'GET',
      api(`/catalogs?type=Med&keyword=${tag}&pageSize=2&pageIndex=2`),
      users.desk,
    );
    expect(second.body.data.items.map((item: { name: string }) => item.name)).toEqual([
      `Ibuprofen ${tag} 300 mg`,
    ]);
    const all = await t.call('GET', api(`/catalogs?keyword=${tag}`), admin);
    expect(all.body.data.total).toBe(4);
    expectFieldRefusal(await t.call('GET', api('/catalogs?pageSize=1000'), admin), 'pageSize');
  });

  it('answers the picker by keyword, typeEnum and procurements', async () => {
    const tag = unique('pk').toLowerCase();
    const maf = await create(paracetamol({ name: `Amoxicillin ${tag}`, procurement: 'Maf' }));
    const own = await create(paracetamol({ name: `Amoxicillin ${tag} B`, procurement: 'Private' }));
    await create(paracetamol({ name: `Amoxicillin ${tag} off`, isActive: false }));
    const visit = await create(service({ name: `Review ${tag}` }));

    const ids = async (query: string) => {
      const response = await t.call('GET', api(`/catalogs/options?${query}`), users.doctor);
      expectStatus(response, 200);
      return response.body.data.items.map((item: { id: string }) => item.id);
    };
    expect(await ids(`keyword=${tag}`)).toEqual([maf.id, own.id, visit.id]);
    expect(await ids(`keyword=${tag}&typeEnum=Med`)).toEqual([maf.id, own.id]);
    expect(await ids(`keyword=${tag}&procurements=["Maf"]`)).toEqual([maf.id, visit.id]);
    expect(
      await ids(
        `keyword=${tag}&typeEnum=Med&procurements=${encodeURIComponent('["Maf","Private"]')}`,
      ),
    ).toEqual([maf.id, own.id]);
    const option = await t.call('GET', api(`/catalogs/options?keyword=${maf.code}`), admin);
    expect(option.body.data.items[0]).toMatchObject({
      id: maf.id,
      code: maf.code,
      name: maf.name,
      priceCents: 10,
      defaultFrequency: 'QDS',
    });
    expectFieldRefusal(
      await t.call('GET', api('/catalogs/options?procurements=["Public"]'), admin),
      'procurements.0',
    );
  });

  it('keeps combo items to live, non-combo items and the items in use', async () => {
    const paracetamolItem = await create(paracetamol());
    const dressing = await create(service({ name: 'Wound dressing (small)' }));
    const combo = await create({
      type: 'Combo',
      code: unique('FLU').toUpperCase(),
      name: 'Flu package',
      sellingPriceCents: 4500,
      components: [
        { itemId: paracetamolItem.id, quantity: 20 },
        { itemId: dressing.id, quantity: 1 },
      ],
    });
    expect(combo.components).toEqual([
      {
        itemId: paracetamolItem.id,
        code: paracetamolItem.code,
        name: paracetamolItem.name,
        quantity: 20,
        sellingPriceCents: 10,
      },
      {
        itemId: dressing.id,
        code: dressing.code,
        name: dressing.name,
        quantity: 1,
        sellingPriceCents: 3500,
      },
    ]);

    const comboBody = (components: unknown) => ({
      type: 'Combo',
      code: unique('C').toUpperCase(),
      name: 'Another combo',
      sellingPriceCents: 100,
      components,
    });
    expectFieldRefusal(
      await t.call('POST', api('/catalogs'), { ...admin, body: comboBody([]) }),
      'components',
      'catalog.componentsRequired',
    );
    expectFieldRefusal(
      await t.call('POST', api('/catalogs'), {
        ...admin,
        body: comboBody([{ itemId: combo.id, quantity: 1 }]),
      }),
      'components',
      'catalog.componentIsCombo',
    );
    expectFieldRefusal(
      await t.call('POST', api('/catalogs'), {
        ...admin,
        body: comboBody([{ itemId: '00000000-0000-4000-8000-000000000000', quantity: 1 }]),
      }),
      'components',
      'catalog.componentUnknown',
    );
    expectFieldRefusal(
      await t.call('POST', api('/catalogs'), {
        ...admin,
        body: comboBody([
          { itemId: dressing.id, quantity: 1 },
          { itemId: dressing.id, quantity: 2 },
        ]),
      }),
      'components',
      'catalog.componentTwice',
    );
    expectFieldRefusal(
      await t.call('POST', api('/catalogs'), {
        ...admin,
        body: comboBody([{ itemId: dressing.id, quantity: 0 }]),
      }),
      'components.0.quantity',
    );
    expectFieldRefusal(
      await t.call('POST', api('/catalogs'), {
        ...admin,
        body: service({ components: [{ itemId: dressing.id, quantity: 1 }] }),
      }),
      'components',
      'catalog.componentsOnlyCombo',
    );

    const inUse = await t.call('DELETE', api(`/catalogs/${dressing.id}`), {
      ...admin,
      body: { version: 1 },
    });
    expectStatus(inUse, 400);
    expect(inUse.body.error.code).toBe('catalog.inCombo');
  });

  it('finds items by barcode and gives a barcode to one item only', async () => {
    const code = `955${String(Date.now()).slice(-10)}`;
    const item = await create(paracetamol({ upcCodes: [code] }));
    const found = await t.call(
      'GET',
      api(`/inventory/upc-codes/options?keyword=${code}`),
      users.desk,
    );
    expectStatus(found, 200);
    expect(found.body.data.items).toEqual([{ id: item.id, code, itemName: item.name }]);
    expectFieldRefusal(
      await t.call('POST', api('/catalogs'), { ...admin, body: paracetamol({ upcCodes: [code] }) }),
      'upcCodes',
      'catalog.upcTaken',
    );
    expectFieldRefusal(
      await t.call('POST', api('/catalogs'), {
        ...admin,
        body: paracetamol({ upcCodes: ['12345678', '12345678'] }),
      }),
      'upcCodes',
      'catalog.upcTwice',
    );
    const theirs = await t.call(
      'GET',
      api(`/inventory/upc-codes/options?keyword=${code}`),
      otherAdmin,
    );
    expect(theirs.body.data.items).toEqual([]);
  });
});

describe('branch terms', () => {
  it('lets a branch set its own price and switch an item off, for that branch only', async () => {
    const item = await create(paracetamol({ sellingPriceCents: 20 }));
    const terms = await t.call('PUT', api(`/catalogs/${item.id}/branch`), {
      ...adminB,
      body: { sellingPriceCents: 25, isActive: true, version: 0 },
    });
    expectStatus(terms, 200);
    expect(terms.body.data).toMatchObject({
      sellingPriceCents: 20,
      priceCents: 25,
      branch: { sellingPriceCents: 25, isActive: true, version: 1 },
    });

    const inA = await t.call('GET', api(`/catalogs/${item.id}`), admin);
    expect(inA.body.data).toMatchObject({ priceCents: 20, branch: null });
    const withoutBranch = await t.call('GET', api(`/catalogs/${item.id}`), { token: admin.token });
    expect(withoutBranch.body.data).toMatchObject({ priceCents: 20, branch: null });

    expectStatus(
      await t.call('PUT', api(`/catalogs/${item.id}/branch`), {
        ...adminB,
        body: { sellingPriceCents: 30, isActive: true, version: 0 },
      }),
      409,
    );
    const off = await t.call('PUT', api(`/catalogs/${item.id}/branch`), {
      ...adminB,
      body: { sellingPriceCents: null, isActive: false, version: 1 },
    });
    expect(off.body.data).toMatchObject({ priceCents: 20, available: false });

    const pick = async (caller: Caller) =>
      (
        await t.call('GET', api(`/catalogs/options?keyword=${item.code}`), caller)
      ).body.data.items.map((option: { id: string }) => option.id);
    expect(await pick(adminB)).toEqual([]);
    expect(await pick(admin)).toEqual([item.id]);
  });

  it('refuses a branch the caller does not work in, another clinic, and roles that may not', async () => {
    const item = await create(service());
    const notMine = await t.call('PUT', api(`/catalogs/${item.id}/branch`), {
      ...users.desk,
      branchId: branchB,
      body: { sellingPriceCents: 1, isActive: true, version: 0 },
    });
    expectStatus(notMine, 403);
    expect(notMine.body.error.code).toBe('access.branchNotAllowed');
    expectStatus(
      await t.call('PUT', api(`/catalogs/${item.id}/branch`), {
        ...users.desk,
        body: { sellingPriceCents: 1, isActive: true, version: 0 },
      }),
      403,
    );
    expectStatus(
      await t.call('PUT', api(`/catalogs/${item.id}/branch`), {
        ...otherAdmin,
        body: { sellingPriceCents: 1, isActive: true, version: 0 },
      }),
      404,
    );
  });
});

describe('isolation and permissions', () => {
  it('keeps each clinic to its own catalog', async () => {
    const item = await create(paracetamol());
    expectStatus(await t.call('GET', api(`/catalogs/${item.id}`), otherAdmin), 404);
    expectStatus(
      await t.call('PUT', api(`/catalogs/${item.id}`), {
        ...otherAdmin,
        body: { ...paracetamol({ code: item.code }), version: 1 },
      }),
      404,
    );
    expectStatus(
      await t.call('DELETE', api(`/catalogs/${item.id}`), { ...otherAdmin, body: { version: 1 } }),
      404,
    );
    const list = await t.call('GET', api(`/catalogs?keyword=${item.code}`), otherAdmin);
    expect(list.body.data.total).toBe(0);
    // Another clinic may use the same code.
    const theirs = await t.call('POST', api('/catalogs'), {
      ...otherAdmin,
      body: paracetamol({ code: item.code }),
    });
    expectStatus(theirs, 201);
  });

  it('lets the front desk and the doctor read, not write', async () => {
    const item = await create(service());
    for (const caller of [users.desk, users.doctor]) {
      expectStatus(await t.call('GET', api('/catalogs'), caller), 200);
      expectStatus(await t.call('GET', api(`/catalogs/${item.id}`), caller), 200);
      expectStatus(await t.call('GET', api('/catalogs/options?keyword=con'), caller), 200);
      const refused = await t.call('POST', api('/catalogs'), { ...caller, body: service() });
      expectStatus(refused, 403);
      expectStatus(
        await t.call('PUT', api(`/catalogs/${item.id}`), {
          ...caller,
          body: { ...service({ code: item.code }), version: 1 },
        }),
        403,
      );
      expectStatus(
        await t.call('DELETE', api(`/catalogs/${item.id}`), { ...caller, body: { version: 1 } }),
        403,
      );
    }
    expectStatus(await t.call('GET', api('/catalogs')), 401);
  });
});

describe('whitelist and mapped drugs', () => {
  it('keeps the whitelist, maps medications to it and refuses removing a mapped drug', async () => {
    const sdd = unique('SDD').toUpperCase();
    const created = await t.call('POST', api('/settings/whitelist-drug'), {
      ...admin,
      body: { brandDrugSDD: sdd, brandDrugName: 'Panadol 500 mg tablet' },
    });
    expectStatus(created, 201);
    const drug = created.body.data;
    expect(drug).toMatchObject({ brandDrugSDD: sdd, brandDrugName: 'Panadol 500 mg tablet' });

    expectFieldRefusal(
      await t.call('POST', api('/settings/whitelist-drug'), {
        ...admin,
        body: { brandDrugSDD: sdd.toLowerCase(), brandDrugName: 'Again' },
      }),
      'brandDrugSDD',
      'catalog.whitelistCodeTaken',
    );
    const listed = await t.call(
      'GET',
      api(`/settings/whitelist-drug?pageIndex=1&pageSize=999&keywords=${sdd}`),
      users.doctor,
    );
    expect(listed.body.data).toEqual({ items: [drug], total: 1 });

    const item = await create(paracetamol({ whitelistDrugId: drug.id }));
    expect(item).toMatchObject({
      whitelistDrugId: drug.id,
      brandDrugName: 'Panadol 500 mg tablet',
    });
    expectFieldRefusal(
      await t.call('POST', api('/catalogs'), {
        ...admin,
        body: service({ whitelistDrugId: drug.id }),
      }),
      'whitelistDrugId',
      'catalog.whitelistOnlyMedication',
    );
    expectFieldRefusal(
      await t.call('POST', api('/catalogs'), {
        ...otherAdmin,
        body: paracetamol({ whitelistDrugId: drug.id }),
      }),
      'whitelistDrugId',
      'catalog.whitelistUnknown',
    );

    const mapped = await t.call('GET', api(`/settings/mapped-drug?keyword=${sdd}`), users.desk);
    expect(mapped.body.data.items).toEqual([
      {
        id: item.id,
        code: item.code,
        name: item.name,
        brandDrugSDD: sdd,
        brandDrugName: 'Panadol 500 mg tablet',
      },
    ]);

    const inUse = await t.call('DELETE', api(`/settings/whitelist-drug/${drug.id}`), {
      ...admin,
      body: { version: 1 },
    });
    expect(inUse.body.error.code).toBe('catalog.whitelistInUse');
    expectStatus(
      await t.call('DELETE', api(`/catalogs/${item.id}`), { ...admin, body: { version: 1 } }),
      200,
    );
    expectStatus(
      await t.call('PUT', api(`/settings/whitelist-drug/${drug.id}`), {
        ...admin,
        body: { brandDrugSDD: sdd, brandDrugName: 'Panadol', version: 3 },
      }),
      409,
    );
    expectStatus(
      await t.call('DELETE', api(`/settings/whitelist-drug/${drug.id}`), {
        ...admin,
        body: { version: 1 },
      }),
      200,
    );
  });
});
