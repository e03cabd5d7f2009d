import { MC_MESSAGES, refusalMessage } from '@clinic/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import {
  addBranch,
  addUser,
  createRole,
  expectStatus,
  patientBody,
  type TestUser,
} from '../../../test/helpers.ts';
import { withTenant } from '../../db/tenant-db.ts';

const { t, clinics, admin, users } = setupApiTest({
  clinics: 2,
  users: { doctor: { type: '50' }, desk: { type: 'Front Desk' } },
});

const ANOTHER_BRANCH =
  "Current visit is from another branch. Please make sure you've selected the correct branch. ";

type Caller = { token: string; branchId: string };

/** A patient queued in a branch (to the given doctor): their visit's id and patient. */
async function openVisit(
  caller: Caller,
  doctorId: string,
): Promise<{ visitId: string; patientId: string; entryId: string }> {
  const patient = await t.call('POST', '/api/v1/patients', { ...caller, body: patientBody() });
  expectStatus(patient, 201);
  const patientId: string = patient.body.data.patientId;
  const entry = await t.call('POST', '/api/v1/queue', {
    ...caller,
    body: { patientId, doctorId, visitPurposes: ['Consultation'] },
  });
  expectStatus(entry, 201);
  const visits = await t.call('GET', `/api/v1/visits?patientId=${patientId}`, caller);
  expectStatus(visits, 200);
  return { visitId: visits.body.data.items[0].id, patientId, entryId: entry.body.data.id };
}

const mcBody = (visitId: string, overrides: Record<string, unknown> = {}) => ({
  visitId,
  issuedDate: '2026-11-25',
  fromDate: '2026-11-25',
  toDate: '2026-11-27',
  givenDays: 3,
  mcPurpose: 'Sick leave',
  remark: 'Rest at home',
  excuseChit: false,
  timeRequired: false,
  fitChoice: 1,
  ...overrides,
});

function auditRows(tenantId: string) {
  return withTenant(t.database.db, tenantId, (tx) =>
    tx.db.selectFrom('auditEvents').selectAll().orderBy('happenedAt').execute(),
  );
}

let visit: { visitId: string; patientId: string; entryId: string };

beforeAll(async () => {
  visit = await openVisit(admin, users.doctor.id);
});

