import { Kysely, PostgresDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { createPlainOwnerDatabase, withDatabase } from './test-database.ts';
import { migrations } from '../src/db/migrations/index.ts';

export interface MigrationHarness {
  /** The schema owner's pool (not a superuser: row-level security is forced on it too). */
  readonly owner: pg.Pool;
  /** A migrator over the project's migrations, run as that owner. */
  migrator(): Migrator;
  /** Runs `work` as the owner in one transaction inside a clinic (the policies let it see only that). */
  inTenant<T>(tenantId: string, work: (client: pg.PoolClient) => Promise<T>): Promise<T>;
}

/**
 * The set-up of a migration test: registers the `beforeAll` that creates a fresh database
 * owned by a plain (not superuser) role, labelled `label`, and the `afterAll` that drops it.
 * Call it inside the `describe` of a file that runs only on PostgreSQL (not PGlite).
 */
export function useMigrationDatabase(label: string): MigrationHarness {
  let pool: pg.Pool | undefined;
  let db: Kysely<unknown> | undefined;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const serverUrl = withDatabase(inject('databaseUrl'), 'postgres');
    const created = await createPlainOwnerDatabase(serverUrl, label);
    drop = created.drop;
    pool = new pg.Pool({ connectionString: created.url, max: 2 });
    db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  });
  afterAll(async () => {
    await db?.destroy();
    await drop?.();
  });

  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`The migration database's ${what} is not set up yet`);
    return value;
  };

  return {
    get owner() {
      return ready(pool, 'owner pool');
    },
    migrator() {
      return new Migrator({
        db: ready(db, 'Kysely instance'),
        provider: { getMigrations: async () => migrations },
      });
    },
    async inTenant(tenantId, work) {
      const client = await ready(pool, 'owner pool').connect();
      try {
        await client.query('BEGIN');
        await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [tenantId]);
        const result = await work(client);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
  };
}
