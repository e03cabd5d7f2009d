/**
 * The SNOMED CT search at volume: `node bench/snomed-search.ts` (or `npm run bench:snomed`).
 *
 * Creates a scratch database on the PostgreSQL server (DATABASE_URL, else 127.0.0.1:5432),
 * migrates it, writes 300,000 synthetic RF2-like descriptions (100,000 concepts, a fully
 * specified name and two synonyms each, words drawn Zipf-like from a 4,000-word vocabulary)
 * to a temporary RF2 file and loads it with the real loader (`snomed:load`), then times the
 * real search (`searchSnomed`, as the API role) at 1 and 10 connections and prints p50,
 * p95 and p99 per filter kind, and the machine's load average around the timed runs (on a
 * shared machine, read the figures with it). The database is dropped afterwards.
 *
 * SNOMED_BENCH_DESCRIPTIONS changes the count; SNOMED_BENCH_QUERIES the queries per run.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/connection.ts';
import type { DB } from '../apps/server/src/db/schema.ts';
import {
  loadRf2Descriptions,
  searchSnomed,
} from '../apps/server/src/features/diagnoses/diagnoses.service.ts';
import {
  createDatabase,
  dropDatabase,
  findPostgresServer,
} from '../apps/server/test/test-database.ts';
import { loadAverageText, percentileRows, seededRandom, timeCalls } from './harness/timed-calls.ts';

const DESCRIPTIONS = Number(process.env.SNOMED_BENCH_DESCRIPTIONS ?? 300_000);
const QUERIES = Number(process.env.SNOMED_BENCH_QUERIES ?? 2000);
const FSN = '900000000000003001';
const SYNONYM = '900000000000013009';

const rand = seededRandom(20261125);
const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
/** Zipf-like: low indexes far more often (common words like 'disorder', 'of', 'left'). */
const zipf = <T>(items: readonly T[]) => items[Math.floor(items.length * rand() ** 3)]!;

const SYLLABLES = [
  'hy',
  'per',
  'ten',
  'sion',
  'dia',
  'be',
  'tes',
  'car',
  'di',
  'ac',
  'neu',
  'ro',
  'gas',
  'tri',
  'tis',
  'pul',
  'mo',
  'na',
  'ry',
  'ost',
  'eo',
  'ar',
  'thr',
  'it',
  'der',
  'ma',
  'to',
  'sis',
  'nep',
  'hro',
  'pa',
  'thy',
  'my',
  'al',
  'gia',
  'en',
  'ce',
  'pha',
  'lo',
  'pan',
  'cre',
  'as',
  'chole',
  'cys',
  'lith',
  'an',
  'ae',
  'mia',
  'leu',
  'ko',
  'sar',
  'co',
  'lym',
  'pho',
  'ure',
];
const vocabulary = [
  'disorder',
  'of',
  'left',
  'right',
  'acute',
  'chronic',
  'finding',
  'structure',
  'due',
  'to',
  'with',
  'and',
  'primary',
  'secondary',
  'disease',
  'injury',
  'syndrome',
  'infection',
  ...new Set(
    Array.from({ length: 5000 }, () =>
      Array.from({ length: 2 + Math.floor(rand() * 3) }, () => pick(SYLLABLES)).join(''),
    ),
  ),
].slice(0, 4000);

function term(): string {
  const words = 2 + Math.floor(rand() * 5);
  const text = Array.from({ length: words }, () => zipf(vocabulary)).join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function writeRf2(path: string): void {
  const lines = [
    'id\teffectiveTime\tactive\tmoduleId\tconceptId\tlanguageCode\ttypeId\tterm\tcaseSignificanceId',
  ];
  let id = 100_000_000;
  for (let concept = 0; lines.length <= DESCRIPTIONS; concept += 1) {
    const conceptId = String(800_000_000 + concept);
    const preferred = term();
    const rows: [string, string][] = [
      [FSN, `${preferred} (disorder)`],
      [SYNONYM, preferred],
      [SYNONYM, term()],
    ];
    for (const [type, text] of rows) {
      if (lines.length > DESCRIPTIONS) break;
      id += 1;
      const active = rand() < 0.95 ? '1' : '0';
      lines.push(
        `${id}011\t20250101\t${active}\t900000000000207008\t${conceptId}\ten\t${type}\t${text}\t900000000000448009`,
      );
    }
  }
  writeFileSync(path, `${lines.join('\n')}\n`);
}

type Kind = '2 chars' | '3-4 chars' | 'whole word' | 'two words';

function filterOf(kind: Kind): string {
  const word = zipf(vocabulary.filter((w) => w.length >= 4));
  switch (kind) {
    case '2 chars':
      return word.slice(0, 2);
    case '3-4 chars':
      return word.slice(0, 3 + Math.floor(rand() * 2));
    case 'whole word':
      return word;
    case 'two words':
      return `${word.slice(0, 4)} ${zipf(vocabulary).slice(0, 3)}`;
  }
}

const KINDS: Kind[] = ['2 chars', '3-4 chars', 'whole word', 'two words'];

async function measure(db: Kysely<DB>, connections: number) {
  const filters = Array.from({ length: QUERIES }, (_, i) => {
    const kind = KINDS[i % KINDS.length]!;
    return { kind, input: filterOf(kind) };
  });
  const { times, perSecond } = await timeCalls(filters, connections, (filter) =>
    searchSnomed(db, filter),
  );
  return { rows: percentileRows(KINDS, times, connections), perSecond };
}

const server = await findPostgresServer();
if (!server)
  throw new Error('No PostgreSQL server: set DATABASE_URL or run one at 127.0.0.1:5432.');
const name = `bench_snomed_${Date.now()}`;
const url = await createDatabase(server, name);
const dir = mkdtempSync(join(tmpdir(), 'snomed-bench-'));
try {
  const file = join(dir, 'sct2_Description_Snapshot-en_BENCH.txt');
  writeRf2(file);
  const database = await openDatabase({
    databaseUrl: url,
    dataDir: dir,
    migrate: true,
    poolSize: 10,
  });
  const owner = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
    plugins: [new CamelCasePlugin()],
  });
  const loadStarted = performance.now();
  const loaded = await loadRf2Descriptions(owner, file, {
    onProgress: ({ read }) => process.stdout.write(`\rloaded ${read}`),
  });
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  await sql`ANALYZE snomed_descriptions, snomed_words`.execute(owner);
  const words = await owner
    .selectFrom('snomedWords')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  await owner.destroy();
  console.log(
    `\n${loaded.read} descriptions (${words.n} word rows) loaded in ${loadSeconds.toFixed(1)} s`,
  );
  // Warm-up: the first queries read the index from disk.
  for (const kind of KINDS)
    for (let i = 0; i < 25; i += 1) await searchSnomed(database.db, filterOf(kind));
  const loadBefore = loadAverageText();
  const one = await measure(database.db, 1);
  const ten = await measure(database.db, 10);
  console.log(
    '| Connections | Filter | Queries | p50 ms | p95 ms | p99 ms | Terms answered (mean) |',
  );
  console.log('| ---: | --- | ---: | ---: | ---: | ---: | ---: |');
  for (const row of [...one.rows, ...ten.rows]) console.log(row);
  console.log(`Throughput: ${one.perSecond} queries/s at 1 connection, ${ten.perSecond} at 10.`);
  console.log(
    `Load average (1, 5, 15 min): ${loadBefore} before the timed runs, ${loadAverageText()} after.`,
  );
  await database.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
  await dropDatabase(server, name);
}
