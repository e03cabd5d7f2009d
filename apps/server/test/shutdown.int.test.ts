import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort, startServer } from './server-process.ts';
import { createDatabase, dropDatabase, withDatabase } from './test-database.ts';

/**
 * Graceful shutdown of the real server process (`node apps/server/src/main.ts`): on
 * SIGTERM it stops accepting connections, answers the request in flight, closes sockets
 * with 1012 (the web client reconnects on it), and exits 0; past
 * SHUTDOWN_TIMEOUT_SECONDS it exits 1 whatever is still running. A request is held in
 * flight by a table lock the test takes on its own connection.
 */
const testDatabase = inject('databaseUrl');

/** Whether a new TCP connection to the port is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code === 'ECONNREFUSED'));
  });
}

async function eventually(check: () => Promise<boolean> | boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The exit code, or 'running' when it has not exited within `ms`. */
async function exitWithin(server: ChildProcess, ms: number): Promise<number | 'running'> {
  if (server.exitCode !== null) return server.exitCode;
  const timer = new Promise<'running'>((done) => setTimeout(() => done('running'), ms));
  const exited = once(server, 'exit').then(([code]) => code as number);
  return Promise.race([exited, timer]);
}

describe.runIf(testDatabase !== 'pglite')('a server asked to stop (SIGTERM)', () => {
  const serverUrl = withDatabase(testDatabase, 'postgres');
  const name = `clinic_shutdown_${Date.now()}_${process.pid}`;
  let databaseUrl: string;
  let port: number;
  let server: ChildProcess | undefined;
  let owner: pg.Client;

  beforeAll(async () => {
    databaseUrl = await createDatabase(serverUrl, name);
    port = await freePort();
    owner = new pg.Client({ connectionString: databaseUrl });
  });
  afterAll(async () => {
    server?.kill('SIGKILL');
    await owner.end().catch(() => {});
    await dropDatabase(serverUrl, name);
  });

  async function signedIn() {
    const base = `http://127.0.0.1:${port}/api/v1`;
    const response = await fetch(`${base}/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo.frontdesk', password: 'Clinic-demo-2026' }),
    });
    const session = (await response.json()) as {
      data: { token: string; branches: Array<{ id: string; code: string }> };
    };
    const branchId = session.data.branches.find((branch) => branch.code === 'TPY')!.id;
    return { base, token: session.data.token, branchId };
  }

  /** Holds every read of patients until the returned release is called. */
  async function lockPatients(): Promise<() => Promise<void>> {
    await owner.query('BEGIN');
    await owner.query('LOCK TABLE patients IN ACCESS EXCLUSIVE MODE');
    return async () => {
      await owner.query('ROLLBACK');
    };
  }

  /** Starts a patient search and returns once it waits on the lock in the database. */
  async function slowRequest(base: string, token: string, branchId: string) {
    const answer = fetch(`${base}/patients/option?keyword=tan`, {
      headers: { authorization: `Bearer ${token}`, branchid: branchId },
    }).then(
      async (response) => ({ status: response.status, body: await response.text() }),
      (error: unknown) => ({ status: 0, body: String(error) }),
    );
    await eventually(async () => {
      const { rows } = await owner.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE usename = 'clinic_app' AND datname = current_database() AND wait_event_type = 'Lock'`,
      );
      return rows[0]!.n > 0;
    });
    return { answer };
  }

  it('finishes the request in flight, refuses new connections, closes sockets with 1012, exits 0', async () => {
    server = await startServer(databaseUrl, port, { SHUTDOWN_TIMEOUT_SECONDS: '20' });
    await owner.connect();
    const { base, token, branchId } = await signedIn();

    const socket = new WebSocket(
      `ws://127.0.0.1:${port}/api/v1/notifications/ws?branchId=${branchId}&token=${token}`,
    );
    await new Promise((done, fail) => {
      socket.onopen = done;
      socket.onerror = fail;
    });
    const closed = new Promise<{ code: number; reason: string }>((done) => {
      socket.onclose = (event) => done({ code: event.code, reason: event.reason });
    });

    const release = await lockPatients();
    const { answer: inFlight } = await slowRequest(base, token, branchId);
    const stopping = server;
    stopping.kill('SIGTERM');
    const stoppedAt = Date.now();

    expect(await closed).toEqual({ code: 1012, reason: 'Service restart' });
    await eventually(() => refused(port), 5000);
    // Still running: the request in flight holds it.
    expect(stopping.exitCode).toBeNull();

    await release();
    const answer = await inFlight;
    expect(answer.status, answer.body).toBe(200);
    expect(await exitWithin(stopping, 10_000)).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(15_000);
    server = undefined;
  }, 120_000);

  it('exits 1 after SHUTDOWN_TIMEOUT_SECONDS when a request does not finish', async () => {
    server = await startServer(databaseUrl, port, { SHUTDOWN_TIMEOUT_SECONDS: '1' });
    const { base, token, branchId } = await signedIn();
    const release = await lockPatients();
    try {
      const { answer: inFlight } = await slowRequest(base, token, branchId);
      const stopping = server;
      const stoppedAt = Date.now();
      stopping.kill('SIGTERM');
      expect(await exitWithin(stopping, 10_000)).toBe(1);
      expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(900);
      expect((await inFlight).status).toBe(0);
      server = undefined;
    } finally {
      await release();
    }
  }, 120_000);
});
