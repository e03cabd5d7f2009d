import { sql } from 'kysely';
import type { TenantTx } from '../../db/tenant-db.ts';

/** The clinic's starter tax options (with their rates) and payment methods. */
export async function seedSettings(tx: TenantTx): Promise<void> {
  await sql`SELECT seed_billing_settings(${tx.tenantId}::uuid)`.execute(tx.db);
}
