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
 * Terms of which every one of `words` starts some word, best first: the first (longest)
 * word drives an index range in rank order, the others are checked per description. One
 * row per concept (its best-ranked term).
 */
export async function searchSnomed(db: Kysely<DB>, words: string[]): Promise<SnomedTerm[]> {
  const [driver, ...others] = words;
  if (!driver) return [];
  // Over-fetch a little: several descriptions of one concept may match.
  const rows = await db
    .selectFrom('snomedWords as w')
    .innerJoin('snomedDescriptions as d', 'd.descriptionId', 'w.descriptionId')
    .select(['d.conceptId', 'd.term', 'w.rank'])
    .where('w.head', '=', Array.from(driver).slice(0, 2).join(''))
    .where('w.word', '>=', prefixRange(driver)[0])
    .where('w.word', '<', prefixRange(driver)[1])
    .where((eb) =>
      eb.and(
        others.map((word) =>
          eb.exists(
            eb
              .selectFrom('snomedWords as o')
              .select(sql.lit(1).as('one'))
              .whereRef('o.descriptionId', '=', 'w.descriptionId')
              .where('o.word', '>=', prefixRange(word)[0])
              .where('o.word', '<', prefixRange(word)[1]),
          ),
        ),
      ),
    )
    .orderBy('w.rank')
    .orderBy('d.term')
    .limit(SNOMED_SEARCH_LIMIT * 3)
    .execute();
  const seen = new Set<string>();
  const terms: SnomedTerm[] = [];
  for (const row of rows) {
    if (seen.has(row.conceptId)) continue;
    seen.add(row.conceptId);
    terms.push({ id: row.conceptId, name: row.term });
    if (terms.length === SNOMED_SEARCH_LIMIT) break;
  }
  return terms;
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
