import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  CamelCasePlugin,
  CompiledQuery,
  Kysely,
  PGliteDialect,
  PostgresDialect,
  type Dialect,
  type PostgresPool,
} from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { migrations } from './migrations/index.ts';
import type { DB } from './schema.ts';

/** The role every API query runs as; row-level security applies to it. */
export const APP_ROLE = 'clinic_app';

export interface DatabaseHandle {
  readonly kind: 'postgres' | 'pglite';
  /** Runs as the API role: use it only through a tenant transaction or platform lookups. */
  readonly db: Kysely<DB>;
  /** A PGlite instance when embedded (one in-process session). */
  readonly pglite: PGlite | undefined;
  /** The API role's connection string (PostgreSQL only), e.g. for LISTEN. */
  readonly appConnectionString: string | undefined;
  /** The API role's connection pool (PostgreSQL only): its counts are metrics. */
  readonly pool: pg.Pool | undefined;
  /** Tells `listener` how many seconds each query waited for a pooled connection. */
  onConnectionWait(listener: (seconds: number) => void): () => void;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** The schema owner's connection: migrations run with it. */
  databaseUrl: string | undefined;
  /** The API role's connection; by default the owner's address with the API role as user. */
  appDatabaseUrl?: string | undefined;
  dataDir: string;
  /** Bring the schema up to date with the owner's rights before the API role connects. */
  migrate: boolean;
  poolSize?: number;
  /** Named prepared statements on PostgreSQL (see `PreparingClient`); on by default. */
  preparedStatements?: boolean;
  /** Told when an idle pooled connection fails (a database restart); the pool replaces it. */
  onIdleError?: (error: Error) => void;
  /**
   * Longest a statement of the API role may run, lock waits included (PostgreSQL only:
   * PGlite is one session with no timer). Unset: no limit.
   */
  statementTimeoutMs?: number;
}

const plugins = [new CamelCasePlugin()];

/** Distinct statements one connection keeps prepared; further ones are sent unnamed. */
const PREPARED_PER_CONNECTION = 1000;

/**
 * Sends each parameterised statement as a named prepared statement, so PostgreSQL parses
 * and plans it once per connection instead of at every execution: most API statements
 * take longer to plan than to run (measured in bench/analysis.md). Migrations run before
 * the pool opens; a server must be restarted after the schema changes under it.
 */
class PreparingClient extends pg.Client {
  readonly #names = new Map<string, string>();

  override query(...args: unknown[]): never {
    const [text, values] = args;
    const name =
      args.length === 2 && typeof text === 'string' && Array.isArray(values) && values.length > 0
        ? this.#nameOf(text)
        : undefined;
    const query = super.query.bind(this) as (...queryArgs: unknown[]) => never;
    return name ? query({ name, text, values }) : query(...args);
  }

  #nameOf(text: string): string | undefined {
    let name = this.#names.get(text);
    if (name === undefined && this.#names.size < PREPARED_PER_CONNECTION) {
      name = `s${this.#names.size}`;
      this.#names.set(text, name);
    }
    return name;
  }
}

/** PostgreSQL's `date` (oid 1082) stays 'YYYY-MM-DD' text: no time zone can shift it. */
const DATE_OID = 1082;
pg.types.setTypeParser(DATE_OID, (value: string) => value);

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options)
    : openPglite(options.dataDir, options);
}

function idleError(options: DatabaseOptions) {
  return (error: Error) =>
    (
      options.onIdleError ??
      ((e: Error) => console.warn('Idle database connection failed:', e.message))
    )(error);
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.migrate) {
    const ownerPool = new pg.Pool({ connectionString: url, max: 1 });
    ownerPool.on('error', idleError(options));
    const owner = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: ownerPool }) });
    try {
      await migrateToLatest(owner);
    } finally {
      await owner.destroy();
    }
  }
  const appConnectionString = options.appDatabaseUrl ?? asAppRole(url);
  const pool = new pg.Pool({
    connectionString: appConnectionString,
    max: options.poolSize ?? 10,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    ...(options.preparedStatements === false ? {} : { Client: PreparingClient }),
  });
  // Without a listener, an idle connection dropped by the server would crash the process.
  pool.on('error', idleError(options));
  const waitListeners = new Set<(seconds: number) => void>();
  // The pool as Kysely sees it, timing how long each checkout waits for a connection.
  const timedPool: PostgresPool = {
    // Kysely opens a control connection of this class to cancel a query.
    Client: options.preparedStatements === false ? pg.Client : PreparingClient,
    options: pool.options,
    async connect() {
      const started = performance.now();
      const client = await pool.connect();
      const seconds = (performance.now() - started) / 1000;
      for (const listener of waitListeners) listener(seconds);
      return client;
    },
    end: () => pool.end(),
  };
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: timedPool }), plugins });
  return {
    kind: 'postgres',
    db,
    pglite: undefined,
    appConnectionString,
    pool,
    onConnectionWait(listener) {
      waitListeners.add(listener);
      return () => waitListeners.delete(listener);
    },
    close: () => db.destroy(),
  };
}

/** The owner's address with the API role as user and no password (local trust setups). */
export function asAppRole(url: string): string {
  const parsed = new URL(url);
  parsed.username = APP_ROLE;
  parsed.password = '';
  return parsed.toString();
}

async function openPglite(dataDir: string, options: DatabaseOptions): Promise<DatabaseHandle> {
  const inMemory = dataDir === 'memory';
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(inMemory ? undefined : dataDir, {
    extensions: { pg_trgm },
    parsers: { [DATE_OID]: (value: string) => value },
  });
  if (options.migrate) {
    // Not destroyed afterwards: that would close the shared PGlite instance.
    await migrateToLatest(new Kysely<unknown>({ dialect: new PGliteDialect({ pglite }) }));
  }
  // PGlite is one in-process session of its superuser: the role is set, not logged in
  // as, so isolation there holds against forgotten filters but not against injected SQL.
  const dialect: Dialect = new PGliteDialect({
    pglite,
    onCreateConnection: async (connection) => {
      await connection.executeQuery(CompiledQuery.raw(`SET ROLE ${APP_ROLE}`));
    },
  });
  const db = new Kysely<DB>({ dialect, plugins });
  return {
    kind: 'pglite',
    db,
    pglite,
    appConnectionString: undefined,
    pool: undefined,
    onConnectionWait: () => () => {},
    close: () => db.destroy(),
  };
}

export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new Error(
      `Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : 'unknown error'}`,
      {
        cause: error,
      },
    );
  }
  return (results ?? []).map((result) => result.migrationName);
}
