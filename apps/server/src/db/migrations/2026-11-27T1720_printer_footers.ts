import type { Kysely } from 'kysely';
import { runStatements, tenantOwned } from '../migration-helpers.ts';

/**
 * Printer footers (issue 13, docs/architecture.md "Billing prints"): a branch's footer HTML
 * of a kind (doc 3 section 7.1 `GET /printer/footer/Invoice` and `/printer/footer/MC`),
 * kept as the allow-list sanitiser left it. One row per branch and kind, with a version.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE printer_footers (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       branch_id uuid NOT NULL,
       kind text NOT NULL CHECK (kind IN ('Invoice', 'MC')),
       content text NOT NULL,
       updated_by uuid,
       version integer NOT NULL DEFAULT 1,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id),
       UNIQUE (tenant_id, branch_id, kind),
       FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id),
       FOREIGN KEY (tenant_id, updated_by) REFERENCES users (tenant_id, id)
     )`,
    ...tenantOwned('printer_footers'),
  ]);
}
