import type { Kysely } from 'kysely';
import { runStatements } from '../migration-helpers.ts';

/** The patient picker's columns (filter name → column). */
const SEARCH_COLUMNS = ['name', 'nric', 'card_no', 'contact_no', 'home_postal', 'home_address'];

/**
 * Fast partial matches in the patient picker at a million patients per clinic.
 *
 * Under row-level security PostgreSQL applies the policy before any qualifier that is not
 * LEAKPROOF, and ILIKE is not, so it never uses a trigram index for `name ILIKE '%tan%'`
 * and scans the tenant's rows instead. `search_patients` therefore runs as the owner (no
 * policy) and applies the tenant of the caller's transaction itself, explicitly. It trusts
 * the same setting the policies do.
 *
 * Indexes: a trigram index per column finds a fragment among a large clinic's patients;
 * the (tenant_id, name, id) b-tree lets the planner walk a small clinic's own few rows in
 * name order instead. (A composite (tenant_id, column) trigram index was tried first: its
 * cost grows with the clinic's size, so at a million patients the planner preferred a scan.)
 *
 * Plans: left to itself, the planner sometimes answers `ORDER BY name LIMIT 20` by walking
 * the name index and filtering, which takes a second when the matches sit late in the
 * alphabet. So the matches are gathered first (a MATERIALIZED CTE: trigram or tenant
 * index, whichever is cheaper) and sorted after. A common name fragment has thousands of
 * matches, which that would sort; for names, the first 20,000 of the clinic's names are
 * therefore walked first (index only), and when they hold a full page it is the answer.
 * A fragment without three letters or digits in a row ('d/o', '12') gives the trigram
 * index nothing to narrow by; for it the names are walked until a page is full.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE EXTENSION IF NOT EXISTS pg_trgm`,
    ...SEARCH_COLUMNS.map(
      (column) =>
        `CREATE INDEX patients_${column}_trgm ON patients USING gin (${column} gin_trgm_ops)`,
    ),
    `CREATE INDEX patients_tenant_name ON patients (tenant_id, name, id)`,
    // The column a filter searches, or null for an unknown filter.
    `CREATE FUNCTION patient_search_column(p_filter text) RETURNS text
       LANGUAGE sql IMMUTABLE AS
       $$ SELECT CASE p_filter
                   WHEN 'patient_name' THEN 'name' WHEN 'nric' THEN 'nric' WHEN 'card_no' THEN 'card_no'
                   WHEN 'contact_no' THEN 'contact_no' WHEN 'home_postal' THEN 'home_postal'
                   WHEN 'home_address' THEN 'home_address'
                 END $$`,
    // The search query for a filter, or null for an unknown filter (tests EXPLAIN it): the
    // matches gathered first, through whichever index suits the clinic, then sorted.
    `CREATE FUNCTION patient_search_sql(p_filter text) RETURNS text
       LANGUAGE sql IMMUTABLE AS
       $$ SELECT format(
            'WITH matches AS MATERIALIZED (
               SELECT id, name, nric, title, id_type, gender, card_no_prefix, card_no, contact_no,
                      tel_code, birth_date, consult_doctor_id, home_address, home_postal
                 FROM patients
                WHERE tenant_id = $1 AND %I ILIKE $2)
             SELECT * FROM matches ORDER BY name, id LIMIT $3', chosen.column_name)
            FROM (SELECT patient_search_column(p_filter) AS column_name) AS chosen
           WHERE column_name IS NOT NULL $$`,
    // The ids of the first matches in name order among the clinic's first $4 names (all
    // of them when $4 is null): a walk of the (tenant_id, name, id) index.
    `CREATE FUNCTION patient_walk_sql(p_filter text) RETURNS text
       LANGUAGE sql IMMUTABLE AS
       $$ SELECT format(
            'SELECT ARRAY(
               SELECT w.id
                 FROM (SELECT id, name, %I AS searched FROM patients
                        WHERE tenant_id = $1 ORDER BY name, id LIMIT $4) AS w
                WHERE w.searched ILIKE $2
                ORDER BY w.name, w.id
                LIMIT $3)', chosen.column_name)
            FROM (SELECT patient_search_column(p_filter) AS column_name) AS chosen
           WHERE column_name IS NOT NULL $$`,
    `CREATE FUNCTION search_patients(p_filter text, p_pattern text, p_limit integer)
       RETURNS TABLE (id uuid, name text, nric text, title text, id_type text, gender text,
                      card_no_prefix text, card_no text, contact_no text, tel_code text,
                      birth_date date, consult_doctor_id uuid, home_address text, home_postal text)
       LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS
       $$
       #variable_conflict use_column
       DECLARE
         v_tenant uuid := app_current_tenant();
         v_sql text := patient_search_sql(p_filter);
         v_limit integer := least(greatest(p_limit, 1), 100);
         v_walk bigint := CASE WHEN p_filter = 'patient_name' THEN 20000 ELSE 0 END;
         v_ids uuid[];
       BEGIN
         IF v_tenant IS NULL THEN RETURN; END IF;
         IF v_sql IS NULL THEN RAISE EXCEPTION 'unknown patient search filter %', p_filter; END IF;
         -- Without a run of 3 letters or digits the trigram index cannot narrow the search:
         -- walking the names until a page is full is then the cheapest, and complete.
         IF p_pattern !~ '[[:alnum:]]{3}' THEN v_walk := NULL; END IF;
         IF v_walk IS DISTINCT FROM 0 THEN
           EXECUTE patient_walk_sql(p_filter) INTO v_ids USING v_tenant, p_pattern, v_limit, v_walk;
           IF cardinality(v_ids) = v_limit OR v_walk IS NULL THEN
             RETURN QUERY
               SELECT p.id, p.name, p.nric, p.title, p.id_type, p.gender, p.card_no_prefix,
                      p.card_no, p.contact_no, p.tel_code, p.birth_date, p.consult_doctor_id,
                      p.home_address, p.home_postal
                 FROM patients p
                WHERE p.tenant_id = v_tenant AND p.id = ANY (v_ids)
                ORDER BY p.name, p.id;
             RETURN;
           END IF;
         END IF;
         RETURN QUERY EXECUTE v_sql USING v_tenant, p_pattern, v_limit;
       END
       $$`,
    `REVOKE ALL ON FUNCTION search_patients(text, text, integer) FROM PUBLIC`,
    `GRANT EXECUTE ON FUNCTION search_patients(text, text, integer) TO clinic_app`,
  ]);
}
