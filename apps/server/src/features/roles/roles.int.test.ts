import { SYSTEM_ROLES, SYSTEM_ROLE_NAMES, refusalMessage, type SessionInfo } from '@clinic/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import {
  addBranch,
  addUser,
  createRole,
  expectStatus,
  giveBranch,
  patientBody,
  roleIdOf,
  setRole,
  signIn,
  todayStart,
} from '../../../test/helpers.ts';
import { withTenant } from '../../db/tenant-db.ts';
import { principalOfToken } from '../../platform/directory.ts';
import { hashToken } from '../../platform/tokens.ts';

const {
  t,
  clinics: [a, b],
  users,
} = setupApiTest({ clinics: 2, users: { doctor: { type: '50' } } });

const sorted = (permissions: readonly string[]) => [...permissions].sort();

function expectRefusedByRole(response: { status: number; body: any }) {
  expect(response.status, JSON.stringify(response.body)).toBe(403);
  expect(response.body).toEqual({
    error: { code: 'access.roleRefusal', message: refusalMessage('access.roleRefusal') },
  });
}

async function enqueue(caller: { token: string; branchId: string }) {
  const patient = await t.call('POST', '/api/v1/patients', { ...caller, body: patientBody() });
  expectStatus(patient, 201);
  return t.call('POST', '/api/v1/queue', {
    ...caller,
    body: {
      patientId: patient.body.data.patientId,
      doctorId: users.doctor.id,
      visitPurposes: ['Consultation'],
    },
  });
}

describe('seeded roles', () => {
  it('every clinic has the system roles, and sees only its own', async () => {
    for (const clinic of [a, b]) {
      const roles = await withTenant(t.database.db, clinic.tenantId, (tx) =>
        tx.db.selectFrom('roles').select(['tenantId', 'name', 'system', 'permissions']).execute(),
      );
      expect(roles.map((role) => role.name).sort()).toEqual([...SYSTEM_ROLE_NAMES].sort());
      expect(roles.every((role) => role.system && role.tenantId === clinic.tenantId)).toBe(true);
      for (const role of roles)
        expect(sorted(role.permissions)).toEqual(
          sorted(SYSTEM_ROLES[role.name as keyof typeof SYSTEM_ROLES]),
        );
    }
  });
});

describe('a nurse', () => {
  it('registers and queues patients but does not set up the board or the settings', async () => {
    const nurse = await addUser(t, a, 'Nurse');
    const caller = { token: nurse.token, branchId: a.branchId };
    expectStatus(await enqueue(caller), 201);
    expectStatus(await t.call('GET', `/api/v1/queue?visitDate=${todayStart()}`, caller), 200);
    expectStatus(await t.call('GET', '/api/v1/queue/display/identity', caller), 200);
    expectRefusedByRole(await t.call('GET', '/api/v1/queue/display-links', caller));
    expectRefusedByRole(
      await t.call('POST', '/api/v1/queue/display-links', { ...caller, body: { name: 'TV' } }),
    );
    expectRefusedByRole(
      await t.call('PUT', `/api/v1/queue/doctor-rooms/${users.doctor.id}`, {
        ...caller,
        body: { roomName: 'Room 9', areaID: null },
      }),
    );
    expectRefusedByRole(await t.call('GET', '/api/v1/settings/lists/roomService', caller));
  });
});

describe('the front desk', () => {
  it('is refused the settings lists and the diagnoses', async () => {
    const desk = await addUser(t, a, 'Front Desk');
    const caller = { token: desk.token, branchId: a.branchId };
    expectRefusedByRole(await t.call('GET', '/api/v1/settings/lists/roomService', caller));
    expectRefusedByRole(
      await t.call('POST', '/api/v1/settings/lists/roomService', {
        ...caller,
        body: { name: 'Room X', code: 'RX' },
      }),
    );
    expectRefusedByRole(
      await t.call('GET', '/api/v1/diagnosis?visitId=00000000-0000-4000-8000-000000000000', caller),
    );
    // The administrator may.
    expectStatus(
      await t.call('GET', '/api/v1/settings/lists/roomService', {
        token: a.token,
        branchId: a.branchId,
      }),
      200,
    );
  });
});

