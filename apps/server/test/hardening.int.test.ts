import { refusalMessage } from '@clinic/domain';
import { describe, expect, it } from 'vitest';
import { setupApiTest } from './api-fixture.ts';
import {
  SOCKETS_PER_SESSION,
  TOO_MANY_SOCKETS_CLOSE,
} from '../src/features/notifications/notifications.routes.ts';
import { ACTIVATIONS_PER_ADDRESS } from '../src/features/accounts/registration.service.ts';
import { DEVICE_MAILS_PER_USER } from '../src/features/accounts/session.service.ts';
import { TRIAL_PATIENTS_PER_DAY } from '../src/features/patients/patients.service.ts';
import pg from 'pg';
import { inject } from 'vitest';
import { withTenant } from '../src/db/tenant-db.ts';
import {
  addUser,
  expectStatus,
  newClinic,
  patientBody,
  randomAddress,
  registrationBody,
  startTestApp,
} from './helpers.ts';

const { t } = setupApiTest({ clinics: 0 });

const nested = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

describe('answers with patient data', () => {
  it('are never stored by a browser or proxy, and carry HSTS only over HTTPS', async () => {
    const overHttp = await t.call('GET', '/api/v1/tenants/countries/option');
    expect(overHttp.headers['cache-control']).toBe('no-store');
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    const refused = await t.call('GET', '/api/v1/patients/option?keyword=tan');
    expect(refused.status).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('send HSTS when a trusted proxy says the request came over HTTPS', async () => {
    const proxied = await startTestApp({ trustProxy: 1 });
    try {
      const response = await proxied.call('GET', '/api/v1/tenants/countries/option', {
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
      });
      expect(response.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
    } finally {
      await proxied.close();
    }
  });
});

describe('input the server will not walk', () => {
  it('refuses a body nested 3,000 levels deep with 400 naming the body, on a public route', async () => {
    const response = await t.call('POST', '/api/v1/sign-in', {
      rawBody: `{"username":"a","password":"b","timezone":480,"deep":${nested(3000)}}`,
    });
    expect(response.status).toBe(400);
    expect(response.body.error.errors).toEqual([
      { field: 'body', message: refusalMessage('request.tooDeep'), code: 'request.tooDeep' },
    ]);
  });

  it('still answers an ordinary bad field by its name', async () => {
    const response = await t.call('POST', '/api/v1/sign-in', {
      rawBody: `{"username":"a","password":"b","timezone":480,"deep":${nested(5)}}`,
    });
    expect(response.status).toBe(400);
    expect(response.body.error.errors[0].field).toBe('deep');
  });
});

describe('sign-up', () => {
  it('slows down one address trying activation codes of any clinic', async () => {
    const subdomains: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const body = registrationBody();
      const registered = await t.call('POST', '/api/v1/tenants', {
        body,
        remoteAddress: randomAddress(),
      });
      expectStatus(registered, 201);
      subdomains.push(body.subdomain);
    }
    const attacker = randomAddress();
    const guess = (subdomain: string, remoteAddress: string) =>
      t.call('PUT', `/api/v1/tenants/${subdomain}/confirm`, {
        body: { activeCode: '00000000' },
        remoteAddress,
      });
    for (let i = 0; i < ACTIVATIONS_PER_ADDRESS.limit; i += 1) {
      expect((await guess(subdomains[i % 3]!, attacker)).status).toBe(400);
    }
    const slowed = await guess(subdomains[2]!, attacker);
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
    expect((await guess(subdomains[2]!, randomAddress())).status).toBe(400);
  });

  it("refuses the product's own addresses as a clinic's subdomain, as if taken", async () => {
    for (const subdomain of ['console', 'Login', 'support']) {
      const response = await t.call('POST', '/api/v1/tenants', {
        body: registrationBody({ subdomain }),
      });
      expect(response.status).toBe(400);
      expect(response.body.error.errors).toEqual([
        {
          field: 'subdomain',
          message: 'This subdomain is already taken. Please choose another one.',
          code: 'tenant.message.subdomainTaken',
        },
      ]);
    }
  });
});

describe('sockets of one session', () => {
  it(`are ${SOCKETS_PER_SESSION} at most; one more is closed at once, and a closed one frees its place`, async () => {
    const clinic = await newClinic(t);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address.replace('http', 'ws')}/api/v1/notifications/ws?branchId=${clinic.branchId}&token=${clinic.token}`;
    const open = () =>
      new Promise<WebSocket>((resolve, reject) => {
        const socket = new WebSocket(url);
        socket.addEventListener('open', () => resolve(socket), { once: true });
        socket.addEventListener('error', () => reject(new Error('refused')), { once: true });
      });
    const closeCode = (socket: WebSocket) =>
      new Promise<number>((resolve) =>
        socket.addEventListener('close', (event) => resolve(event.code), { once: true }),
      );
    const allowed = await Promise.all(Array.from({ length: SOCKETS_PER_SESSION }, open));
    const extra = await open();
    expect(await closeCode(extra)).toBe(TOO_MANY_SOCKETS_CLOSE);
    const first = allowed[0]!;
    const firstClosed = closeCode(first);
    first.close();
    await firstClosed;
    const again = await open();
    const stillOpen = await Promise.race([
      closeCode(again).then(() => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 300)),
    ]);
    expect(stillOpen).toBe(true);
    for (const socket of [...allowed.slice(1), again]) socket.close();
  });
});

describe('device authorization mails', () => {
  it(`are ${DEVICE_MAILS_PER_USER.limit} an hour per user at most, whatever devices sign in`, async () => {
    const clinic = await newClinic(t);
    await withTenant(t.database.db, clinic.tenantId, (tx) =>
      tx.db.updateTable('tenants').set({ requireDeviceAuthorization: true }).execute(),
    );
    const fromDevice = (whiteList: string) =>
      t.call('POST', '/api/v1/sign-in', {
        body: { username: clinic.email, password: clinic.password, timezone: 480, whiteList },
        remoteAddress: randomAddress(),
      });
    for (let i = 0; i < DEVICE_MAILS_PER_USER.limit; i += 1) {
      expect((await fromDevice(`device-${i}`)).status).toBe(403);
    }
    const flooding = await fromDevice('device-one-too-many');
    expect(flooding.status).toBe(429);
    const queued = await withTenant(t.database.db, clinic.tenantId, (tx) =>
      tx.db
        .selectFrom('mailOutbox')
        .select('id')
        .where('toAddress', '=', clinic.email)
        .where('subject', '=', 'Authorize a new device')
        .execute(),
    );
    expect(queued).toHaveLength(DEVICE_MAILS_PER_USER.limit);
  });
});

describe("a session's end reaches its open sockets at once", () => {
  // `t` re-checks its sockets only once a minute: closing within seconds proves the notice.
  const closeCodeOf = (socket: WebSocket) =>
    new Promise<number>((resolve) =>
      socket.addEventListener('close', (event) => resolve(event.code), { once: true }),
    );
  async function openSocket(token: string, branchId: string): Promise<WebSocket> {
    const address = t.app.server.listening
      ? `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`
      : await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = new WebSocket(
      `${address.replace('http', 'ws')}/api/v1/notifications/ws?branchId=${branchId}&token=${token}`,
    );
    await new Promise((resolve, reject) => {
      socket.addEventListener('open', resolve, { once: true });
      socket.addEventListener('error', reject, { once: true });
    });
    return socket;
  }
  const within = <T>(promise: Promise<T>, ms = 5000) =>
    Promise.race([
      promise,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('still open')), ms)),
    ]);

  it('on sign-out', async () => {
    const clinic = await newClinic(t);
    const user = await addUser(t, clinic, 'Front Desk');
    const socket = await openSocket(user.token, clinic.branchId);
    const closed = closeCodeOf(socket);
    expectStatus(await t.call('POST', '/api/v1/sign-out', { token: user.token }), 200);
    expect(await within(closed)).toBe(4401);
  });

  it('when the user is disabled, whose old tokens stay dead once enabled again', async () => {
    const clinic = await newClinic(t);
    const user = await addUser(t, clinic, 'Front Desk');
    const socket = await openSocket(user.token, clinic.branchId);
    const closed = closeCodeOf(socket);
    const setActive = (isActive: boolean) =>
      withTenant(t.database.db, clinic.tenantId, (tx) =>
        tx.db.updateTable('users').set({ isActive }).where('id', '=', user.id).execute(),
      );
    await setActive(false);
    expect(await within(closed)).toBe(4401);
    await setActive(true);
    const again = await t.call('GET', '/api/v1/branches/current', {
      token: user.token,
      branchId: clinic.branchId,
    });
    expect(again.status).toBe(401);
  });

  it('when the user loses the branch', async () => {
    const clinic = await newClinic(t);
    const user = await addUser(t, clinic, 'Nurse');
    const socket = await openSocket(user.token, clinic.branchId);
    const closed = closeCodeOf(socket);
    await withTenant(t.database.db, clinic.tenantId, (tx) =>
      tx.db.deleteFrom('userBranches').where('userId', '=', user.id).execute(),
    );
    expect(await within(closed)).toBe(4401);
  });
});

describe.runIf(inject('databaseUrl') !== 'pglite')('a clinic on trial', () => {
  it(`registers at most ${TRIAL_PATIENTS_PER_DAY} patients a day; a paying clinic is not held`, async () => {
    const clinic = await newClinic(t);
    const desk = { token: clinic.token, branchId: clinic.branchId };
    const first = await t.call('POST', '/api/v1/patients', { ...desk, body: patientBody() });
    expectStatus(first, 201);
    // The rest of the day's patients, copied from the first by the database owner.
    const owner = new pg.Client({ connectionString: inject('databaseUrl') });
    await owner.connect();
    try {
      await owner.query(
        `INSERT INTO patients
         SELECT (jsonb_populate_record(null::patients, to_jsonb(p) || jsonb_build_object(
                   'id', gen_random_uuid(), 'card_no', 'T' || n, 'nric', 'T' || n))).*
           FROM patients p, generate_series(2, $2) AS n
          WHERE p.id = $1`,
        [first.body.data.patientId, TRIAL_PATIENTS_PER_DAY],
      );
      const refused = await t.call('POST', '/api/v1/patients', { ...desk, body: patientBody() });
      expect(refused.status).toBe(429);
      expect(refused.body.error.message).toContain(`${TRIAL_PATIENTS_PER_DAY} patients a day`);
      await owner.query(`UPDATE tenants SET status = 'active' WHERE id = $1`, [clinic.tenantId]);
      expectStatus(await t.call('POST', '/api/v1/patients', { ...desk, body: patientBody() }), 201);
    } finally {
      await owner.end();
    }
  });
});
