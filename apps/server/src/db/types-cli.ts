import { writeFileSync } from 'node:fs';
import { SCHEMA_FILE, generateSchemaTypes } from './types-generator.ts';

/**
 * `npm run db:types`: writes `db/schema.ts` from the migrations, read back from a
 * temporary database on the PostgreSQL server at DATABASE_URL (else 127.0.0.1:5432).
 */
const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
writeFileSync(SCHEMA_FILE, await generateSchemaTypes(serverUrl));
console.log(`Wrote ${SCHEMA_FILE.pathname} from the migrations.`);
