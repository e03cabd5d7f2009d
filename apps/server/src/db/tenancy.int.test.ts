import { normalizeUsername } from '@clinic/domain';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { setupApiTest } from '../../test/api-fixture.ts';
import { addUser, newClinic, patientBody, startTestApp } from '../../test/helpers.ts';
import { createPlainOwnerDatabase, withDatabase } from '../../test/test-database.ts';
import { openDatabase } from './connection.ts';
import type { DB } from './schema.ts';
import { withTenant } from './tenant-db.ts';

/**
 * Tenancy, read from the catalog of the migrated database, so tables added later are
 * covered without editing this file: every tenant-owned table (one with a tenant_id
 * column) keys, uniques and references by tenant_id (so it can be distributed by tenant on
 * Citus unchanged), and has row-level security enabled AND forced.
 */

/** The tenant root: distributed as a Citus reference table, keyed by its own id. */
const TENANT_ROOT = 'tenants';

/** Tables without the tenant key rules, each with the reason. */
const GLOBAL_TABLES: Record<string, string> = {
  throttle_events:
    'rate-limit counts keyed by client address or account name, across clinics by design',
  usernames:
    'sign-in names are unique across clinics (sign-in names no clinic); a reference table on Citus, kept by a trigger on users',
  snomed_descriptions:
    'SNOMED CT terminology, the same for every clinic: read-only to the API role, loaded by migrations and snomed:load',
  snomed_words:
    'the words of the SNOMED CT descriptions for the prefix search, kept by a trigger on snomed_descriptions',
  kysely_migration: 'migration bookkeeping of the schema owner',
  kysely_migration_lock: 'migration bookkeeping of the schema owner',
};

/** The role that owns the cross-tenant SECURITY DEFINER functions. */
const DIRECTORY_ROLE = 'clinic_directory';

interface TableRow {
  name: string;
  rls: boolean;
  forced: boolean;
  hasTenant: boolean;
}

async function catalog(db: Kysely<DB>) {
  const tables = await sql<TableRow>`
    SELECT c.relname AS name, c.relrowsecurity AS rls, c.relforcerowsecurity AS forced,
           EXISTS (SELECT 1 FROM pg_attribute a
                    WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped)
             AS "hasTenant"
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
     ORDER BY 1`.execute(db);
  // Primary keys, unique constraints and unique indexes alike: their key columns (an
  // expression counts as no column).
  const uniques = await sql<{ table: string; index: string; columns: string[] }>`
    SELECT c.relname AS table, i.relname AS index,
           ARRAY(SELECT a.attname::text
                   FROM unnest(ix.indkey::int2[]) WITH ORDINALITY AS k(attnum, pos)
                   JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
                  WHERE k.pos <= ix.indnkeyatts ORDER BY k.pos) AS columns
      FROM pg_index ix
      JOIN pg_class i ON i.oid = ix.indexrelid
      JOIN pg_class c ON c.oid = ix.indrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND ix.indisunique`.execute(db);
  const foreignKeys = await sql<{
    table: string;
    name: string;
    references: string;
    columns: string[];
    referenced: string[];
  }>`
    SELECT con.conrelid::regclass::text AS table, con.conname AS name,
           con.confrelid::regclass::text AS references,
           ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, pos)
                   JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum
                  ORDER BY k.pos) AS columns,
           ARRAY(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY AS k(attnum, pos)
                   JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum
                  ORDER BY k.pos) AS referenced
      FROM pg_constraint con JOIN pg_namespace n ON n.oid = con.connamespace
     WHERE n.nspname = 'public' AND con.contype = 'f'`.execute(db);
  const policies = await sql<{
    table: string;
    name: string;
    roles: string[];
    command: string;
    using: string | null;
    check: string | null;
  }>`
    SELECT tablename AS table, policyname AS name, roles::text[] AS roles, cmd AS command,
           qual AS using, with_check AS check
      FROM pg_policies WHERE schemaname = 'public'`.execute(db);
  const definers = await sql<{ fn: string; owner: string }>`
    SELECT p.oid::regprocedure::text AS fn, pg_get_userbyid(p.proowner)::text AS owner
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = 'public' AND p.prosecdef`.execute(db);
  return {
    tables: tables.rows,
    uniques: uniques.rows,
    foreignKeys: foreignKeys.rows,
    policies: policies.rows,
    definers: definers.rows,
  };
}

