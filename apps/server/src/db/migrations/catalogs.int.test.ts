import { Kysely, PostgresDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPlainOwnerDatabase, withDatabase } from '../../../test/test-database.ts';
import { migrations } from './index.ts';

/**
 * The catalogs migration on a database that already serves a clinic, run by a schema owner
 * that is not a superuser (row-level security is forced on it too): the clinic gets the
 * read-only prescription settings lists, and its system roles that prescribe, dispense or
 * bill may read the catalog; a clinic's own role is left as it was.
 */
const testDatabase = inject('databaseUrl');
describe.runIf(testDatabase !== 'pglite')('the catalogs migration on an existing clinic', () => {
  const serverUrl = withDatabase(testDatabase, 'postgres');
  let owner: pg.Pool;
  let db: Kysely<unknown>;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createPlainOwnerDatabase(serverUrl, 'clinic_catalogs');
    drop = created.drop;
    owner = new pg.Pool({ connectionString: created.url, max: 2 });
    db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: owner }) });
  });
  afterAll(async () => {
    await db?.destroy();
    await drop();
  });

  async function inTenant<T>(tenantId: string, work: (client: pg.PoolClient) => Promise<T>) {
    const client = await owner.connect();
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
  }

  it('seeds the settings lists and lets the reading roles read the catalog', async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const before = await migrator.migrateTo('2026-11-25T1440_documents');
    expect(before.error).toBeUndefined();

    const tenantId = crypto.randomUUID();
    await inTenant(tenantId, async (client) => {
      await client.query(
        `INSERT INTO tenants (id, subdomain, clinic_name, country, timezone_offset)
         VALUES ($1, $2, 'Clinic', 'SG', 480)`,
        [tenantId, `catalogs-${Date.now()}`],
      );
      await client.query(
        `INSERT INTO roles (tenant_id, name, permissions, system) VALUES
           ($1, 'Doctor', '{visits:read}', true),
           ($1, 'Front desk', '{queue:read}', true),
           ($1, 'Pharmacist', '{catalogs:read,catalogs:create}', true),
           ($1, 'Desk copy', '{queue:read}', false)`,
        [tenantId],
      );
    });

    const after = await migrator.migrateToLatest();
    expect(after.error).toBeUndefined();

    const { lists, roles } = await inTenant(tenantId, async (client) => ({
      lists: (
        await client.query<{ list: string; entries: string; system: boolean }>(
          `SELECT list, count(*) AS entries, bool_and(is_system) AS system
             FROM prescription_settings GROUP BY list ORDER BY list`,
        )
      ).rows,
      roles: (
        await client.query<{ name: string; permissions: string[] }>(
          `SELECT name, permissions FROM roles ORDER BY name`,
        )
      ).rows,
    }));
    expect(lists.map((row) => row.list)).toEqual([
      'consumeMethod',
      'frequency',
      'indication',
      'precaution',
      'unitMeasurement',
    ]);
    for (const row of lists) {
      expect(Number(row.entries)).toBeGreaterThan(5);
      expect(row.system).toBe(true);
    }
    expect(Object.fromEntries(roles.map((role) => [role.name, role.permissions]))).toEqual({
      Doctor: ['visits:read', 'catalogs:read'],
      'Front desk': ['queue:read', 'catalogs:read'],
      Pharmacist: ['catalogs:read', 'catalogs:create'],
      'Desk copy': ['queue:read'],
    });
  });
});
