import type { Kysely } from 'kysely';
import { runStatements } from '../migration-helpers.ts';

/**
 * Billing search (docs/architecture.md "Billing search and export"). Invoices and payments
 * are searched by branch and date through the billing migration's `invoices_branch_date`
 * and `payments_branch_date`; medical certificates had only their visit's index, so the
 * branch's certificates of a period walked the clinic's. This adds the branch-and-date
 * index of the live ones (a deleted certificate is never listed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE INDEX medical_certificates_branch_issued ON medical_certificates
       (tenant_id, branch_id, issued_date DESC) WHERE deleted_at IS NULL`,
  ]);
}
