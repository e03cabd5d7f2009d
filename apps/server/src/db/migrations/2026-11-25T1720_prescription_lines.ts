import type { Kysely } from 'kysely';
import { runStatements } from '../migration-helpers.ts';

/**
 * Prescription lines (doc 2 sections 2.10 and 3 'Prescription line'; issue 12
 * 'Prescribing'): the table the front desk's first slice made (`item_code`, `item_name`
 * for the queue's delete rule) gets every field of a line, owned now by the
 * prescriptions feature. Rows that predate it keep nulls in the new columns; every line
 * written from now on fills them (the service), and the checks hold for all rows.
 * Prices are integer cents; doses and quantities taken at most 3 decimals.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE prescriptions
       ADD COLUMN branch_id uuid,
       ADD COLUMN catalog_item_id uuid,
       ADD COLUMN combo_item_id uuid,
       ADD COLUMN start_date date,
       ADD COLUMN end_date date,
       ADD COLUMN prescript_mode smallint CHECK (prescript_mode IN (0, 1)),
       ADD COLUMN dose_num double precision CHECK (dose_num > 0),
       ADD COLUMN strength_um text,
       ADD COLUMN consume_um text,
       ADD COLUMN consume_method text,
       ADD COLUMN consume_quantity double precision CHECK (consume_quantity > 0),
       ADD COLUMN frequency text,
       ADD COLUMN duration integer CHECK (duration >= 1),
       ADD COLUMN cycle text CHECK (cycle IN ('year', 'month', 'week', 'day')),
       ADD COLUMN duration_days integer CHECK (duration_days >= 1),
       ADD COLUMN dispense_quantity integer CHECK (dispense_quantity >= 1),
       ADD COLUMN dispense_um text,
       ADD COLUMN unit_price_cents integer CHECK (unit_price_cents >= 0),
       ADD COLUMN total_price_cents bigint CHECK (total_price_cents >= 0),
       ADD COLUMN tax_basis_points integer CHECK (tax_basis_points BETWEEN 0 AND 10000),
       ADD COLUMN tax_amount_cents bigint CHECK (tax_amount_cents >= 0),
       ADD COLUMN precaution text,
       ADD COLUMN indication text,
       ADD COLUMN override_reason text,
       ADD COLUMN warnings jsonb NOT NULL DEFAULT '[]',
       ADD COLUMN created_by uuid,
       ADD COLUMN updated_by uuid,
       ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
       ADD COLUMN version integer NOT NULL DEFAULT 0`,
    `ALTER TABLE prescriptions
       ADD FOREIGN KEY (tenant_id, catalog_item_id) REFERENCES catalog_items (tenant_id, id),
       ADD FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id)`,
    // Repeat last visit's prescription reads a patient's lines by visit.
    `CREATE INDEX prescriptions_patient ON prescriptions (tenant_id, patient_id, created_at)`,
  ]);
}
