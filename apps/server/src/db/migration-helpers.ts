import { sql, type Kysely } from 'kysely';

/** Runs DDL statements one by one (the extended protocol takes one statement per query). */
export async function runStatements(
  db: Kysely<unknown>,
  statements: readonly string[],
): Promise<void> {
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}

/**
 * Statements that make a table tenant-owned: row-level security on `tenant_id` against
 * the transaction's app.tenant_id, forced (the owner too is subject to it; see the
 * distribution-ready migration), and the API role's rights on it.
 */
export function tenantOwned(table: string): string[] {
  return [
    `ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`,
    `ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`,
    `CREATE POLICY tenant_isolation ON ${table}
       USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant())`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ${table} TO clinic_app`,
  ];
}

/** The role that owns the cross-tenant SECURITY DEFINER functions (reads only, no bypass). */
export const DIRECTORY_ROLE = 'clinic_directory';

/**
 * Wraps statements that create or replace SECURITY DEFINER functions: afterwards every
 * such function of the schema owner belongs to the directory role, which reads only what
 * its policies allow. The owner is a member of that role only meanwhile: a member would
 * inherit its read-everything policies, and row-level security is forced on the owner too.
 */
export function directoryFunctions(statements: readonly string[]): string[] {
  return [
    `GRANT ${DIRECTORY_ROLE} TO CURRENT_USER`,
    // A new owner must be able to create in the schema, for the hand-over only.
    `GRANT CREATE ON SCHEMA public TO ${DIRECTORY_ROLE}`,
    ...statements,
    `DO $$
     DECLARE f regprocedure;
     BEGIN
       FOR f IN
         SELECT p.oid::regprocedure FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
          WHERE n.nspname = 'public' AND p.prosecdef AND p.proowner = current_user::regrole
            AND NOT EXISTS (SELECT 1 FROM pg_depend d
                             WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid
                               AND d.deptype = 'e')
       LOOP
         EXECUTE format('ALTER FUNCTION %s OWNER TO ${DIRECTORY_ROLE}', f);
       END LOOP;
     END $$`,
    `REVOKE CREATE ON SCHEMA public FROM ${DIRECTORY_ROLE}`,
    `REVOKE ${DIRECTORY_ROLE} FROM CURRENT_USER`,
  ];
}
