/**
 * The catalog picker at volume: `node bench/catalog-picker.ts`.
 *
 * Creates a scratch database on the PostgreSQL server (DATABASE_URL, else 127.0.0.1:5432),
 * migrates it, gives one clinic 20,000 catalog items (CATALOG_BENCH_ITEMS; 70% medicines,
 * the rest services, vaccines and investigations, with made-up drug-like names and codes),
 * then times the real picker (`itemPicker`, what `GET /catalogs/options` answers, as the
 * API role in the clinic's tenant with a branch) at 1 and 10 connections and prints p50,
 * p95 and p99 per keyword kind, and the load average around the timed runs. The database
 * is dropped afterwards. CATALOG_BENCH_QUERIES sets the queries per run.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/connection.ts';
import { withTenant } from '../apps/server/src/db/tenant-db.ts';
import {
  itemPicker,
  type CatalogScope,
} from '../apps/server/src/features/catalogs/catalogs.service.ts';
import {
  createDatabase,
  dropDatabase,
  findPostgresServer,
} from '../apps/server/test/test-database.ts';
import { loadAverageText, percentileRows, seededRandom, timeCalls } from './harness/timed-calls.ts';

const ITEMS = Number(process.env.CATALOG_BENCH_ITEMS ?? 20_000);
const QUERIES = Number(process.env.CATALOG_BENCH_QUERIES ?? 1000);

const rand = seededRandom(20261125);
const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;

const STEMS = [
  'amo',
  'para',
  'ibu',
  'cet',
  'lor',
  'met',
  'ome',
  'sim',
  'ator',
  'los',
  'am',
  'pred',
];
const ENDS = [
  'xicillin',
  'cetamol',
  'profen',
  'irizine',
  'atadine',
  'formin',
  'prazole',
  'vastatin',
];
const FORMS = ['tab', 'cap', 'syrup', 'cream', 'inj'];
const TYPES = [
  'Med',
  'Med',
  'Med',
  'Med',
  'Med',
  'Med',
  'Med',
  'Service',
  'Vaccine',
  'Investigation',
];

function item(index: number) {
  const type = pick(TYPES);
  const name = `${pick(STEMS)}${pick(ENDS)} ${1 + Math.floor(rand() * 99) * 5} mg ${pick(FORMS)}`;
  return { type, code: `IT${String(index).padStart(6, '0')}`, name };
}

type Kind = '2 letters' | 'name word' | 'code prefix' | 'exact code';
const KINDS: Kind[] = ['2 letters', 'name word', 'code prefix', 'exact code'];

function keywordOf(kind: Kind): string {
  switch (kind) {
    case '2 letters':
      return pick(STEMS).slice(0, 2);
    case 'name word':
      return `${pick(STEMS)}${pick(ENDS).slice(0, 3)}`;
    case 'code prefix':
      return `IT0${Math.floor(rand() * 10)}`;
    case 'exact code':
      return `IT${String(Math.floor(rand() * ITEMS)).padStart(6, '0')}`;
  }
}

async function measure(scope: CatalogScope, connections: number) {
  const keywords = Array.from({ length: QUERIES }, (_, i) => {
    const kind = KINDS[i % KINDS.length]!;
    return { kind, input: keywordOf(kind) };
  });
  const { times, perSecond } = await timeCalls(keywords, connections, (keyword) =>
    itemPicker(scope, { keyword, typeEnum: undefined, procurements: undefined }),
  );
  return { rows: percentileRows(KINDS, times, connections), perSecond };
}

const server = await findPostgresServer();
if (!server)
  throw new Error('No PostgreSQL server: set DATABASE_URL or run one at 127.0.0.1:5432.');
const name = `bench_catalog_${Date.now()}`;
const url = await createDatabase(server, name);
try {
  const owner = await openDatabase({ databaseUrl: url, dataDir: 'unused', migrate: true });
  const tenantId = crypto.randomUUID();
  const branchId = crypto.randomUUID();
  const items = Array.from({ length: ITEMS }, (_, index) => item(index));
  // Row security holds for the owner too: the clinic's rows are written as the clinic.
  await withTenant(owner.db, tenantId, async ({ db }) => {
    await sql`INSERT INTO tenants (id, subdomain, clinic_name, country, timezone_offset)
              VALUES (${tenantId}, 'bench', 'Bench clinic', 'SG', 480)`.execute(db);
    await sql`INSERT INTO branches (tenant_id, id, code, name)
              VALUES (${tenantId}, ${branchId}, 'MAIN', 'Main')`.execute(db);
    for (let at = 0; at < items.length; at += 1000) {
      const chunk = items.slice(at, at + 1000);
      await sql`INSERT INTO catalog_items (tenant_id, type, code, name, selling_price_cents)
                SELECT ${tenantId}, t, c, n, 1000
                  FROM unnest(${chunk.map((i) => i.type)}::text[], ${chunk.map((i) => i.code)}::text[],
                              ${chunk.map((i) => i.name)}::text[]) AS v (t, c, n)`.execute(db);
    }
  });
  await owner.close();
  // As autovacuum would leave them: statistics, and the visibility map for index-only scans.
  // As the owner: `openDatabase` answers the API role's connection, whose ANALYZE is skipped.
  const schemaOwner = new pg.Client({ connectionString: url });
  await schemaOwner.connect();
  await schemaOwner.query('VACUUM ANALYZE catalog_items, catalog_name_grams');
  await schemaOwner.end();

  const database = await openDatabase({
    databaseUrl: url,
    dataDir: 'unused',
    migrate: false,
    poolSize: 10,
  });
  const scope: CatalogScope = {
    userId: crypto.randomUUID(),
    branchId,
    run: (work) => withTenant(database.db, tenantId, work),
  };
  for (const kind of KINDS)
    for (let i = 0; i < 25; i += 1)
      await itemPicker(scope, {
        keyword: keywordOf(kind),
        typeEnum: undefined,
        procurements: undefined,
      });
  const loadBefore = loadAverageText();
  const one = await measure(scope, 1);
  const ten = await measure(scope, 10);
  console.log(`${ITEMS} catalog items in one clinic.`);
  console.log(
    '| Connections | Keyword | Queries | p50 ms | p95 ms | p99 ms | Items answered (mean) |',
  );
  console.log('| ---: | --- | ---: | ---: | ---: | ---: | ---: |');
  for (const row of [...one.rows, ...ten.rows]) console.log(row);
  console.log(`Throughput: ${one.perSecond} searches/s at 1 connection, ${ten.perSecond} at 10.`);
  console.log(
    `Load average (1, 5, 15 min): ${loadBefore} before the timed runs, ${loadAverageText()} after.`,
  );
  await database.close();
} finally {
  await dropDatabase(server, name);
}
