import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import type { DB } from '../../db/schema.ts';

/**
 * The SNOMED CT search beyond the starter list: a word with more rows than the search
 * reads whole (5,000) is walked in rank order, and a concept with many matching terms
 * makes the search fetch further for 20 concepts. The rows are written on the schema
 * owner's connection (the table is global to the run's database) and removed afterwards.
 */
const ownerUrl = inject('databaseUrl');
const FSN = '900000000000003001';
const SYNONYM = '900000000000013009';
const CONCEPTS = 3000;
const pad = (n: number) => String(n).padStart(4, '0');
const conceptId = (n: number) => `7770${pad(n)}`;

describe.runIf(ownerUrl !== 'pglite')('searching many descriptions', () => {
  const { t, users } = setupApiTest({ users: { doctor: { type: '50' } } });
  let owner: Kysely<DB>;

  const description = (id: string, concept: string, typeId: string, term: string) => ({
    descriptionId: id,
    effectiveTime: '20250101',
    active: true,
    moduleId: 'search-test',
    conceptId: concept,
    languageCode: 'en',
    typeId,
    term,
    caseSignificanceId: '900000000000448009',
  });

  beforeAll(async () => {
    owner = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: ownerUrl, max: 1 }) }),
      plugins: [new CamelCasePlugin()],
    });
    // Concepts 1..3000: a synonym 'Qqwalk n0001' and a fully specified name (6,000 rows
    // with the word 'qqwalk'); concept 0 has 70 synonyms 'Qqwalk a01'..'Qqwalk a70',
    // shorter, so they rank first.
    const rows = [];
    for (let n = 1; n <= CONCEPTS; n += 1) {
      rows.push(description(`77701${pad(n)}`, conceptId(n), SYNONYM, `Qqwalk n${pad(n)}`));
      rows.push(description(`77702${pad(n)}`, conceptId(n), FSN, `Qqwalk n${pad(n)} (qqfinding)`));
    }
    for (let n = 1; n <= 70; n += 1)
      rows.push(
        description(
          `77703${pad(n)}`,
          conceptId(0),
          SYNONYM,
          `Qqwalk a${String(n).padStart(2, '0')}`,
        ),
      );
    for (let i = 0; i < rows.length; i += 1000)
      await owner
        .insertInto('snomedDescriptions')
        .values(rows.slice(i, i + 1000))
        .execute();
  });

  afterAll(async () => {
    await owner.deleteFrom('snomedDescriptions').where('moduleId', '=', 'search-test').execute();
    await owner.destroy();
  });

  const search = async (filter: string) => {
    const answer = await t.call(
      'GET',
      `/api/v1/snomed-ct?filter=${encodeURIComponent(filter)}`,
      users.doctor,
    );
    expect(answer.status).toBe(200);
    return answer.body.data.items as { id: string; name: string }[];
  };

  const firstTwenty = [
    { id: conceptId(0), name: 'Qqwalk a01' },
    ...Array.from({ length: 19 }, (_, i) => ({
      id: conceptId(i + 1),
      name: `Qqwalk n${pad(i + 1)}`,
    })),
  ];

  it('answers a common word by rank, then term, one term per concept, 20 concepts', async () => {
    expect(await search('qqwalk')).toEqual(firstTwenty);
    expect(await search('Qqw')).toEqual(firstTwenty);
    expect(await search('qq')).toEqual(firstTwenty);
  });

  it('checks every word of the filter, with a common word or a rarer one driving', async () => {
    expect(await search('qqwalk QQWA')).toEqual(firstTwenty);
    expect(await search('qqfinding qqwalk')).toEqual(
      Array.from({ length: 20 }, (_, i) => ({
        id: conceptId(i + 1),
        name: `Qqwalk n${pad(i + 1)} (qqfinding)`,
      })),
    );
  });

  it('drives by the rarer word', async () => {
    expect(await search('qqwalk n002')).toEqual(
      Array.from({ length: 10 }, (_, i) => ({
        id: conceptId(20 + i),
        name: `Qqwalk n${pad(20 + i)}`,
      })),
    );
    expect(await search('a0 qqw')).toEqual([{ id: conceptId(0), name: 'Qqwalk a01' }]);
    expect(await search('n2999 qqfinding')).toEqual([
      { id: conceptId(2999), name: 'Qqwalk n2999 (qqfinding)' },
    ]);
    expect(await search('n2999 qqfindings')).toEqual([]);
  });

  it('finds words by prefix when every filter word is one letter', async () => {
    expect(await search('q n')).toEqual(
      Array.from({ length: 20 }, (_, i) => ({
        id: conceptId(i + 1),
        name: `Qqwalk n${pad(i + 1)}`,
      })),
    );
  });
});
