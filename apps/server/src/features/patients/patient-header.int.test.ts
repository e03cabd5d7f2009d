import { ageOn } from '@clinic/domain';
import { describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import { addBranch, addUser, expectStatus, patientBody } from '../../../test/helpers.ts';
import { withTenant } from '../../db/tenant-db.ts';

/** The patient header (doc 1 section 7: header-info, vaccinations/items/count). */
const { t, clinic, clinics, users } = setupApiTest({
  clinics: 2,
  users: { desk: { type: 'Front Desk' } },
});
const [, other] = clinics;

const desk = () => ({ token: users.desk.token, branchId: clinic.branchId });

async function newPatient(overrides: Record<string, unknown> = {}): Promise<string> {
  const created = await t.call('POST', '/api/v1/patients', {
    token: clinic.token,
    branchId: clinic.branchId,
    body: patientBody(overrides),
  });
  expectStatus(created, 201);
  return created.body.data.patientId;
}

const auditRows = (patientId: string) =>
  withTenant(t.database.db, clinic.tenantId, (tx) =>
    tx.db
      .selectFrom('auditEvents')
      .selectAll()
      .where('patientId', '=', patientId)
      .orderBy('happenedAt')
      .execute(),
  );

/** Today in Singapore (the test clinics' time zone). */
const sgToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

describe('GET /patients/{id}/header-info', () => {
  it('answers what the header card shows, the age in months too, and audits the read', async () => {
    const id = await newPatient({ name: 'Header Card Person', birthDate: '1980-05-17' });
    await withTenant(t.database.db, clinic.tenantId, (tx) =>
      tx.db
        .updateTable('patients')
        .set({ alertMessage: 'Hard of hearing' })
        .where('id', '=', id)
        .execute(),
    );
    const answer = await t.call('GET', `/api/v1/patients/${id}/header-info`, desk());
    expectStatus(answer, 200);
    const age = ageOn('1980-05-17', sgToday())!;
    expect(answer.body.data).toMatchObject({
      id,
      name: 'Header Card Person',
      idType: 'NRIC',
      gender: 'M',
      birthDate: '1980-05-17',
      age,
      ageInMonths: age.years * 12 + age.months,
      ageText: `${age.years} Y ${age.months} M`,
      telCode: '+65',
      contactNo: '91234567',
      nationality: 'SG',
      alertMessage: 'Hard of hearing',
    });
    expect(answer.body.data.nric).toMatch(/^S\d{7}[A-Z]$/);
    const rows = await auditRows(id);
    expect(rows.at(-1)).toMatchObject({
      action: 'read',
      entity: 'patient',
      entityId: id,
      userId: users.desk.id,
      branchId: clinic.branchId,
      detail: { record: 'header' },
    });
  });

  it('shows a baby in months and days', async () => {
    const birth = new Date(Date.now() + 8 * 3600_000 - 40 * 86400_000).toISOString().slice(0, 10);
    const id = await newPatient({ birthDate: birth, mother: 'Mother Tan' });
    const answer = await t.call('GET', `/api/v1/patients/${id}/header-info`, desk());
    expectStatus(answer, 200);
    expect(answer.body.data.ageInMonths).toBe(1);
    expect(answer.body.data.ageText).toMatch(/^1 M \d+ D$/);
  });

  it('is 404 for an unknown patient and for a patient of another clinic, writing no row', async () => {
    const id = await newPatient();
    const before = (await auditRows(id)).length;
    const unknown = await t.call(
      'GET',
      '/api/v1/patients/00000000-0000-4000-8000-000000000000/header-info',
      desk(),
    );
    expectStatus(unknown, 404);
    expect(unknown.body.error.code).toBe('patient.notFound');
    const foreign = await t.call('GET', `/api/v1/patients/${id}/header-info`, {
      token: other.token,
      branchId: other.branchId,
    });
    expectStatus(foreign, 404);
    expect(await auditRows(id)).toHaveLength(before);
  });

  it("is read from any branch the user has (patients are the clinic's), and refused in one they lack", async () => {
    const id = await newPatient();
    const branchB = await addBranch(t, clinic, 'HDRB');
    const inB = await addUser(t, clinic, 'Front Desk', { branchIds: [branchB] });
    expectStatus(
      await t.call('GET', `/api/v1/patients/${id}/header-info`, {
        token: inB.token,
        branchId: branchB,
      }),
      200,
    );
    const refused = await t.call('GET', `/api/v1/patients/${id}/header-info`, {
      token: inB.token,
      branchId: clinic.branchId,
    });
    expectStatus(refused, 403);
    expect(refused.body.error.code).toBe('access.branchNotAllowed');
  });
});

describe('GET /vaccinations/items/count', () => {
  it('answers 0 (no vaccination record exists yet) and audits the read', async () => {
    const id = await newPatient();
    const answer = await t.call('GET', `/api/v1/vaccinations/items/count?patientId=${id}`, desk());
    expectStatus(answer, 200);
    expect(answer.body.data).toEqual({ count: 0 });
    expect((await auditRows(id)).at(-1)).toMatchObject({
      action: 'read',
      entity: 'patient',
      detail: { record: 'vaccinations' },
    });
  });

  it('requires a known patient of the clinic', async () => {
    const missing = await t.call('GET', '/api/v1/vaccinations/items/count', desk());
    expectStatus(missing, 400);
    const id = await newPatient();
    const foreign = await t.call('GET', `/api/v1/vaccinations/items/count?patientId=${id}`, {
      token: other.token,
      branchId: other.branchId,
    });
    expectStatus(foreign, 404);
  });
});
