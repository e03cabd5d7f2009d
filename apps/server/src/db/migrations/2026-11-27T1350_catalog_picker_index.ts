import type { Kysely } from 'kysely';
import { runStatements, tenantOwned } from '../migration-helpers.ts';

/**
 * The catalog picker from indexes (docs/architecture.md "Catalogs", docs/benchmarks.md
 * "Catalog picker"). It answers the exact code, then codes starting with the keyword, then
 * names containing it, 50 at most; before this, every keyword read and sorted the clinic's
 * whole catalog.
 *
 * Under row-level security PostgreSQL applies the policy before any condition that is not
 * LEAKPROOF, and `lower()`, LIKE and strpos are not: `lower(code) LIKE 'x%'` and the
 * trigram index on `lower(name)` were never used (the plans walked the clinic's rows and
 * filtered). Equality and range comparisons of plain text columns are leakproof, and so
 * is `starts_with`, so:
 *
 * - `catalog_items.code_key` is `lower(code)`, stored and collated "C": the exact code is
 *   an equality and a prefix a `starts_with` range on `(tenant_id, code_key)`, the unique
 *   key of live codes (same name and rule as the `(tenant_id, lower(code))` one it replaces).
 * - `(tenant_id, lower(name), code)` lets a prefix that matches much of the catalog walk the
 *   names in the answer's order and stop at 50 (the planner picks, from the prefix's
 *   estimate).
 * - `catalog_name_grams` holds the grams of each live item's name: its distinct pieces of 1, 2
 *   and 3 characters, lower-cased (`catalog_name_grams_of`), each with the lower-cased name
 *   and the code; kept by a trigger on `catalog_items`, which runs as the item's writer
 *   under its clinic's policy. A name contains a keyword of up to 3 characters exactly when
 *   the keyword is one of its grams; a longer keyword's 3-character grams are all grams of
 *   every name containing it, so the rarest of them narrows the search and the name itself
 *   is checked. A gram's rows come out of the key in the answer's order (name, then code),
 *   so a common gram is read until 50 items pass, never sorted.
 * - The unused trigram index goes (it cost every write of an item).
 *
 * Existing items get their grams with row security un-forced meanwhile: a schema owner
 * that is not a superuser sees no clinic's rows otherwise.
 */
const CROSS_TENANT = ['catalog_items', 'catalog_name_grams'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE catalog_items
       ADD COLUMN code_key text COLLATE "C" GENERATED ALWAYS AS (lower(code)) STORED`,
    // The same rule as before (one live item per code, case-insensitively), now on code_key.
    `DROP INDEX catalog_items_code_key`,
    `CREATE UNIQUE INDEX catalog_items_code_key ON catalog_items (tenant_id, code_key)
       WHERE deleted_at IS NULL`,
    `CREATE INDEX catalog_items_by_name_code ON catalog_items (tenant_id, lower(name), code)
       WHERE deleted_at IS NULL`,
    `DROP INDEX catalog_items_name_trgm`,

    // The distinct 1-, 2- and 3-character pieces of a name, lower-cased.
    `CREATE FUNCTION catalog_name_grams_of(p_name text) RETURNS text[]
       LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
       $$ SELECT coalesce(array_agg(DISTINCT substr(k.name_key, at, len)), '{}')
            FROM (SELECT lower(p_name) AS name_key) AS k,
                 generate_series(1, 3) AS len,
                 generate_series(1, char_length(k.name_key) - len + 1) AS at $$`,
    `CREATE TABLE catalog_name_grams (
       tenant_id uuid NOT NULL,
       gram text NOT NULL,
       name_key text NOT NULL,
       code text NOT NULL,
       item_id uuid NOT NULL,
       PRIMARY KEY (tenant_id, gram, name_key, code, item_id)
     )`,
    ...tenantOwned('catalog_name_grams'),
    `CREATE FUNCTION catalog_name_grams_sync() RETURNS trigger
       LANGUAGE plpgsql SET search_path = public, pg_temp AS
       $$
       BEGIN
         IF TG_OP = 'UPDATE' AND OLD.name = NEW.name AND OLD.code = NEW.code
            AND (OLD.deleted_at IS NULL) = (NEW.deleted_at IS NULL) THEN
           RETURN NULL;
         END IF;
         IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
           DELETE FROM catalog_name_grams
            WHERE tenant_id = OLD.tenant_id AND gram = ANY (catalog_name_grams_of(OLD.name))
              AND name_key = lower(OLD.name) AND code = OLD.code AND item_id = OLD.id;
         END IF;
         IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.deleted_at IS NULL THEN
           INSERT INTO catalog_name_grams (tenant_id, gram, name_key, code, item_id)
           SELECT NEW.tenant_id, gram, lower(NEW.name), NEW.code, NEW.id
             FROM unnest(catalog_name_grams_of(NEW.name)) AS gram;
         END IF;
         RETURN NULL;
       END
       $$`,
    `CREATE TRIGGER catalog_items_name_grams
       AFTER INSERT OR DELETE OR UPDATE OF name, code, deleted_at ON catalog_items
       FOR EACH ROW EXECUTE FUNCTION catalog_name_grams_sync()`,

    ...CROSS_TENANT.map((table) => `ALTER TABLE ${table} NO FORCE ROW LEVEL SECURITY`),
    `INSERT INTO catalog_name_grams (tenant_id, gram, name_key, code, item_id)
     SELECT i.tenant_id, gram, lower(i.name), i.code, i.id
       FROM catalog_items i, unnest(catalog_name_grams_of(i.name)) AS gram
      WHERE i.deleted_at IS NULL`,
    ...CROSS_TENANT.map((table) => `ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`),
    `ANALYZE catalog_items`,
    `ANALYZE catalog_name_grams`,
  ]);
}
