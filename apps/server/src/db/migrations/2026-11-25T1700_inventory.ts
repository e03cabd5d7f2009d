import type { Kysely } from 'kysely';
import { runStatements, tenantOwned } from '../migration-helpers.ts';

/**
 * Stock: suppliers, batches, the stock ledger and dispensing (issue 12, docs/architecture.md
 * "Inventory").
 * - `suppliers`: the clinic's vendors (clinic-wide, versioned; deleting keeps the row).
 * - `inventory_branch_items`: a branch's stock terms for a catalog item (its reorder level).
 * - `stock_batches`: a batch of an item in a branch (batch number, expiry, unit cost),
 *   made by a receipt (or an adjustment that brings stock in).
 * - `stock_movements`: the ledger, append-only (the API's role may not update or delete
 *   it). A batch's on-hand is the SUM of its rows; no stored counter. A trigger refuses any
 *   row that leaves its batch's sum below zero; writers lock the batch row first
 *   (SELECT ... FOR UPDATE), so the check holds under concurrency.
 * - `dispense_records`: a dispensing for a visit; its lines are the ledger's dispense rows
 *   (`reference_id` = the record).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE suppliers (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       code text NOT NULL,
       name text NOT NULL,
       contact_person text,
       contact_no text,
       email text,
       address text,
       is_active boolean NOT NULL DEFAULT true,
       version integer NOT NULL DEFAULT 1,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       deleted_at timestamptz,
       PRIMARY KEY (tenant_id, id)
     )`,
    `CREATE UNIQUE INDEX suppliers_code_key ON suppliers (tenant_id, lower(code))
       WHERE deleted_at IS NULL`,
    ...tenantOwned('suppliers'),

    `CREATE TABLE inventory_branch_items (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       branch_id uuid NOT NULL,
       item_id uuid NOT NULL,
       reorder_level integer NOT NULL CHECK (reorder_level >= 0),
       version integer NOT NULL DEFAULT 1,
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, branch_id, item_id),
       FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id),
       FOREIGN KEY (tenant_id, item_id) REFERENCES catalog_items (tenant_id, id)
     )`,
    ...tenantOwned('inventory_branch_items'),

    `CREATE TABLE stock_batches (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       branch_id uuid NOT NULL,
       item_id uuid NOT NULL,
       batch_no text NOT NULL,
       expiry_date date,
       unit_cost_cents integer NOT NULL CHECK (unit_cost_cents >= 0),
       supplier_id uuid,
       created_by uuid,
       created_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id),
       FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id),
       FOREIGN KEY (tenant_id, item_id) REFERENCES catalog_items (tenant_id, id),
       FOREIGN KEY (tenant_id, supplier_id) REFERENCES suppliers (tenant_id, id),
       FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id)
     )`,
    `CREATE UNIQUE INDEX stock_batches_number_key
       ON stock_batches (tenant_id, branch_id, item_id, lower(batch_no))`,
    `CREATE INDEX stock_batches_expiry ON stock_batches (tenant_id, branch_id, expiry_date)`,
    ...tenantOwned('stock_batches'),

    `CREATE TABLE dispense_records (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       branch_id uuid NOT NULL,
       visit_id uuid NOT NULL,
       created_by uuid,
       created_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id),
       FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id),
       FOREIGN KEY (tenant_id, visit_id) REFERENCES visits (tenant_id, id),
       FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id)
     )`,
    `CREATE INDEX dispense_records_visit ON dispense_records (tenant_id, visit_id)`,
    `CREATE INDEX dispense_records_day ON dispense_records (tenant_id, branch_id, created_at)`,
    ...tenantOwned('dispense_records'),

    `CREATE TABLE stock_movements (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       branch_id uuid NOT NULL,
       item_id uuid NOT NULL,
       batch_id uuid NOT NULL,
       quantity integer NOT NULL CHECK (quantity <> 0),
       kind text NOT NULL CHECK (kind IN ('receipt', 'dispense', 'adjustment', 'tally',
         'requisition')),
       reason text,
       reference_id uuid,
       created_by uuid,
       created_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id),
       CHECK (kind <> 'receipt' OR quantity > 0),
       CHECK (kind <> 'dispense' OR quantity < 0),
       CHECK (kind <> 'adjustment' OR reason IS NOT NULL),
       FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id),
       FOREIGN KEY (tenant_id, item_id) REFERENCES catalog_items (tenant_id, id),
       FOREIGN KEY (tenant_id, batch_id) REFERENCES stock_batches (tenant_id, id),
       FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id)
     )`,
    `CREATE INDEX stock_movements_batch ON stock_movements (tenant_id, batch_id)`,
    `CREATE INDEX stock_movements_item ON stock_movements
       (tenant_id, branch_id, item_id, created_at DESC)`,
    `CREATE INDEX stock_movements_reference ON stock_movements (tenant_id, reference_id)
       WHERE reference_id IS NOT NULL`,
    ...tenantOwned('stock_movements'),
    // The ledger is append-only: a correction is a new row.
    `REVOKE UPDATE, DELETE ON stock_movements FROM clinic_app`,
    // A batch's sum never below zero (writers lock the batch row first).
    `CREATE FUNCTION stock_batch_not_negative() RETURNS trigger
       LANGUAGE plpgsql AS $$
       BEGIN
         IF (SELECT sum(quantity) FROM stock_movements
              WHERE tenant_id = NEW.tenant_id AND batch_id = NEW.batch_id) < 0 THEN
           RAISE EXCEPTION 'stock of batch % would fall below zero', NEW.batch_id
             USING ERRCODE = 'check_violation', CONSTRAINT = 'stock_batch_not_negative';
         END IF;
         RETURN NULL;
       END
     $$`,
    `CREATE TRIGGER stock_movements_not_negative AFTER INSERT ON stock_movements
       FOR EACH ROW EXECUTE FUNCTION stock_batch_not_negative()`,
  ]);
}
