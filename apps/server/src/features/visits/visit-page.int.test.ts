import type { AddressInfo } from 'node:net';
import { REFUSALS } from '@clinic/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import {
  addBranch,
  addUser,
  expectStatus,
  patientBody,
  todayStart,
  type TestUser,
} from '../../../test/helpers.ts';
import { withTenant } from '../../db/tenant-db.ts';

/**
 * The visit page's server side (doc 2 sections 2.4, 4.1, 5 'Consult time', 7 'Patient and
 * visit'): a visit's detail, the consult time editor and the consult timer with its events.
 */
const { t, clinic, clinics, users } = setupApiTest({
  clinics: 2,
  users: { doctor: { type: '50' }, desk: { type: 'Front Desk' } },
});
const [, other] = clinics;

const doctor = () => ({ token: users.doctor.token, branchId: clinic.branchId });

/** A patient queued with the doctor in `branchId`: their visit's id and patient. */
async function newVisit(
  caller: { token: string; branchId: string } = { token: clinic.token, branchId: clinic.branchId },
  doctorId = users.doctor.id,
): Promise<{ visitId: string; patientId: string }> {
  const patient = await t.call('POST', '/api/v1/patients', { ...caller, body: patientBody() });
  expectStatus(patient, 201);
  const patientId = patient.body.data.patientId as string;
  const entry = await t.call('POST', '/api/v1/queue', {
    ...caller,
    body: { patientId, doctorId, visitPurposes: ['Consultation'] },
  });
  expectStatus(entry, 201);
  const list = await t.call('GET', `/api/v1/visits?patientId=${patientId}`, caller);
  expectStatus(list, 200);
  return { visitId: list.body.data.items[0].id as string, patientId };
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

const versionOf = async (visitId: string): Promise<number> =>
  (await t.call('GET', `/api/v1/visits/${visitId}`, doctor())).body.data.version;

describe('GET /visits/{id}', () => {
  it("answers the visit's page: date, branch, doctor, patient, consult times, queue status; audited", async () => {
    const { visitId, patientId } = await newVisit();
    const before = Math.floor(Date.now() / 1000);
    const answer = await t.call('GET', `/api/v1/visits/${visitId}`, doctor());
    expectStatus(answer, 200);
    expect(answer.body.data).toMatchObject({
      id: visitId,
      patientId,
      branchId: clinic.branchId,
      doctorId: users.doctor.id,
      consultStartTime: null,
      consultEndTime: null,
      isVoided: false,
      version: expect.any(Number),
      queueId: expect.any(String),
      queueStatus: 'Pending',
    });
    expect(answer.body.data.branchCode).toEqual(expect.any(String));
    expect(answer.body.data.doctorName).toEqual(expect.any(String));
    expect(answer.body.data.date).toBeGreaterThanOrEqual(todayStart());
    const rows = await auditRows(patientId);
    expect(rows.at(-1)).toMatchObject({
      action: 'read',
      entity: 'visit',
      entityId: visitId,
      userId: users.doctor.id,
      branchId: clinic.branchId,
      detail: null,
    });
    expect(rows.at(-1)!.happenedAt.getTime() / 1000).toBeGreaterThanOrEqual(before - 1);
  });

  it('is 404 for an unknown visit and for a visit of another clinic, with no audit row', async () => {
    const { visitId, patientId } = await newVisit();
    const rowsBefore = (await auditRows(patientId)).length;
    const unknown = await t.call(
      'GET',
      '/api/v1/visits/00000000-0000-4000-8000-000000000000',
      doctor(),
    );
    expectStatus(unknown, 404);
    expect(unknown.body.error.code).toBe('visit.notFound');
    const foreign = await t.call('GET', `/api/v1/visits/${visitId}`, {
      token: other.token,
      branchId: other.branchId,
    });
    expectStatus(foreign, 404);
    expect(await auditRows(patientId)).toHaveLength(rowsBefore);
  });

  it('lists a patient newest first, paged, with the branch code', async () => {
    const { visitId, patientId } = await newVisit();
    // A visit three days ago (the queue opens visits of today only).
    await withTenant(t.database.db, clinic.tenantId, (tx) =>
      tx.db
        .insertInto('visits')
        .values({
          tenantId: clinic.tenantId,
          branchId: clinic.branchId,
          patientId,
          doctorId: users.doctor.id,
          visitDate: new Date((todayStart() - 3 * 86400 + 7200) * 1000),
        })
        .execute(),
    );
    const page = await t.call('GET', `/api/v1/visits?patientId=${patientId}&pageSize=1`, doctor());
    expectStatus(page, 200);
    expect(page.body.data.total).toBe(2);
    expect(page.body.data.items).toHaveLength(1);
    expect(page.body.data.items[0]).toMatchObject({ id: visitId });
    expect(page.body.data.items[0].branchCode).toEqual(expect.any(String));
    const second = await t.call(
      'GET',
      `/api/v1/visits?patientId=${patientId}&pageSize=1&pageIndex=2`,
      doctor(),
    );
    expect(second.body.data.items[0].id).not.toBe(visitId);
    expect(second.body.data.items[0].date).toBeLessThan(page.body.data.items[0].date);
  });
});

describe('PUT /visits/{id}/consult-time', () => {
  const put = (visitId: string, body: unknown, caller = doctor()) =>
    t.call('PUT', `/api/v1/visits/${visitId}/consult-time`, { ...caller, body });

  it('sets start and end, answers the new version, and writes the audit row', async () => {
    const { visitId, patientId } = await newVisit();
    const version = await versionOf(visitId);
    const start = todayStart() + 9 * 3600;
    const saved = await put(visitId, { startTime: start, endTime: start + 900, version });
    expectStatus(saved, 200);
    expect(saved.body.data).toEqual({
      id: visitId,
      consultStartTime: start,
      consultEndTime: start + 900,
      version: version + 1,
    });
    const detail = await t.call('GET', `/api/v1/visits/${visitId}`, doctor());
    expect(detail.body.data).toMatchObject({
      consultStartTime: start,
      consultEndTime: start + 900,
    });
    const rows = await auditRows(patientId);
    expect(rows.find((row) => row.action === 'update')).toMatchObject({
      entity: 'visit',
      entityId: visitId,
      userId: users.doctor.id,
      branchId: clinic.branchId,
      detail: { field: 'consultTime' },
    });
  });

  it('accepts a start equal to the end', async () => {
    const { visitId } = await newVisit();
    const start = todayStart() + 3600;
    expectStatus(
      await put(visitId, { startTime: start, endTime: start, version: await versionOf(visitId) }),
      200,
    );
  });

  it('requires both start and end, each with its message', async () => {
    const { visitId } = await newVisit();
    const refused = await put(visitId, {
      startTime: null,
      endTime: null,
      version: await versionOf(visitId),
    });
    expectStatus(refused, 400);
    expect(refused.body.error.errors).toEqual([
      {
        field: 'startTime',
        code: 'visit.startRequired',
        message: REFUSALS['visit.startRequired'],
      },
      { field: 'endTime', code: 'visit.endRequired', message: REFUSALS['visit.endRequired'] },
    ]);
    const missingEnd = await put(visitId, { startTime: todayStart(), version: 0 });
    expect(missingEnd.body.error).toMatchObject({
      code: 'visit.endRequired',
      message: 'End date and time are required.',
    });
  });

  it('refuses a start after the end on both fields', async () => {
    const { visitId } = await newVisit();
    const start = todayStart() + 10 * 3600;
    const refused = await put(visitId, {
      startTime: start,
      endTime: start - 60,
      version: await versionOf(visitId),
    });
    expectStatus(refused, 400);
    expect(refused.body.error.errors).toEqual([
      {
        field: 'startTime',
        code: 'visit.startAfterEnd',
        message: 'Start date cannot be after end date.',
      },
      {
        field: 'endTime',
        code: 'visit.endBeforeStart',
        message: 'End date cannot be before start date.',
      },
    ]);
  });

  it("refuses an end after the clinic's today", async () => {
    const { visitId } = await newVisit();
    const tomorrow = todayStart() + 86400;
    const refused = await put(visitId, {
      startTime: todayStart() + 3600,
      endTime: tomorrow + 60,
      version: await versionOf(visitId),
    });
    expectStatus(refused, 400);
    expect(refused.body.error).toMatchObject({
      code: 'visit.endAfterToday',
      message: 'End date cannot be after today.',
      errors: [{ field: 'endTime', code: 'visit.endAfterToday' }],
    });
  });

  it('is 409 on a stale version and changes nothing', async () => {
    const { visitId, patientId } = await newVisit();
    const version = await versionOf(visitId);
    const start = todayStart() + 3600;
    expectStatus(await put(visitId, { startTime: start, endTime: start + 60, version }), 200);
    const rows = (await auditRows(patientId)).length;
    const stale = await put(visitId, { startTime: start, endTime: start + 120, version });
    expectStatus(stale, 409);
    expect((await t.call('GET', `/api/v1/visits/${visitId}`, doctor())).body.data).toMatchObject({
      consultEndTime: start + 60,
    });
    // The GET above wrote its own read row; the refused PUT none.
    expect((await auditRows(patientId)).filter((row) => row.action === 'update')).toHaveLength(1);
    expect((await auditRows(patientId)).length).toBe(rows + 1);
  });

  it('is refused to a role without visits:update (the front desk)', async () => {
    const { visitId } = await newVisit();
    const refused = await put(
      visitId,
      { startTime: todayStart(), endTime: todayStart() + 60, version: 0 },
      { token: users.desk.token, branchId: clinic.branchId },
    );
    expectStatus(refused, 403);
  });

  it('is 404 for another clinic', async () => {
    const { visitId } = await newVisit();
    const refused = await put(
      visitId,
      { startTime: todayStart(), endTime: todayStart() + 60, version: 0 },
      { token: other.token, branchId: other.branchId },
    );
    expectStatus(refused, 404);
  });
});

describe('the consult timer', () => {
  let base: string;
  let branchB: string;
  let adminB: TestUser;
  let doctorB: TestUser;

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1/notifications/ws`;
    branchB = await addBranch(t, clinic, 'TMRB');
    adminB = await addUser(t, clinic, 'Administrator', { branchIds: [branchB] });
    doctorB = await addUser(t, clinic, '50', { branchIds: [branchB] });
  });

  interface Received {
    eventCode: string;
    data: Record<string, unknown>;
    message: string | null;
  }

  async function listen(token: string, branchId: string) {
    const messages: Received[] = [];
    const socket = new WebSocket(`${base}?branchId=${branchId}&token=${encodeURIComponent(token)}`);
    socket.addEventListener('message', (event) =>
      messages.push(JSON.parse(String(event.data)) as Received),
    );
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve(), { once: true });
      socket.addEventListener('error', () => reject(new Error('socket refused')), { once: true });
    });
    const waitFor = async (eventCode: string): Promise<Received> => {
      const deadline = Date.now() + 5000;
      for (;;) {
        const found = messages.find((message) => message.eventCode === eventCode);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no ${eventCode}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    return { messages, waitFor, close: () => socket.close() };
  }

  const timer = (visitId: string, which: 'in' | 'out', version: number, caller = doctor()) =>
    t.call('PUT', `/api/v1/visits/${visitId}/consult-${which}`, { ...caller, body: { version } });

  it('starts and stops: sets the times now, publishes consultIn and consultOut, audits both', async () => {
    const { visitId, patientId } = await newVisit();
    const socket = await listen(users.doctor.token, clinic.branchId);
    try {
      const before = Math.floor(Date.now() / 1000);
      const started = await timer(visitId, 'in', await versionOf(visitId));
      expectStatus(started, 200);
      expect(started.body.data.consultStartTime).toBeGreaterThanOrEqual(before);
      expect(started.body.data.consultEndTime).toBeNull();
      const consultIn = await socket.waitFor('consultIn');
      expect(consultIn).toEqual({
        eventCode: 'consultIn',
        data: {
          id: visitId,
          branchId: clinic.branchId,
          patientId,
          time: started.body.data.consultStartTime,
        },
        message: null,
      });

      const again = await timer(visitId, 'in', started.body.data.version);
      expectStatus(again, 400);
      expect(again.body.error.code).toBe('visit.alreadyStarted');

      const stopped = await timer(visitId, 'out', started.body.data.version);
      expectStatus(stopped, 200);
      expect(stopped.body.data.consultStartTime).toBe(started.body.data.consultStartTime);
      expect(stopped.body.data.consultEndTime).toBeGreaterThanOrEqual(
        started.body.data.consultStartTime,
      );
      const consultOut = await socket.waitFor('consultOut');
      expect(consultOut.data).toMatchObject({
        id: visitId,
        time: stopped.body.data.consultEndTime,
      });

      const finished = await timer(visitId, 'out', stopped.body.data.version);
      expect(finished.body.error.code).toBe('visit.alreadyFinished');

      const updates = (await auditRows(patientId)).filter((row) => row.action === 'update');
      expect(updates.map((row) => row.detail)).toEqual([
        { field: 'consultIn' },
        { field: 'consultOut' },
      ]);
    } finally {
      socket.close();
    }
  });

  it('refuses to stop a consultation that has not started', async () => {
    const { visitId } = await newVisit();
    const refused = await timer(visitId, 'out', await versionOf(visitId));
    expectStatus(refused, 400);
    expect(refused.body.error).toMatchObject({
      code: 'visit.notStarted',
      message: 'Please start the consultation first.',
    });
  });

  it('is 409 on a stale version, publishing nothing', async () => {
    const { visitId } = await newVisit();
    const version = await versionOf(visitId);
    const start = todayStart() + 3600;
    await t.call('PUT', `/api/v1/visits/${visitId}/consult-time`, {
      ...doctor(),
      body: { startTime: start, endTime: start + 60, version },
    });
    const { visitId: fresh } = await newVisit();
    const socket = await listen(users.doctor.token, clinic.branchId);
    try {
      const stale = await timer(fresh, 'in', (await versionOf(fresh)) + 5);
      expectStatus(stale, 409);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(socket.messages.filter((m) => m.eventCode === 'consultIn')).toEqual([]);
    } finally {
      socket.close();
    }
  });

  it("refuses a visit of another branch with the spec's words, and a voided visit", async () => {
    const { visitId, patientId } = await newVisit(
      { token: adminB.token, branchId: branchB },
      doctorB.id,
    );
    const rows = (await auditRows(patientId)).length;
    for (const which of ['in', 'out'] as const) {
      const refused = await timer(visitId, which, 0);
      expectStatus(refused, 403);
      expect(refused.body.error).toEqual({
        code: 'visit.anotherBranch',
        message:
          "Current visit is from another branch. Please make sure you've selected the correct branch. ",
      });
    }
    const editor = await t.call('PUT', `/api/v1/visits/${visitId}/consult-time`, {
      ...doctor(),
      body: { startTime: todayStart(), endTime: todayStart() + 60, version: 0 },
    });
    expect(editor.body.error.code).toBe('visit.anotherBranch');
    expect(await auditRows(patientId)).toHaveLength(rows);

    const voided = await newVisit();
    await withTenant(t.database.db, clinic.tenantId, (tx) =>
      tx.db
        .updateTable('visits')
        .set({ voidedAt: new Date() })
        .where('id', '=', voided.visitId)
        .execute(),
    );
    const refused = await timer(voided.visitId, 'in', await versionOf(voided.visitId));
    expectStatus(refused, 400);
    expect(refused.body.error.code).toBe('visit.voided');
  });

  it('is 404 for another clinic', async () => {
    const { visitId } = await newVisit();
    const refused = await timer(visitId, 'in', 0, { token: other.token, branchId: other.branchId });
    expectStatus(refused, 404);
  });
});
