import { describe, expect, inject, it } from 'vitest';
import { useMigrationDatabase } from '../../../test/migration-harness.ts';

/**
 * The catalogs migration on a database that already serves a clinic, run by a schema owner
 * that is not a superuser (row-level security is forced on it too): the clinic gets the
 * read-only prescription settings lists, and its system roles that prescribe, dispense or
 * bill may read the catalog; a clinic's own role is left as it was.
 */
const testDatabase = inject('databaseUrl');
describe.runIf(testDatabase !== 'pglite')('the catalogs migration on an existing clinic', () => {
  const database = useMigrationDatabase('clinic_catalogs');

  it('seeds the settings lists and lets the reading roles read the catalog', async () => {
    const migrator = database.migrator();
    const before = await migrator.migrateTo('2026-11-25T1440_documents');
    expect(before.error).toBeUndefined();

    const tenantId = crypto.randomUUID();
    await database.inTenant(tenantId, async (client) => {
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

    const { lists, roles } = await database.inTenant(tenantId, async (client) => ({
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
