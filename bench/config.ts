/** Settings of the generator and the benchmarks, from the environment. */
export interface BenchConfig {
  /** The PostgreSQL server, as its owner (superuser): the bench database is created there. */
  serverUrl: string;
  databaseName: string;
  /** The bench database, as its owner. */
  databaseUrl: string;
  regenerate: boolean;
  /** The server measured as "our API": the app's main.ts, or another checkout's (a "before"). */
  apiEntry: string | null;
  /** Where to save this run's figures as JSON too (e.g. to compare a later run with). */
  saveResults: string | null;
  /** What the saved figures measured, in words (`BENCH_LABEL`). */
  label: string | null;
  /** Seconds of load per scenario and concurrent connections. */
  durationSeconds: number;
  connections: number;
  /** Connected boards and call-ins of the socket scenario. */
  sockets: number;
  socketCalls: number;
  scale: ScaleConfig;
}

/** The size of the generated data set; the defaults are the issue's. */
export interface ScaleConfig {
  seed: number;
  chainBranches: number;
  chainPatients: number;
  chainHistoryDays: number;
  queuePerBranchDay: number;
  smallClinics: number;
  smallClinicPatients: number;
  smallClinicHistoryDays: number;
  smallClinicQueuePerDay: number;
  /**
   * Last day of history, 'YYYY-MM-DD' in the clinics' time zone; null: yesterday when
   * generating, and whatever day an existing database was made with when reusing it.
   */
  lastDay: string | null;
}

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number.parseInt(value, 10);
  if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`${name} must be a whole number`);
  return parsed;
}

/** Yesterday in UTC+8, the clinics' time zone. */
export function yesterdayInSingapore(): string {
  return new Date(Date.now() + 8 * 3600_000 - 86400_000).toISOString().slice(0, 10);
}

export function benchConfig(env: NodeJS.ProcessEnv = process.env): BenchConfig {
  const serverUrl = env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const databaseName = env.BENCH_DATABASE ?? 'clinic_bench';
  if (!/^[a-z_][a-z0-9_]*$/.test(databaseName)) {
    throw new Error('BENCH_DATABASE must be a plain lower-case identifier');
  }
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${databaseName}`;
  const lastDay = env.BENCH_LAST_DAY || null;
  if (lastDay !== null && !/^\d{4}-\d{2}-\d{2}$/.test(lastDay)) {
    throw new Error('BENCH_LAST_DAY must be YYYY-MM-DD');
  }
  return {
    serverUrl,
    databaseName,
    databaseUrl: databaseUrl.toString(),
    regenerate: env.BENCH_REGENERATE === '1',
    apiEntry: env.BENCH_API_ENTRY || null,
    saveResults: env.BENCH_SAVE_RESULTS || null,
    label: env.BENCH_LABEL || null,
    durationSeconds: intFrom(env, 'BENCH_DURATION', 10),
    connections: intFrom(env, 'BENCH_CONNECTIONS', 10),
    sockets: intFrom(env, 'BENCH_SOCKETS', 200),
    socketCalls: intFrom(env, 'BENCH_SOCKET_CALLS', 30),
    scale: {
      seed: intFrom(env, 'BENCH_SEED', 20261121),
      chainBranches: intFrom(env, 'BENCH_CHAIN_BRANCHES', 20),
      chainPatients: intFrom(env, 'BENCH_CHAIN_PATIENTS', 1_000_000),
      chainHistoryDays: intFrom(env, 'BENCH_CHAIN_DAYS', 3 * 365),
      queuePerBranchDay: intFrom(env, 'BENCH_QUEUE_PER_DAY', 300),
      smallClinics: intFrom(env, 'BENCH_SMALL_CLINICS', 49),
      smallClinicPatients: intFrom(env, 'BENCH_SMALL_PATIENTS', 3000),
      smallClinicHistoryDays: intFrom(env, 'BENCH_SMALL_DAYS', 90),
      smallClinicQueuePerDay: intFrom(env, 'BENCH_SMALL_QUEUE_PER_DAY', 80),
      lastDay,
    },
  };
}
