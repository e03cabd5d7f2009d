import type { Kysely } from 'kysely';
import { runStatements } from '../migration-helpers.ts';

/**
 * Companies a bill goes to, and who keeps the billing settings (issue 13,
 * docs/architecture.md "Companies, service lines and billing settings").
 * - `companies` gains the bill-to block (address, contact person, phone, email), its credit
 *   terms in days (the invoice's due date) and an active flag (deactivated, never deleted:
 *   invoices and patients point at it), and `updated_at`.
 * - The system roles Administrator and Finance of existing clinics gain `billingSettings:*`
 *   (tax options and payment methods), as new clinics' roles have them.
 */
const PERMISSIONS = ['billingSettings:read', 'billingSettings:create', 'billingSettings:update'];
const HOLDERS = ['Administrator', 'Finance'];
const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE companies
       ADD COLUMN address text,
       ADD COLUMN contact_person text,
       ADD COLUMN phone text,
       ADD COLUMN email text,
       ADD COLUMN credit_terms_days integer NOT NULL DEFAULT 0
         CHECK (credit_terms_days BETWEEN 0 AND 365),
       ADD COLUMN is_active boolean NOT NULL DEFAULT true,
       ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`,
    // Across clinics: `roles` is forced under row-level security, so it is un-forced meanwhile.
    `ALTER TABLE roles NO FORCE ROW LEVEL SECURITY`,
    `UPDATE roles
        SET permissions = ARRAY(
              SELECT DISTINCT p FROM unnest(permissions || ARRAY[${PERMISSIONS.map(quoted).join(', ')}]) AS p
              ORDER BY p),
            version = version + 1
      WHERE system AND name IN (${HOLDERS.map(quoted).join(', ')})`,
    `ALTER TABLE roles FORCE ROW LEVEL SECURITY`,
  ]);
}
