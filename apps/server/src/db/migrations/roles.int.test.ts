import { SYSTEM_ROLES, SYSTEM_ROLE_NAMES } from '@clinic/domain';
import { describe, expect, inject, it } from 'vitest';
import { useMigrationDatabase } from '../../../test/migration-harness.ts';

/**
 * The roles migration on a database that already serves clinics, run by a schema owner
 * that is not a superuser (row-level security is forced on it too): every clinic gets the
 * system roles, and every user in every branch the default role of their type.
 */
const testDatabase = inject('databaseUrl');
describe.runIf(testDatabase !== 'pglite')('the roles migration on existing clinics', () => {
  const suffix = `${Date.now()}_${process.pid}`;
  const database = useMigrationDatabase('clinic_roles');

  it('seeds every clinic its system roles and gives every user the role of their type', async () => {
    const migrator = database.migrator();
    const before = await migrator.migrateTo('2026-11-24T1300_distribution_ready');
    expect(before.error).toBeUndefined();

    const clinics = [crypto.randomUUID(), crypto.randomUUID()];
    const types = ['Administrator', '50', 'Nurse', 'Front Desk'];
    for (const [index, tenantId] of clinics.entries()) {
      await database.inTenant(tenantId, async (client) => {
        await client.query(
          `INSERT INTO tenants (id, subdomain, clinic_name, country, timezone_offset)
           VALUES ($1, $2, 'Clinic', 'SG', 480)`,
          [tenantId, `roles-${index}-${suffix}`],
        );
        const branches = await client.query<{ id: string }>(
          `INSERT INTO branches (tenant_id, code, name) VALUES ($1, 'A', 'A'), ($1, 'B', 'B')
           RETURNING id`,
          [tenantId],
        );
        for (const type of types) {
          const user = await client.query<{ id: string }>(
            `INSERT INTO users (tenant_id, username, first_name, last_name, email, type)
             VALUES ($1, $2, 'F', 'L', 'x@example.com', $3) RETURNING id`,
            [tenantId, `${type.replace(/\W/g, '')}-${index}-${suffix}`, type],
          );
          for (const branch of branches.rows)
            await client.query(
              `INSERT INTO user_branches (tenant_id, user_id, branch_id) VALUES ($1, $2, $3)`,
              [tenantId, user.rows[0]!.id, branch.id],
            );
        }
      });
    }

    const after = await migrator.migrateToLatest();
    expect(after.error).toBeUndefined();

    for (const tenantId of clinics) {
      const { roles, held } = await database.inTenant(tenantId, async (client) => ({
        roles: (
          await client.query<{ name: string; permissions: string[]; system: boolean }>(
            'SELECT name, permissions, system FROM roles ORDER BY name',
          )
        ).rows,
        held: (
          await client.query<{ type: string; role: string; n: number }>(
            `SELECT u.type, r.name AS role, count(*)::int AS n
               FROM user_branches ub
               JOIN users u ON u.tenant_id = ub.tenant_id AND u.id = ub.user_id
               JOIN roles r ON r.tenant_id = ub.tenant_id AND r.id = ub.role_id
              GROUP BY 1, 2 ORDER BY 1`,
          )
        ).rows,
      }));
      expect(roles.map((role) => role.name)).toEqual([...SYSTEM_ROLE_NAMES].sort());
      for (const role of roles) {
        expect(role.system).toBe(true);
        // The migration's frozen copy is today's SYSTEM_ROLES.
        expect([...role.permissions].sort(), role.name).toEqual(
          [...SYSTEM_ROLES[role.name as keyof typeof SYSTEM_ROLES]].sort(),
        );
      }
      expect(held).toEqual([
        { type: '50', role: 'Doctor', n: 2 },
        { type: 'Administrator', role: 'Administrator', n: 2 },
        { type: 'Front Desk', role: 'Front desk', n: 2 },
        { type: 'Nurse', role: 'Nurse', n: 2 },
      ]);
    }

    // Forcing is back on: outside a clinic the owner sees no roles and no branch rows.
    const blind = await database.owner.query<{ roles: number; held: number }>(
      `SELECT (SELECT count(*) FROM roles)::int AS roles,
              (SELECT count(*) FROM user_branches)::int AS held`,
    );
    expect(blind.rows).toEqual([{ roles: 0, held: 0 }]);
  }, 60_000);
});