describe('changing a role', () => {
  it('takes effect on the very next request of the same session', async () => {
    const desk = await addUser(t, a, 'Front Desk');
    const caller = { token: desk.token, branchId: a.branchId };
    const queue = `/api/v1/queue?visitDate=${todayStart()}`;
    expectStatus(await t.call('GET', queue, caller), 200);

    await setRole(t, a, desk.id, a.branchId, await createRole(t, a, 'Suspended'));
    expectRefusedByRole(await t.call('GET', queue, caller));

    await setRole(t, a, desk.id, a.branchId, await roleIdOf(t, a, 'Administrator'));
    expectStatus(await t.call('GET', '/api/v1/settings/lists/roomService', caller), 200);
    const current = await t.call('GET', '/api/v1/branches/current', caller);
    expect(current.body.data.role.name).toBe('Administrator');

    await setRole(t, a, desk.id, a.branchId, await roleIdOf(t, a, 'Front desk'));
    expectRefusedByRole(await t.call('GET', '/api/v1/settings/lists/roomService', caller));

    // A changed role's permissions apply at once too.
    const custom = await createRole(t, a, 'Queue reader', ['queue:read']);
    await setRole(t, a, desk.id, a.branchId, custom);
    expectStatus(await t.call('GET', queue, caller), 200);
    await withTenant(t.database.db, a.tenantId, (tx) =>
      tx.db.updateTable('roles').set({ permissions: [] }).where('id', '=', custom).execute(),
    );
    expectRefusedByRole(await t.call('GET', queue, caller));
  });
});

describe('roles per branch', () => {
  let east: string;
  let user: { id: string; token: string; username: string };
  beforeAll(async () => {
    east = await addBranch(t, a, 'EASTR');
    user = await addUser(t, a, 'Front Desk', {
      branchIds: [a.branchId, east],
      roleIds: [await roleIdOf(t, a, 'Front desk'), await roleIdOf(t, a, 'Doctor')],
    });
  });

  it('front desk in one branch and doctor in another: each branch its own permissions', async () => {
    const inMain = { token: user.token, branchId: a.branchId };
    const inEast = { token: user.token, branchId: east };
    // Front desk adds to the queue; a doctor does not.
    expectStatus(await enqueue(inMain), 201);
    expectRefusedByRole(
      await t.call('POST', '/api/v1/queue', {
        ...inEast,
        body: {
          patientId: users.doctor.id,
          doctorId: users.doctor.id,
          visitPurposes: ['Consultation'],
        },
      }),
    );
    // A doctor reads diagnoses; front desk does not.
    const diagnosis = '/api/v1/diagnosis?visitId=00000000-0000-4000-8000-000000000000';
    expectRefusedByRole(await t.call('GET', diagnosis, inMain));
    expect((await t.call('GET', diagnosis, inEast)).status).not.toBe(403);
  });

  it('the sign-in answer lists the role and permissions of each branch', async () => {
    const session: SessionInfo = await signIn(t, user.username, 'Staff-password-42');
    const byCode = Object.fromEntries(session.branches.map((branch) => [branch.code, branch]));
    expect(byCode.MAIN).toMatchObject({
      id: a.branchId,
      role: { name: 'Front desk' },
      permissions: sorted(SYSTEM_ROLES['Front desk']),
    });
    expect(byCode.EASTR).toMatchObject({
      id: east,
      role: { name: 'Doctor' },
      permissions: sorted(SYSTEM_ROLES.Doctor),
    });
    const current = await t.call('GET', '/api/v1/branches/current', {
      token: session.token,
      branchId: east,
    });
    expect(current.body.data).toMatchObject({
      role: { id: await roleIdOf(t, a, 'Doctor'), name: 'Doctor' },
      permissions: sorted(SYSTEM_ROLES.Doctor),
    });
  });

  it('without a branch, the principal holds the union of its branches’ roles', async () => {
    const union = await principalOfToken(t.database.db, hashToken(user.token));
    expect(sorted([...union!.permissions])).toEqual(
      sorted([...new Set([...SYSTEM_ROLES['Front desk'], ...SYSTEM_ROLES.Doctor])]),
    );
    const inEast = await principalOfToken(t.database.db, hashToken(user.token), east);
    expect(sorted([...inEast!.permissions])).toEqual(sorted(SYSTEM_ROLES.Doctor));
    // A branch the user does not have gives no permissions at all.
    const elsewhere = await principalOfToken(t.database.db, hashToken(user.token), b.branchId);
    expect(elsewhere!.permissions.size).toBe(0);
  });
});

describe('tenant isolation of roles', () => {
  it("one clinic's role can be neither given nor switched to in another clinic", async () => {
    const foreign = await roleIdOf(t, b, 'Administrator');
    const desk = await addUser(t, a, 'Front Desk');
    const second = await addBranch(t, a, 'ISO');
    await expect(giveBranch(t, a, desk.id, second, foreign)).rejects.toThrow(/foreign key/);
    await expect(setRole(t, a, desk.id, a.branchId, foreign)).rejects.toThrow(/foreign key/);
    // Clinic A does not even see B's role.
    await expect(roleIdOf(t, a, 'Administrator')).resolves.not.toBe(foreign);
    const seen = await withTenant(t.database.db, a.tenantId, (tx) =>
      tx.db.selectFrom('roles').select('id').where('id', '=', foreign).execute(),
    );
    expect(seen).toEqual([]);
    // And nothing changed: the desk still works as front desk.
    expectStatus(
      await t.call('GET', `/api/v1/queue?visitDate=${todayStart()}`, {
        token: desk.token,
        branchId: a.branchId,
      }),
      200,
    );
  });
});
