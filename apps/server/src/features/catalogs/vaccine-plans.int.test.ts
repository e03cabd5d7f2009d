import { beforeAll, describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import {
  addUser,
  expectStatus,
  roleIdOf,
  unique,
  type ApiResponse,
} from '../../../test/helpers.ts';

/** Vaccine plans of the clinic's catalog (docs/architecture.md "Catalogs"). */
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
let otherAdmin: Caller;
let pharmacist: Caller;
let hepB: string;
let flu: string;
let medication: string;

const api = (path: string) => `/api/v1${path}`;

async function createItem(body: Record<string, unknown>, caller: Caller = admin) {
  const response = await t.call('POST', api('/catalogs'), { ...caller, body });
  expectStatus(response, 201);
  return response.body.data.id as string;
}

const vaccine = (name: string) => ({
  type: 'Vaccine',
  code: unique('VAC').toUpperCase(),
  name,
  dispensingUnit: 'vial',
  sellingPriceCents: 4500,
});

beforeAll(async () => {
  otherAdmin = { token: other.token, branchId: other.branchId };
  const user = await addUser(t, clinic, 'Front Desk', {
    roleIds: [await roleIdOf(t, clinic, 'Pharmacist')],
  });
  pharmacist = { token: user.token, branchId: clinic.branchId };
  hepB = await createItem(vaccine('Hepatitis B vaccine (adult) 1 ml'));
  flu = await createItem(vaccine('Influenza vaccine 0.5 ml'));
  medication = await createItem({
    type: 'Med',
    code: unique('MED').toUpperCase(),
    name: 'Paracetamol 500 mg tablet',
    dispensingUnit: 'tab',
    sellingPriceCents: 10,
  });
});

const dose = (name: string, timing: Record<string, unknown> = {}) => ({ name, ...timing });

/** Hepatitis B at 0, 1 and 6 months. */
function hepBPlan(overrides: Record<string, unknown> = {}) {
  return {
    name: unique('Hepatitis B adult'),
    itemId: hepB,
    doses: [
      dose('Dose 1'),
      dose('Dose 2', { intervalValue: 1, intervalUnit: 'month' }),
      dose('Dose 3', { intervalValue: 5, intervalUnit: 'month' }),
    ],
    ...overrides,
  };
}

async function createPlan(body: Record<string, unknown>, caller: Caller = admin) {
  const response = await t.call('POST', api('/catalogs/vaccine-plans'), { ...caller, body });
  expectStatus(response, 201);
  return response.body.data;
}

/** The refusal names these fields, with these codes. */
function expectFields(response: ApiResponse, fields: Record<string, string | undefined>) {
  expectStatus(response, 400);
  const errors = response.body.error.errors as Array<{ field: string; code: string }>;
  for (const [field, code] of Object.entries(fields)) {
    const error = errors.find((candidate) => candidate.field === field);
    expect(error, `${field} in ${JSON.stringify(errors)}`).toBeDefined();
    if (code) expect(error?.code).toBe(code);
  }
}

describe('vaccine plans', () => {
  it('creates a plan with numbered doses, reads, lists, changes with the version and deletes it', async () => {
    const plan = await createPlan(hepBPlan());
    expect(plan).toMatchObject({
      itemId: hepB,
      itemName: 'Hepatitis B vaccine (adult) 1 ml',
      isActive: true,
      version: 1,
      doses: [
        { doseNumber: 1, name: 'Dose 1', intervalValue: null, intervalUnit: null, ageMonths: null },
        { doseNumber: 2, name: 'Dose 2', intervalValue: 1, intervalUnit: 'month', ageMonths: null },
        { doseNumber: 3, name: 'Dose 3', intervalValue: 5, intervalUnit: 'month', ageMonths: null },
      ],
    });

    const read = await t.call('GET', api(`/catalogs/vaccine-plans/${plan.id}`), users.doctor);
    expectStatus(read, 200);
    expect(read.body.data).toEqual(plan);
    const listed = await t.call(
      'GET',
      api(`/catalogs/vaccine-plans?keyword=${encodeURIComponent(plan.name)}`),
      users.desk,
    );
    expect(listed.body.data).toEqual({ items: [plan], total: 1 });
    const byVaccine = await t.call(
      'GET',
      api('/catalogs/vaccine-plans?keyword=hepatitis b vac'),
      admin,
    );
    expect(byVaccine.body.data.items.map((row: { id: string }) => row.id)).toContain(plan.id);

    const changed = await t.call('PUT', api(`/catalogs/vaccine-plans/${plan.id}`), {
      ...admin,
      body: {
        ...hepBPlan({ name: plan.name, isActive: false }),
        doses: [dose('Dose 1'), dose('Booster', { intervalValue: 10, intervalUnit: 'year' })],
        version: 1,
      },
    });
    expectStatus(changed, 200);
    expect(changed.body.data).toMatchObject({ version: 2, isActive: false });
    expect(changed.body.data.doses).toHaveLength(2);
    const inactive = await t.call('GET', api('/catalogs/vaccine-plans?isActive=false'), admin);
    expect(inactive.body.data.items.map((row: { id: string }) => row.id)).toContain(plan.id);

    const stale = await t.call('PUT', api(`/catalogs/vaccine-plans/${plan.id}`), {
      ...admin,
      body: { ...hepBPlan({ name: plan.name }), version: 1 },
    });
    expectStatus(stale, 409);
    expect(stale.body.error.code).toBe('record.changed');
    const staleDelete = await t.call('DELETE', api(`/catalogs/vaccine-plans/${plan.id}`), {
      ...admin,
      body: { version: 1 },
    });
    expectStatus(staleDelete, 409);
    // Nothing half-written: the refused change left the two doses.
    const kept = await t.call('GET', api(`/catalogs/vaccine-plans/${plan.id}`), admin);
    expect(kept.body.data.doses.map((row: { name: string }) => row.name)).toEqual([
      'Dose 1',
      'Booster',
    ]);

    expectStatus(
      await t.call('DELETE', api(`/catalogs/vaccine-plans/${plan.id}`), {
        ...admin,
        body: { version: 2 },
      }),
      200,
    );
    expectStatus(await t.call('GET', api(`/catalogs/vaccine-plans/${plan.id}`), admin), 404);
    // The name is free again.
    await createPlan(hepBPlan({ name: plan.name }));
  });

  it('keeps names unique per clinic, case-insensitively', async () => {
    const plan = await createPlan(hepBPlan());
    const again = await t.call('POST', api('/catalogs/vaccine-plans'), {
      ...admin,
      body: hepBPlan({ name: plan.name.toUpperCase() }),
    });
    expectFields(again, { name: 'catalog.planNameTaken' });
    // Another clinic may use the name for its own vaccine.
    const theirVaccine = await createItem(vaccine('Hepatitis B vaccine'), otherAdmin);
    await createPlan(hepBPlan({ name: plan.name, itemId: theirVaccine }), otherAdmin);
  });

  it('gives doses by age, and checks the timing of each dose', async () => {
    const byAge = await createPlan(
      hepBPlan({
        itemId: flu,
        doses: [
          dose('Dose 1', { ageMonths: 6 }),
          dose('Dose 2', { ageMonths: 7 }),
          dose('Yearly', { intervalValue: 1, intervalUnit: 'year' }),
        ],
      }),
    );
    expect(byAge.doses.map((row: { ageMonths: number | null }) => row.ageMonths)).toEqual([
      6,
      7,
      null,
    ]);

    const refused = await t.call('POST', api('/catalogs/vaccine-plans'), {
      ...admin,
      body: hepBPlan({
        doses: [
          dose('Dose 1', { intervalValue: 1, intervalUnit: 'month' }),
          dose('Dose 2'),
          dose('Dose 3', { intervalValue: 1, intervalUnit: 'week', ageMonths: 12 }),
          dose('Dose 4', { intervalValue: 2 }),
          dose('Dose 5', { ageMonths: 24 }),
          dose('Dose 6', { ageMonths: 18 }),
        ],
      }),
    });
    expectFields(refused, {
      'doses.0.intervalValue': 'catalog.planFirstDoseInterval',
      'doses.1.intervalValue': 'catalog.planDoseTimingRequired',
      'doses.2.ageMonths': 'catalog.planDoseTimingTwice',
      'doses.3.intervalUnit': 'catalog.planIntervalIncomplete',
      'doses.5.ageMonths': 'catalog.planAgesOutOfOrder',
    });
  });

  it('names the field of bad input', async () => {
    const call = (body: unknown) =>
      t.call('POST', api('/catalogs/vaccine-plans'), { ...admin, body });
    expectFields(await call({ itemId: hepB, doses: [dose('Dose 1')] }), { name: undefined });
    expectFields(await call(hepBPlan({ itemId: 'nope' })), { itemId: undefined });
    expectFields(await call(hepBPlan({ doses: [] })), { doses: undefined });
    expectFields(await call(hepBPlan({ doses: [{ name: ' ' }] })), { 'doses.0.name': undefined });
    expectFields(
      await call(
        hepBPlan({
          doses: [dose('Dose 1'), dose('Dose 2', { intervalValue: 0, intervalUnit: 'fortnight' })],
        }),
      ),
      { 'doses.1.intervalValue': undefined, 'doses.1.intervalUnit': undefined },
    );
    expectFields(await call(hepBPlan({ doses: [dose('Dose 1', { ageMonths: -1 })] })), {
      'doses.0.ageMonths': undefined,
    });
    expectFields(await call(hepBPlan({ itemId: medication })), {
      itemId: 'catalog.planItemNotVaccine',
    });
    expectFields(await call(hepBPlan({ itemId: '00000000-0000-4000-8000-000000000000' })), {
      itemId: 'catalog.planItemUnknown',
    });
    expectFields(
      await t.call('GET', api('/catalogs/vaccine-plans?isActive=maybe&pageSize=0'), admin),
      { isActive: undefined, pageSize: undefined },
    );
  });

  it('keeps a vaccine in a live plan from being deleted', async () => {
    const item = await createItem(vaccine('Tdap vaccine 0.5 ml'));
    const plan = await createPlan(hepBPlan({ itemId: item }));
    const refused = await t.call('DELETE', api(`/catalogs/${item}`), {
      ...admin,
      body: { version: 1 },
    });
    expectStatus(refused, 400);
    expect(refused.body.error.code).toBe('catalog.inVaccinePlan');
    expectStatus(
      await t.call('DELETE', api(`/catalogs/vaccine-plans/${plan.id}`), {
        ...admin,
        body: { version: 1 },
      }),
      200,
    );
    expectStatus(
      await t.call('DELETE', api(`/catalogs/${item}`), { ...admin, body: { version: 1 } }),
      200,
    );
  });
});

describe('vaccine plans: isolation and permissions', () => {
  it('keeps each clinic to its own plans and vaccines', async () => {
    const plan = await createPlan(hepBPlan());
    expectStatus(await t.call('GET', api(`/catalogs/vaccine-plans/${plan.id}`), otherAdmin), 404);
    const theirList = await t.call(
      'GET',
      api(`/catalogs/vaccine-plans?keyword=${encodeURIComponent(plan.name)}`),
      otherAdmin,
    );
    expect(theirList.body.data).toEqual({ items: [], total: 0 });
    expectStatus(
      await t.call('PUT', api(`/catalogs/vaccine-plans/${plan.id}`), {
        ...otherAdmin,
        body: { ...hepBPlan(), version: 1 },
      }),
      404,
    );
    expectStatus(
      await t.call('DELETE', api(`/catalogs/vaccine-plans/${plan.id}`), {
        ...otherAdmin,
        body: { version: 1 },
      }),
      404,
    );
    // Another clinic's vaccine is not in this clinic's catalog.
    const refused = await t.call('POST', api('/catalogs/vaccine-plans'), {
      ...otherAdmin,
      body: hepBPlan(),
    });
    expectFields(refused, { itemId: 'catalog.planItemUnknown' });
    const mine = await t.call('GET', api(`/catalogs/vaccine-plans/${plan.id}`), admin);
    expect(mine.body.data).toEqual(plan);
  });

  it('lets the doctor, the desk and the pharmacist read; only the console changes plans', async () => {
    const plan = await createPlan(hepBPlan());
    for (const caller of [users.doctor, users.desk, pharmacist]) {
      expectStatus(await t.call('GET', api('/catalogs/vaccine-plans'), caller), 200);
      expectStatus(await t.call('GET', api(`/catalogs/vaccine-plans/${plan.id}`), caller), 200);
      expectStatus(
        await t.call('POST', api('/catalogs/vaccine-plans'), { ...caller, body: hepBPlan() }),
        403,
      );
      expectStatus(
        await t.call('PUT', api(`/catalogs/vaccine-plans/${plan.id}`), {
          ...caller,
          body: { ...hepBPlan({ name: plan.name }), version: 1 },
        }),
        403,
      );
      expectStatus(
        await t.call('DELETE', api(`/catalogs/vaccine-plans/${plan.id}`), {
          ...caller,
          body: { version: 1 },
        }),
        403,
      );
    }
    expectStatus(await t.call('GET', api('/catalogs/vaccine-plans')), 401);
  });
});

describe('combo items list', () => {
  it("answers the clinic's active combos with their items' prices and the branch's terms", async () => {
    const consult = await createItem({
      type: 'Service',
      code: unique('SVC').toUpperCase(),
      name: 'Consultation',
      sellingPriceCents: 3500,
    });
    const combo = await createItem({
      type: 'Combo',
      code: unique('PKG').toUpperCase(),
      name: 'Fever package',
      sellingPriceCents: 4000,
      components: [
        { itemId: consult, quantity: 1 },
        { itemId: medication, quantity: 20 },
      ],
    });
    const list = await t.call('GET', api('/medication/comboItems'), users.doctor);
    expectStatus(list, 200);
    const found = list.body.data.items.find((row: { id: string }) => row.id === combo);
    expect(found).toMatchObject({
      type: 'Combo',
      sellingPriceCents: 4000,
      components: [
        { itemId: consult, quantity: 1, sellingPriceCents: 3500 },
        { itemId: medication, quantity: 20, sellingPriceCents: 10 },
      ],
    });
    const theirs = await t.call('GET', api('/medication/comboItems'), otherAdmin);
    expect(theirs.body.data.items.map((row: { id: string }) => row.id)).not.toContain(combo);
  });
});
