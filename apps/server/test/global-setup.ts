import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/connection.ts';
import { createDatabase, dropDatabase, findPostgresServer } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A freshly migrated database for this run, or 'pglite' when no PostgreSQL answers. */
    databaseUrl: string;
  }
}

/** Creates and migrates one fresh database for the run; drops it afterwards. */
export default async function setup(project: TestProject) {
  const server = await findPostgresServer();
  if (!server) {
    // On a developer's machine the API tests fall back to PGlite and the PostgreSQL-only
    // suites (pool, outage, crash, two instances, search at volume) skip themselves; in
    // CI a missing server is a failure, not a quieter run.
    if (process.env.CI)
      throw new Error(
        'CI is set but no PostgreSQL server answered (DATABASE_URL or 127.0.0.1:5432).',
      );
    console.warn('No PostgreSQL server answered: API tests run on PGlite.');
    project.provide('databaseUrl', 'pglite');
    return;
  }
  const name = `clinic_test_${Date.now()}_${process.pid}`;
  const url = await createDatabase(server, name);
  const database = await openDatabase({ databaseUrl: url, dataDir: 'unused', migrate: true });
  await database.close();
  project.provide('databaseUrl', url);
  return async () => {
    if (process.env.KEEP_TEST_DATABASE !== 'true') await dropDatabase(server, name);
  };
}
