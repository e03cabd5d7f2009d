import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from './schema.ts';

/**
 * A transaction bound to one tenant: row-level security sees only that tenant's rows.
 * Repositories take this, never the bare connection.
 */
export interface TenantTx {
  readonly db: Transaction<DB>;
  readonly tenantId: string;
  /**
   * The moment the work acts at (Unix seconds) when it is not the wall clock's: only the
   * demo seed sets it, to book its past weeks' visits and bills on their own days. The
   * clinic's clock (`clinicContext`: now, today) reads it; row timestamps stay the
   * database's `now()`.
   */
  readonly actsAt?: number;
  /** Runs after the transaction commits (events, mail); skipped on rollback. */
  afterCommit(task: () => void | Promise<void>): void;
}

export type AfterCommitErrorHandler = (error: unknown) => void;

export async function withTenant<T>(
  db: Kysely<DB>,
  tenantId: string,
  work: (tx: TenantTx) => Promise<T>,
  onAfterCommitError: AfterCommitErrorHandler = () => {},
): Promise<T> {
  const tasks: Array<() => void | Promise<void>> = [];
  const result = await db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('app.tenant_id', ${tenantId}, true)`.execute(trx);
    return work({ db: trx, tenantId, afterCommit: (task) => tasks.push(task) });
  });
  for (const task of tasks) {
    try {
      await task();
    } catch (error) {
      onAfterCommitError(error);
    }
  }
  return result;
}

/**
 * `set_config('app.tenant_id', tenantId, true)`, to pass as the first argument of a
 * database function that reads the tenant (`search_patient_names`, `queue_day_rows`):
 * arguments are evaluated before the function's body, so a read that is one statement
 * runs in the tenant without BEGIN, set_config and COMMIT round trips, and the setting
 * ends with the statement.
 */
export function tenantArgument(tenantId: string) {
  return sql<string>`set_config('app.tenant_id', ${tenantId}, true)`;
}

/** The tenant and the API's connection, for reads that are one statement. */
export interface TenantRead {
  readonly db: Kysely<DB>;
  readonly tenantId: string;
}
