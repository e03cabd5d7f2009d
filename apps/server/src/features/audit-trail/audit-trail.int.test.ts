import { refusalMessage } from '@clinic/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import {
  addBranch,
  createRole,
  expectStatus,
  patientBody,
  setRole,
  unique,
} from '../../../test/helpers.ts';
import { withTenant } from '../../db/tenant-db.ts';

/**
 * `GET /audit-events`: the clinic's audit trail, newest first, filtered and paged; only for
 * roles holding `auditTrail:read`, only the caller's clinic, and append-only for the API role.
 */
const {
  t,
  clinics: [clinic, other],
  admin,
  users,
} = setupApiTest({
  clinics: 2,
  users: {
    doctor: { type: '50' },
    desk: { type: 'Front Desk' },
    manager: { type: 'Administrator' },
  },
});

/** Rows written by hand are from November 2023, before the two the API writes now. */
const base = 1_700_000_000;
let patientA: string;
let patientB: string;

/** Writes audit rows as the API role does (it may insert), at chosen times. */
function addRows(
  tenantId: string,
  rows: Array<{
    at: number;
    userId: string;
    branchId: string;
    action: string;
    entity: string;
    patientId: string;
    detail?: Record<string, string>;
  }>,
) {
  return withTenant(t.database.db, tenantId, (tx) =>
    tx.db
      .insertInto('auditEvents')
      .values(
        rows.map((row) => ({
          tenantId,
          happenedAt: new Date(row.at * 1000),
          userId: row.userId,
          branchId: row.branchId,
          action: row.action,
          entity: row.entity,
          entityId: row.patientId,
          patientId: row.patientId,
          detail: row.detail ? JSON.stringify(row.detail) : null,
        })),
      )
      .execute(),
  );
}

const trail = (query: string, caller: { token: string; branchId: string } = admin) =>
  t.call('GET', `/api/v1/audit-events${query}`, caller);

beforeAll(async () => {
  const create = async (name: string) => {
    const created = await t.call('POST', '/api/v1/patients', {
      ...admin,
      body: patientBody({ name }),
    });
    expectStatus(created, 201);
    return created.body.data.patientId as string;
  };
  patientA = await create('Audit Person A');
  patientB = await create('Audit Person B');
  await addRows(clinic.tenantId, [
    {
      at: base,
      userId: users.doctor.id,
      branchId: clinic.branchId,
      action: 'read',
      entity: 'patient',
      patientId: patientA,
      detail: { record: 'visits' },
    },
    {
      at: base + 60,
      userId: users.doctor.id,
      branchId: clinic.branchId,
      action: 'read',
      entity: 'patient',
      patientId: patientB,
    },
    {
      at: base + 120,
      userId: users.desk.id,
      branchId: clinic.branchId,
      action: 'update',
      entity: 'patient',
      patientId: patientA,
      detail: { field: 'name' },
    },
    {
      at: base + 180,
      userId: users.desk.id,
      branchId: clinic.branchId,
      action: 'read',
      entity: 'patient',
      patientId: patientA,
    },
  ]);
}, 60_000);

