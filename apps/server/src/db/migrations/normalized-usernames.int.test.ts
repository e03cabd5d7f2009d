import { normalizeUsername } from '@clinic/domain';
import { describe, expect, inject, it } from 'vitest';
import { useMigrationDatabase } from '../../../test/migration-harness.ts';

/**
 * The username migration on a database that already serves clinics, run by a schema owner
 * that is not a superuser: every user gets the normalised name the API computes (not the
 * database's lower()), `usernames` holds those, and forcing is back on afterwards.
 */
const testDatabase = inject('databaseUrl');
describe.runIf(testDatabase !== 'pglite')('the username migration on existing clinics', () => {
  const suffix = `${Date.now()}_${process.pid}`;
  const database = useMigrationDatabase('clinic_usernames');

  it('stores the normalised name of every user and keys usernames by it', async () => {
    const migrator = database.migrator();
    const before = await migrator.migrateTo('2026-11-25T1100_access_change_notices');
    expect(before.error).toBeUndefined();

    const tenantId = crypto.randomUUID();
    // Upper case, fullwidth letters, and a dotted capital I (PostgreSQL's lower() says `i`).
    const names = [`Nurse.Lim-${suffix}`, `ｆｕｌｌ．ｗｉｄｔｈ-${suffix}`, `İpek-${suffix}`];
    await database.inTenant(tenantId, async (client) => {
      await client.query(
        `INSERT INTO tenants (id, subdomain, clinic_name, country, timezone_offset)
         VALUES ($1, $2, 'Clinic', 'SG', 480)`,
        [tenantId, `names-${suffix}`],
      );
      for (const name of names) {
        await client.query(
          `INSERT INTO users (tenant_id, username, first_name, last_name, email, type)
           VALUES ($1, $2, 'F', 'L', 'x@example.com', 'Nurse')`,
          [tenantId, name],
        );
      }
    });

    const after = await migrator.migrateToLatest();
    expect(after.error).toBeUndefined();

    const { users, usernames } = await database.inTenant(tenantId, async (client) => ({
      users: (
        await client.query<{ username: string; normalized: string }>(
          'SELECT username, normalized_username AS normalized FROM users ORDER BY username',
        )
      ).rows,
      usernames: (
        await client.query<{ username: string }>('SELECT username FROM usernames ORDER BY 1')
      ).rows.map((row) => row.username),
    }));
    const expected = names.map((name) => normalizeUsername(name));
    expect(users.map((user) => user.normalized).sort()).toEqual([...expected].sort());
    for (const user of users) expect(user.normalized).toBe(normalizeUsername(user.username));
    expect(usernames).toEqual([...expected].sort());
    expect(expected).toContain(`full.width-${suffix}`);
    expect(expected).toContain(`i\u0307pek-${suffix}`);

    // Forcing is back on: outside a clinic the owner sees no users and no names.
    const outside = await database.owner.query('SELECT count(*)::int AS n FROM usernames');
    expect(outside.rows[0].n).toBe(0);
  });
});
