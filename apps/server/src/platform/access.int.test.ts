import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApiTest } from '../../test/api-fixture.ts';
import { withTenant } from '../db/tenant-db.ts';

import { installAccessGuard } from './access.ts';
import { installErrorHandling } from './error-handler.ts';

const { t, clinic } = setupApiTest();
let guarded: FastifyInstance;
beforeAll(async () => {
  // A small app with the real guard and one route per kind of rule, on the real database.
  guarded = Fastify();
  installErrorHandling(guarded);
  installAccessGuard(guarded, t.database.db, async () => {});
  guarded.get(
    '/api/v1/queue-like',
    {
      config: { access: { module: 'clinic.queue', branch: 'required', permission: 'queue:read' } },
    },
    (request) => ({
      data: { branchId: request.branchId },
    }),
  );
  guarded.get(
    '/api/v1/dashboard-like',
    {
      config: {
        access: { module: 'clinic.dashboard', branch: 'optional', permission: 'dashboard:read' },
      },
    },
    () => ({
      data: true,
    }),
  );
  await guarded.ready();
});
afterAll(() => guarded.close());

const call = (url: string, headers: Record<string, string>) =>
  guarded.inject({ method: 'GET', url, headers });

describe('access guard', () => {
  it('lets a signed-in user of a branch call a route of a bought module', async () => {
    const response = await call('/api/v1/queue-like', {
      authorization: `Bearer ${clinic.token}`,
      branchid: clinic.branchId,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { branchId: clinic.branchId } });
  });

  it('answers 403 with a clear message when the module is not bought', async () => {
    await withTenant(t.database.db, clinic.tenantId, (tx) =>
      tx.db.deleteFrom('tenantModules').where('module', '=', 'clinic.dashboard').execute(),
    );
    const response = await call('/api/v1/dashboard-like', {
      authorization: `Bearer ${clinic.token}`,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: {
        code: 'access.moduleNotBought',
        message: 'Your clinic has not subscribed to this feature.',
      },
    });
  });

  it('checks the session before anything else', async () => {
    const response = await call('/api/v1/queue-like', { branchid: clinic.branchId });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('session.signInFirst');
  });

  it('refuses to register an API route that declares no access rule', async () => {
    const app = Fastify();
    installAccessGuard(app, t.database.db, async () => {});
    expect(() => app.get('/api/v1/forgotten', () => 'x')).toThrow(
      'Route GET /api/v1/forgotten declares no access rule',
    );
  });

  it('refuses to register a route that names no permission, an unknown one, or one of another module', () => {
    const app = Fastify();
    installAccessGuard(app, t.database.db, async () => {});
    const route = (access: unknown) => () =>
      app.get('/api/v1/unclear', { config: { access: access as never } }, () => 'x');
    expect(route({ module: 'clinic.queue', branch: 'required' })).toThrow(
      'Route GET /api/v1/unclear declares no permission',
    );
    expect(route({ module: 'clinic.queue', branch: 'required', permission: 'queue:fly' })).toThrow(
      'unknown permission queue:fly',
    );
    expect(
      route({ module: 'clinic.queue', branch: 'required', permission: 'invoices:read' }),
    ).toThrow('permission invoices:read belongs to clinic.invoice, the route to clinic.queue');
    expect(route({ module: null, branch: 'required', permission: 'queue:read' })).toThrow(
      'the route to no module',
    );
    expect(route({ module: null, branch: 'optional', permission: 'signedIn' })).not.toThrow();
  });

  it('every API route that is not public answers 401 without a session', async () => {
    const routes = t.app.routeTable;
    expect(routes.map((route) => `${route.method} ${route.url}`)).toContain(
      'POST /api/v1/sign-out',
    );
    for (const route of routes.filter((r) => r.access !== 'public')) {
      const url = route.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
      const response = await t.call(route.method, url, {
        body: route.method === 'GET' ? undefined : {},
      });
      expect(response.status, `${route.method} ${route.url}`).toBe(401);
    }
  });
});
