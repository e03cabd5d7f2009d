import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/connection.ts';
import type { DB } from '../../apps/server/src/db/schema.ts';

/** Creates the bench database afresh (dropping an old one) and runs the app's migrations. */
export async function createDatabase(
  serverUrl: string,
  name: string,
  databaseUrl: string,
): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const handle = await openDatabase({ databaseUrl, dataDir: 'unused', migrate: true });
  await handle.close();
}

/** Kysely as the schema owner, with the app's column naming, for the small tables. */
export function ownerKysely(databaseUrl: string): Kysely<DB> {
  return new Kysely<DB>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 2 }) }),
    plugins: [new CamelCasePlugin()],
  });
}

export async function ownerClient(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return client;
}

export interface SavedIndex {
  name: string;
  table: string;
  definition: string;
}

/**
 * Drops the secondary indexes of the bulk-loaded tables (not primary keys) and answers
 * their definitions. Building an index once over loaded rows is far cheaper than
 * updating it row by row, above all the trigram GIN indexes of patients.
 */
export async function dropSecondaryIndexes(
  client: pg.ClientBase,
  tables: readonly string[],
): Promise<SavedIndex[]> {
  const { rows } = await client.query<SavedIndex>(
    `SELECT i.relname AS name, t.relname AS table, pg_get_indexdef(x.indexrelid) AS definition
       FROM pg_index x
       JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_class t ON t.oid = x.indrelid
      WHERE t.relname = ANY($1) AND t.relnamespace = 'public'::regnamespace
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
      ORDER BY i.relname`,
    [tables],
  );
  for (const index of rows) await client.query(`DROP INDEX ${index.name}`);
  return rows;
}

/**
 * Builds the indexes on two connections at once (one per core), those of the biggest
 * tables first; each build gets a generous sort memory for its session.
 */
export async function buildIndexes(
  databaseUrl: string,
  indexes: readonly SavedIndex[],
  log: (line: string) => void,
): Promise<void> {
  const sizes = new Map<string, number>();
  const sizer = await ownerClient(databaseUrl);
  try {
    for (const table of new Set(indexes.map((index) => index.table))) {
      const { rows } = await sizer.query<{ size: string }>(
        'SELECT pg_relation_size($1::regclass) AS size',
        [table],
      );
      sizes.set(table, Number(rows[0]?.size ?? 0));
    }
  } finally {
    await sizer.end();
  }
  const queue = [...indexes].sort((a, b) => (sizes.get(b.table) ?? 0) - (sizes.get(a.table) ?? 0));
  const worker = async () => {
    const client = await ownerClient(databaseUrl);
    try {
      await client.query(`SET maintenance_work_mem = '1GB'`);
      for (let index = queue.shift(); index; index = queue.shift()) {
        const started = performance.now();
        await client.query(index.definition);
        log(`  index ${index.name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
      }
    } finally {
      await client.end();
    }
  };
  await Promise.all([worker(), worker()]);
}
