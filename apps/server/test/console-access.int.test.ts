import { refusalMessage } from '@clinic/domain';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_IN, installAccessGuard } from '../src/platform/access.ts';
import { installErrorHandling } from '../src/platform/error-handler.ts';
import { setupApiTest } from './api-fixture.ts';
import { addUser, type TestUser } from './helpers.ts';

/**
 * The console is for tenant administrators and the catalog user (doc 1, doc 3; security
 * issue 21: a front-desk user signed in at `/login` and saw every console section).
 */
const { t, clinic } = setupApiTest();
const PASSWORD = 'Staff-password-42';
let desk: TestUser;
let nurse: TestUser;
let catalog: TestUser;
let admin: TestUser;

beforeAll(async () => {
  desk = await addUser(t, clinic, 'Front Desk');
  nurse = await addUser(t, clinic, 'Nurse');
  catalog = await addUser(t, clinic, 'Tenant Catalog');
  admin = await addUser(t, clinic, 'Administrator');
});

const signIn = (user: TestUser, console?: boolean) =>
  t.call('POST', '/api/v1/sign-in', {
    body: {
      username: user.username,
      password: PASSWORD,
      ...(console === undefined ? {} : { console }),
    },
  });

describe('the console sign-in', () => {
  it('refuses staff who are not administrators, with a code and a sentence saying where to go', async () => {
    for (const user of [desk, nurse]) {
      const refused = await signIn(user, true);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        error: {
          code: 'session.consoleRefused',
          message: refusalMessage('session.consoleRefused'),
        },
      });
    }
  });

  it('lets administrators and the catalog user in', async () => {
    for (const user of [admin, catalog]) expect((await signIn(user, true)).status).toBe(200);
  });

  it('refuses only after the right password: a wrong one is the usual wrong-credentials answer', async () => {
    const wrong = await t.call('POST', '/api/v1/sign-in', {
      body: { username: desk.username, password: 'Not-the-password-9', console: true },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('session.invalidCredentials');
  });

  it('still lets the same staff sign in at the staff sign-in', async () => {
    expect((await signIn(desk)).status).toBe(200);
    expect((await signIn(desk, false)).status).toBe(200);
  });
});

describe('console routes', () => {
  // A console route as the console's features will declare it, behind the real guard.
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    installErrorHandling(app);
    installAccessGuard(app, t.database.db, async () => {}); // activity: not what this probes
    app.get(
      '/api/v1/console-probe',
      {
        config: {
          access: { module: null, branch: 'optional', permission: SIGNED_IN, console: true },
        },
      },
      () => ({ data: 'ok' }),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const call = (user: TestUser) =>
    app.inject({
      method: 'GET',
      url: '/api/v1/console-probe',
      headers: { authorization: `Bearer ${user.token}` },
    });

  it('refuse staff sessions, whatever page they signed in at', async () => {
    for (const user of [desk, nurse]) {
      const refused = await call(user);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        error: { code: 'access.consoleOnly', message: refusalMessage('access.consoleOnly') },
      });
    }
  });

  it('answer administrators and the catalog user', async () => {
    for (const user of [admin, catalog]) expect((await call(user)).statusCode).toBe(200);
  });

  it('cannot be registered for a tenant module without declaring console', async () => {
    const other = Fastify({ logger: false });
    installAccessGuard(other, t.database.db, async () => {});
    expect(() =>
      other.get(
        '/api/v1/branches-admin',
        {
          config: {
            access: { module: 'tenant.branches', branch: 'optional', permission: 'branches:read' },
          },
        },
        () => ({}),
      ),
    ).toThrow(/declares no console: true/);
    await other.close();
  });
});