describe('creating a certificate', () => {
  it('assigns the branch number, derives the days, keeps the fields and answers 201', async () => {
    const created = await t.call('POST', '/api/v1/medical-certificates', {
      ...users.doctor,
      body: mcBody(visit.visitId, { givenDays: 99 }),
    });
    expectStatus(created, 201);
    expect(created.body.data).toMatchObject({
      visitId: visit.visitId,
      patientId: visit.patientId,
      branchId: admin.branchId,
      doctorId: users.doctor.id,
      issuedDate: '2026-11-25',
      fromDate: '2026-11-25',
      toDate: '2026-11-27',
      givenDays: 3,
      mcPurpose: 'Sick leave',
      remark: 'Rest at home',
      excuseChit: false,
      timeRequired: false,
      fromTime: null,
      toTime: null,
      fitChoice: 1,
      version: 1,
    });
    expect(created.body.data.mcNo).toMatch(/^MC26\d{6}$/);
    const read = await t.call(
      'GET',
      `/api/v1/medical-certificates/${created.body.data.id}`,
      users.doctor,
    );
    expectStatus(read, 200);
    expect(read.body.data).toEqual(created.body.data);
  });

  it('keeps a typed number unique in the branch, refuses it twice', async () => {
    const body = mcBody(visit.visitId, { mcNo: 'PAPER-0001' });
    const first = await t.call('POST', '/api/v1/medical-certificates', { ...admin, body });
    expectStatus(first, 201);
    expect(first.body.data.mcNo).toBe('PAPER-0001');
    const again = await t.call('POST', '/api/v1/medical-certificates', { ...admin, body });
    expectStatus(again, 400);
    expect(again.body.error.errors).toEqual([
      { field: 'mcNo', code: 'mc.mcNoTaken', message: MC_MESSAGES.mcNoTaken },
    ]);
  });

  it('requires the issue, from and to dates, and both times with Require Time', async () => {
    const noDates = await t.call('POST', '/api/v1/medical-certificates', {
      ...admin,
      body: { visitId: visit.visitId },
    });
    expectStatus(noDates, 400);
    expect(noDates.body.error.errors).toEqual(
      expect.arrayContaining([
        { field: 'issuedDate', code: 'mc.issuedDateRequired', message: 'Issue date is required' },
        { field: 'fromDate', code: 'mc.fromDateRequired', message: 'From date is required' },
        { field: 'toDate', code: 'mc.toDateRequired', message: 'To date is required' },
      ]),
    );
    const noTimes = await t.call('POST', '/api/v1/medical-certificates', {
      ...admin,
      body: mcBody(visit.visitId, { timeRequired: true }),
    });
    expectStatus(noTimes, 400);
    expect(noTimes.body.error.errors).toEqual([
      { field: 'fromTime', code: 'mc.fromTimeRequired', message: 'From time is required' },
      { field: 'toTime', code: 'mc.toTimeRequired', message: 'To time is required' },
    ]);
    const backwards = await t.call('POST', '/api/v1/medical-certificates', {
      ...admin,
      body: mcBody(visit.visitId, { toDate: '2026-11-24' }),
    });
    expectStatus(backwards, 400);
    expect(backwards.body.error.code).toBe('mc.toBeforeFrom');
  });

  it('keeps the times with Require Time, and no duty type for an excuse chit', async () => {
    const created = await t.call('POST', '/api/v1/medical-certificates', {
      ...admin,
      body: mcBody(visit.visitId, {
        timeRequired: true,
        fromTime: '09:00',
        toTime: '12:30',
        excuseChit: true,
        fitChoice: 2,
      }),
    });
    expectStatus(created, 201);
    expect(created.body.data).toMatchObject({
      timeRequired: true,
      fromTime: '09:00',
      toTime: '12:30',
      excuseChit: true,
      fitChoice: null,
    });
    const plain = await t.call('POST', '/api/v1/medical-certificates', {
      ...admin,
      body: mcBody(visit.visitId, { fromTime: '09:00', toTime: '12:30', fitChoice: null }),
    });
    expectStatus(plain, 201);
    expect(plain.body.data).toMatchObject({ fromTime: null, toTime: null, fitChoice: 1 });
  });

  it('refuses an unknown visit, another patient and a doctor of no branch of the visit', async () => {
    const unknown = await t.call('POST', '/api/v1/medical-certificates', {
      ...admin,
      body: mcBody('00000000-0000-4000-8000-000000000000'),
    });
    expectStatus(unknown, 404);
    expect(unknown.body.error.code).toBe('visit.notFound');
    const other = await openVisit(admin, users.doctor.id);
    const wrongPatient = await t.call('POST', '/api/v1/medical-certificates', {
      ...admin,
      body: mcBody(visit.visitId, { patientId: other.patientId }),
    });
    expectStatus(wrongPatient, 400);
    expect(wrongPatient.body.error.code).toBe('mc.patientNotOfVisit');
    const notADoctor = await t.call('POST', '/api/v1/medical-certificates', {
      ...admin,
      body: mcBody(visit.visitId, { doctorId: users.desk.id }),
    });
    expectStatus(notADoctor, 400);
    expect(notADoctor.body.error.code).toBe('mc.doctorNotHere');
  });

  it('20 concurrent creates in one branch take 20 distinct consecutive numbers', async () => {
    const own = await openVisit(admin, users.doctor.id);
    const year2031 = mcBody(own.visitId, {
      issuedDate: '2031-01-02',
      fromDate: '2031-01-02',
      toDate: '2031-01-02',
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call('POST', '/api/v1/medical-certificates', { ...admin, body: year2031 }),
      ),
    );
    for (const answer of answers) expectStatus(answer, 201);
    const numbers = answers.map((answer) => answer.body.data.mcNo as string).sort();
    expect(numbers).toEqual(
      Array.from({ length: 20 }, (_, index) => `MC31${String(index + 1).padStart(6, '0')}`),
    );
  });

  it('skips a number typed earlier when it comes up', async () => {
    const own = await openVisit(admin, users.doctor.id);
    const year = { issuedDate: '2032-03-01', fromDate: '2032-03-01', toDate: '2032-03-01' };
    const typed = await t.call('POST', '/api/v1/medical-certificates', {
      ...admin,
      body: mcBody(own.visitId, { ...year, mcNo: 'MC32000001' }),
    });
    expectStatus(typed, 201);
    const assigned = await t.call('POST', '/api/v1/medical-certificates', {
      ...admin,
      body: mcBody(own.visitId, year),
    });
    expectStatus(assigned, 201);
    expect(assigned.body.data.mcNo).toBe('MC32000002');
  });
});

