import { describe, expect, inject, it } from 'vitest';
import { useMigrationDatabase } from '../../../test/migration-harness.ts';

/**
 * The picker's indexes on a database that already holds a clinic's catalog, run by a
 * schema owner that is not a superuser (row-level security is forced on it too): the live
 * items get their code keys and name grams, a deleted one gets none, and the trigger keeps
 * the grams of later writes.
 */
const testDatabase = inject('databaseUrl');
describe.runIf(testDatabase !== 'pglite')(
  'the catalog picker migration on an existing clinic',
  () => {
    const database = useMigrationDatabase('clinic_catalog_picker');

    it('gives the existing items their code keys and name grams', async () => {
      const migrator = database.migrator();
      const before = await migrator.migrateTo('2026-11-25T1800_mc_dictionaries_existing_clinics');
      expect(before.error).toBeUndefined();

      const tenantId = crypto.randomUUID();
      await database.inTenant(tenantId, async (client) => {
        await client.query(
          `INSERT INTO tenants (id, subdomain, clinic_name, country, timezone_offset)
         VALUES ($1, $2, 'Clinic', 'SG', 480)`,
          [tenantId, `picker-${Date.now()}`],
        );
        await client.query(
          `INSERT INTO catalog_items (tenant_id, type, code, name, selling_price_cents, deleted_at)
         VALUES ($1, 'Med', 'PCM500', 'Paracetamol', 10, NULL),
                ($1, 'Med', 'OLD1', 'Aspirin', 10, now())`,
          [tenantId],
        );
      });

      const after = await migrator.migrateToLatest();
      expect(after.error).toBeUndefined();

      const grams = (name: string) =>
        database.inTenant(tenantId, async (client) => {
          const { rows } = await client.query<{ code_key: string; grams: string[] }>(
            `SELECT i.code_key, array_agg(g.gram ORDER BY g.gram) FILTER (WHERE g.gram IS NOT NULL) AS grams
             FROM catalog_items i
             LEFT JOIN catalog_name_grams g ON g.tenant_id = i.tenant_id AND g.item_id = i.id
            WHERE i.name = $1 GROUP BY i.code_key`,
            [name],
          );
          return rows;
        });
      const [paracetamol] = await grams('Paracetamol');
      expect(paracetamol?.code_key).toBe('pcm500');
      expect(paracetamol?.grams).toEqual(
        expect.arrayContaining(['p', 'pa', 'par', 'mol', 'ol', 'l', 'ace']),
      );
      expect(paracetamol?.grams).toHaveLength(new Set(paracetamol?.grams).size);
      expect(await grams('Aspirin')).toEqual([{ code_key: 'old1', grams: null }]);

      // Renamed: the old name's grams go, the new name's come.
      await database.inTenant(tenantId, (client) =>
        client.query(`UPDATE catalog_items SET name = 'Zinc' WHERE code = 'PCM500'`),
      );
      expect((await grams('Zinc'))[0]?.grams).toEqual([
        'c',
        'i',
        'in',
        'inc',
        'n',
        'nc',
        'z',
        'zi',
        'zin',
      ]);
    });
  },
);
