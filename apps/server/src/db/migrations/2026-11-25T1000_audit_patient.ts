import type { Kysely } from 'kysely';
import { runStatements } from '../migration-helpers.ts';

/**
 * The audit trail names the patient of every row (`patient_id`), indexed by tenant,
 * patient and time, and is append-only for the API role. No foreign key: the trail outlives
 * the records it names. Rows written before name their patient in `entity_id` (patient
 * rows) or through their queue entry (queue rows).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE audit_events ADD COLUMN patient_id uuid`,
    `CREATE INDEX audit_events_patient ON audit_events (tenant_id, patient_id, happened_at DESC)`,
    // A data change across clinics: the owner is subject to forced row-level security.
    `ALTER TABLE audit_events NO FORCE ROW LEVEL SECURITY`,
    `ALTER TABLE queue_entries NO FORCE ROW LEVEL SECURITY`,
    `UPDATE audit_events SET patient_id = entity_id WHERE entity = 'patient'`,
    `UPDATE audit_events a SET patient_id = q.patient_id
       FROM queue_entries q
      WHERE a.entity = 'queue' AND q.tenant_id = a.tenant_id AND q.id = a.entity_id`,
    `ALTER TABLE queue_entries FORCE ROW LEVEL SECURITY`,
    `ALTER TABLE audit_events FORCE ROW LEVEL SECURITY`,
    `REVOKE UPDATE, DELETE ON audit_events FROM clinic_app`,
  ]);
}
