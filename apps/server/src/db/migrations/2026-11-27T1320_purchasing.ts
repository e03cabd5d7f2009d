import type { Kysely } from 'kysely';
import { runStatements, tenantOwned } from '../migration-helpers.ts';

/**
 * Purchase orders and goods received (issue 12, docs/architecture.md "Purchasing").
 * - `purchase_orders`: a branch's order to a supplier, numbered per branch (`purchase_no`,
 *   PO-000001); status is doc 3 section 3.7's number (VOIDED -1, DRAFT 1, STOCKED 2,
 *   CONFIRMED 3, PARTIALLY 4); versioned.
 * - `purchase_order_lines`: the items ordered with quantity, unit cost and tax rate.
 * - `goods_received`: one delivery against an order (`received_no`, GRN-000001, per branch),
 *   with the supplier's invoice and delivery numbers.
 * - `goods_received_lines`: what arrived per order line, into which batch, and the ledger
 *   row (`stock_movements`, kind `receipt`, `reference_id` = the goods received) it wrote.
 *   What a line has received is the sum of these rows; the order row is locked while a
 *   receipt checks and writes them, so two receipts never exceed what was ordered.
 * - `purchase_counters`: the last number a branch gave, per kind of document; taken in the
 *   same transaction as the row (the upsert locks the counter row until the end), so
 *   numbers are gapless and unique under concurrency.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE purchase_counters (
       tenant_id uuid NOT NULL,
       branch_id uuid NOT NULL,
       kind text NOT NULL CHECK (kind IN ('purchase', 'received')),
       last_value integer NOT NULL,
       PRIMARY KEY (tenant_id, branch_id, kind),
       FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id)
     )`,
    ...tenantOwned('purchase_counters'),

    `CREATE TABLE purchase_orders (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       branch_id uuid NOT NULL,
       purchase_no text NOT NULL,
       supplier_id uuid NOT NULL,
       status smallint NOT NULL DEFAULT 1 CHECK (status IN (-1, 1, 2, 3, 4)),
       order_date date NOT NULL,
       supplier_po text,
       terms text,
       remark text,
       void_reason text,
       created_by uuid,
       confirmed_by uuid,
       confirmed_at timestamptz,
       voided_by uuid,
       voided_at timestamptz,
       version integer NOT NULL DEFAULT 1,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id),
       CHECK (status <> -1 OR void_reason IS NOT NULL),
       FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id),
       FOREIGN KEY (tenant_id, supplier_id) REFERENCES suppliers (tenant_id, id),
       FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id),
       FOREIGN KEY (tenant_id, confirmed_by) REFERENCES users (tenant_id, id),
       FOREIGN KEY (tenant_id, voided_by) REFERENCES users (tenant_id, id)
     )`,
    `CREATE UNIQUE INDEX purchase_orders_no ON purchase_orders (tenant_id, branch_id, purchase_no)`,
    `CREATE INDEX purchase_orders_list ON purchase_orders (tenant_id, branch_id, order_date DESC)`,
    ...tenantOwned('purchase_orders'),

    `CREATE TABLE purchase_order_lines (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       purchase_id uuid NOT NULL,
       line_no integer NOT NULL CHECK (line_no > 0),
       item_id uuid NOT NULL,
       quantity integer NOT NULL CHECK (quantity > 0),
       unit_cost_cents integer NOT NULL CHECK (unit_cost_cents >= 0),
       tax_rate_basis_points integer NOT NULL
         CHECK (tax_rate_basis_points BETWEEN 0 AND 10000),
       PRIMARY KEY (tenant_id, id),
       UNIQUE (tenant_id, purchase_id, line_no),
       UNIQUE (tenant_id, purchase_id, item_id),
       FOREIGN KEY (tenant_id, purchase_id) REFERENCES purchase_orders (tenant_id, id)
         ON DELETE CASCADE,
       FOREIGN KEY (tenant_id, item_id) REFERENCES catalog_items (tenant_id, id)
     )`,
    ...tenantOwned('purchase_order_lines'),

    `CREATE TABLE goods_received (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       branch_id uuid NOT NULL,
       received_no text NOT NULL,
       purchase_id uuid NOT NULL,
       received_date date NOT NULL,
       supplier_invoice_no text,
       supplier_grn_no text,
       remark text,
       created_by uuid,
       created_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id),
       FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id),
       FOREIGN KEY (tenant_id, purchase_id) REFERENCES purchase_orders (tenant_id, id),
       FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id)
     )`,
    `CREATE UNIQUE INDEX goods_received_no ON goods_received (tenant_id, branch_id, received_no)`,
    `CREATE INDEX goods_received_purchase ON goods_received (tenant_id, purchase_id)`,
    ...tenantOwned('goods_received'),

    `CREATE TABLE goods_received_lines (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       received_id uuid NOT NULL,
       line_no integer NOT NULL CHECK (line_no > 0),
       purchase_line_id uuid NOT NULL,
       batch_id uuid NOT NULL,
       movement_id uuid NOT NULL,
       quantity integer NOT NULL CHECK (quantity > 0),
       unit_cost_cents integer NOT NULL CHECK (unit_cost_cents >= 0),
       PRIMARY KEY (tenant_id, id),
       UNIQUE (tenant_id, received_id, line_no),
       FOREIGN KEY (tenant_id, received_id) REFERENCES goods_received (tenant_id, id),
       FOREIGN KEY (tenant_id, purchase_line_id) REFERENCES purchase_order_lines (tenant_id, id),
       FOREIGN KEY (tenant_id, batch_id) REFERENCES stock_batches (tenant_id, id),
       FOREIGN KEY (tenant_id, movement_id) REFERENCES stock_movements (tenant_id, id)
     )`,
    `CREATE INDEX goods_received_lines_purchase_line
       ON goods_received_lines (tenant_id, purchase_line_id)`,
    ...tenantOwned('goods_received_lines'),
    // Received notes are records of what arrived: corrected by adjustments, never rewritten.
    `REVOKE UPDATE, DELETE ON goods_received, goods_received_lines FROM clinic_app`,
  ]);
}
