import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { setupApiTest } from './api-fixture.ts';
import { buildApp } from '../src/app.ts';
import { configFromEnv } from '../src/config.ts';
import type { DB } from '../src/db/schema.ts';
import { withTenant } from '../src/db/tenant-db.ts';
import type { PostgresEventBus } from '../src/platform/event-bus.ts';
import { newClinic, openTestDatabase, startTestApp, type TestApp } from './helpers.ts';
import { probeEvent } from './probe-event.ts';

/** Health and readiness probes, and the Prometheus metrics behind METRICS_TOKEN. */

const TOKEN = 'metrics-test-token-0123456789';

const { t } = setupApiTest({ clinics: 0, config: { metricsToken: TOKEN } });
const { t: plain } = setupApiTest({ clinics: 0, config: { metricsToken: undefined } });

async function scrape(app: TestApp): Promise<string> {
  const response = await app.app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain/);
  return response.body;
}

/** The value of one sample line, e.g. `http_requests_total{...}`; 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (wanted.every((label) => line.includes(label))) return Number(line.split(' ').at(-1));
  }
  return 0;
}

describe('health and readiness', () => {
  it('GET /healthz answers 200 without a session', async () => {
    const response = await t.call('GET', '/healthz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { status: 'ok' } });
  });

  it('GET /readyz answers 200 when the database and the event bus answer', async () => {
    const response = await t.call('GET', '/readyz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: { status: 'ok', checks: { database: 'ok', events: 'ok' } },
    });
  });

  it('GET /readyz answers 503 naming the database when it cannot be reached', async () => {
    const database = await openTestDatabase();
    if (database.kind !== 'postgres') return database.close(); // PGlite is in the process
    // The same database for the event bus, an address nothing answers at for queries.
    const unreachable = new pg.Pool({ connectionString: 'postgres://clinic_app@127.0.0.1:1/none' });
    const lonely = await startTestApp(
      {},
      {
        ...database,
        db: new Kysely<DB>({ dialect: new PostgresDialect({ pool: unreachable }) }),
      },
    );
    try {
      const response = await lonely.call('GET', '/readyz');
      expect(response.status).toBe(503);
      expect(response.body.checks.database).toBe('failed');
      expect(response.body.error.message).toMatch(/database/);
    } finally {
      await lonely.close();
      await unreachable.end();
      await database.close();
    }
  });

  it('GET /readyz answers 503 naming the event bus when it does not listen', async () => {
    const lonely = await startTestApp();
    try {
      const bus = lonely.app.appContext.events;
      if (bus.constructor.name !== 'PostgresEventBus') return; // PGlite: in-process, always up
      await (bus as PostgresEventBus).close();
      const response = await lonely.call('GET', '/readyz');
      expect(response.status).toBe(503);
      expect(response.body.checks).toEqual({ database: 'ok', events: 'failed' });
      expect(response.body.error.message).toMatch(/events/);
    } finally {
      await lonely.close();
    }
  });
});

describe('the event bus connection', () => {
  it('LISTENs at EVENTS_DATABASE_URL when it is set', async () => {
    const database = await openTestDatabase();
    try {
      if (database.kind !== 'postgres') return; // PGlite: in-process events
      await expect(
        buildApp(
          { ...configFromEnv({}), eventsDatabaseUrl: 'postgres://clinic_app@127.0.0.1:1/none' },
          { database, logger: false },
        ),
      ).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      await database.close();
    }
  });
});

describe('GET /metrics', () => {
  it('answers 404 while METRICS_TOKEN is unset', async () => {
    const response = await plain.call('GET', '/metrics', {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(404);
  });

  it('needs the bearer token: 401 without one, 403 with a wrong one', async () => {
    expect((await t.call('GET', '/metrics')).status).toBe(401);
    expect((await t.call('GET', '/metrics', { token: 'wrong' })).status).toBe(403);
    expect((await t.call('GET', '/metrics', { token: `${TOKEN}x` })).status).toBe(403);
  });

  it('counts requests by route pattern, method and status, never by raw address', async () => {
    const before = sample(await scrape(t), 'http_requests_total', {
      route: '/api/v1/patients/:id/profile',
      status: '401',
    });
    for (const id of ['a', 'b', 'c']) await t.call('GET', `/api/v1/patients/${id}/profile`);
    const text = await scrape(t);
    expect(
      sample(text, 'http_requests_total', {
        method: 'GET',
        route: '/api/v1/patients/:id/profile',
        status: '401',
      }) - before,
    ).toBe(3);
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        route: '/api/v1/patients/:id/profile',
        status_class: '4xx',
      }),
    ).toBeGreaterThanOrEqual(3);
    expect(text).not.toContain('/api/v1/patients/a');
    await t.call('GET', '/no/such/page/at/all');
    expect(sample(await scrape(t), 'http_requests_total', { route: 'unmatched' })).toBeGreaterThan(
      0,
    );
  });

  it('keeps one registry per app: requests to another app are not counted here', async () => {
    const route = { route: '/healthz', method: 'GET' };
    const before = sample(await scrape(t), 'http_requests_total', route);
    for (let i = 0; i < 5; i += 1) await plain.call('GET', '/healthz');
    expect(sample(await scrape(t), 'http_requests_total', route)).toBe(before);
  });

  it('reports the connection pool, event-bus lag and open sockets', async () => {
    const clinic = await newClinic(t);
    const before = sample(await scrape(t), 'event_bus_lag_seconds_count');
    await withTenant(t.database.db, clinic.tenantId, (tx) =>
      t.app.appContext.events.publish(tx, probeEvent(clinic.branchId, 'metrics-probe')),
    );
    await expect
      .poll(async () => sample(await scrape(t), 'event_bus_lag_seconds_count'))
      .toBeGreaterThan(before);
    const text = await scrape(t);
    expect(sample(text, 'event_bus_listening')).toBe(1);
    expect(text).toMatch(/^websocket_open_connections\{kind="staff"\} \d+$/m);
    expect(text).toMatch(/^websocket_open_connections\{kind="display"\} \d+$/m);
    if (t.database.kind === 'postgres') {
      expect(sample(text, 'db_pool_connections', { state: 'max' })).toBe(5);
      expect(sample(text, 'db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
      expect(text).toMatch(/^db_pool_waiting_requests \d+$/m);
      expect(sample(text, 'db_pool_wait_seconds_count')).toBeGreaterThan(0);
    }
    expect(text).toContain('process_cpu_seconds_total');
  });
});
