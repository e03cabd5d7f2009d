import type { CatalogType, Procurement } from '@clinic/domain';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { DB } from '../../db/schema.ts';
import { withTenant, type TenantTx } from '../../db/tenant-db.ts';
import { setupApiTest } from '../../../test/api-fixture.ts';
import { itemOptions, type OptionFilter } from './catalogs.repo.ts';

/**
 * The picker read from indexes, tier by tier (migration 2026-11-27T1350), answers exactly
 * what the single query before it answered: the same items in the same order, with the
 * same prices, for many random keywords and filters over a few thousand items whose names
 * and codes share letters (so keywords meet all three tiers and 50 is often reached),
 * with items inactive, deleted, renamed, re-coded and switched off or re-priced in a
 * branch, and another clinic holding the same names.
 */
const ownerUrl = inject('databaseUrl');

const ITEMS = 3000;
const KEYWORDS = 600;
/** A seeded random source, so a failure repeats. */
let state = 20261127;
const rand = () => {
  state = (state * 1664525 + 1013904223) >>> 0;
  return state / 2 ** 32;
};
const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
const chance = (p: number) => rand() < p;

const SYLLABLES = ['pa', 'Ra', 'ce', 'TA', 'mol', 'am', 'ox', 'i', 'cil', 'lin', 'é', 'Ü', '10'];
const SEPARATORS = [' ', ' ', '', '-', '%', '_', '\\', ' 5 mg '];
const CODE_HEADS = ['PA', 'pa', 'AM', 'Am', 'X', 'MOL', '10', '%_', 'ce'];
const TYPES: CatalogType[] = ['Med', 'Med', 'Service', 'Vaccine', 'Investigation'];
const PROCUREMENTS: (Procurement | null)[] = ['Maf', 'Private', 'Alps', null];

function randomName(): string {
  const parts = Array.from({ length: 1 + Math.floor(rand() * 5) }, () => pick(SYLLABLES));
  return parts.reduce((name, part) => name + pick(SEPARATORS) + part);
}

/**
 * Codes unique case-insensitively: mostly 'Q' and digits (a prefix that matches most of
 * the catalog), some starting like the names ('pa1', 'PA12', 'am'), so a keyword meets
 * both a few codes and many names.
 */
function randomCodes(count: number): string[] {
  const taken = new Set<string>();
  const codes: string[] = [];
  while (codes.length < count) {
    const head = chance(0.05) ? pick(CODE_HEADS) : 'Q';
    const code = `${head}${Math.floor(rand() * 10 ** Math.floor(rand() * 6)) || ''}`;
    if (taken.has(code.toLowerCase())) continue;
    taken.add(code.toLowerCase());
    codes.push(code);
  }
  return codes;
}

