import type { Kysely } from 'kysely';
import { runStatements } from '../migration-helpers.ts';

/**
 * The SNOMED CT search reads only `snomed_words` (see `searchSnomed`): each word row also
 * carries its description's concept, term and all its words, so no description is looked
 * up per candidate and the other words of a filter are checked on the row itself.
 *
 * - `concept_id`, `term`: of the description (answered, and the tie order after rank).
 * - `words`: ' ' followed by the lower-case term with every run of non-alphanumerics made
 *   one space: a filter word starts some word of the term exactly when
 *   `strpos(words, ' ' || filter_word) > 0`.
 * - Index `(word) INCLUDE (...)`: a rare prefix's rows, read whole and sorted (and the
 *   bounded count of a prefix's rows that tells rare from common). No narrow `(word)`
 *   index: the planner would take it for a range and fetch every row from the heap.
 * - Index `(head, rank, word) INCLUDE (...)`: a common prefix's rows in rank order.
 *
 * The table is derived data: it is rebuilt from the active descriptions, and the trigger
 * now also rewrites a description's words when its concept changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const words = (term: string) =>
    `' ' || regexp_replace(lower(${term}), '[^[:alnum:]]+', ' ', 'g')`;
  await runStatements(db, [
    `DROP TABLE snomed_words`,
    `CREATE TABLE snomed_words (
       word text COLLATE "C" NOT NULL,
       description_id text NOT NULL REFERENCES snomed_descriptions (description_id) ON DELETE CASCADE,
       rank integer NOT NULL,
       concept_id text NOT NULL,
       term text NOT NULL,
       words text NOT NULL,
       head text COLLATE "C" GENERATED ALWAYS AS (left(word, 2)) STORED,
       PRIMARY KEY (description_id, word)
     )`,
    `CREATE OR REPLACE FUNCTION snomed_words_sync() RETURNS trigger LANGUAGE plpgsql AS
       $$
       BEGIN
         IF TG_OP = 'UPDATE' THEN
           IF NEW.term IS NOT DISTINCT FROM OLD.term AND NEW.active = OLD.active
              AND NEW.type_id IS NOT DISTINCT FROM OLD.type_id
              AND NEW.concept_id IS NOT DISTINCT FROM OLD.concept_id THEN
             RETURN NEW;
           END IF;
           DELETE FROM snomed_words WHERE description_id = NEW.description_id;
         END IF;
         IF NEW.active THEN
           INSERT INTO snomed_words (word, description_id, rank, concept_id, term, words)
             SELECT DISTINCT w, NEW.description_id, snomed_rank(NEW.type_id, NEW.term),
                    NEW.concept_id, NEW.term, ${words('NEW.term')}
               FROM regexp_split_to_table(lower(NEW.term), '[^[:alnum:]]+') AS w
              WHERE w <> '';
         END IF;
         RETURN NEW;
       END
       $$`,
    `INSERT INTO snomed_words (word, description_id, rank, concept_id, term, words)
       SELECT DISTINCT w, d.description_id, snomed_rank(d.type_id, d.term), d.concept_id,
              d.term, ${words('d.term')}
         FROM snomed_descriptions d, regexp_split_to_table(lower(d.term), '[^[:alnum:]]+') AS w
        WHERE d.active AND w <> ''`,
    `CREATE INDEX snomed_words_prefix ON snomed_words (word) INCLUDE (head, rank, term, concept_id, words)`,
    `CREATE INDEX snomed_words_head ON snomed_words (head, rank, word) INCLUDE (term, concept_id, words)`,
    `GRANT SELECT ON snomed_words TO clinic_app`,
    `ANALYZE snomed_words`,
  ]);
}
