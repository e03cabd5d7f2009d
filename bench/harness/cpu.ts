import { readFile } from 'node:fs/promises';
import type pg from 'pg';

/**
 * CPU time that serving requests costs, in the server process and in its PostgreSQL
 * backends. Unlike latency and req/s it hardly depends on what else the shared machine
 * runs meanwhile, so runs at different loads can be compared by it.
 */

/** Ticks of /proc/<pid>/stat per second (`getconf CLK_TCK`; 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** User plus system CPU seconds of a process so far, or 0 when it is gone. */
async function processCpuSeconds(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** Where one server's CPU goes: its own process and its connections' backends. */
export interface CpuSource {
  pid: number;
  /** The database role the server connects as (its backends are counted). */
  role: string;
}

export interface CpuSample {
  server: number;
  /** Per backend pid, so backends that come and go are counted from when they are seen. */
  backends: Map<number, number>;
}

export async function sampleCpu(owner: pg.ClientBase, source: CpuSource): Promise<CpuSample> {
  const { rows } = await owner.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity
      WHERE datname = current_database() AND usename = $1 AND backend_type = 'client backend'
        AND pid <> pg_backend_pid()`,
    [source.role],
  );
  const backends = new Map<number, number>();
  for (const { pid } of rows) backends.set(pid, await processCpuSeconds(pid));
  return { server: await processCpuSeconds(source.pid), backends };
}

/** CPU milliseconds per request between two samples. */
export function cpuPerRequest(
  before: CpuSample,
  after: CpuSample,
  requests: number,
): { server: number; database: number } {
  let database = 0;
  // A backend first seen after the start was opened during the run: all its time counts.
  for (const [pid, seconds] of after.backends)
    database += seconds - (before.backends.get(pid) ?? 0);
  const perRequest = (seconds: number) => (requests > 0 ? (seconds * 1000) / requests : NaN);
  return { server: perRequest(after.server - before.server), database: perRequest(database) };
}
