import { configFromEnv } from '../config.ts';
import { openDatabase } from './connection.ts';

/** `npm run migrate`: brings the configured database up to date, then exits. */
const config = configFromEnv();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  appDatabaseUrl: config.appDatabaseUrl,
  dataDir: config.dataDir,
  migrate: true,
});
await database.close();
console.log(
  `Database is up to date (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}).`,
);
