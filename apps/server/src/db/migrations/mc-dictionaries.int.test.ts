import { describe, expect, inject, it } from 'vitest';
import { useMigrationDatabase } from '../../../test/migration-harness.ts';

/**
 * The medical-certificate dictionaries reach a clinic that existed before them, when the
 * migrations run as a schema owner that is not a superuser (row-level security forced on
 * it too): `GET /dictionary/options` would otherwise answer empty lists there.
 */
const testDatabase = inject('databaseUrl');
describe.runIf(testDatabase !== 'pglite')('the MC dictionaries on an existing clinic', () => {
  const database = useMigrationDatabase('clinic_mc_lists');

  it('gives the clinic its MC purposes, relationships and salutations, once', async () => {
    const migrator = database.migrator();
    expect((await migrator.migrateTo('2026-11-25T1421_snomed_ct')).error).toBeUndefined();
    const tenantId = crypto.randomUUID();
    await database.inTenant(tenantId, (client) =>
      client.query(
        `INSERT INTO tenants (id, subdomain, clinic_name, country, timezone_offset)
         VALUES ($1, $2, 'Clinic', 'SG', 480)`,
        [tenantId, `mc-lists-${Date.now()}`],
      ),
    );

    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const lists = await database.inTenant(tenantId, async (client) => {
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
