import type pg from 'pg';
import { text } from './copy.ts';

/**
 * The rows of `patient_name_words` (migration 2026-11-24T0100), which the app keeps with a
 * trigger; the bulk load writes patients with triggers off, so it writes these itself.
 * `nameWords` repeats `name_search_words()` for the generator's names (ASCII punctuation,
 * letters that are already lower case apart from ASCII); `checkNameWords` compares a
 * sample of the loaded rows with the database's own function.
 */

export const NAME_WORD_COLUMNS = ['tenant_id', 'word', 'name', 'patient_id', 'words'] as const;

/** PostgreSQL's [:punct:] for ASCII. */
const PUNCT = String.raw`!-\/:-@\[-\`{-~`;
const EDGE_PUNCT = new RegExp(`^[${PUNCT}]+|[${PUNCT}]+$`, 'g');
const SPACE_OR_PUNCT = new RegExp(`[\\s${PUNCT}]+`);

/** The distinct words of a name, in code point order (array_agg(DISTINCT) in C.UTF-8). */
export function nameWords(name: string): string[] {
  const lower = name.toLowerCase();
  const whole = lower.split(/\s+/).map((word) => word.replace(EDGE_PUNCT, ''));
  const words = new Set([...whole, ...lower.split(SPACE_OR_PUNCT)]);
  words.delete('');
  return [...words].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** COPY lines of one patient's words. */
export function nameWordLines(tenantId: string, patientId: string, name: string): string {
  const words = nameWords(name);
  const joined = text(` ${words.join(' ')}`);
  const escapedName = text(name);
  let lines = '';
  for (const word of words) {
    lines += `${tenantId}\t${text(word)}\t${escapedName}\t${patientId}\t${joined}\n`;
  }
  return lines;
}

/**
 * Checks a sample of about `share` of the patients: their rows hold exactly the words the
 * database's `name_search_words()` gives. Throws when any differs.
 */
export async function checkNameWords(client: pg.ClientBase, share = 0.002): Promise<number> {
  const { rows } = await client.query<{ checked: number; wrong: number }>(
    `SELECT count(*)::int AS checked,
            count(*) FILTER (WHERE NOT matches)::int AS wrong
       FROM (SELECT (SELECT count(*) FROM patient_name_words t
                      WHERE t.tenant_id = p.tenant_id AND t.word = ANY (s.words)
                        AND t.name = p.name AND t.patient_id = p.id
                        AND t.words = ' ' || array_to_string(s.words, ' ')) = cardinality(s.words)
                    AS matches
               FROM patients p TABLESAMPLE BERNOULLI ($1),
                    LATERAL (SELECT ARRAY(SELECT w FROM unnest(name_search_words(p.name)) AS w
                                          ORDER BY w COLLATE "C") AS words) AS s) AS sample`,
    [share * 100],
  );
  const { checked = 0, wrong = 0 } = rows[0] ?? {};
  if (wrong > 0) {
    throw new Error(
      `patient_name_words differs from name_search_words() for ${wrong} of ${checked} sampled patients`,
    );
  }
  return checked;
}