async function insertItems(tx: TenantTx, names: string[], codes: string[]): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO catalog_items (tenant_id, type, code, name, selling_price_cents, procurement, is_active)
    SELECT ${tx.tenantId}, t, c, n, p, r, a
      FROM unnest(${names.map(() => pick(TYPES))}::text[], ${codes}::text[], ${names}::text[],
                  ${names.map(() => Math.floor(rand() * 5000))}::int[],
                  ${names.map(() => pick(PROCUREMENTS))}::text[],
                  ${names.map(() => !chance(0.1))}::boolean[]) WITH ORDINALITY AS v (t, c, n, p, r, a, o)
     ORDER BY o
    RETURNING id`.execute(tx.db);
  return rows.map((row) => row.id);
}

/** The items of both clinics, written as the API writes (row security, the gram trigger). */
async function seed(db: Kysely<DB>, clinicId: string, branchId: string, otherId: string) {
  const names = Array.from({ length: ITEMS }, randomName);
  const codes = randomCodes(ITEMS);
  await withTenant(db, clinicId, async (tx) => {
    const ids = await insertItems(tx, names, codes);
    // Renamed and re-coded after their first write, deleted (codes then reused), off or
    // priced differently in the branch.
    for (const id of ids.filter(() => chance(0.05)))
      await sql`UPDATE catalog_items SET name = ${randomName()} WHERE id = ${id}`.execute(tx.db);
    for (const id of ids.filter(() => chance(0.02)))
      await sql`UPDATE catalog_items SET code = code || 'r' WHERE id = ${id}`.execute(tx.db);
    const deleted = ids.filter(() => chance(0.05));
    await sql`UPDATE catalog_items SET deleted_at = now() WHERE id = ANY (${deleted}::uuid[])`.execute(
      tx.db,
    );
    const deletedCodes = await sql<{ code: string }>`
      SELECT code FROM catalog_items WHERE id = ANY (${deleted}::uuid[])`.execute(tx.db);
    await insertItems(
      tx,
      deletedCodes.rows.map(randomName),
      deletedCodes.rows.map((row) => row.code),
    );
    for (const id of ids.filter(() => chance(0.08)))
      await sql`INSERT INTO catalog_branch_items (tenant_id, item_id, branch_id, selling_price_cents, is_active)
                VALUES (${tx.tenantId}, ${id}, ${branchId}, ${chance(0.5) ? 7 : null}, ${chance(0.5)})`.execute(
        tx.db,
      );
  });
  await withTenant(db, otherId, (tx) => insertItems(tx, names.slice(0, 500), codes.slice(0, 500)));
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

/** The picker's query before the tiers (ids and prices), kept here to compare with. */
async function pickerBefore(tx: TenantTx, filter: OptionFilter) {
  const keyword = filter.keyword?.toLowerCase() ?? null;
  const prefix = keyword === null ? null : `${escapeLike(keyword)}%`;
  const contains = keyword === null ? null : `%${escapeLike(keyword)}%`;
  const procurements = filter.procurements ?? null;
  const { rows } = await sql<{ id: string; priceCents: number }>`
    SELECT i.id, coalesce(b.selling_price_cents, i.selling_price_cents) AS "priceCents"
      FROM catalog_items i
      LEFT JOIN catalog_branch_items b
        ON b.tenant_id = i.tenant_id AND b.item_id = i.id
       AND b.branch_id = ${filter.branchId ?? '00000000-0000-0000-0000-000000000000'}
     WHERE i.deleted_at IS NULL AND i.is_active = true
       AND (b.is_active IS NULL OR b.is_active = true)
       AND (${filter.type ?? null}::text IS NULL OR i.type = ${filter.type ?? null})
       AND (${procurements}::text[] IS NULL OR i.procurement IS NULL
            OR i.procurement = ANY (${procurements}::text[]))
       AND (${keyword}::text IS NULL OR lower(i.code) LIKE ${prefix} OR lower(i.name) LIKE ${contains})
     ORDER BY (lower(i.code) = ${keyword}) DESC NULLS LAST, (lower(i.code) LIKE ${prefix}) DESC NULLS LAST,
              lower(i.name), i.code
     LIMIT ${filter.limit}`.execute(tx.db);
  return rows;
}

function randomKeyword(names: string[], codes: string[]): string | null {
  const kind = Math.floor(rand() * 6);
  if (kind === 0) {
    const name = pick(names);
    const at = Math.floor(rand() * name.length);
    return name.slice(at, at + 1 + Math.floor(rand() * 8)) || null;
  }
  if (kind === 1) return pick(codes).slice(0, 1 + Math.floor(rand() * 4));
  if (kind === 2) {
    const code = pick(codes);
    return chance(0.5) ? code.toUpperCase() : code.toLowerCase();
  }
  if (kind === 3)
    return Array.from({ length: 1 + Math.floor(rand() * 3) }, () =>
      pick(['a', 'P', 'm', 'o', 'x', '1', '0', ' ', '%', '_', '\\', 'é', 'ü', 'z']),
    ).join('');
  if (kind === 4) return `${pick(SYLLABLES)}${pick(SEPARATORS)}${pick(SYLLABLES)}`;
  return chance(0.1) ? null : pick(SYLLABLES);
}

describe.runIf(ownerUrl !== 'pglite')('the catalog picker over indexes', () => {
  const {
    t,
    clinics: [clinic, other],
  } = setupApiTest({ clinics: 2 });

  beforeAll(async () => {
    await seed(t.database.db, clinic.tenantId, clinic.branchId, other.tenantId);
    // Statistics, as autovacuum would soon gather them (the API role may not ANALYZE).
    const owner = new pg.Client({ connectionString: ownerUrl });
    await owner.connect();
    await owner.query('ANALYZE catalog_items, catalog_name_grams, catalog_branch_items');
    await owner.end();
  }, 120_000);

  it('answers what the single query answered, for random keywords and filters', async () => {
    const sample = await withTenant(t.database.db, clinic.tenantId, async (tx) =>
      sql<{ name: string; code: string }>`SELECT name, code FROM catalog_items`.execute(tx.db),
    );
    const names = sample.rows.map((row) => row.name);
    const codes = sample.rows.map((row) => row.code);
    let full = 0;
    let mixed = 0;
    for (let index = 0; index < KEYWORDS; index += 1) {
      const filter: OptionFilter = {
        keyword: randomKeyword(names, codes),
        type: chance(0.3) ? pick(TYPES) : undefined,
        procurements: chance(0.3) ? pick([[], ['Maf'], ['Private', 'Alps']]) : undefined,
        branchId: chance(0.7) ? clinic.branchId : null,
        limit: 50,
      };
      const [before, now] = await withTenant(t.database.db, clinic.tenantId, async (tx) => [
        await pickerBefore(tx, filter),
        await itemOptions(tx, filter),
      ]);
      expect(
        now.map((option) => ({ id: option.id, priceCents: option.priceCents })),
        JSON.stringify(filter),
      ).toEqual(before);
      if (before.length === 50) full += 1;
      const keyword = filter.keyword?.toLowerCase() ?? '';
      const byCode = now.filter((option) => option.code.toLowerCase().startsWith(keyword));
      if (keyword && byCode.length > 0 && byCode.length < now.length) mixed += 1;
    }
    // Many answers reach the limit and many mix codes with names, or this proves little.
    expect(full).toBeGreaterThan(KEYWORDS / 5);
    expect(mixed).toBeGreaterThan(KEYWORDS / 20);
  }, 300_000);
});
