import { resolve } from 'node:path';
import { z } from 'zod';
import { DOCUMENT_MAX_BYTES_DEFAULT } from '@clinic/domain';
import { defaultFilesFolder, type StorageSettings } from './platform/storage/index.ts';

export interface AppConfig {
  /** PostgreSQL connection string; without it the embedded PGlite database is used. */
  databaseUrl: string | undefined;
  /** The API role's connection string; defaults to DATABASE_URL with user clinic_app. */
  appDatabaseUrl: string | undefined;
  /**
   * Where the event bus LISTENs (a session connection: straight to PostgreSQL or a
   * session-mode pooler); defaults to the API role's connection.
   */
  eventsDatabaseUrl: string | undefined;
  /** Folder of the embedded database, or 'memory' for a throw-away one. */
  dataDir: string;
  /**
   * Send queries as named prepared statements (planned once per connection). Turn off
   * behind a pooler that does not keep a connection per client (PgBouncer in
   * transaction mode).
   */
  preparedStatements: boolean;
  port: number;
  host: string;
  /** Address users reach the app at; used for links in emails. */
  publicUrl: string;
  /** nodemailer transport URL; without it mail stays in the outbox table and the log. */
  smtpUrl: string | undefined;
  mailFrom: string;
  sessionHours: number;
  logLevel: string;
  /** Folder of the built web app to serve, if any. */
  webDist: string | undefined;
  /** Seconds between retries of unsent mail. */
  mailRetrySeconds: number;
  /**
   * Which proxies' X-Forwarded-For to believe for the client address (rate limits):
   * false, a number of hops (1 behind one load balancer), or addresses/CIDR ranges.
   * `true` believes any hop: only for tests, as a client could then pick its address.
   */
  trustProxy: boolean | number | string;
  /** Log every request and response (errors are always logged). */
  logRequests: boolean;
  /** How often an open notification socket re-checks its session (sign-out, expiry). */
  socketSessionCheckMs: number;
  /** Bearer token that may read GET /metrics; unset: /metrics answers 404. */
  metricsToken: string | undefined;
  /** On SIGTERM, how long in-flight requests may take before the process exits anyway. */
  shutdownTimeoutSeconds: number;
  /** Longest an API statement may run (or wait for a lock) before it is cancelled (503). */
  statementTimeoutMs: number;
  /** Requests of one clinic in work at once per instance; the clinic's others wait in line. */
  clinicConcurrency: number;
  /** Create the demo clinic (published password) in an empty database; never in production. */
  seedDemo: boolean;
  /**
   * Where files live: a folder (FILES_DIR, default `files` under DATA_DIR) or, with
   * FILE_STORAGE=s3, a bucket of S3 or an S3-compatible server (S3_* settings).
   */
  storage: StorageSettings;
  /** Largest file an upload may carry (UPLOAD_MAX_BYTES); larger ones get 413. */
  uploadMaxBytes: number;
}

/** Settings that cannot be used: each names its variable and what it must be. */
export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`The server's settings are not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

/** Connections of the API role's pool per instance. */
export const DATABASE_POOL_SIZE = 10;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const text = z.string().trim();
/** An optional setting: unset or empty means its default. */
const unset = (value: unknown) => (value === '' ? undefined : value);
const optionalText = z.preprocess(unset, text.min(1).optional());
const whole = (min: number, max: number) =>
  z.preprocess(
    unset,
    z
      .string()
      .regex(/^\d+$/, 'must be a whole number')
      .transform(Number)
      .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
      .optional(),
  );
const flag = z.preprocess(unset, z.enum(['true', 'false'], 'must be true or false').optional());
const url = z.preprocess(unset, z.url('must be a URL').optional());

/** Every environment variable the server reads, with what it must look like. */
const Env = z.object({
  DATABASE_URL: url,
  APP_DATABASE_URL: url,
  EVENTS_DATABASE_URL: url,
  DATA_DIR: optionalText,
  DATABASE_PREPARED_STATEMENTS: flag,
  PORT: whole(0, 65535),
  HOST: optionalText,
  PUBLIC_URL: url,
  SMTP_URL: url,
  MAIL_FROM: optionalText,
  SESSION_HOURS: whole(1, 24 * 30),
  LOG_LEVEL: z.preprocess(
    unset,
    z.enum(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`).optional(),
  ),
  WEB_DIST: optionalText,
  MAIL_RETRY_SECONDS: whole(1, 86_400),
  TRUST_PROXY: optionalText,
  LOG_REQUESTS: flag,
  SOCKET_SESSION_CHECK_MS: whole(100, 3_600_000),
  METRICS_TOKEN: optionalText,
  SHUTDOWN_TIMEOUT_SECONDS: whole(1, 3600),
  STATEMENT_TIMEOUT_MS: whole(100, 600_000),
  CLINIC_CONCURRENCY: whole(1, 1000),
  SEED_DEMO: flag,
  NODE_ENV: optionalText,
  FILE_STORAGE: z.preprocess(unset, z.enum(['folder', 's3'], 'must be folder or s3').optional()),
  FILES_DIR: optionalText,
  S3_BUCKET: optionalText,
  S3_ENDPOINT: url,
  S3_REGION: optionalText,
  S3_FORCE_PATH_STYLE: flag,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_KEY_PREFIX: optionalText,
  UPLOAD_MAX_BYTES: whole(1024, 1024 * 1024 * 1024),
});