/** Tables whose rows belong to one tenant: the root, and every table with tenant_id. */
function tenantTables(tables: TableRow[]): string[] {
  return tables.filter((t) => t.name === TENANT_ROOT || t.hasTenant).map((t) => t.name);
}

const {
  t,
  clinics: [a, b],
} = setupApiTest({ clinics: 2 });
let schema: Awaited<ReturnType<typeof catalog>>;
beforeAll(async () => {
  schema = await catalog(t.database.db);
});

describe('the schema can be distributed by tenant (read from the catalog)', () => {
  it('every table is tenant-owned, the tenant root, or a global table listed with its reason', () => {
    const unexplained = schema.tables
      .filter((table) => !table.hasTenant && table.name !== TENANT_ROOT)
      .map((table) => table.name)
      .filter((name) => !(name in GLOBAL_TABLES));
    expect(unexplained, 'a table without tenant_id must be listed in GLOBAL_TABLES').toEqual([]);
    for (const name of Object.keys(GLOBAL_TABLES)) {
      expect(
        schema.tables.map((table) => table.name),
        `${name} is listed but missing`,
      ).toContain(name);
    }
    // Sanity: the catalog sees the tables the app is built on.
    expect(tenantTables(schema.tables)).toEqual(
      expect.arrayContaining(['tenants', 'users', 'patients', 'queue_entries', 'sessions']),
    );
    expect(tenantTables(schema.tables).length).toBeGreaterThanOrEqual(20);
  });

  it('every tenant table has a primary key, and every unique key includes tenant_id', () => {
    const keyed = schema.tables.filter((t) => t.hasTenant && !(t.name in GLOBAL_TABLES));
    const problems: string[] = [];
    for (const table of keyed) {
      const own = schema.uniques.filter((u) => u.table === table.name);
      if (!own.some((u) => u.index === `${table.name}_pkey`))
        problems.push(`${table.name}: no primary key`);
      for (const unique of own)
        if (!unique.columns.includes('tenant_id'))
          problems.push(`${table.name}.${unique.index} (${unique.columns.join(', ')})`);
    }
    expect(problems).toEqual([]);
  });

  it('every foreign key of a tenant table pairs tenant_id with the referenced tenant key', () => {
    const keyed = new Set(tenantTables(schema.tables));
    const problems: string[] = [];
    for (const fk of schema.foreignKeys.filter((fk) => keyed.has(fk.table))) {
      const at = fk.columns.indexOf('tenant_id');
      const expected = fk.references === TENANT_ROOT ? 'id' : 'tenant_id';
      if (at < 0 || fk.referenced[at] !== expected)
        problems.push(
          `${fk.table}.${fk.name}: (${fk.columns.join(', ')}) → ${fk.references} (${fk.referenced.join(', ')})`,
        );
    }
    expect(problems).toEqual([]);
    expect(schema.foreignKeys.length).toBeGreaterThan(20);
  });

  it('every tenant table has row-level security enabled and forced', () => {
    const tables = schema.tables.filter((t) => t.name === TENANT_ROOT || t.hasTenant);
    expect(tables.filter((t) => !t.rls || !t.forced).map((t) => t.name)).toEqual([]);
  });

  it('every policy is keyed on the transaction tenant, or a read for the directory role', () => {
    const tables = new Set(tenantTables(schema.tables));
    for (const table of tables) {
      const own = schema.policies.filter((p) => p.table === table);
      expect(
        own.some(
          (p) =>
            p.command === 'ALL' &&
            p.roles.includes('public') &&
            p.using?.includes('app_current_tenant()') &&
            p.check?.includes('app_current_tenant()'),
        ),
        `${table} has a tenant policy`,
      ).toBe(true);
    }
    const other = schema.policies.filter(
      (p) =>
        !(p.using?.includes('app_current_tenant()') && p.check?.includes('app_current_tenant()')),
    );
    for (const policy of other) {
      expect(policy, `${policy.table}.${policy.name}`).toMatchObject({
        command: 'SELECT',
        roles: [DIRECTORY_ROLE],
      });
    }
  });

  it('cross-tenant functions run as a role that only reads, cannot log in, and bypasses nothing', async () => {
    expect(schema.definers.length).toBeGreaterThanOrEqual(8);
    expect(
      schema.definers.filter((d) => d.owner !== DIRECTORY_ROLE),
      `SECURITY DEFINER functions must belong to ${DIRECTORY_ROLE} (ALTER FUNCTION ... OWNER TO ${DIRECTORY_ROLE})`,
    ).toEqual([]);
    const role = await sql<{ super: boolean; bypass: boolean; login: boolean }>`
      SELECT rolsuper AS super, rolbypassrls AS bypass, rolcanlogin AS login
        FROM pg_roles WHERE rolname = ${DIRECTORY_ROLE}`.execute(t.database.db);
    expect(role.rows).toEqual([{ super: false, bypass: false, login: false }]);
    const writable = await sql<{ name: string }>`
      SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
         AND has_table_privilege(${DIRECTORY_ROLE}, c.oid, 'INSERT, UPDATE, DELETE, TRUNCATE')`.execute(
      t.database.db,
    );
    expect(writable.rows).toEqual([]);
  });
});

