import type { Kysely } from 'kysely';
import { runStatements } from '../migration-helpers.ts';

/**
 * The patient's alert message (doc 2 section 3, new-patient form: `alertMessage`), shown on
 * the header card of every patient page beside the allergy badges. Optional; one paragraph.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE patients ADD COLUMN alert_message text
       CONSTRAINT patients_alert_message_length CHECK (char_length(alert_message) <= 500)`,
  ]);
}