/** The file storage the settings choose; S3 needs its bucket. */
function storageFrom(e: z.infer<typeof Env>, dataDir: string): StorageSettings {
  if (e.FILE_STORAGE !== 's3') {
    return { kind: 'folder', folder: e.FILES_DIR ?? defaultFilesFolder(dataDir) };
  }
  if (!e.S3_BUCKET) throw new ConfigError(['S3_BUCKET is required when FILE_STORAGE=s3']);
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION ?? 'us-east-1',
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    keyPrefix: e.S3_KEY_PREFIX ?? '',
  };
}

function trustProxyFrom(value: string | undefined): boolean | number | string {
  const setting = value ?? '';
  if (setting === '' || setting === 'false') return false;
  if (setting === 'true') return true;
  if (/^\d+$/.test(setting)) return Number(setting);
  return setting;
}

/**
 * The configuration from environment variables, checked as a whole: a bad value (PORT=abc,
 * an unknown LOG_LEVEL) is refused with every problem named, never replaced by a default.
 */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`),
    );
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && e.SEED_DEMO === 'true') {
    throw new ConfigError([
      'SEED_DEMO cannot be true when NODE_ENV=production: every demo user has a published password',
    ]);
  }
  const seedDemo = e.SEED_DEMO === undefined ? !production : e.SEED_DEMO === 'true';
  const port = e.PORT ?? 3000;
  const dataDir = e.DATA_DIR ?? resolve(process.cwd(), 'data');
  return {
    databaseUrl: e.DATABASE_URL,
    appDatabaseUrl: e.APP_DATABASE_URL,
    eventsDatabaseUrl: e.EVENTS_DATABASE_URL,
    dataDir,
    preparedStatements: e.DATABASE_PREPARED_STATEMENTS !== 'false',
    port,
    // The demo clinic's password is published: it stays on this machine unless HOST says.
    host: e.HOST ?? (seedDemo ? '127.0.0.1' : '0.0.0.0'),
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${port}`,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Clinic Manager <no-reply@clinic.local>',
    sessionHours: e.SESSION_HOURS ?? 12,
    logLevel: e.LOG_LEVEL ?? 'info',
    webDist: e.WEB_DIST,
    mailRetrySeconds: e.MAIL_RETRY_SECONDS ?? 60,
    trustProxy: trustProxyFrom(e.TRUST_PROXY),
    logRequests: e.LOG_REQUESTS === 'true',
    socketSessionCheckMs: e.SOCKET_SESSION_CHECK_MS ?? 60_000,
    metricsToken: e.METRICS_TOKEN,
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS ?? 10,
    statementTimeoutMs: e.STATEMENT_TIMEOUT_MS ?? 5000,
    clinicConcurrency: e.CLINIC_CONCURRENCY ?? DATABASE_POOL_SIZE / 2,
    seedDemo,
    storage: storageFrom(e, dataDir),
    uploadMaxBytes: e.UPLOAD_MAX_BYTES ?? DOCUMENT_MAX_BYTES_DEFAULT,
  };
}
