import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort, startServer } from './server-process.ts';
import { createDatabase, dropDatabase, withDatabase } from './test-database.ts';

/**
 * Kills the real server process (SIGKILL) while front desks add to the queue, restarts
 * it on the same PostgreSQL database, and checks that every acknowledged entry is there,
 * nothing is half written, and queue numbers are unique and gapless per branch and day.
 */
const testDatabase = inject('databaseUrl');

describe.runIf(testDatabase !== 'pglite')('a server killed mid-write', () => {
  const serverUrl = withDatabase(testDatabase, 'postgres');
  const name = `clinic_crash_${Date.now()}_${process.pid}`;
  let databaseUrl: string;
  let port: number;
  let server: ChildProcess | undefined;

  beforeAll(async () => {
    databaseUrl = await createDatabase(serverUrl, name);
    port = await freePort();
  });
  afterAll(async () => {
    server?.kill('SIGKILL');
    await dropDatabase(serverUrl, name);
  });

  it('keeps every acknowledged queue entry, whole, with gapless numbers', async () => {
    server = await startServer(databaseUrl, port);
    const base = `http://127.0.0.1:${port}/api/v1`;
    const signIn = await fetch(`${base}/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo.frontdesk', password: 'Clinic-demo-2026' }),
    });
    const session = (await signIn.json()) as {
      data: { token: string; branches: Array<{ id: string; code: string }> };
    };
    const headers = {
      'content-type': 'application/json',
      authorization: `Bearer ${session.data.token}`,
      branchid: session.data.branches.find((branch) => branch.code === 'TPY')!.id,
    };
    const owner = new pg.Client({ connectionString: databaseUrl });
    await owner.connect();
    const patients = (await owner.query<{ id: string }>('SELECT id FROM patients')).rows.map(
      (row) => row.id,
    );
    const doctors = (
      await owner.query<{ id: string }>(`SELECT id FROM users WHERE type = '50'`)
    ).rows.map((row) => row.id);

    const acknowledged: Array<{ id: string; queueNum: string }> = [];
    let stop = false;
    const desk = async (n: number) => {
      for (let i = 0; !stop; i += 1) {
        try {
          const response = await fetch(`${base}/queue`, {
            method: 'POST',
            headers,
            body: JSON.stringify({
              patientId: patients[(n * 7 + i) % patients.length],
              doctorId: doctors[i % doctors.length],
              visitPurposes: ['Consultation'],
            }),
          });
          if (response.status === 201)
            acknowledged.push(
              ((await response.json()) as { data: { id: string; queueNum: string } }).data,
            );
        } catch {
          return; // the server is gone
        }
      }
    };
    const desks = Array.from({ length: 6 }, (_, n) => desk(n));
    // Kill it mid-stream: once a dozen additions were acknowledged (however loaded the machine).
    const killBy = Date.now() + 20_000;
    while (acknowledged.length < 12 && Date.now() < killBy)
      await new Promise((r) => setTimeout(r, 50));
    server.kill('SIGKILL');
    stop = true;
    await Promise.all(desks);
    expect(acknowledged.length).toBeGreaterThan(10);

    server = await startServer(databaseUrl, port);
    try {
      const stored = await owner.query<{ id: string; queue_number: number }>(
        'SELECT id, queue_number FROM queue_entries WHERE id = ANY($1::uuid[])',
        [acknowledged.map((entry) => entry.id)],
      );
      const byId = new Map(stored.rows.map((row) => [row.id, row.queue_number]));
      for (const entry of acknowledged)
        expect(byId.get(entry.id), entry.id).toBe(Number(entry.queueNum));

      const orphanVisits = await owner.query(
        'SELECT count(*)::int AS n FROM visits v WHERE NOT EXISTS (SELECT 1 FROM queue_entries q WHERE q.tenant_id = v.tenant_id AND q.visit_id = v.id)',
      );
      expect(orphanVisits.rows[0].n).toBe(0);

      const days = await owner.query<{
        n: number;
        distinct_n: number;
        low: number;
        high: number;
        counter: number;
      }>(
        `SELECT count(*)::int AS n, count(DISTINCT queue_number)::int AS distinct_n,
                min(queue_number) AS low, max(queue_number) AS high, max(c.last_number) AS counter
           FROM queue_entries q
           JOIN queue_counters c USING (tenant_id, branch_id, queue_date)
          GROUP BY q.tenant_id, q.branch_id, q.queue_date`,
      );
      for (const day of days.rows) {
        expect(day).toEqual({
          n: day.high,
          distinct_n: day.high,
          low: 1,
          high: day.high,
          counter: day.high,
        });
      }

      // The restarted server numbers on from where the committed entries stopped.
      const next = await fetch(`${base}/queue`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          patientId: patients[0],
          doctorId: doctors[0],
          visitPurposes: ['Consultation'],
        }),
      });
      expect(next.status).toBe(201);
      const tpyToday = days.rows.reduce((most, day) => Math.max(most, day.high), 0);
      expect(Number(((await next.json()) as { data: { queueNum: string } }).data.queueNum)).toBe(
        tpyToday + 1,
      );
    } finally {
      await owner.end();
    }
  }, 120_000);
});
