import { Kysely, PostgresDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPlainOwnerDatabase, withDatabase } from '../../../test/test-database.ts';
import { migrations } from './index.ts';

/**
 * The medical-certificate dictionaries reach a clinic that existed before them, when the
 * migrations run as a schema owner that is not a superuser (row-level security forced on
 * it too): `GET /dictionary/options` would otherwise answer empty lists there.
 */
const testDatabase = inject('databaseUrl');
describe.runIf(testDatabase !== 'pglite')('the MC dictionaries on an existing clinic', () => {
  const serverUrl = withDatabase(testDatabase, 'postgres');
  let owner: pg.Pool;
  let db: Kysely<unknown>;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createPlainOwnerDatabase(serverUrl, 'clinic_mc_lists');
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
    } finally {
      client.release();
    }
  }

  it('gives the clinic its MC purposes, relationships and salutations, once', async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('2026-11-25T1421_snomed_ct')).error).toBeUndefined();
    const tenantId = crypto.randomUUID();
    await inTenant(tenantId, (client) =>
      client.query(
        `INSERT INTO tenants (id, subdomain, clinic_name, country, timezone_offset)
         VALUES ($1, $2, 'Clinic', 'SG', 480)`,
        [tenantId, `mc-lists-${Date.now()}`],
      ),
    );

    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const lists = await inTenant(tenantId, async (client) => {
      const { rows } = await client.query<{ list: string; entries: string }>(
        `SELECT list, count(*) AS entries FROM reference_options
          WHERE list IN ('mcPurpose', 'relationship', 'salutation')
          GROUP BY list ORDER BY list`,
      );
      return Object.fromEntries(rows.map((row) => [row.list, Number(row.entries)]));
    });
    expect(lists).toEqual({ mcPurpose: 8, relationship: 12, salutation: 7 });
  });
});