describe('changing and deleting', () => {
  async function created(): Promise<{ id: string; version: number; mcNo: string }> {
    const answer = await t.call('POST', '/api/v1/medical-certificates', {
      ...admin,
      body: mcBody(visit.visitId),
    });
    expectStatus(answer, 201);
    return answer.body.data;
  }

  it('updates with the version read; a stale version is 409', async () => {
    const mc = await created();
    const changed = await t.call('PUT', `/api/v1/medical-certificates/${mc.id}`, {
      ...admin,
      body: { ...mcBody(visit.visitId, { toDate: '2026-11-30', mcNo: mc.mcNo }), version: 1 },
    });
    expectStatus(changed, 200);
    expect(changed.body.data).toMatchObject({ toDate: '2026-11-30', givenDays: 6, version: 2 });
    const stale = await t.call('PUT', `/api/v1/medical-certificates/${mc.id}`, {
      ...admin,
      body: { ...mcBody(visit.visitId), version: 1 },
    });
    expectStatus(stale, 409);
    expect(stale.body.error.code).toBe('record.changed');
  });

  it('refuses a changed MC number', async () => {
    const mc = await created();
    const renumbered = await t.call('PUT', `/api/v1/medical-certificates/${mc.id}`, {
      ...admin,
      body: { ...mcBody(visit.visitId, { mcNo: 'NEW-1' }), version: mc.version },
    });
    expectStatus(renumbered, 400);
    expect(renumbered.body.error.errors).toEqual([
      { field: 'mcNo', code: 'mc.mcNoFixed', message: MC_MESSAGES.mcNoFixed },
    ]);
  });

  it('deletes with the version; a stale version is 409; a deleted one is gone from the list', async () => {
    const mc = await created();
    const stale = await t.call('DELETE', `/api/v1/medical-certificates/${mc.id}`, {
      ...admin,
      body: { version: mc.version + 5 },
    });
    expectStatus(stale, 409);
    const deleted = await t.call('DELETE', `/api/v1/medical-certificates/${mc.id}`, {
      ...admin,
      body: { version: mc.version },
    });
    expectStatus(deleted, 200);
    expect(deleted.body.data.id).toBe(mc.id);
    const gone = await t.call('GET', `/api/v1/medical-certificates/${mc.id}`, admin);
    expectStatus(gone, 404);
    expect(gone.body.error.code).toBe('mc.notFound');
    const list = await t.call(
      'GET',
      `/api/v1/medical-certificates?visitId=${visit.visitId}`,
      admin,
    );
    expectStatus(list, 200);
    expect(list.body.data.items.map((item: { id: string }) => item.id)).not.toContain(mc.id);
    expect(list.body.data.total).toBe(list.body.data.items.length);
  });

  it('a voided visit is read-only', async () => {
    const own = await openVisit(admin, users.doctor.id);
    const mc = await t.call('POST', '/api/v1/medical-certificates', {
      ...admin,
      body: mcBody(own.visitId),
    });
    expectStatus(mc, 201);
    // As deleting its queue entry does.
    await withTenant(t.database.db, clinics[0].tenantId, (tx) =>
      tx.db
        .updateTable('visits')
        .set({ voidedAt: new Date() })
        .where('id', '=', own.visitId)
        .execute(),
    );
    const refused = await t.call('PUT', `/api/v1/medical-certificates/${mc.body.data.id}`, {
      ...admin,
      body: { ...mcBody(own.visitId), version: 1 },
    });
    expectStatus(refused, 400);
    expect(refused.body.error.code).toBe('visit.voided');
    const create = await t.call('POST', '/api/v1/medical-certificates', {
      ...admin,
      body: mcBody(own.visitId),
    });
    expect(create.body.error.code).toBe('visit.voided');
    expectStatus(
      await t.call('GET', `/api/v1/medical-certificates/${mc.body.data.id}`, admin),
      200,
    );
  });
});