describe('row-level security', () => {
  it('a query with no tenant filter returns only the current tenant rows, in every tenant table', async () => {
    const seen: Record<string, string[]> = {};
    for (const table of tenantTables(schema.tables)) {
      const column = table === TENANT_ROOT ? 'id' : 'tenant_id';
      seen[table] = await withTenant(t.database.db, a.tenantId, async (tx) => {
        const { rows } = await sql<{
          tenant: string;
        }>`SELECT DISTINCT ${sql.ref(column)} AS tenant FROM ${sql.table(table)}`.execute(tx.db);
        return rows.map((row) => row.tenant);
      });
      expect(
        seen[table].filter((tenant) => tenant !== a.tenantId),
        table,
      ).toEqual([]);
    }
    // Clinic A has rows in these from registration and sign-in, so the check above bites.
    for (const table of ['tenants', 'tenant_modules', 'branches', 'users', 'user_branches'])
      expect(seen[table], table).toEqual([a.tenantId]);
    for (const table of ['sessions', 'mail_outbox', 'usernames', 'reference_options'])
      expect(seen[table], table).toEqual([a.tenantId]);
  });

  it('outside a tenant transaction the API role sees no tenant rows at all', async () => {
    for (const table of tenantTables(schema.tables)) {
      const { rows } = await sql<{
        count: number;
      }>`SELECT count(*)::int AS count FROM ${sql.table(table)}`.execute(t.database.db);
      expect(rows[0]!.count, table).toBe(0);
    }
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

  it('the API role cannot switch off row-level security or become the owner or the directory', async () => {
    await expect(sql`SET ROLE postgres`.execute(t.database.db)).rejects.toThrow();
    await expect(sql`SET ROLE clinic_directory`.execute(t.database.db)).rejects.toThrow();
    await expect(
      sql`ALTER TABLE users DISABLE ROW LEVEL SECURITY`.execute(t.database.db),
    ).rejects.toThrow();
    await expect(
      sql`ALTER TABLE users NO FORCE ROW LEVEL SECURITY`.execute(t.database.db),
    ).rejects.toThrow();
  });

  it('keeps usernames unique across clinics, and follows renames', async () => {
    const user = await addUser(t, a, 'Nurse');
    await expect(
      withTenant(t.database.db, b.tenantId, (tx) =>
        tx.db
          .insertInto('users')
          .values({
            tenantId: b.tenantId,
            username: user.username.toUpperCase(),
            normalizedUsername: normalizeUsername(user.username.toUpperCase()),
            firstName: 'Same',
            lastName: 'Name',
            email: 'same@example.com',
            type: 'Nurse',
          })
          .execute(),
      ),
    ).rejects.toThrow(/usernames_pkey/);
    const renamed = `${user.username}-renamed`;
    // A rename that forgets the normalised name is refused, not left to disagree.
    await expect(
      withTenant(t.database.db, a.tenantId, (tx) =>
        tx.db.updateTable('users').set({ username: renamed }).where('id', '=', user.id).execute(),
      ),
    ).rejects.toThrow(/users_normalized_username_ascii/);
    await withTenant(t.database.db, a.tenantId, (tx) =>
      tx.db
        .updateTable('users')
        .set({ username: renamed, normalizedUsername: normalizeUsername(renamed) })
        .where('id', '=', user.id)
        .execute(),
    );
    const names = await withTenant(t.database.db, a.tenantId, (tx) =>
      sql<{
        username: string;
      }>`SELECT username FROM usernames WHERE user_id = ${user.id}`.execute(tx.db),
    );
    expect(names.rows).toEqual([{ username: renamed }]);
  });
});

/**
 * In the run's database the owner is a superuser, which bypasses row-level security even
 * when forced. Production owners often are not: this migrates a fresh database as a plain
 * role and runs the flows that read across tenants (registration, sign-in, sessions,
 * patient search) to show the forced policies and the directory role work there too.
 */
const testDatabase = inject('databaseUrl');
describe.runIf(testDatabase !== 'pglite')('with a schema owner that is not a superuser', () => {
  const serverUrl = withDatabase(testDatabase, 'postgres');
  let ownerUrl: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ url: ownerUrl, drop } = await createPlainOwnerDatabase(serverUrl, 'clinic_plain'));
  });
  afterAll(() => drop());

  it('migrates, registers, signs in and searches patients; the owner sees no tenant rows', async () => {
    const database = await openDatabase({
      databaseUrl: ownerUrl,
      dataDir: 'unused',
      migrate: true,
      poolSize: 3,
    });
    const plain = await startTestApp({}, database);
    const owner = new pg.Client({ connectionString: ownerUrl });
    await owner.connect();
    try {
      const clinic = await newClinic(plain);
      const patient = await plain.call('POST', '/api/v1/patients', {
        token: clinic.token,
        branchId: clinic.branchId,
        body: patientBody({ name: 'Tan Ah Kow' }),
      });
      expect(patient.status, JSON.stringify(patient.body)).toBe(201);
      const found = await plain.call('GET', '/api/v1/patients/option?keyword=ah%20ko', {
        token: clinic.token,
        branchId: clinic.branchId,
      });
      expect(found.status).toBe(200);
      expect(found.body.data.items.map((p: { name: string }) => p.name)).toEqual(['Tan Ah Kow']);

      const role = await owner.query<{ super: boolean }>(
        'SELECT rolsuper AS super FROM pg_roles WHERE rolname = current_user',
      );
      expect(role.rows).toEqual([{ super: false }]);
      const member = await owner.query<{ member: boolean }>(
        `SELECT pg_has_role(current_user, 'clinic_directory', 'USAGE') AS member`,
      );
      expect(member.rows).toEqual([{ member: false }]);
      const blind = await owner.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
      expect(blind.rows[0]!.n).toBe(0);
      await owner.query('BEGIN');
      await owner.query(`SELECT set_config('app.tenant_id', $1, true)`, [clinic.tenantId]);
      const own = await owner.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
      expect(own.rows[0]!.n).toBe(1);
      await owner.query('ROLLBACK');
    } finally {
      await owner.end();
      await plain.close();
      await database.close();
    }
  }, 60_000);
});
