import type { Kysely } from 'kysely';
import { runStatements, tenantOwned } from '../migration-helpers.ts';

/**
 * Issue 11, coded diagnoses and allergies:
 * - `diagnoses` gets a version (removing one is versioned), who added and removed it, and a
 *   partial unique key: one non-removed row per code and visit ('Already in list' holds
 *   under concurrent saves too).
 * - `allergies`: a patient's allergies (drug or other), the reaction code, onset date,
 *   removal by version.
 * - `patients.alert_message`: the alert the header's badges show (the new-patient form's
 *   `alertMessage`, doc 2 section 3). Another migration of this issue may add it first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE diagnoses
       ADD COLUMN version integer NOT NULL DEFAULT 1,
       ADD COLUMN created_by uuid,
       ADD COLUMN voided_by uuid,
       ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`,
    `CREATE UNIQUE INDEX diagnoses_visit_code ON diagnoses (tenant_id, visit_id, code)
       WHERE voided_at IS NULL`,

    `ALTER TABLE patients ADD COLUMN IF NOT EXISTS alert_message text`,

    `CREATE TABLE allergies (
       tenant_id uuid NOT NULL,
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       patient_id uuid NOT NULL,
       visit_id uuid,
       branch_id uuid NOT NULL,
       allergy_type text NOT NULL CHECK (allergy_type IN ('Drug', 'Others')),
       allergen_id text NOT NULL,
       allergen_code text NOT NULL,
       allergen_name text NOT NULL,
       reaction text NOT NULL CHECK (reaction IN ('N', 'U', 'Y')),
       remark text NOT NULL,
       onset_date date NOT NULL,
       version integer NOT NULL DEFAULT 1,
       created_by uuid NOT NULL,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       voided_by uuid,
       voided_at timestamptz,
       PRIMARY KEY (tenant_id, id),
       FOREIGN KEY (tenant_id, patient_id) REFERENCES patients (tenant_id, id),
       FOREIGN KEY (tenant_id, visit_id) REFERENCES visits (tenant_id, id),
       FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id),
       FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id)
     )`,
    `CREATE INDEX allergies_patient ON allergies (tenant_id, patient_id, created_at)`,
    // One recorded (non-removed) allergy per allergen and patient.
    `CREATE UNIQUE INDEX allergies_patient_allergen ON allergies (tenant_id, patient_id, allergen_id)
       WHERE voided_at IS NULL`,
    ...tenantOwned('allergies'),
  ]);
}