describe('the print data (GET /reports/mc)', () => {
  it('answers the fields of doc 3 section 3.4', async () => {
    const mc = await t.call('POST', '/api/v1/medical-certificates', {
      ...users.doctor,
      body: mcBody(visit.visitId, { timeRequired: true, fromTime: '08:00', toTime: '10:00' }),
    });
    expectStatus(mc, 201);
    const report = await t.call('GET', `/api/v1/reports/mc?id=${mc.body.data.id}`, users.doctor);
    expectStatus(report, 200);
    const profile = await t.call('GET', `/api/v1/patients/${visit.patientId}/profile`, admin);
    expect(report.body.data).toEqual({
      id: mc.body.data.id,
      visitId: visit.visitId,
      branchId: admin.branchId,
      doctorFullName: mc.body.data.doctorName,
      doctorMcr: 'M99999Z',
      fitChoice: 1,
      issueDate: '2026-11-25',
      fromDate: '2026-11-25',
      toDate: '2026-11-27',
      givenDays: 3,
      excuseChit: false,
      mcNo: mc.body.data.mcNo,
      mcPurpose: 'Sick leave',
      patientName: profile.body.data.name,
      nric: profile.body.data.nric,
      remark: 'Rest at home',
      timeRequired: true,
      fromTime: '08:00',
      toTime: '10:00',
    });
  });

  it('needs the print permission too', async () => {
    const mc = await t.call('POST', '/api/v1/medical-certificates', {
      ...admin,
      body: mcBody(visit.visitId),
    });
    const role = await createRole(t, clinics[0], 'Reads MCs', ['medicalCertificates:read']);
    const reader: TestUser = await addUser(t, clinics[0], 'Nurse', { roleIds: [role] });
    const caller = { token: reader.token, branchId: admin.branchId };
    expectStatus(
      await t.call('GET', `/api/v1/medical-certificates/${mc.body.data.id}`, caller),
      200,
    );
    const refused = await t.call('GET', `/api/v1/reports/mc?id=${mc.body.data.id}`, caller);
    expectStatus(refused, 403);
    expect(refused.body.error.code).toBe('access.roleRefusal');
  });
});

