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
 * the transaction's app.tenant_id, and the API role's rights on it.
 */
export function tenantOwned(table: string): string[] {
  return [
    `ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`,
    `CREATE POLICY tenant_isolation ON ${table}
       USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant())`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ${table} TO clinic_app`,
  ];
}
