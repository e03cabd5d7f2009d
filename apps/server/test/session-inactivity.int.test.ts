import {
  BACKGROUND_REQUEST_HEADER,
  DEFAULT_INACTIVITY_MINUTES,
  refusalMessage,
} from '@clinic/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/tenant-db.ts';
import { ACTIVITY_GRAIN_SECONDS, idleLimitSeconds } from '../src/platform/session-activity.ts';
import { hashToken } from '../src/platform/tokens.ts';
import { setupApiTest } from './api-fixture.ts';
import { addUser, expectStatus, newClinic, patientBody, type Clinic } from './helpers.ts';

// Sockets re-check their session every 200 ms here, so an idle one closes within the test.
const { t } = setupApiTest({ clinics: 0, config: { socketSessionCheckMs: 200 } });

/** 15 minutes of time-out, 5 of warning, 1 of write grain: 21 minutes. */
const LIMIT = idleLimitSeconds(DEFAULT_INACTIVITY_MINUTES);
const BACKGROUND = { [BACKGROUND_REQUEST_HEADER]: '1' };

/**
 * The session of `token` as if its last recorded activity were `seconds` ago: the test's
 * clock. Nothing sleeps; the server reads the time since then from the database.
 */
function lastActiveAgo(clinic: Clinic, token: string, seconds: number) {
  return withTenant(t.database.db, clinic.tenantId, (tx) =>
    tx.db
      .updateTable('sessions')
      .set({ lastActiveAt: sql`now() - make_interval(secs => ${seconds})` })
      .where('tokenHash', '=', hashToken(token))
      .execute(),
  );
}

/** `seconds` pass for the session of `token`: its recorded last activity moves back. */
function timePasses(clinic: Clinic, token: string, seconds: number) {
  return withTenant(t.database.db, clinic.tenantId, (tx) =>
    tx.db
      .updateTable('sessions')
      .set({ lastActiveAt: sql`last_active_at - make_interval(secs => ${seconds})` })
      .where('tokenHash', '=', hashToken(token))
      .execute(),
  );
}

/** Seconds since the session's recorded last activity, as stored. */
async function storedInactiveSeconds(clinic: Clinic, token: string): Promise<number> {
  const row = await withTenant(t.database.db, clinic.tenantId, (tx) =>
    tx.db
      .selectFrom('sessions')
      .select(sql<number>`extract(epoch FROM now() - last_active_at)::float8`.as('seconds'))
      .where('tokenHash', '=', hashToken(token))
      .executeTakeFirstOrThrow(),
  );
  return row.seconds;
}

async function clinicWithPatient() {
  const clinic = await newClinic(t);
  const desk = await addUser(t, clinic, 'Front Desk');
  const patient = patientBody();
  const created = await t.call('POST', '/api/v1/patients', {
    token: clinic.token,
    branchId: clinic.branchId,
    body: patient,
  });
  expectStatus(created, 201);
  /** The front desk user reads the patient's profile. */
  const search = (headers: Record<string, string> = {}) =>
    t.call('GET', `/api/v1/patients/${created.body.data.patientId}/profile`, {
      token: desk.token,
      branchId: clinic.branchId,
      headers,
    });
  return { clinic, desk, patient, search };
}

function expectIdle(response: { status: number; body: any }) {
  expect(response.status).toBe(401);
  expect(response.body.error).toEqual({
    code: 'session.idle',
    message: refusalMessage('session.idle'),
  });
}

