// `schema.hide`: Fastify's route types as @fastify/swagger extends them.
import type {} from '@fastify/swagger';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { DatabaseHandle } from '../db/connection.ts';
import { forbidden, notFound, unauthorized } from './errors.ts';
import type { EventBus } from './event-bus.ts';

/** Who holds an open notification socket: staff screens or a display board. */
export type SocketKind = 'staff' | 'display';

/**
 * The metrics of one app instance, in its own registry (tests build many apps in one
 * process; a shared registry would mix them and refuse the second registration).
 */
export interface AppMetrics {
  readonly registry: Registry;
  readonly openSockets: Gauge<'kind'>;
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const WAIT_BUCKETS = [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * Creates the app's registry: HTTP latency and counts per route pattern, the API role's
 * connection pool, event-bus delivery lag, and open sockets. Process metrics (CPU, memory,
 * event-loop delay) only when /metrics is switched on, since they start observers.
 */
export function createMetrics(
  database: DatabaseHandle,
  events: EventBus,
  withProcessMetrics: boolean,
): { metrics: AppMetrics; stop: () => void } {
  const registry = new Registry();
  if (withProcessMetrics) collectDefaultMetrics({ register: registry });

  const pool = database.pool;
  new Gauge({
    name: 'db_pool_connections',
    help: 'Connections of the API role pool, by state (total, idle, max)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'max' }, pool.options.max ?? 10);
    },
  });
  new Gauge({
    name: 'db_pool_waiting_requests',
    help: 'Queries waiting for a pooled connection now',
    registers: [registry],
    collect() {
      this.set(pool?.waitingCount ?? 0);
    },
  });
  const poolWait = new Histogram({
    name: 'db_pool_wait_seconds',
    help: 'Time a query waited for a pooled connection',
    buckets: WAIT_BUCKETS,
    registers: [registry],
  });
  const busLag = new Histogram({
    name: 'event_bus_lag_seconds',
    help: 'Time from publishing an event (in its transaction) to its delivery on this instance',
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'event_bus_listening',
    help: '1 while this instance receives events (its LISTEN connection is up)',
    registers: [registry],
    collect() {
      this.set(events.listening ? 1 : 0);
    },
  });
  const openSockets = new Gauge({
    name: 'websocket_open_connections',
    help: 'Open notification sockets, by holder (staff screens, display boards)',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  openSockets.set({ kind: 'staff' }, 0);
  openSockets.set({ kind: 'display' }, 0);

  const stopWaits = database.onConnectionWait((seconds) => poolWait.observe(seconds));
  const stopLag = events.observeLag((seconds) => busLag.observe(seconds));
  return {
    metrics: { registry, openSockets },
    stop: () => {
      stopWaits();
      stopLag();
    },
  };
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
function bearerMatches(request: FastifyRequest, expected: string): 'missing' | 'wrong' | 'ok' {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) return 'missing';
  return timingSafeEqual(digest(match[1]!), digest(expected)) ? 'ok' : 'wrong';
}

/**
 * Records every request's latency and status under its route pattern (never the raw
 * address, which would make a series per patient id), and serves GET /metrics: 404 while
 * `token` is unset, else only to `Authorization: Bearer <token>` (401 without, 403 wrong).
 */
export function installMetrics(
  app: FastifyInstance,
  metrics: AppMetrics,
  token: string | undefined,
): void {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern, method and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [metrics.registry],
  });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [metrics.registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    duration.observe(
      { method: request.method, route, status_class: `${Math.floor(status / 100)}xx` },
      reply.elapsedTime / 1000,
    );
    requests.inc({ method: request.method, route, status: String(status) });
  });

  app.get(
    '/metrics',
    { config: { access: 'public' }, logLevel: 'warn', schema: { hide: true } },
    async (request, reply) => {
      if (!token) throw notFound('record.notFound');
      const check = bearerMatches(request, token);
      if (check === 'missing') throw unauthorized('metrics.tokenMissing');
      if (check === 'wrong') throw forbidden('metrics.tokenWrong');
      return reply
        .header('content-type', metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(await metrics.registry.metrics());
    },
  );
}
