import { resolve } from 'node:path';

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
}

function intFrom(value: string | undefined, fallback: number): number {
  const parsed = value === undefined ? NaN : Number.parseInt(value, 10);
  return Number.isFinite(parsed) ? parsed : fallback;
}

function trustProxyFrom(value: string | undefined): boolean | number | string {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  return text;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = intFrom(env.PORT, 3000);
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    appDatabaseUrl: env.APP_DATABASE_URL || undefined,
    eventsDatabaseUrl: env.EVENTS_DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? resolve(process.cwd(), 'data'),
    preparedStatements: env.DATABASE_PREPARED_STATEMENTS !== 'false',
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Clinic Manager <no-reply@clinic.local>',
    sessionHours: intFrom(env.SESSION_HOURS, 12),
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: env.WEB_DIST || undefined,
    mailRetrySeconds: intFrom(env.MAIL_RETRY_SECONDS, 60),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    logRequests: env.LOG_REQUESTS === 'true',
    socketSessionCheckMs: intFrom(env.SOCKET_SESSION_CHECK_MS, 60_000),
    metricsToken: env.METRICS_TOKEN || undefined,
    shutdownTimeoutSeconds: intFrom(env.SHUTDOWN_TIMEOUT_SECONDS, 10),
  };
}