describe('permissions, branches and clinics', () => {
  it('the front desk reads and prints certificates but does not write them', async () => {
    const denied = await t.call('POST', '/api/v1/medical-certificates', {
      ...users.desk,
      body: mcBody(visit.visitId),
    });
    expectStatus(denied, 403);
    expectStatus(
      await t.call('GET', `/api/v1/medical-certificates?visitId=${visit.visitId}`, users.desk),
      200,
    );
  });

  it("a visit of another branch is read, never written, with the spec's message", async () => {
    const branchB = await addBranch(t, clinics[0], 'MCB');
    const adminB = await addUser(t, clinics[0], 'Administrator', { branchIds: [branchB] });
    const doctorB = await addUser(t, clinics[0], '50', { branchIds: [branchB] });
    const callerB = { token: adminB.token, branchId: branchB };
    const visitB = await openVisit(callerB, doctorB.id);
    const mcB = await t.call('POST', '/api/v1/medical-certificates', {
      ...callerB,
      body: mcBody(visitB.visitId),
    });
    expectStatus(mcB, 201);
    // Numbers are per branch: branch B starts its own series.
    expect(mcB.body.data.mcNo).toBe('MC26000001');

    const create = await t.call('POST', '/api/v1/medical-certificates', {
      ...users.doctor,
      body: mcBody(visitB.visitId),
    });
    expectStatus(create, 403);
    expect(create.body.error).toMatchObject({
      code: 'visit.anotherBranch',
      message: ANOTHER_BRANCH,
    });
    expect(refusalMessage('visit.anotherBranch')).toBe(ANOTHER_BRANCH);
    const update = await t.call('PUT', `/api/v1/medical-certificates/${mcB.body.data.id}`, {
      ...users.doctor,
      body: { ...mcBody(visitB.visitId), version: 1 },
    });
    expectStatus(update, 403);
    expect(update.body.error.message).toBe(ANOTHER_BRANCH);
    const remove = await t.call('DELETE', `/api/v1/medical-certificates/${mcB.body.data.id}`, {
      ...users.doctor,
      body: { version: 1 },
    });
    expectStatus(remove, 403);
    // Clinical reads are clinic-wide, by permission (docs/architecture.md "Clinical reads").
    expectStatus(
      await t.call('GET', `/api/v1/medical-certificates/${mcB.body.data.id}`, users.doctor),
      200,
    );
  });

  it("another clinic's certificate does not exist for the caller", async () => {
    const mc = await t.call('POST', '/api/v1/medical-certificates', {
      ...admin,
      body: mcBody(visit.visitId),
    });
    const other = { token: clinics[1].token, branchId: clinics[1].branchId };
    const id = mc.body.data.id as string;
    expectStatus(await t.call('GET', `/api/v1/medical-certificates/${id}`, other), 404);
    expectStatus(await t.call('GET', `/api/v1/reports/mc?id=${id}`, other), 404);
    expectStatus(
      await t.call('PUT', `/api/v1/medical-certificates/${id}`, {
        ...other,
        body: { ...mcBody(visit.visitId), version: 1 },
      }),
      404,
    );
    expectStatus(
      await t.call('DELETE', `/api/v1/medical-certificates/${id}`, {
        ...other,
        body: { version: 1 },
      }),
      404,
    );
    const create = await t.call('POST', '/api/v1/medical-certificates', {
      ...other,
      body: mcBody(visit.visitId),
    });
    expectStatus(create, 404);
    const list = await t.call(
      'GET',
      `/api/v1/medical-certificates?visitId=${visit.visitId}`,
      other,
    );
    expect(list.body.data.items).toEqual([]);
  });
});

describe('the audit trail', () => {
  it('writes a row for each read and write, naming the visit, patient and certificate', async () => {
    const tenantId = clinics[0].tenantId;
    const before = (await auditRows(tenantId)).length;
    const mc = await t.call('POST', '/api/v1/medical-certificates', {
      ...users.doctor,
      body: mcBody(visit.visitId),
    });
    const id = mc.body.data.id as string;
    await t.call('GET', `/api/v1/medical-certificates/${id}`, users.doctor);
    await t.call('GET', `/api/v1/medical-certificates?visitId=${visit.visitId}`, users.doctor);
    await t.call('PUT', `/api/v1/medical-certificates/${id}`, {
      ...users.doctor,
      body: { ...mcBody(visit.visitId), version: 1 },
    });
    await t.call('GET', `/api/v1/reports/mc?id=${id}`, users.doctor);
    await t.call('DELETE', `/api/v1/medical-certificates/${id}`, {
      ...users.doctor,
      body: { version: 2 },
    });
    const rows = (await auditRows(tenantId)).slice(before);
    expect(
      rows.map((row) => ({
        action: row.action,
        entity: row.entity,
        entityId: row.entityId,
        patientId: row.patientId,
        userId: row.userId,
        branchId: row.branchId,
      })),
    ).toEqual(
      ['create', 'read', 'read', 'update', 'read', 'delete'].map((action) => ({
        action,
        entity: 'visit',
        entityId: visit.visitId,
        patientId: visit.patientId,
        userId: users.doctor.id,
        branchId: admin.branchId,
      })),
    );
    expect(rows[0]!.detail).toEqual({ record: 'medicalCertificates', id, mcNo: mc.body.data.mcNo });
    expect(rows[4]!.detail).toEqual({ record: 'medicalCertificates', id, purpose: 'print' });
  });
});
