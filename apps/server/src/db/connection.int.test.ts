import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from './connection.ts';

const url = inject('databaseUrl');

/** What a one-connection pool holds prepared after running one parameterised query. */
async function preparedAfter(preparedStatements: boolean): Promise<string[]> {
  const handle = await openDatabase({
    databaseUrl: url,
    dataDir: 'unused',
    migrate: false,
    poolSize: 1,
    preparedStatements,
  });
  try {
    return await handle.db.transaction().execute(async (trx) => {
      await sql`SELECT ${'one'}::text AS probe_statement`.execute(trx);
      const { rows } = await sql<{
        statement: string;
      }>`SELECT statement FROM pg_prepared_statements`.execute(trx);
      return rows.map((row) => row.statement);
    });
  } finally {
    await handle.close();
  }
}

describe.runIf(url !== 'pglite')('the PostgreSQL pool', () => {
  it('sends parameterised statements as prepared statements, once per connection', async () => {
    expect(await preparedAfter(true)).toContainEqual(expect.stringContaining('probe_statement'));
  });

  it('can be told not to, for poolers that share connections between clients', async () => {
    expect(await preparedAfter(false)).toEqual([]);
  });
});
