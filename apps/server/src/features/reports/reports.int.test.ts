import { refusalMessage } from '@clinic/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import { addBranch, expectStatus, patientBody } from '../../../test/helpers.ts';
import { withTenant } from '../../db/tenant-db.ts';

/** A 1 x 1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const {
  t,
  clinics: [a, b],
  users,
} = setupApiTest({
  clinics: 2,
  users: { desk: { type: 'Front Desk' }, catalog: { type: 'Tenant Catalog' } },
});

let otherBranchOfA: string;
let patientId: string;

beforeAll(async () => {
  otherBranchOfA = await addBranch(t, a, 'EAST');
  await withTenant(t.database.db, a.tenantId, (tx) =>
    tx.db
      .updateTable('branches')
      .set({
        address: '12 Bedok North Street 1',
        postal: '460012',
        phone: '61234567',
        fax: '61234568',
        companyRegistrationNo: '201912345K',
        taxRegistrationNo: 'M90312345X',
        logo: PNG,
        logoContentType: 'image/png',
      })
      .where('id', '=', a.branchId)
      .execute(),
  );
  const created = await t.call('POST', '/api/v1/patients', {
    token: a.token,
    branchId: a.branchId,
    body: patientBody({
      name: 'Label Patient',
      birthDate: '1980-05-17',
    }),
  });
  expectStatus(created, 201);
  patientId = created.body.data.patientId;
  // The registration form takes no address yet: the patient's profile editor will.
  await withTenant(t.database.db, a.tenantId, (tx) =>
    tx.db
      .updateTable('patients')
      .set({ homeAddress: '5 Tampines Ave', homePostal: '520005' })
      .where('id', '=', patientId)
      .execute(),
  );
});

const auditRows = () =>
  withTenant(t.database.db, a.tenantId, (tx) =>
    tx.db.selectFrom('auditEvents').selectAll().where('patientId', '=', patientId).execute(),
  );

describe('GET /reports/header', () => {
  it("answers the branch's letterhead with its clinic, owner and logo path", async () => {
    const response = await t.call('GET', '/api/v1/reports/header', {
      token: users.desk.token,
      branchId: a.branchId,
    });
    expectStatus(response, 200);
    expect(response.body.data).toEqual({
      branchId: a.branchId,
      branchCode: 'MAIN',
      branchName: expect.any(String),
      branchAddress: '12 Bedok North Street 1',
      branchCountryName: 'Singapore',
      branchPostal: '460012',
      branchPhone: '61234567',
      branchFax: '61234568',
      coRegistrationNo: '201912345K',
      taxRegistrationNo: 'M90312345X',
      logo: `/reports/${a.branchId}/logo`,
      hasLogo: true,
      tenant: {
        code: a.subdomain,
        clinicName: expect.any(String),
        email: a.email,
        owner: { firstName: expect.any(String), lastName: expect.any(String) },
      },
    });
  });

  it('says hasLogo false and logo null for a branch with none', async () => {
    const response = await t.call('GET', '/api/v1/reports/header', {
      token: b.token,
      branchId: b.branchId,
    });
    expectStatus(response, 200);
    expect(response.body.data).toMatchObject({ branchId: b.branchId, hasLogo: false, logo: null });
    expect(response.body.data.tenant.code).toBe(b.subdomain);
  });

  it("refuses another clinic's branch and a branch the user does not work in", async () => {
    const foreign = await t.call('GET', '/api/v1/reports/header', {
      token: b.token,
      branchId: a.branchId,
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.message).toBe('You do not have access to this branch.');
    const notMine = await t.call('GET', '/api/v1/reports/header', {
      token: users.desk.token,
      branchId: otherBranchOfA,
    });
    expect(notMine.status).toBe(403);
  });

  it('needs a session and the BranchId header', async () => {
    expect((await t.call('GET', '/api/v1/reports/header', { branchId: a.branchId })).status).toBe(
      401,
    );
    expect((await t.call('GET', '/api/v1/reports/header', { token: a.token })).status).toBe(400);
  });
});

describe('GET /reports/:branchId/logo', () => {
  it('answers the image with its content type', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/reports/${a.branchId}/logo`,
      headers: { authorization: `Bearer ${users.desk.token}`, branchid: a.branchId },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.equals(PNG)).toBe(true);
  });

  it('answers 404 by code for a branch without a logo', async () => {
    const response = await t.call('GET', `/api/v1/reports/${b.branchId}/logo`, {
      token: b.token,
      branchId: b.branchId,
    });
    expect(response.status).toBe(404);
    expect(response.body.error).toEqual({
      code: 'report.noLogo',
      message: refusalMessage('report.noLogo'),
    });
  });

  it("answers 404 for another clinic's branch and for a branch of the clinic the user does not work in", async () => {
    const foreign = await t.call('GET', `/api/v1/reports/${a.branchId}/logo`, {
      token: b.token,
      branchId: b.branchId,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('branch.notFound');
    expect(JSON.stringify(foreign.body)).not.toContain(PNG.toString('base64'));
    const notMine = await t.call('GET', `/api/v1/reports/${otherBranchOfA}/logo`, {
      token: users.desk.token,
      branchId: a.branchId,
    });
    expect(notMine.status).toBe(404);
    expect(notMine.body.error.code).toBe('branch.notFound');
  });

  it('refuses a malformed branch id', async () => {
    const response = await t.call('GET', '/api/v1/reports/MAIN/logo', {
      token: a.token,
      branchId: a.branchId,
    });
    expect(response.status).toBe(400);
  });
});

describe('GET /reports/labels/patient', () => {
  it("answers the label's fields to the front desk and audits the read", async () => {
    const before = (await auditRows()).length;
    const response = await t.call('GET', `/api/v1/reports/labels/patient?id=${patientId}`, {
      token: users.desk.token,
      branchId: a.branchId,
    });
    expectStatus(response, 200);
    expect(response.body.data).toEqual({
      id: patientId,
      name: 'Label Patient',
      idType: 'NRIC',
      nric: expect.stringMatching(/^S\d{7}[A-Z]$/),
      race: null,
      birthDate: '1980-05-17',
      phone: '+65 91234567',
      telephone: null,
      cardNo: expect.stringMatching(/^P\d+$/),
      gender: 'M',
      age: { years: expect.any(Number), months: expect.any(Number), days: expect.any(Number) },
      nationality: 'SG',
      address: '5 Tampines Ave 520005',
    });
    const rows = await auditRows();
    expect(rows).toHaveLength(before + 1);
    expect(rows.filter((row) => row.userId === users.desk.id)).toEqual([
      expect.objectContaining({
        action: 'read',
        entity: 'patient',
        entityId: patientId,
        userId: users.desk.id,
        branchId: a.branchId,
        detail: { record: 'label' },
      }),
    ]);
  });

  it('refuses a role without patients:print, with no audit row', async () => {
    const before = (await auditRows()).length;
    const response = await t.call('GET', `/api/v1/reports/labels/patient?id=${patientId}`, {
      token: users.catalog.token,
      branchId: a.branchId,
    });
    expect(response.status).toBe(403);
    expect(await auditRows()).toHaveLength(before);
  });

  it("answers 404 for another clinic's patient, and refuses another clinic's branch", async () => {
    const foreign = await t.call('GET', `/api/v1/reports/labels/patient?id=${patientId}`, {
      token: b.token,
      branchId: b.branchId,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('patient.notFound');
    expect(JSON.stringify(foreign.body)).not.toContain('Label Patient');
    const otherBranch = await t.call('GET', `/api/v1/reports/labels/patient?id=${patientId}`, {
      token: b.token,
      branchId: a.branchId,
    });
    expect(otherBranch.status).toBe(403);
  });

  it('asks for the patient', async () => {
    const missing = await t.call('GET', '/api/v1/reports/labels/patient', {
      token: a.token,
      branchId: a.branchId,
    });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('The patient field is required.');
  });
});
