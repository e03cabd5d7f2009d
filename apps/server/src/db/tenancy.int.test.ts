import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClinic, startTestApp, type Clinic, type TestApp } from '../../test/helpers.ts';
import { withTenant } from './tenant-db.ts';

let t: TestApp;
let a: Clinic;
let b: Clinic;
beforeAll(async () => {
  t = await startTestApp();
  [a, b] = await Promise.all([newClinic(t), newClinic(t)]);
});
afterAll(() => t.close());

const TENANT_TABLES = [
  'tenants',
  'tenant_modules',
  'branches',
  'users',
  'user_branches',
  'sessions',
  'mail_outbox',
];

describe('row-level security', () => {
  it('a query with no tenant filter returns only the current tenant rows, in every tenant table', async () => {
    for (const table of TENANT_TABLES) {
      const column = table === 'tenants' ? 'id' : 'tenant_id';
      const tenants = await withTenant(t.database.db, a.tenantId, async (tx) => {
        const { rows } = await sql<{
          tenant: string;
        }>`SELECT DISTINCT ${sql.ref(column)} AS tenant FROM ${sql.table(table)}`.execute(tx.db);
        return rows.map((row) => row.tenant);
      });
      expect(tenants, table).toEqual([a.tenantId]);
    }
  });

  it('outside a tenant transaction the API role sees no tenant rows at all', async () => {
    const { rows } = await sql<{ count: number }>`SELECT count(*)::int AS count FROM users`.execute(
      t.database.db,
    );
    expect(rows[0]!.count).toBe(0);
    const role = await sql<{ role: string }>`SELECT current_user AS role`.execute(t.database.db);
    expect(role.rows[0]!.role).toBe('clinic_app');
  });

  it('refuses to write a row for another tenant, and cannot change one', async () => {
    await expect(
      withTenant(t.database.db, a.tenantId, (tx) =>
        tx.db
          .insertInto('branches')
          .values({ tenantId: b.tenantId, code: 'EVIL', name: 'Not mine' })
          .execute(),
      ),
    ).rejects.toThrow(/row-level security/);
    const updated = await withTenant(t.database.db, a.tenantId, (tx) =>
      tx.db
        .updateTable('users')
        .set({ firstName: 'Mallory' })
        .where('tenantId', '=', b.tenantId)
        .executeTakeFirst(),
    );
    expect(updated.numUpdatedRows).toBe(0n);
  });

  it('the API role cannot switch off row-level security or become the owner', async () => {
    await expect(sql`SET ROLE postgres`.execute(t.database.db)).rejects.toThrow();
    await expect(
      sql`ALTER TABLE users DISABLE ROW LEVEL SECURITY`.execute(t.database.db),
    ).rejects.toThrow();
  });
});
