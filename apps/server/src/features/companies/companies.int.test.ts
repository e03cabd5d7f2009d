import { beforeAll, describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import {
  addBranch,
  addUser,
  expectStatus,
  unique,
  type ApiResponse,
} from '../../../test/helpers.ts';

/** Companies a bill goes to (docs/architecture.md "Companies, service lines and billing settings"). */
const {
  t,
  clinics: [clinic, other],
  admin,
  users,
} = setupApiTest({ clinics: 2, users: { desk: { type: 'Front Desk' } } });

const api = (path: string) => `/api/v1${path}`;
let adminB: { token: string; branchId: string };

beforeAll(async () => {
  const branchB = await addBranch(t, clinic, unique('CB').slice(0, 10).toUpperCase());
  const user = await addUser(t, clinic, 'Administrator', { branchIds: [clinic.branchId, branchB] });
  adminB = { token: user.token, branchId: branchB };
});

function companyBody(overrides: Record<string, unknown> = {}) {
  return {
    code: unique('CO').toUpperCase(),
    name: `Acme ${unique('n')} Pte Ltd`,
    address: '1 Raffles Place\n#10-01\nSingapore 048616',
    contactPerson: 'Tan Ah Kow',
    phone: '61234567',
    email: 'accounts@acme.example.sg',
    creditTermsDays: 30,
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}) {
  const response = await t.call('POST', api('/companies'), {
    ...admin,
    body: companyBody(overrides),
  });
  expectStatus(response, 201);
  return response.body.data;
}

function expectField(response: ApiResponse, status: number, field: string, code?: string) {
  expectStatus(response, status);
  const errors = response.body.error.errors as Array<{ field: string; code: string }>;
  expect(errors.map((error) => error.field)).toContain(field);
  if (code) expect(errors.find((error) => error.field === field)?.code).toBe(code);
}

describe('companies', () => {
  it('are created by owners with their bill-to block and read by id by anyone signed in', async () => {
    const company = await create();
    expect(company).toMatchObject({
      address: '1 Raffles Place\n#10-01\nSingapore 048616',
      creditTermsDays: 30,
      isActive: true,
      version: 1,
    });
    const read = await t.call('GET', api(`/companies/${company.id}`), users.desk);
    expectStatus(read, 200);
    expect(read.body.data).toEqual(company);
    const options = await t.call('GET', api('/companies/options'), users.desk);
    expect(options.body.data.items).toContainEqual({
      id: company.id,
      code: company.code,
      name: company.name,
    });
  });

  it('refuses bad input naming the field, and a code taken (any case)', async () => {
    const taken = await create();
    expectField(
      await t.call('POST', api('/companies'), { ...admin, body: companyBody({ name: ' ' }) }),
      400,
      'name',
      'company.nameRequired',
    );
    expectField(
      await t.call('POST', api('/companies'), {
        ...admin,
        body: companyBody({ email: 'not-an-email' }),
      }),
      400,
      'email',
    );
    expectField(
      await t.call('POST', api('/companies'), {
        ...admin,
        body: companyBody({ creditTermsDays: 400 }),
      }),
      400,
      'creditTermsDays',
    );
    expectField(
      await t.call('POST', api('/companies'), {
        ...admin,
        body: companyBody({ code: taken.code.toLowerCase() }),
      }),
      400,
      'code',
      'company.codeTaken',
    );
  });

  it('are updated and deactivated at their version; stale is 409; inactive leave the picker', async () => {
    const company = await create();
    const { id, version, isActive, ...fields } = company;
    void isActive;
    const updated = await t.call('PUT', api(`/companies/${id}`), {
      ...admin,
      body: { ...fields, creditTermsDays: 14, isActive: false, version },
    });
    expectStatus(updated, 200);
    expect(updated.body.data).toMatchObject({ creditTermsDays: 14, isActive: false, version: 2 });
    const stale = await t.call('PUT', api(`/companies/${id}`), {
      ...admin,
      body: { ...fields, isActive: true, version },
    });
    expectStatus(stale, 409);
    expect(stale.body.error.code).toBe('record.changed');
    const options = await t.call('GET', api('/companies/options'), admin);
    expect(options.body.data.items.map((item: { id: string }) => item.id)).not.toContain(id);
    const all = await t.call('GET', api('/companies'), admin);
    expect(all.body.data.items).toContainEqual(expect.objectContaining({ id, isActive: false }));
  });

  it('are the clinic’s: another branch of it reads them; the desk may not change them', async () => {
    const company = await create();
    const inB = await t.call('GET', api(`/companies/${company.id}`), adminB);
    expectStatus(inB, 200);
    expectStatus(
      await t.call('POST', api('/companies'), { ...users.desk, body: companyBody() }),
      403,
    );
    expectStatus(await t.call('GET', api('/companies'), users.desk), 403);
  });

  it('another clinic neither reads nor changes them', async () => {
    const company = await create();
    const caller = { token: other.token, branchId: other.branchId };
    expectStatus(await t.call('GET', api(`/companies/${company.id}`), caller), 404);
    const { id, version, ...fields } = company;
    expectStatus(
      await t.call('PUT', api(`/companies/${id}`), { ...caller, body: { ...fields, version } }),
      404,
    );
    const list = await t.call('GET', api('/companies'), caller);
    expect(JSON.stringify(list.body)).not.toContain(company.id);
    const options = await t.call('GET', api('/companies/options'), caller);
    expect(JSON.stringify(options.body)).not.toContain(company.id);
    const still = await t.call('GET', api(`/companies/${id}`), admin);
    expect(still.body.data.version).toBe(1);
  });
});
