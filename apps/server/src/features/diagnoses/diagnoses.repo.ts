import { SNOMED_SEARCH_LIMIT, type DiagnosisRecord, type SnomedTerm } from '@clinic/domain';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { TenantTx } from '../../db/tenant-db.ts';

/**
 * The words starting with `prefix`, as a range of the "C"-collated index: from the prefix
 * up to (not including) the prefix with its last character's successor. A range, not
 * `LIKE`, so a prepared statement's generic plan still uses the index.
 */
function prefixRange(prefix: string): [string, string] {
  const last = prefix.codePointAt(prefix.length - 1) ?? 0;
  const head = prefix.slice(0, prefix.length - (last > 0xffff ? 2 : 1));
  return [prefix, head + String.fromCodePoint(last + 1)];
}

/**
 * A filter word whose prefix range holds fewer rows than this is "rare": its range is
 * read whole and sorted. A common word is walked in rank order, where the first rows are
 * the answer.
 */
const RARE_WORD_ROWS = 5000;

/**
 * How many rows each word's prefix range holds, counted up to RARE_WORD_ROWS: an
 * index-only read of at most that many entries. (The planner's estimate, by EXPLAIN in a
 * function, reads nothing but took milliseconds.)
 */
async function rangeSizes(db: Kysely<DB>, words: string[]): Promise<number[]> {
  const row = await db
    .selectNoFrom((eb) =>
      words.map((word, i) =>
        eb
          .selectFrom((inner) =>
            inner
              .selectFrom('snomedWords')
              .select(sql.lit(1).as('one'))
              .where('word', '>=', prefixRange(word)[0])
              .where('word', '<', prefixRange(word)[1])
              .limit(RARE_WORD_ROWS)
              .as('r'),
          )
          .select((c) => c.fn.countAll<string>().as('n'))
          .as(`n${i}`),
      ),
    )
    .executeTakeFirstOrThrow();
  return words.map((_, i) => Number((row as Record<string, unknown>)[`n${i}`]));
}

/**
 * Terms of which every one of `words` starts some word, best first (rank, then term), one
 * row per concept (its best-ranked term).
 *
 * `snomed_words` carries each row's term, concept and all its words (`words`: ' ' and the
 * lower-case words), so neither the descriptions nor other word rows are read per
 * candidate: the other filter words are a `strpos` on the row itself. The rarest word
 * (by a bounded count) drives: when its range is small (under RARE_WORD_ROWS), the range
 * of the index `(word) INCLUDE (...)` is read whole and sorted; when every word is
 * common, the index `(head, rank, word) INCLUDE (...)` of the driver's first two letters
 * is walked in rank order and stops at the answer. Rows tied on rank and term are ordered
 * by concept. When the over-fetched rows hold fewer than 20 concepts, more are fetched.
 */
export async function searchSnomed(db: Kysely<DB>, words: string[]): Promise<SnomedTerm[]> {
  if (words.length === 0) return [];
  const sizes = await rangeSizes(db, words);
  // The rarest word drives; on a tie the longer (filterWords sorts longest first).
  let at = 0;
  for (let i = 1; i < words.length; i += 1) if (sizes[i]! < sizes[at]!) at = i;
  const driver = words[at]!;
  const others = words.filter((_, i) => i !== at);
  const head = Array.from(driver).slice(0, 2).join('');
  // A common driver is walked in rank order within its first two letters. Its own prefix
  // is then checked like the other words (on `words`), not as a range of `word`: the
  // planner would multiply the two (correlated) conditions' estimates and, expecting a
  // handful of rows, read and sort the whole range instead.
  const walk = sizes[at]! >= RARE_WORD_ROWS && Array.from(head).length === 2;
  const checked = walk && head !== driver ? words : others;
  const [from, to] = prefixRange(driver);
  const terms: SnomedTerm[] = [];
  // Over-fetch: several descriptions of one concept may match; more when they did.
  for (let limit = SNOMED_SEARCH_LIMIT * 3; ; limit *= 4) {
    const rows = await db
      .selectFrom('snomedWords as w')
      .select(['w.conceptId', 'w.term'])
      .$if(walk, (qb) => qb.where('w.head', '=', head))
      .$if(!walk, (qb) => qb.where('w.word', '>=', from).where('w.word', '<', to))
      .where((eb) =>
        eb.and(checked.map((word) => eb(eb.fn('strpos', ['w.words', eb.val(` ${word}`)]), '>', 0))),
      )
      .orderBy('w.rank')
      .orderBy('w.term')
      .orderBy('w.conceptId')
      .limit(limit)
      .execute();
    const seen = new Set<string>();
    terms.length = 0;
    for (const row of rows) {
      if (seen.has(row.conceptId)) continue;
      seen.add(row.conceptId);
      terms.push({ id: row.conceptId, name: row.term });
      if (terms.length === SNOMED_SEARCH_LIMIT) return terms;
    }
    if (rows.length < limit) return terms;
  }
}

