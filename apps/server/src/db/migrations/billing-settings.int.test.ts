import { describe, expect, inject, it } from 'vitest';
import { useMigrationDatabase } from '../../../test/migration-harness.ts';

/**
 * The billing migration gives a clinic that existed before it the seeded tax options (with
 * their dated rates) and payment methods, when the migrations run as a schema owner that
 * is not a superuser (row-level security forced on it too).
 */
const testDatabase = inject('databaseUrl');
describe.runIf(testDatabase !== 'pglite')('the billing settings on an existing clinic', () => {
  const database = useMigrationDatabase('clinic_billing_settings');

  it('gives the clinic its tax options, the default first, and its payment methods', async () => {
    const migrator = database.migrator();
    expect((await migrator.migrateTo('2026-11-27T1400_vaccine_plans')).error).toBeUndefined();
    const tenantId = crypto.randomUUID();
    await database.inTenant(tenantId, (client) =>
      client.query(
        `INSERT INTO tenants (id, subdomain, clinic_name, country, timezone_offset)
         VALUES ($1, $2, 'Clinic', 'SG', 480)`,
        [tenantId, `billing-${Date.now()}`],
      ),
    );

    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const seeded = await database.inTenant(tenantId, async (client) => {
      const options = await client.query<{ code: string; rates: string }>(
        `SELECT o.code, string_agg(r.effective_from::text || '=' || r.rate_basis_points, ','
                                   ORDER BY r.effective_from) AS rates
           FROM tax_options o JOIN tax_option_rates r ON r.tax_option_id = o.id
          GROUP BY o.code, o.sort_order ORDER BY o.sort_order`,
      );
      const methods = await client.query<{ code: string; givesChange: boolean }>(
        `SELECT code, gives_change AS "givesChange" FROM payment_methods ORDER BY sort_order`,
      );
      return { options: options.rows, methods: methods.rows };
    });
    expect(seeded.options.map((option) => option.code)).toEqual(['TAX', 'SG-GST', 'NONE']);
    expect(seeded.options[0]!.rates).toBe('1970-01-01=700');
    expect(seeded.options[1]!.rates).toContain('2023-01-01=800,2024-01-01=900');
    expect(seeded.methods).toEqual([
      { code: 'cash', givesChange: true },
      { code: 'nets', givesChange: false },
      { code: 'card', givesChange: false },
      { code: 'paynow', givesChange: false },
      { code: 'cheque', givesChange: false },
    ]);
  });
});
