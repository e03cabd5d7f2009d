import type { Kysely } from 'kysely';
import { runStatements, tenantOwned } from '../migration-helpers.ts';

/**
 * Stock tally and requisitions (issue 12, docs/architecture.md "Stock tally and
 * requisitions"). Their stock changes are ledger rows (`stock_movements`, kinds `tally`
 * and `requisition`, `reference_id` = the sheet or requisition); these tables keep the
 * documents.
 * - `stock_tallies`: a branch's count sheet, `open` then `finalised` or `cancelled`; at
 *   most one open sheet per branch (a partial unique index).
 * - `stock_tally_lines`: one batch on a sheet: what the ledger held when the count was
 *   entered (`expected`), the count, and at finalisation the variance posted.
 * - `requisitions`, `requisition_lines`: stock one branch asks of another branch of the
 *   clinic, `requested` then `issued`, `refused` or `cancelled`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE stock_tallies (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       branch_id uuid NOT NULL,
       number integer NOT NULL CHECK (number > 0),
       status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'finalised', 'cancelled')),
       remark text,
       reason text,
       created_by uuid,
       created_at timestamptz NOT NULL DEFAULT now(),
       closed_by uuid,
       closed_at timestamptz,
       version integer NOT NULL DEFAULT 1,
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id),
       CHECK ((status = 'open') = (closed_at IS NULL)),
       CHECK (status <> 'finalised' OR reason IS NOT NULL),
       FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id),
       FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id),
       FOREIGN KEY (tenant_id, closed_by) REFERENCES users (tenant_id, id)
     )`,
    `CREATE UNIQUE INDEX stock_tallies_number_key ON stock_tallies (tenant_id, branch_id, number)`,
    `CREATE UNIQUE INDEX stock_tallies_one_open ON stock_tallies (tenant_id, branch_id)
       WHERE status = 'open'`,
    ...tenantOwned('stock_tallies'),

    `CREATE TABLE stock_tally_lines (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       tally_id uuid NOT NULL,
       batch_id uuid NOT NULL,
       item_id uuid NOT NULL,
       unit_cost_cents integer NOT NULL CHECK (unit_cost_cents >= 0),
       expected integer NOT NULL CHECK (expected >= 0),
       counted integer CHECK (counted >= 0),
       counted_at timestamptz,
       reason text,
       movement_id uuid,
       PRIMARY KEY (tenant_id, tally_id, batch_id),
       CHECK ((counted IS NULL) = (counted_at IS NULL)),
       FOREIGN KEY (tenant_id, tally_id) REFERENCES stock_tallies (tenant_id, id),
       FOREIGN KEY (tenant_id, batch_id) REFERENCES stock_batches (tenant_id, id),
       FOREIGN KEY (tenant_id, item_id) REFERENCES catalog_items (tenant_id, id),
       FOREIGN KEY (tenant_id, movement_id) REFERENCES stock_movements (tenant_id, id)
     )`,
    `CREATE INDEX stock_tally_lines_item ON stock_tally_lines (tenant_id, item_id)`,
    ...tenantOwned('stock_tally_lines'),

    `CREATE TABLE requisitions (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       number integer NOT NULL CHECK (number > 0),
       requesting_branch_id uuid NOT NULL,
       supplying_branch_id uuid NOT NULL,
       status text NOT NULL DEFAULT 'requested'
         CHECK (status IN ('requested', 'issued', 'refused', 'cancelled')),
       remark text,
       refuse_reason text,
       created_by uuid,
       created_at timestamptz NOT NULL DEFAULT now(),
       closed_by uuid,
       closed_at timestamptz,
       version integer NOT NULL DEFAULT 1,
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id),
       CHECK (requesting_branch_id <> supplying_branch_id),
       CHECK ((status = 'requested') = (closed_at IS NULL)),
       CHECK (status <> 'refused' OR refuse_reason IS NOT NULL),
       FOREIGN KEY (tenant_id, requesting_branch_id) REFERENCES branches (tenant_id, id),
       FOREIGN KEY (tenant_id, supplying_branch_id) REFERENCES branches (tenant_id, id),
       FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id),
       FOREIGN KEY (tenant_id, closed_by) REFERENCES users (tenant_id, id)
     )`,
    `CREATE UNIQUE INDEX requisitions_number_key ON requisitions (tenant_id, number)`,
    `CREATE INDEX requisitions_requesting ON requisitions (tenant_id, requesting_branch_id, created_at)`,
    `CREATE INDEX requisitions_supplying ON requisitions (tenant_id, supplying_branch_id, created_at)`,
    ...tenantOwned('requisitions'),

    `CREATE TABLE requisition_lines (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       requisition_id uuid NOT NULL,
       line_no integer NOT NULL CHECK (line_no > 0),
       item_id uuid NOT NULL,
       quantity integer NOT NULL CHECK (quantity > 0),
       PRIMARY KEY (tenant_id, requisition_id, line_no),
       UNIQUE (tenant_id, requisition_id, item_id),
       FOREIGN KEY (tenant_id, requisition_id) REFERENCES requisitions (tenant_id, id),
       FOREIGN KEY (tenant_id, item_id) REFERENCES catalog_items (tenant_id, id)
     )`,
    ...tenantOwned('requisition_lines'),
  ]);
}
