import { SINGPASS_UNAVAILABLE } from '@clinic/domain';
import { describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import { withTenant } from '../../db/tenant-db.ts';
import { FAILURES_PER_ACCOUNT } from './sign-in-limits.ts';
import {
  expectStatus,
  newClinic,
  randomAddress,
  readActivationCode,
  readTemporaryPassword,
  registrationBody,
  signIn,
  todayStart,
  type Clinic,
} from '../../../test/helpers.ts';

const { t, clinic } = setupApiTest();

const INVALID = 'Incorrect username or password.';

describe('sign-in', () => {
  it('gives the same message for a wrong username and a wrong password', async () => {
    const wrongUser = await t.call('POST', '/api/v1/sign-in', {
      body: { username: 'nobody@example.com', password: clinic.password },
    });
    const wrongPassword = await t.call('POST', '/api/v1/sign-in', {
      body: { username: clinic.email, password: 'Wrong-password-1' },
    });
    for (const response of [wrongUser, wrongPassword]) {
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual({ code: 'session.invalidCredentials', message: INVALID });
    }
  });

  it('takes the username in any case and answers the whole session', async () => {
    const session = await signIn(t, clinic.email.toUpperCase(), clinic.password);
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.expiresAt).toBeGreaterThan(Date.now() / 1000 + 11 * 3600);
    expect(session.user.type).toBe('Administrator');
    expect(session.hciCode).toBeNull();
    expect(session.branches).toHaveLength(1);
  });

  it('needs username and password, naming each', async () => {
    const response = await t.call('POST', '/api/v1/sign-in', {
      body: { username: '  ', timezone: 'x' },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.errors).toEqual([
      { field: 'username', message: 'Please enter your username.', code: 'field.invalid' },
      { field: 'password', message: 'Please enter your password.', code: 'field.invalid' },
      {
        field: 'timezone',
        message: 'timezone must be whole minutes from UTC',
        code: 'field.invalid',
      },
    ]);
  });

  it('refuses a disabled user and a clinic whose trial ended, once the password is right', async () => {
    const other = await newClinic(t);
    await withTenant(t.database.db, other.tenantId, (tx) =>
      tx.db
        .updateTable('tenants')
        .set({ trialEndsAt: new Date(Date.now() - 1000) })
        .execute(),
    );
    const ended = await t.call('POST', '/api/v1/sign-in', {
      body: { username: other.email, password: other.password },
    });
    expect(ended.status).toBe(403);
    expect(ended.body.error.message).toBe(
      'The trial of this clinic has ended. Please contact us to continue.',
    );
    await withTenant(t.database.db, other.tenantId, async (tx) => {
      await tx.db.updateTable('tenants').set({ status: 'active' }).execute();
      await tx.db.updateTable('users').set({ isActive: false }).execute();
    });
    const disabled = await t.call('POST', '/api/v1/sign-in', {
      body: { username: other.email, password: other.password },
    });
    expect(disabled.status).toBe(403);
    expect(disabled.body.error.message).toBe(
      'This account is disabled. Please contact your clinic administrator.',
    );
    // A disabled user's existing sessions stop working too.
    expect((await t.call('GET', '/api/v1/timeout', { token: other.token })).status).toBe(401);
  });
});

describe('a signed-in session', () => {
  it('counts concurrent failures exactly: of 12 parallel wrong passwords only 3 are tried, then it slows', async () => {
    const target = await newClinic(t);
    const attempts = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.call('POST', '/api/v1/sign-in', {
          body: { username: target.email, password: `Wrong-password-${i}` },
          remoteAddress: randomAddress(),
        }),
      ),
    );
    const statuses = attempts.map((a) => a.status).sort();
    const tried = FAILURES_PER_ACCOUNT.slowDown!.after;
    expect(statuses.filter((s) => s === 400)).toHaveLength(tried);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - tried);
  });

  it('stops working when the trial of the clinic ends', async () => {
    const other = await newClinic(t);
    expectStatus(await t.call('GET', '/api/v1/timeout', { token: other.token }), 200);
    await withTenant(t.database.db, other.tenantId, (tx) =>
      tx.db
        .updateTable('tenants')
        .set({ trialEndsAt: new Date(Date.now() - 1000) })
        .execute(),
    );
    expect((await t.call('GET', '/api/v1/timeout', { token: other.token })).status).toBe(401);
  });

  it('with a temporary password may only change it, time out or sign out', async () => {
    const body = registrationBody();
    expectStatus(
      await t.call('POST', '/api/v1/tenants', { body, remoteAddress: randomAddress() }),
      201,
    );
    const code = await readActivationCode(t, body.email);
    expectStatus(
      await t.call('PUT', `/api/v1/tenants/${body.subdomain}/confirm`, {
        body: { activeCode: code },
      }),
      200,
    );
    const temporary = await readTemporaryPassword(t, body.email);
    const first = await signIn(t, body.email, temporary);
    expect(first.user.mustChangePassword).toBe(true);
    const branchId = first.branches[0]!.id;
    const queue = await t.call('GET', `/api/v1/queue?visitDate=${todayStart()}`, {
      token: first.token,
      branchId,
    });
    expect(queue.status).toBe(403);
    expect(queue.body.error.message).toBe('Please change your temporary password first.');
    expectStatus(await t.call('GET', '/api/v1/timeout', { token: first.token }), 200);
    expectStatus(
      await t.call('GET', '/api/v1/branches/current', { token: first.token, branchId }),
      200,
    );
    expectStatus(
      await t.call('PUT', '/api/v1/accounts/password', {
        token: first.token,
        body: { currentPassword: temporary, newPassword: 'Chosen-at-last-42' },
      }),
      200,
    );
    expectStatus(
      await t.call('GET', `/api/v1/queue?visitDate=${todayStart()}`, {
        token: first.token,
        branchId,
      }),
      200,
    );
  });

  it('cannot start through Singpass, which this server does not offer', async () => {
    const calls = [
      ['/api/v1/sp-state', { redirectUri: 'https://clinic.example/callback' }],
      ['/api/v1/sp-sign-in', { code: 'from-the-provider' }],
    ] as const;
    for (const [path, body] of calls) {
      const response = await t.call('POST', path, { body });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe(SINGPASS_UNAVAILABLE);
    }
  });
});

