import type { Kysely } from 'kysely';
import { runStatements } from '../migration-helpers.ts';

/**
 * Name search by the start of name words, and the day's queue as one statement.
 *
 * **Names.** The picker matched a fragment anywhere in a name (`ILIKE '%ong wei%'`), which
 * at a million patients needs the trigram index, then sorts thousands of matches. What the
 * front desk types is the start of name words ('tan', 'ong wei', 'd/o', 'nur ai'), so a
 * name is now found by its words: every word of the fragment must start one of the words
 * of the name, in any order. `patient_name_words` holds one row per word of each name
 * (kept by a trigger on patients), ordered by word, then by name: a word's patients come
 * out of the index already in name order, so the first page of a common word is read, not
 * sorted. A name's words are its lower-cased, white-space separated words without the
 * punctuation at their ends ('d/o', 'siew-ling'), plus the parts of those split at
 * punctuation ('d', 'o', 'siew', 'ling'); a fragment's words are split at white space only.
 *
 * `name_search_words()` defines the words; changing it later needs the table rebuilt (the
 * trigger deletes a name's old rows by its words). The rows have no foreign key: deleting
 * a patient deletes them by key through the trigger, which a cascade could not do without
 * another index.
 *
 * **Tenant in the statement.** Both search functions and the queue day take as their first
 * argument `set_config('app.tenant_id', <tenant>, true)` of the calling statement: an
 * argument is evaluated before the body runs, so the body's `app_current_tenant()` (and
 * every row-level policy) sees the tenant, and the setting ends with the statement. A read
 * that is one statement then needs no BEGIN, set_config and COMMIT round trips.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    // The words of a name, distinct.
    `CREATE FUNCTION name_search_words(p_name text) RETURNS text[]
       LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
       $$ SELECT coalesce(array_agg(DISTINCT word), '{}')
            FROM (SELECT regexp_replace(whole, '^[[:punct:]]+|[[:punct:]]+$', '', 'g') AS word
                    FROM regexp_split_to_table(lower(p_name), '[[:space:]]+') AS whole
                  UNION ALL
                  SELECT part FROM regexp_split_to_table(lower(p_name), '[[:space:][:punct:]]+') AS part
                 ) AS words
           WHERE word <> '' $$`,
    // The words of a search fragment, distinct: split at white space only.
    `CREATE FUNCTION name_search_fragment(p_keyword text) RETURNS text[]
       LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
       $$ SELECT coalesce(array_agg(DISTINCT word), '{}')
            FROM (SELECT regexp_replace(whole, '^[[:punct:]]+|[[:punct:]]+$', '', 'g') AS word
                    FROM regexp_split_to_table(lower(p_keyword), '[[:space:]]+') AS whole) AS words
           WHERE word <> '' $$`,

    // One row per word of each patient's name; 'words' is ' ' and the name's words joined
    // by ' ', so "a word starts with x" is strpos(words, ' ' || x) > 0.
    `CREATE TABLE patient_name_words (
       tenant_id uuid NOT NULL,
       word text COLLATE "C" NOT NULL,
       name text NOT NULL,
       patient_id uuid NOT NULL,
       words text NOT NULL
     )`,
    `CREATE UNIQUE INDEX patient_name_words_key
       ON patient_name_words (tenant_id, word, name, patient_id) INCLUDE (words)`,
    // Read only through search_patient_names(); written only by the trigger (as the owner).
    `ALTER TABLE patient_name_words ENABLE ROW LEVEL SECURITY`,
    `CREATE POLICY tenant_isolation ON patient_name_words
       USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant())`,
    `GRANT SELECT ON patient_name_words TO clinic_app`,

    `CREATE FUNCTION patient_name_words_sync() RETURNS trigger
       LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS
       $$
       BEGIN
         IF TG_OP = 'UPDATE' AND OLD.name IS NOT DISTINCT FROM NEW.name
            AND OLD.tenant_id = NEW.tenant_id AND OLD.id = NEW.id THEN
           RETURN NULL;
         END IF;
         IF TG_OP IN ('UPDATE', 'DELETE') THEN
           DELETE FROM patient_name_words
            WHERE tenant_id = OLD.tenant_id AND word = ANY (name_search_words(OLD.name))
              AND name = OLD.name AND patient_id = OLD.id;
         END IF;
         IF TG_OP IN ('INSERT', 'UPDATE') THEN
           INSERT INTO patient_name_words (tenant_id, word, name, patient_id, words)
           SELECT NEW.tenant_id, w.word, NEW.name, NEW.id, ' ' || array_to_string(s.words, ' ')
             FROM (SELECT name_search_words(NEW.name) AS words) AS s, unnest(s.words) AS w (word);
         END IF;
         RETURN NULL;
       END
       $$`,
    `CREATE TRIGGER patients_name_words
       AFTER INSERT OR DELETE OR UPDATE OF name, tenant_id, id ON patients
       FOR EACH ROW EXECUTE FUNCTION patient_name_words_sync()`,
    `INSERT INTO patient_name_words (tenant_id, word, name, patient_id, words)
     SELECT p.tenant_id, w.word, p.name, p.id, ' ' || array_to_string(s.words, ' ')
       FROM patients p, LATERAL (SELECT name_search_words(p.name) AS words) AS s,
            unnest(s.words) AS w (word)`,

    // The first p_limit patients in name order whose name has, for every word of the
    // fragment, a word starting with it. A word of the fragment drives the search: the one
    // with the fewest matches (counted up to 5,000; the longest among equals). Under 5,000,
    // its matches are gathered, filtered by the other words, and sorted. Otherwise each
    // word it starts ('ta': 'tan', 'tang', 'tay', ...) is walked in name order (the
    // index's order) until a page is full, and those pages are merged.
    `CREATE FUNCTION search_patient_names(p_tenant text, p_keyword text, p_limit integer)
       RETURNS TABLE (id uuid, name text, nric text, title text, id_type text, gender text,
                      card_no_prefix text, card_no text, contact_no text, tel_code text,
                      birth_date date, consult_doctor_id uuid, home_address text, home_postal text)
       LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS
       $$
       #variable_conflict use_column
       DECLARE
         -- p_tenant only orders the calls (see the migration); the setting is what counts.
         v_tenant uuid := app_current_tenant();
         v_words text[] := name_search_fragment(p_keyword);
         v_limit integer := least(greatest(p_limit, 1), 100);
         v_gather constant integer := 5000;
         v_driver text;
         v_best integer;
         v_count integer;
         v_others text[];
         v_ids uuid[];
         v_word text;
       BEGIN
         IF v_tenant IS NULL OR cardinality(v_words) = 0 THEN RETURN; END IF;
         IF cardinality(v_words) = 1 THEN
           v_driver := v_words[1];
         ELSE
           FOREACH v_word IN ARRAY v_words LOOP
             SELECT count(*) INTO v_count
               FROM (SELECT 1 FROM patient_name_words t
                      WHERE t.tenant_id = v_tenant AND t.word >= v_word COLLATE "C"
                        AND t.word < (v_word || chr(1114111)) COLLATE "C"
                      LIMIT v_gather) AS counted;
             IF v_best IS NULL OR v_count < v_best
                OR (v_count = v_best AND length(v_word) > length(v_driver)) THEN
               v_best := v_count;
               v_driver := v_word;
             END IF;
           END LOOP;
         END IF;
         v_others := array_remove(v_words, v_driver);
         IF v_best < v_gather THEN
           v_ids := ARRAY(
             SELECT m.patient_id
               FROM (SELECT DISTINCT ON (t.patient_id) t.patient_id, t.name
                       FROM patient_name_words t
                      WHERE t.tenant_id = v_tenant AND t.word >= v_driver COLLATE "C"
                        AND t.word < (v_driver || chr(1114111)) COLLATE "C"
                        AND NOT EXISTS (SELECT 1 FROM unnest(v_others) AS o (word)
                                         WHERE strpos(t.words, ' ' || o.word) = 0)
                      ORDER BY t.patient_id) AS m
              ORDER BY m.name, m.patient_id
              LIMIT v_limit);
         ELSE
           v_ids := ARRAY(
             WITH RECURSIVE started (word) AS (
               SELECT (SELECT t.word FROM patient_name_words t
                        WHERE t.tenant_id = v_tenant AND t.word >= v_driver COLLATE "C"
                          AND t.word < (v_driver || chr(1114111)) COLLATE "C"
                        ORDER BY t.word LIMIT 1)
               UNION ALL
               SELECT (SELECT t.word FROM patient_name_words t
                        WHERE t.tenant_id = v_tenant AND t.word > s.word
                          AND t.word < (v_driver || chr(1114111)) COLLATE "C"
                        ORDER BY t.word LIMIT 1)
                 FROM started s WHERE s.word IS NOT NULL)
             SELECT m.patient_id
               FROM (SELECT DISTINCT ON (page.patient_id) page.patient_id, page.name
                       FROM started s
                       CROSS JOIN LATERAL (
                         SELECT t.patient_id, t.name FROM patient_name_words t
                          WHERE t.tenant_id = v_tenant AND t.word = s.word
                            AND NOT EXISTS (SELECT 1 FROM unnest(v_others) AS o (word)
                                             WHERE strpos(t.words, ' ' || o.word) = 0)
                          ORDER BY t.name, t.patient_id
                          LIMIT v_limit) AS page
                      WHERE s.word IS NOT NULL
                      ORDER BY page.patient_id) AS m
              ORDER BY m.name, m.patient_id
              LIMIT v_limit);
         END IF;
         RETURN QUERY
           SELECT p.id, p.name, p.nric, p.title, p.id_type, p.gender, p.card_no_prefix,
                  p.card_no, p.contact_no, p.tel_code, p.birth_date, p.consult_doctor_id,
                  p.home_address, p.home_postal
             FROM patients p
            WHERE p.tenant_id = v_tenant AND p.id = ANY (v_ids)
            ORDER BY p.name, p.id;
       END
       $$`,
    `REVOKE ALL ON FUNCTION search_patient_names(text, text, integer) FROM PUBLIC`,
    `GRANT EXECUTE ON FUNCTION search_patient_names(text, text, integer) TO clinic_app`,

    // search_patients() (the other filters) in one statement with its tenant.
    `CREATE FUNCTION search_patients_in(p_tenant text, p_filter text, p_pattern text, p_limit integer)
       RETURNS TABLE (id uuid, name text, nric text, title text, id_type text, gender text,
                      card_no_prefix text, card_no text, contact_no text, tel_code text,
                      birth_date date, consult_doctor_id uuid, home_address text, home_postal text)
       LANGUAGE plpgsql STABLE AS
       $$
       BEGIN
         -- p_tenant only orders the calls: search_patients() reads the setting.
         RETURN QUERY SELECT * FROM search_patients(p_filter, p_pattern, p_limit);
       END
       $$`,

    // The day's active entries of a branch as the answer of GET /queue, newest sequence
    // first, built by PostgreSQL (the fields of toQueueEntry() in queue.repo.ts); null when
    // the branch is not the tenant's. Runs as the caller, under row-level security.
    `CREATE FUNCTION queue_day_json(p_tenant text, p_branch uuid, p_visit_date bigint)
       RETURNS text LANGUAGE plpgsql STABLE AS
       $$
       DECLARE
         v_day date;
         v_answer text;
       BEGIN
         SELECT (to_timestamp(p_visit_date + t.timezone_offset * 60) AT TIME ZONE 'UTC')::date
           INTO v_day
           FROM branches b JOIN tenants t ON t.id = b.tenant_id
          WHERE b.id = p_branch;
         IF NOT FOUND THEN RETURN NULL; END IF;
         SELECT json_build_object('data', json_build_object(
                  'items', coalesce(json_agg(entry.item ORDER BY entry.seq DESC), '[]'::json),
                  'total', count(*)))::text
           INTO v_answer
           FROM (
             SELECT q.queue_seq AS seq, json_build_object(
                      'id', q.id,
                      'version', q.version,
                      'queueNum', CASE WHEN q.queue_number BETWEEN 0 AND 99
                                       THEN lpad(q.queue_number::text, 3, '0')
                                       ELSE q.queue_number::text END,
                      'queueSeq', q.queue_seq,
                      'patientId', q.patient_id,
                      'patientName', p.name,
                      'nric', p.nric,
                      'cardNo', p.card_no,
                      'companyName', c.name,
                      'doctorNameSort',
                        CASE WHEN d.mcr IS NULL OR d.mcr !~ '[^[:space:]]'
                                  OR doctor.name ~* '^dr\\.?([[:space:]]|$)'
                             THEN doctor.name ELSE 'Dr. ' || doctor.name END,
                      'doctorName', doctor.name,
                      'visitPurposes', q.visit_purposes,
                      'remark', q.remark,
                      'roomService', q.room_service,
                      'roomName', q.room_name,
                      'areaID', q.area_id,
                      'status', q.status,
                      'queueStatus', CASE WHEN q.queue_status = -1 THEN -1 ELSE 0 END,
                      'color', q.color,
                      'visitDate', floor(extract(epoch FROM q.visit_time))::bigint,
                      'timeIn', floor(extract(epoch FROM q.time_in))::bigint,
                      'timeOut', floor(extract(epoch FROM q.time_out))::bigint,
                      'consultIn', floor(extract(epoch FROM q.consult_in))::bigint,
                      'consultOut', floor(extract(epoch FROM q.consult_out))::bigint,
                      'callInTime', floor(extract(epoch FROM q.call_in_time))::bigint,
                      'isMCO', q.is_mco,
                      'voidedReason', q.voided_reason) AS item
               FROM queue_entries q
               JOIN patients p ON p.tenant_id = q.tenant_id AND p.id = q.patient_id
               JOIN users d ON d.tenant_id = q.tenant_id AND d.id = q.doctor_id
               CROSS JOIN LATERAL (
                 SELECT regexp_replace(d.first_name || ' ' || d.last_name,
                                       '^[[:space:]]+|[[:space:]]+$', '', 'g') AS name
               ) AS doctor
               LEFT JOIN companies c ON c.tenant_id = p.tenant_id AND c.id = p.company_id
              WHERE q.branch_id = p_branch AND q.queue_date = v_day AND q.queue_status = 0
           ) AS entry;
         RETURN v_answer;
       END
       $$`,
  ]);
}