/** The best term of a concept, when the code table holds it (active). */
export async function conceptTerm(tx: TenantTx, conceptId: string): Promise<string | undefined> {
  const row = await tx.db
    .selectFrom('snomedDescriptions')
    .select('term')
    .where('conceptId', '=', conceptId)
    .where('active', '=', true)
    .orderBy(sql`snomed_rank(type_id, term)`)
    .limit(1)
    .executeTakeFirst();
  return row?.term;
}

const recordColumns = [
  'id',
  'visitId',
  'code',
  'description',
  'remark',
  'voidedAt',
  'version',
] as const;

function toRecord(row: {
  id: string;
  visitId: string;
  code: string;
  description: string;
  remark: string | null;
  voidedAt: Date | null;
  version: number;
}): DiagnosisRecord {
  const { voidedAt, ...rest } = row;
  return { ...rest, isVoided: voidedAt !== null };
}

/** Adds a diagnosis; undefined when the visit has it already (not removed). */
export async function insertDiagnosis(
  tx: TenantTx,
  values: {
    visitId: string;
    patientId: string;
    code: string;
    description: string;
    remark: string | null;
    createdBy: string;
  },
): Promise<DiagnosisRecord | undefined> {
  const row = await tx.db
    .insertInto('diagnoses')
    .values({ tenantId: tx.tenantId, ...values })
    .onConflict((oc) =>
      oc.columns(['tenantId', 'visitId', 'code']).where('voidedAt', 'is', null).doNothing(),
    )
    .returning(recordColumns)
    .executeTakeFirst();
  return row && toRecord(row);
}

export interface LoadedDiagnosis extends DiagnosisRecord {
  branchId: string;
}

export async function findDiagnosis(
  tx: TenantTx,
  id: string,
): Promise<LoadedDiagnosis | undefined> {
  const row = await tx.db
    .selectFrom('diagnoses as g')
    .innerJoin('visits as v', (join) =>
      join.onRef('v.tenantId', '=', 'g.tenantId').onRef('v.id', '=', 'g.visitId'),
    )
    .select([
      'g.id',
      'g.visitId',
      'g.code',
      'g.description',
      'g.remark',
      'g.voidedAt',
      'g.version',
      'v.branchId',
    ])
    .where('g.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { branchId, ...rest } = row;
  return { ...toRecord(rest), branchId };
}

/** Removes (voids) it at `version`; undefined when the version is stale. */
export async function voidDiagnosis(
  tx: TenantTx,
  id: string,
  version: number,
  userId: string,
): Promise<DiagnosisRecord | undefined> {
  const row = await tx.db
    .updateTable('diagnoses')
    .set((eb) => ({
      voidedAt: new Date(),
      voidedBy: userId,
      updatedAt: new Date(),
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .where('version', '=', version)
    .where('voidedAt', 'is', null)
    .returning(recordColumns)
    .executeTakeFirst();
  return row && toRecord(row);
}