describe('sign-out', () => {
  it('revokes the token: later calls get 401', async () => {
    const session = await signIn(t, clinic.email, clinic.password);
    expectStatus(await t.call('GET', '/api/v1/timeout', { token: session.token }), 200);
    const out = await t.call('POST', '/api/v1/sign-out', { token: session.token });
    expectStatus(out, 200);
    expect(out.body).toEqual({ data: true });
    const after = await t.call('GET', '/api/v1/timeout', { token: session.token });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('session.ended');
    expect((await t.call('POST', '/api/v1/sign-out', { token: session.token })).status).toBe(401);
  });

  it('answers 401 without a token or with a made-up one', async () => {
    expect((await t.call('POST', '/api/v1/sign-out')).status).toBe(401);
    expect((await t.call('GET', '/api/v1/timeout', { token: 'made-up' })).status).toBe(401);
    expect(
      (await t.call('GET', '/api/v1/timeout', { headers: { authorization: 'Basic abc' } })).status,
    ).toBe(401);
  });

  it('treats an expired session as signed out', async () => {
    const session = await signIn(t, clinic.email, clinic.password);
    await withTenant(t.database.db, clinic.tenantId, (tx) =>
      tx.db
        .updateTable('sessions')
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where('revokedAt', 'is', null)
        .execute(),
    );
    expect((await t.call('GET', '/api/v1/timeout', { token: session.token })).status).toBe(401);
    Object.assign(clinic, await freshSession(clinic));
  });
});

async function freshSession(c: Clinic) {
  const session = await signIn(t, c.email, c.password);
  return { session, token: session.token };
}

describe('password change', () => {
  it('checks the current password and the strength of the new one', async () => {
    const change = (body: unknown) =>
      t.call('PUT', '/api/v1/accounts/password', { token: clinic.token, body });
    const wrong = await change({
      currentPassword: 'Not-my-password-1',
      newPassword: 'Another-good-one-7',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.errors).toEqual([
      {
        field: 'currentPassword',
        message: 'The current password is not correct.',
        code: 'password.currentWrong',
      },
    ]);
    const weak = await change({ currentPassword: clinic.password, newPassword: 'short' });
    expect(weak.body.error.errors).toEqual([
      {
        field: 'newPassword',
        message: 'The password must be at least 10 characters.',
        code: 'password.tooShort',
      },
    ]);
    const same = await change({ currentPassword: clinic.password, newPassword: clinic.password });
    expect(same.body.error.errors).toEqual([
      {
        field: 'newPassword',
        message: 'The new password must be different from the current one.',
        code: 'password.unchanged',
      },
    ]);
    const missing = await change({});
    expect(missing.body.error.errors.map((e: { field: string }) => e.field)).toEqual([
      'currentPassword',
      'newPassword',
    ]);
  });

  it('signs out the other sessions of the user, keeping this one', async () => {
    const other = await signIn(t, clinic.email, clinic.password);
    const changed = await t.call('PUT', '/api/v1/accounts/password', {
      token: clinic.token,
      body: { currentPassword: clinic.password, newPassword: 'Brand-new-pass-77' },
    });
    expectStatus(changed, 200);
    Object.assign(clinic, { password: 'Brand-new-pass-77' });
    expect((await t.call('GET', '/api/v1/timeout', { token: other.token })).status).toBe(401);
    expectStatus(await t.call('GET', '/api/v1/timeout', { token: clinic.token }), 200);
  });
});

describe('timeout', () => {
  it('answers the inactivity minutes and the clinic facts', async () => {
    await withTenant(t.database.db, clinic.tenantId, (tx) =>
      tx.db.updateTable('branches').set({ licenceNumber: 'MC-777' }).execute(),
    );
    const response = await t.call('GET', '/api/v1/timeout', {
      token: clinic.token,
      branchId: clinic.branchId,
    });
    expectStatus(response, 200);
    expect(response.body.data).toEqual({
      timeout: 15,
      clinicName: `Clinic ${clinic.subdomain}`,
      clinicType: 'GP Clinic',
      clinicServiceLicenseNumber: 'MC-777',
    });
  });
});
