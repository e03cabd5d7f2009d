import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * Loads a SNOMED CT RF2 description file (`sct2_Description_Snapshot-en_INT_*.txt`:
 * tab-separated id, effectiveTime, active, moduleId, conceptId, languageCode, typeId,
 * term, caseSignificanceId, with a header line) into `snomed_descriptions`.
 *
 * - Streamed: read line by line, written in batches; the file is never held whole.
 * - Idempotent: a description is keyed by its id; loading again updates what changed and
 *   adds nothing twice (a trigger keeps the search words).
 * - The starter list's rows of every concept the file holds are removed at the end.
 *
 * Needs the schema owner's connection: the API role only reads these tables.
 */

export interface Rf2Progress {
  /** Description lines read so far. */
  read: number;
  /** Rows added or changed so far. */
  written: number;
}

export interface Rf2Result extends Rf2Progress {
  /** Starter-list rows replaced by the release's own descriptions. */
  starterRemoved: number;
  /** Lines skipped as malformed (wrong column count, bad id). */
  skipped: number;
}

const COLUMNS = 9;
const SCTID = /^\d{6,18}$/;

interface Description {
  descriptionId: string;
  effectiveTime: string;
  active: boolean;
  moduleId: string;
  conceptId: string;
  languageCode: string;
  typeId: string;
  term: string;
  caseSignificanceId: string;
}

function parse(line: string): Description | undefined {
  const cells = line.split('\t');
  if (cells.length !== COLUMNS) return undefined;
  const [id, effectiveTime, active, moduleId, conceptId, languageCode, typeId, term, caseId] =
    cells as [string, string, string, string, string, string, string, string, string];
  if (!SCTID.test(id) || !SCTID.test(conceptId) || (active !== '0' && active !== '1'))
    return undefined;
  return {
    descriptionId: id,
    effectiveTime,
    active: active === '1',
    moduleId,
    conceptId,
    languageCode,
    typeId,
    term,
    caseSignificanceId: caseId,
  };
}

async function writeBatch(db: Kysely<DB>, batch: Description[]): Promise<number> {
  if (batch.length === 0) return 0;
  const result = await db
    .insertInto('snomedDescriptions')
    .values(batch)
    .onConflict((oc) =>
      oc
        .column('descriptionId')
        .doUpdateSet((eb) => ({
          effectiveTime: eb.ref('excluded.effectiveTime'),
          active: eb.ref('excluded.active'),
          moduleId: eb.ref('excluded.moduleId'),
          conceptId: eb.ref('excluded.conceptId'),
          languageCode: eb.ref('excluded.languageCode'),
          typeId: eb.ref('excluded.typeId'),
          term: eb.ref('excluded.term'),
          caseSignificanceId: eb.ref('excluded.caseSignificanceId'),
        }))
        // Unchanged rows are left alone: a second load writes nothing.
        .where(
          sql<boolean>`(snomed_descriptions.effective_time, snomed_descriptions.active, snomed_descriptions.module_id,
                        snomed_descriptions.concept_id, snomed_descriptions.language_code, snomed_descriptions.type_id,
                        snomed_descriptions.term, snomed_descriptions.case_significance_id)
                IS DISTINCT FROM
                       (excluded.effective_time, excluded.active, excluded.module_id, excluded.concept_id,
                        excluded.language_code, excluded.type_id, excluded.term, excluded.case_significance_id)`,
        ),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}

export async function loadRf2Descriptions(
  db: Kysely<DB>,
  path: string,
  options: {
    batchSize?: number;
    progressEvery?: number;
    onProgress?: (p: Rf2Progress) => void;
  } = {},
): Promise<Rf2Result> {
  const batchSize = options.batchSize ?? 2000;
  const progressEvery = options.progressEvery ?? 50_000;
  const lines = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
  const progress: Rf2Progress = { read: 0, written: 0 };
  let skipped = 0;
  let first = true;
  let batch: Description[] = [];
  let nextReport = progressEvery;
  for await (const raw of lines) {
    const line = first ? raw.replace(/^\uFEFF/, '') : raw;
    const header = first && line.startsWith('id\t');
    first = false;
    if (header || line.trim() === '') continue;
    const description = parse(line);
    if (!description) {
      skipped += 1;
      continue;
    }
    progress.read += 1;
    batch.push(description);
    if (batch.length >= batchSize) {
      progress.written += await writeBatch(db, batch);
      batch = [];
    }
    if (progress.read >= nextReport) {
      options.onProgress?.({ ...progress });
      nextReport += progressEvery;
    }
  }
  progress.written += await writeBatch(db, batch);
  options.onProgress?.({ ...progress });
  const removed = await db
    .deleteFrom('snomedDescriptions as s')
    .where('s.moduleId', '=', 'starter')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('snomedDescriptions as r')
          .select(sql.lit(1).as('one'))
          .whereRef('r.conceptId', '=', 's.conceptId')
          .where('r.moduleId', '<>', 'starter'),
      ),
    )
    .executeTakeFirst();
  // Fresh statistics and visibility map: the search's index-only scans need both.
  await sql`VACUUM (ANALYZE) snomed_descriptions, snomed_words`.execute(db);
  return { ...progress, skipped, starterRemoved: Number(removed.numDeletedRows) };
}