describe("a session unused past the clinic's time-out and the warning", () => {
  it('reads no patients, whether the call is the user\u2019s or a background one', async () => {
    const { clinic, desk, patient, search } = await clinicWithPatient();
    const before = await search();
    expectStatus(before, 200);
    expect(JSON.stringify(before.body.data)).toContain(patient.nric);

    await lastActiveAgo(clinic, desk.token, LIMIT + 5);
    expectIdle(await search());
    expectIdle(await search(BACKGROUND));
    // The refusal records nothing: it stays idle.
    expectIdle(await search());
  });

  it('is still open just before the limit', async () => {
    const { clinic, desk, search } = await clinicWithPatient();
    await lastActiveAgo(clinic, desk.token, LIMIT - 30);
    expectStatus(await search(), 200);
  });

  it("follows the clinic's own time-out", async () => {
    const { clinic, desk, search } = await clinicWithPatient();
    await withTenant(t.database.db, clinic.tenantId, (tx) =>
      tx.db
        .updateTable('tenants')
        .set({ inactivityTimeoutMinutes: 30 })
        .where('id', '=', clinic.tenantId)
        .execute(),
    );
    await lastActiveAgo(clinic, desk.token, LIMIT + 5);
    expectStatus(await search(), 200);
    await lastActiveAgo(clinic, desk.token, idleLimitSeconds(30) + 5);
    expectIdle(await search());
  });

  it('leaves the clinic\u2019s other sessions alone', async () => {
    const { clinic, desk, search } = await clinicWithPatient();
    await lastActiveAgo(clinic, desk.token, LIMIT + 5);
    expectIdle(await search());
    expectStatus(
      await t.call('GET', '/api/v1/timeout', { token: clinic.token, branchId: clinic.branchId }),
      200,
    );
  });
});

describe('what counts as activity', () => {
  it('a background call does not extend the session: a minute later it has ended', async () => {
    const { clinic, desk, search } = await clinicWithPatient();
    await lastActiveAgo(clinic, desk.token, LIMIT - 30);
    expectStatus(await search(BACKGROUND), 200);
    expect(await storedInactiveSeconds(clinic, desk.token)).toBeGreaterThan(LIMIT - 30);

    await timePasses(clinic, desk.token, 60);
    expectIdle(await search(BACKGROUND));
  });

  it('a call the user made does: a minute later the session is open', async () => {
    const { clinic, desk, search } = await clinicWithPatient();
    await lastActiveAgo(clinic, desk.token, LIMIT - 30);
    expectStatus(await search(), 200);
    expect(await storedInactiveSeconds(clinic, desk.token)).toBeLessThan(5);

    await timePasses(clinic, desk.token, 60);
    expectStatus(await search(BACKGROUND), 200);
  });

  it(`is written at most once per ${ACTIVITY_GRAIN_SECONDS} s`, async () => {
    const { clinic, desk, search } = await clinicWithPatient();
    await lastActiveAgo(clinic, desk.token, ACTIVITY_GRAIN_SECONDS - 10);
    expectStatus(await search(), 200);
    // Recent enough: not written again.
    expect(await storedInactiveSeconds(clinic, desk.token)).toBeGreaterThanOrEqual(
      ACTIVITY_GRAIN_SECONDS - 10,
    );
    await lastActiveAgo(clinic, desk.token, ACTIVITY_GRAIN_SECONDS + 1);
    expectStatus(await search(), 200);
    expect(await storedInactiveSeconds(clinic, desk.token)).toBeLessThan(5);
  });
});

describe('the sockets of an idle session', () => {
  it('close with 4401 at their session check', async () => {
    const { clinic, desk } = await clinicWithPatient();
    const address = t.app.server.listening
      ? `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`
      : await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = new WebSocket(
      `${address.replace('http', 'ws')}/api/v1/notifications/ws?branchId=${clinic.branchId}&token=${desk.token}`,
    );
    await new Promise((resolve, reject) => {
      socket.addEventListener('open', resolve, { once: true });
      socket.addEventListener('error', reject, { once: true });
    });
    const closed = new Promise<number>((resolve) =>
      socket.addEventListener('close', (event) => resolve(event.code), { once: true }),
    );
    await lastActiveAgo(clinic, desk.token, LIMIT + 5);
    expect(await closed).toBe(4401);
  });
});
