import type { Kysely } from 'kysely';
import { directoryFunctions, runStatements } from '../migration-helpers.ts';

/**
 * The name-word search (2026-11-24T0100) under forced row-level security (2026-11-24T1300),
 * which landed side by side.
 *
 * - `patient_name_words` gets its primary key (the unique index it had, with tenant_id).
 * - The trigger that keeps the words runs as the writer of the patient row (the API role
 *   inside its tenant), not as a definer: forced security would hand a definer to the
 *   read-only directory role. The API role may therefore write words, and only its own
 *   clinic's, as every tenant table.
 * - `search_patient_names()` runs as its caller too, under the caller's policies: it never
 *   needed to read across clinics.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE patient_name_words
       ADD CONSTRAINT patient_name_words_pkey PRIMARY KEY USING INDEX patient_name_words_key`,
    `GRANT INSERT, DELETE ON patient_name_words TO clinic_app`,
    ...directoryFunctions([
      `ALTER FUNCTION patient_name_words_sync() OWNER TO CURRENT_USER`,
      `ALTER FUNCTION patient_name_words_sync() SECURITY INVOKER`,
      `ALTER FUNCTION search_patient_names(text, text, integer) OWNER TO CURRENT_USER`,
      `ALTER FUNCTION search_patient_names(text, text, integer) SECURITY INVOKER`,
    ]),
  ]);
}
