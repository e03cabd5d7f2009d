import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { setupApiTest } from './api-fixture.ts';
import { openDatabase } from '../src/db/connection.ts';
import { withTenant } from '../src/db/tenant-db.ts';
import type { PostgresEventBus } from '../src/platform/event-bus.ts';
import { type BranchEvent } from '../src/platform/event-bus.ts';
import { type TestApp } from './helpers.ts';
import { probeEvent } from './probe-event.ts';

/** Ends server-side connections the way a database restart or an administrator would. */
async function terminate(t: TestApp, which: { pid: number } | { applicationName: string }) {
  const match =
    'pid' in which ? sql`pid = ${which.pid}` : sql`application_name = ${which.applicationName}`;
  const { rows } = await sql<{ ended: boolean }>`
    SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE ${match}`.execute(
    t.database.db,
  );
  expect(rows).toEqual([{ ended: true }]);
}

async function eventually(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// The embedded database has no server connections to lose.
describe.runIf(inject('databaseUrl') !== 'pglite')('when the database drops connections', () => {
  const { t, clinic } = setupApiTest();

  it('the pool replaces a killed idle connection and the next query works', async () => {
    const failures: Error[] = [];
    const handle = await openDatabase({
      databaseUrl: inject('databaseUrl'),
      dataDir: 'unused',
      migrate: false,
      poolSize: 1,
      onIdleError: (error) => failures.push(error),
    });
    try {
      const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(
        handle.db,
      );
      await terminate(t, { pid: rows[0]!.pid });
      await eventually(() => failures.length === 1);
      const again = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(handle.db);
      expect(again.rows[0]!.pid).not.toBe(rows[0]!.pid);
    } finally {
      await handle.close();
    }
  });

  it('the event bus listens again after its connection is killed, and delivers', async () => {
    const bus = t.app.appContext.events as PostgresEventBus;
    expect(bus.listening).toBe(true);
    const received: BranchEvent[] = [];
    const unsubscribe = bus.subscribe((event) => received.push(event));
    try {
      await terminate(t, { applicationName: bus.applicationName });
      await eventually(() => !bus.listening);
      await eventually(() => bus.listening);
      await withTenant(t.database.db, clinic.tenantId, (tx) =>
        bus.publish(tx, probeEvent(clinic.branchId, 'after-outage')),
      );
      await eventually(() => received.some((event) => event.data.id === 'after-outage'));
      expect(received.find((event) => event.data.id === 'after-outage')).toMatchObject({
        tenantId: clinic.tenantId,
        branchId: clinic.branchId,
      });
    } finally {
      unsubscribe();
    }
  });
});
