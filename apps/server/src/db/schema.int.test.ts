import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { SCHEMA_FILE, generateSchemaTypes } from './types-generator.ts';

const testDatabase = inject('databaseUrl');

describe.runIf(testDatabase !== 'pglite')('the database types (db/schema.ts)', () => {
  it('are what the migrations give: run `npm run db:types` after adding a migration', async () => {
    const committed = readFileSync(SCHEMA_FILE, 'utf8');
    expect(await generateSchemaTypes(testDatabase)).toBe(committed);
  });
});
