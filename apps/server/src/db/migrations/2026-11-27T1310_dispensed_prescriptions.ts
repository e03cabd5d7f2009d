import type { Kysely } from 'kysely';
import { runStatements, tenantOwned } from '../migration-helpers.ts';

/**
 * Which prescription line each dispensed quantity belongs to (issue 12 'Dispensing a
 * visit's prescription'; docs/architecture.md "Dispensing"):
 * - `dispensed_prescriptions`: one row per dispensed line (its key is the line: a line is
 *   dispensed once), with the dispense record (`dispense_records`) whose ledger rows took
 *   the stock, and what was dispensed. The foreign key to `prescriptions` keeps a
 *   dispensed line from being deleted; the prescriptions service refuses changing it.
 * - `dispensed_prescription_batches`: the batches and quantities a dispensed line took
 *   (first expiry first out), for its labels and the batch trace.
 * A dispensing is not undone by changing these rows: the API's role may insert and read
 * them, never update or delete them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE dispensed_prescriptions (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       prescription_id uuid NOT NULL,
       dispense_record_id uuid NOT NULL,
       visit_id uuid NOT NULL,
       item_id uuid NOT NULL,
       quantity integer NOT NULL CHECK (quantity > 0),
       created_by uuid,
       created_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, prescription_id),
       FOREIGN KEY (tenant_id, prescription_id) REFERENCES prescriptions (tenant_id, id),
       FOREIGN KEY (tenant_id, dispense_record_id) REFERENCES dispense_records (tenant_id, id),
       FOREIGN KEY (tenant_id, visit_id) REFERENCES visits (tenant_id, id),
       FOREIGN KEY (tenant_id, item_id) REFERENCES catalog_items (tenant_id, id),
       FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id)
     )`,
    `CREATE INDEX dispensed_prescriptions_visit ON dispensed_prescriptions (tenant_id, visit_id)`,
    `CREATE INDEX dispensed_prescriptions_record
       ON dispensed_prescriptions (tenant_id, dispense_record_id)`,
    ...tenantOwned('dispensed_prescriptions'),
    `REVOKE UPDATE, DELETE ON dispensed_prescriptions FROM clinic_app`,

    `CREATE TABLE dispensed_prescription_batches (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       prescription_id uuid NOT NULL,
       batch_id uuid NOT NULL,
       quantity integer NOT NULL CHECK (quantity > 0),
       PRIMARY KEY (tenant_id, prescription_id, batch_id),
       FOREIGN KEY (tenant_id, prescription_id)
         REFERENCES dispensed_prescriptions (tenant_id, prescription_id),
       FOREIGN KEY (tenant_id, batch_id) REFERENCES stock_batches (tenant_id, id)
     )`,
    `CREATE INDEX dispensed_prescription_batches_batch
       ON dispensed_prescription_batches (tenant_id, batch_id)`,
    ...tenantOwned('dispensed_prescription_batches'),
    `REVOKE UPDATE, DELETE ON dispensed_prescription_batches FROM clinic_app`,
  ]);
}