describe('GET /audit-events', () => {
  it('answers the clinic’s rows newest first, with the names of user, branch and patient', async () => {
    const response = await trail('');
    expectStatus(response, 200);
    const { items, total } = response.body.data;
    // Two creations through the API (now) and four rows written at fixed earlier times.
    expect(total).toBe(6);
    expect(items.map((row: { time: number }) => row.time)).toEqual(
      [...items.map((row: { time: number }) => row.time)].sort((a, b) => b - a),
    );
    expect(items[0]).toMatchObject({
      userId: clinic.session.user.id,
      branchId: clinic.branchId,
      branchCode: expect.any(String),
      action: 'create',
      entity: 'patient',
      entityId: patientB,
      patientId: patientB,
      patientName: 'Audit Person B',
    });
    expect(items[0].userName).toBe(clinic.session.user.fullName);
    expect(items.at(-1)).toEqual({
      id: expect.any(String),
      time: base,
      userId: users.doctor.id,
      userName: expect.stringMatching(/\S/),
      branchId: clinic.branchId,
      branchCode: expect.any(String),
      action: 'read',
      entity: 'patient',
      entityId: patientA,
      patientId: patientA,
      patientName: 'Audit Person A',
      detail: { record: 'visits' },
    });
  });

  it('filters by patient, user, entity, action and time (both ends included)', async () => {
    const times = async (query: string) => {
      const response = await trail(query);
      expectStatus(response, 200);
      return response.body.data.items.map((row: { time: number }) => row.time - base);
    };
    expect(await times(`?patientId=${patientA}&from=${base}&to=${base + 600}`)).toEqual([
      180, 120, 0,
    ]);
    expect(await times(`?userId=${users.desk.id}`)).toEqual([180, 120]);
    expect(await times(`?userId=${users.doctor.id}&patientId=${patientB}`)).toEqual([60]);
    expect(await times(`?action=update`)).toEqual([120]);
    expect(await times(`?entity=patient&action=read&to=${base + 60}`)).toEqual([60, 0]);
    expect(await times(`?from=${base + 60}&to=${base + 120}`)).toEqual([120, 60]);
    expect(await times(`?entity=visit`)).toEqual([]);
    expect((await trail(`?patientId=${crypto.randomUUID()}`)).body.data).toEqual({
      items: [],
      total: 0,
    });
  });

  it('pages: pageSize rows of page pageIndex, the total of all', async () => {
    const page = async (index: number) => {
      const response = await trail(`?to=${base + 600}&pageSize=3&pageIndex=${index}`);
      expectStatus(response, 200);
      return response.body.data as { items: Array<{ time: number }>; total: number };
    };
    const [first, second, third] = [await page(1), await page(2), await page(3)];
    expect(first.items.map((row) => row.time - base)).toEqual([180, 120, 60]);
    expect(second.items.map((row) => row.time - base)).toEqual([0]);
    expect(third.items).toEqual([]);
    expect([first.total, second.total, third.total]).toEqual([4, 4, 4]);
  });

  it('refuses filters it cannot read, naming the field', async () => {
    for (const [query, field, message] of [
      ['?patientId=abc', 'patientId', 'patientId must be a patient id'],
      ['?userId=abc', 'userId', 'userId must be a user id'],
      ['?entity=invoice', 'entity', 'entity must be one of patient, visit, queue'],
      ['?action=print', 'action', 'action must be one of read, create, update, delete'],
      ['?from=yesterday', 'from', 'from must be a time in whole Unix seconds'],
      ['?to=-1', 'to', 'to must be a time in whole Unix seconds'],
      ['?pageSize=0', 'pageSize', 'pageSize must be a whole number from 1 to 100'],
      ['?pageIndex=0', 'pageIndex', 'pageIndex must be a whole number of at least 1'],
      ['?patient=x', undefined, undefined],
    ] as const) {
      const response = await trail(query);
      expect(response.status, query).toBe(400);
      if (field)
        expect(response.body.error.errors, query).toEqual([
          expect.objectContaining({ field, message }),
        ]);
    }
  });

  it('is refused to staff who may not use the console, and to a role without auditTrail:read', async () => {
    for (const user of [users.desk, users.doctor]) {
      const refused = await trail('', { token: user.token, branchId: user.branchId });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('access.consoleOnly');
    }
    // An administrator whose role in the branch reads patients but not the trail.
    const role = await createRole(t, clinic, unique('No trail'), ['patients:read']);
    await setRole(t, clinic, users.manager.id, users.manager.branchId, role);
    const refused = await trail('', {
      token: users.manager.token,
      branchId: users.manager.branchId,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: { code: 'access.roleRefusal', message: refusalMessage('access.roleRefusal') },
    });
  });

  it('is refused from a branch the caller does not have', async () => {
    const branchB = await addBranch(t, clinic, 'AUDB');
    const response = await trail('', { token: admin.token, branchId: branchB });
    expect(response.status).toBe(403);
    const foreign = await trail('', { token: admin.token, branchId: other.branchId });
    expect(foreign.status).toBe(403);
  });

  it('shows another clinic none of this clinic’s rows', async () => {
    const caller = { token: other.token, branchId: other.branchId };
    const theirs = await trail('', caller);
    expectStatus(theirs, 200);
    expect(theirs.body.data).toEqual({ items: [], total: 0 });
    const asked = await trail(`?patientId=${patientA}`, caller);
    expect(asked.body.data).toEqual({ items: [], total: 0 });
  });

  it('writes no audit row of its own (declared `none`)', async () => {
    const before = (await trail('')).body.data.total;
    await trail(`?patientId=${patientA}`);
    expect((await trail('')).body.data.total).toBe(before);
  });
});

describe('audit_events for the API role (clinic_app, the connection the app uses)', () => {
  it('may insert and select, never update, delete or truncate', async () => {
    const own = <R>(work: Parameters<typeof withTenant<R>>[2]) =>
      withTenant(t.database.db, clinic.tenantId, work);
    const { rows } = await sql<{ privilege: string; granted: boolean }>`
      SELECT p AS privilege, has_table_privilege(current_user, 'audit_events', p) AS granted
        FROM unnest(ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE']) AS p`.execute(
      t.database.db,
    );
    expect(Object.fromEntries(rows.map((row) => [row.privilege, row.granted]))).toEqual({
      SELECT: true,
      INSERT: true,
      UPDATE: false,
      DELETE: false,
      TRUNCATE: false,
    });
    const count = () =>
      own((tx) =>
        tx.db
          .selectFrom('auditEvents')
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow(),
      );
    const before = await count();
    await expect(
      own((tx) => tx.db.updateTable('auditEvents').set({ action: 'read' }).execute()),
    ).rejects.toThrow(/permission denied/);
    await expect(own((tx) => tx.db.deleteFrom('auditEvents').execute())).rejects.toThrow(
      /permission denied/,
    );
    await expect(own((tx) => sql`TRUNCATE audit_events`.execute(tx.db))).rejects.toThrow(
      /permission denied/,
    );
    expect(await count()).toEqual(before);
    expect(before.n).toBeGreaterThan(0);
  });
});
