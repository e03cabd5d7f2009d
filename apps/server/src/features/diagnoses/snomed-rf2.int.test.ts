import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import type { DB } from '../../db/schema.ts';
import { loadRf2Descriptions, type Rf2Progress } from './snomed-rf2.repo.ts';

/** The RF2 description loader (`npm run snomed:load`) on the schema owner's connection. */
const ownerUrl = inject('databaseUrl');
const fixture = (name: string) =>
  fileURLToPath(
    new URL(`./fixtures/sct2_Description_Snapshot-en_TEST_${name}.txt`, import.meta.url),
  );
const FIXTURE_IDS = [
  '9990000001011',
  '9990000002016',
  '9990000003018',
  '9990000004013',
  '9990000005014',
];

describe.runIf(ownerUrl !== 'pglite')('loading an RF2 description file', () => {
  const { t, users } = setupApiTest({ users: { doctor: { type: '50' } } });
  let owner: Kysely<DB>;

  beforeAll(() => {
    owner = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: ownerUrl, max: 1 }) }),
      plugins: [new CamelCasePlugin()],
    });
  });

  afterAll(async () => {
    // The table is global to the run's database: leave it as the migration made it.
    await owner
      .deleteFrom('snomedDescriptions')
      .where('descriptionId', 'in', FIXTURE_IDS)
      .execute();
    await owner
      .insertInto('snomedDescriptions')
      .values({
        descriptionId: 'starter-60862001',
        effectiveTime: '20260101',
        active: true,
        moduleId: 'starter',
        conceptId: '60862001',
        languageCode: 'en',
        typeId: '900000000000013009',
        term: 'Tinnitus',
        caseSignificanceId: '900000000000448009',
      })
      .onConflict((oc) => oc.column('descriptionId').doNothing())
      .execute();
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

  it('streams the file in batches, reports progress, and the search finds its active terms', async () => {
    const reports: Rf2Progress[] = [];
    const result = await loadRf2Descriptions(owner, fixture('20250101'), {
      batchSize: 2,
      progressEvery: 2,
      onProgress: (progress) => reports.push(progress),
    });
    expect(result).toEqual({ read: 5, written: 5, skipped: 1, starterRemoved: 1 });
    expect(reports.map((report) => report.read)).toEqual([2, 4, 5]);
    expect(reports.at(-1)).toEqual({ read: 5, written: 5 });
    // The synonym before the fully specified name; one term per concept; inactive not found.
    expect(await search('zyxo')).toEqual([
      { id: '999000101', name: 'Zyxoplasty fever' },
      { id: '999000202', name: 'Chronic zyxoplasty of the left ear' },
    ]);
    expect(await search('zyxoplastic')).toEqual([]);
    expect(await search('left zyx')).toEqual([
      { id: '999000202', name: 'Chronic zyxoplasty of the left ear' },
    ]);
    // The starter row of a concept the release holds gave way to the release's.
    const tinnitus = await owner
      .selectFrom('snomedDescriptions')
      .select(['descriptionId', 'moduleId'])
      .where('conceptId', '=', '60862001')
      .execute();
    expect(tinnitus).toEqual([{ descriptionId: '9990000005014', moduleId: '900000000000207008' }]);
  });

  it('is idempotent: the same file again writes nothing and adds no row', async () => {
    const count = async () =>
      (
        await owner
          .selectFrom('snomedDescriptions')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    const words = await owner
      .selectFrom('snomedWords')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const result = await loadRf2Descriptions(owner, fixture('20250101'));
    expect(result).toEqual({ read: 5, written: 0, skipped: 1, starterRemoved: 0 });
    expect(await count()).toBe(before);
    expect(
      await owner
        .selectFrom('snomedWords')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual(words);
  });

  it('a later release updates changed terms and drops inactivated ones from the search', async () => {
    const result = await loadRf2Descriptions(owner, fixture('20250701'));
    expect(result).toMatchObject({ read: 5, written: 2 });
    expect(await search('zyxo')).toEqual([{ id: '999000101', name: 'Zyxoplasty fever syndrome' }]);
    expect(await search('chronic zyx')).toEqual([]);
  });
});
