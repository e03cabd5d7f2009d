import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { EventBus } from './event-bus.ts';

/** A readiness check that has not answered by then counts as failed. */
const CHECK_TIMEOUT_MS = 2000;

type CheckResult = 'ok' | 'failed';

async function withinTimeout(check: Promise<unknown>): Promise<CheckResult> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<CheckResult>((done) => {
    timer = setTimeout(() => done('failed'), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check.then(() => 'ok' as const), timeout]);
  } catch {
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Probes for load balancers and orchestrators, unauthenticated and cheap:
 * - GET /healthz: the process is up and serving (no I/O);
 * - GET /readyz: the database answers `SELECT 1` as the API role and the event bus is
 *   listening; otherwise 503 naming the part that failed. Once shutdown starts, Fastify
 *   answers 503 to every request on a kept-alive connection, so a balancer stops sending.
 */
export function installHealthRoutes(app: FastifyInstance, db: Kysely<DB>, events: EventBus): void {
  const probe = { config: { access: 'public' as const }, logLevel: 'warn' as const };
  app.get('/healthz', { ...probe, schema: { hide: true } }, async () => ({
    data: { status: 'ok' },
  }));

  app.get('/readyz', { ...probe, schema: { hide: true } }, async (_request, reply) => {
    const checks = {
      database: await withinTimeout(sql`SELECT 1`.execute(db)),
      events: events.listening ? ('ok' as const) : ('failed' as const),
    };
    const failed = Object.entries(checks)
      .filter(([, result]) => result === 'failed')
      .map(([name]) => name);
    if (failed.length === 0) return { data: { status: 'ok', checks } };
    return reply.code(503).send({
      error: {
        code: 'NOT_READY',
        message: `Not ready: ${failed.join(', ')} unavailable.`,
      },
      checks,
    });
  });
}
