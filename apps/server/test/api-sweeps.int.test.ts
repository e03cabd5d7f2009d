import { describe, expect, it } from 'vitest';
import { setupApiTest } from './api-fixture.ts';

import { fillPath } from './route-samples.ts';

/**
 * Sweeps over every route the API registers, so routes added later are covered without
 * editing this file.
 */
const {
  t,
  clinics: [a, b],
} = setupApiTest({ clinics: 2 });

const SOME_ID = '00000000-0000-4000-8000-000000000000';
const pathOf = (url: string, value: string) => url.replace(/:(\w+)/g, value);
const takesBody = (method: string) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);

describe('every route with a body', () => {
  it('answers malformed JSON, a non-object body and an unknown field with 400 naming the field', async () => {
    const routes = t.app.routeTable.filter((route) => route.hasBody);
    expect(routes.length).toBeGreaterThan(4);
    for (const route of routes) {
      // Valid path parameters, so that only the body can be what is refused.
      const ids = { id: SOME_ID, uid: SOME_ID, doctorId: SOME_ID, subdomain: a.subdomain };
      const url = fillPath(route, ids);
      const options = { token: a.token, branchId: a.branchId };
      const label = `${route.method} ${route.url}`;

      const malformed = await t.call(route.method, url, { ...options, rawBody: '{"broken": ' });
      expect(malformed.status, label).toBe(400);
      expect(malformed.body.error.errors, label).toEqual([
        {
          field: 'body',
          message: 'The request body is not valid JSON.',
          code: 'request.invalidJson',
        },
      ]);

      const list = await t.call(route.method, url, { ...options, rawBody: '[]' });
      expect(list.status, label).toBe(400);
      expect(list.body.error.code, label).toBe('field.type');

      const extra = await t.call(route.method, url, {
        ...options,
        body: { unexpectedField: 'x'.repeat(10_000) },
      });
      expect(extra.status, label).toBe(400);
      expect(
        extra.body.error.errors.map((e: { field: string }) => e.field),
        label,
      ).toContain('unexpectedField');
    }
  });

  it('answers 413 for a body over 1 MB, never 500', async () => {
    const response = await t.call('POST', '/api/v1/sign-in', {
      rawBody: JSON.stringify({ username: 'x'.repeat(1_100_000) }),
    });
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe('request.tooLarge');
  });
});

describe('tenant isolation over every signed-in route', () => {
  it("a user of clinic B sending clinic A's branch gets 403, never data", async () => {
    const routes = t.app.routeTable.filter((route) => route.access !== 'public');
    for (const route of routes) {
      const response = await t.call(route.method, pathOf(route.url, SOME_ID), {
        token: b.token,
        branchId: a.branchId,
        body: takesBody(route.method) ? {} : undefined,
      });
      expect(response.status, `${route.method} ${route.url}`).toBe(403);
      expect(response.body.data, `${route.method} ${route.url}`).toBeUndefined();
    }
  });

  it('an unknown API path answers the error envelope with 404', async () => {
    const response = await t.call('GET', '/api/v1/no-such-thing', { token: a.token });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('route.notFound');
  });
});
