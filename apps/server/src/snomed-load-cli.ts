import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { configFromEnv } from './config.ts';
import { openDatabase } from './db/connection.ts';
import type { DB } from './db/schema.ts';
import { loadRf2Descriptions } from './features/diagnoses/diagnoses.service.ts';

/**
 * `npm run snomed:load -- <sct2_Description_Snapshot-en_INT_YYYYMMDD.txt>`: loads a licensed
 * SNOMED CT release's description file into the diagnosis search's code table. Streamed,
 * progress printed, safe to run again (updates, no duplicates). Brings the schema up to
 * date first; needs DATABASE_URL (the schema owner: the API role only reads the table).
 */
const [path] = process.argv.slice(2);
if (!path) {
  console.error('Usage: npm run snomed:load -- <path to sct2_Description_Snapshot-en_*.txt>');
  process.exit(2);
}
const config = configFromEnv();
if (!config.databaseUrl) {
  console.error('snomed:load needs DATABASE_URL (the schema owner connection of PostgreSQL).');
  process.exit(2);
}
await (
  await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, migrate: true })
).close();
const db = new Kysely<DB>({
  dialect: new PostgresDialect({
    pool: new pg.Pool({ connectionString: config.databaseUrl, max: 1 }),
  }),
  plugins: [new CamelCasePlugin()],
});
const started = Date.now();
try {
  const result = await loadRf2Descriptions(db, path, {
    onProgress: ({ read, written }) =>
      console.log(`snomed:load ${read} descriptions read, ${written} added or changed`),
  });
  console.log(
    `snomed:load done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${result.read} read, ${result.written} added or changed, ${result.skipped} malformed lines skipped, ${result.starterRemoved} starter rows replaced.`,
  );
} finally {
  await db.destroy();
}
