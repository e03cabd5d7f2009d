import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import { expectStatus } from '../../../test/helpers.ts';

/**
 * The picker's search by a field other than the name (the name has its own word index,
 * migration 2026-11-24T0100) must use the trigram indexes although the API runs under row-level
 * security (see migration 2026-11-21T1800_patient_search). The plan is read as the owner,
 * the role the search function runs as; the database holds enough patients that a
 * sequential scan would be the planner's choice if the index were not usable.
 */
const ownerUrl = inject('databaseUrl');

describe.runIf(ownerUrl !== 'pglite')('patient search at volume', () => {
  const {
    t,
    clinics: [clinic, other],
  } = setupApiTest({ clinics: 2 });
  let owner: pg.Client;

  beforeAll(async () => {
    owner = new pg.Client({ connectionString: ownerUrl });
    await owner.connect();
    // 40,000 patients in one clinic and 5,000 in another, one of them with a rare name.
    for (const [tenantId, count] of [
      [clinic.tenantId, 40_000],
      [other.tenantId, 5_000],
    ] as const) {
      await owner.query(
        `INSERT INTO patients (tenant_id, name, id_type, nric, gender, contact_no, tel_code, birth_date, nationality, home_postal)
         SELECT $1::uuid, 'Patient ' || md5(i::text || $1::text), 'NA', NULL, 'M', (90000000 + i)::text, '+65',
                DATE '1950-01-01' + (i % 20000), 'SG', lpad((i % 999999)::text, 6, '0')
           FROM generate_series(1, $2::int) AS i`,
        [tenantId, count],
      );
    }
    await owner.query(
      `INSERT INTO patients (tenant_id, name, id_type, gender, contact_no, tel_code, birth_date, nationality)
       VALUES ($1, 'Quixotic Zephyrine Tan', 'NA', 'F', '81112222', '+65', '1990-01-01', 'SG')`,
      [clinic.tenantId],
    );
    await owner.query('ANALYZE patients');
  }, 120_000);

  afterAll(() => owner.end());

  async function plan(filter: string, pattern: string): Promise<string> {
    const { rows } = await owner.query<{ sql: string }>('SELECT patient_search_sql($1) AS sql', [
      filter,
    ]);
    const explained = await owner.query(`EXPLAIN (FORMAT JSON) ${rows[0]!.sql}`, [
      clinic.tenantId,
      pattern,
      20,
    ]);
    return JSON.stringify(explained.rows[0]);
  }

  it('finds a rare fragment through the trigram index', async () => {
    expect(await plan('patient_name', '%zephyr%')).toContain('patients_name_trgm');
  });

  it('answers the fragment through the API, to this clinic only', async () => {
    const found = await t.call(
      'GET',
      '/api/v1/patients/option?keyword=zephyr&filter=patient_name',
      {
        token: clinic.token,
        branchId: clinic.branchId,
      },
    );
    expectStatus(found, 200);
    expect(found.body.data.items.map((p: { name: string }) => p.name)).toEqual([
      'Quixotic Zephyrine Tan',
    ]);
    const elsewhere = await t.call(
      'GET',
      '/api/v1/patients/option?keyword=zephyr&filter=patient_name',
      {
        token: other.token,
        branchId: other.branchId,
      },
    );
    expect(elsewhere.body.data.items).toEqual([]);
  });

  it('answers the first 20 matches in name order, whether they come early or late in the alphabet', async () => {
    // Names are 'Patient <md5>'. By name, every typed word must start a word of the name
    // (migration 2026-11-24T0100): 'patient' starts every name, 'pa' too, 'ff' the md5s
    // starting so (many different words), 'patient f' and 'patient 0' have a rarer word (its
    // matches are gathered), in 'patient pa' both are common (the names are walked in order), 'zephyr'
    // one name. Other fields still match anywhere: '9000012', and '12' (no three letters
    // or digits in a row, so the trigram index cannot narrow it).
    const { rows: everyone } = await owner.query<{ id: string; name: string }>(
      `SELECT id, name FROM patients WHERE tenant_id = $1`,
      [clinic.tenantId],
    );
    const wordsOf = (name: string) => {
      const lower = name.toLowerCase();
      const whole = lower.split(/\s+/).map((w) => w.replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, ''));
      return [...whole, ...lower.split(/[^a-z0-9]+/)].filter((w) => w !== '');
    };
    const byWords = (keyword: string) => {
      const typed = keyword
        .toLowerCase()
        .split(/\s+/)
        .filter((w) => w !== '');
      return everyone
        .filter(({ name }) => typed.every((w) => wordsOf(name).some((word) => word.startsWith(w))))
        .sort((a, b) =>
          a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
        )
        .slice(0, 20)
        .map((row) => row.name);
    };
    const cases: Array<[string, string]> = [
      ['patient_name', 'patient'],
      ['patient_name', 'pa'],
      ['patient_name', 'ff'],
      ['patient_name', 'patient f'],
      ['patient_name', 'f patient'],
      ['patient_name', 'patient 0'],
      ['patient_name', 'patient pa'],
      ['patient_name', 'zephyr'],
      ['patient_name', 'tan quix'],
      ['contact_no', '9000012'],
      ['contact_no', '12'],
    ];
    for (const [filter, keyword] of cases) {
      const expected =
        filter === 'patient_name'
          ? byWords(keyword)
          : (
              await owner.query<{ name: string }>(
                `SELECT name FROM patients WHERE tenant_id = $1 AND contact_no ILIKE $2 ORDER BY name, id LIMIT 20`,
                [clinic.tenantId, `%${keyword}%`],
              )
            ).rows.map((row) => row.name);
      const found = await t.call(
        'GET',
        `/api/v1/patients/option?keyword=${encodeURIComponent(keyword)}&filter=${filter}`,
        { token: clinic.token, branchId: clinic.branchId },
      );
      expectStatus(found, 200);
      expect(
        found.body.data.items.map((p: { name: string }) => p.name),
        keyword,
      ).toEqual(expected);
      expect(expected.length, keyword).toBeGreaterThan(0);
    }
  });

  it('answers nothing outside a tenant transaction, and refuses an unknown filter', async () => {
    const app = new pg.Client({
      connectionString: ownerUrl.replace('//postgres@', '//clinic_app@'),
    });
    await app.connect();
    try {
      const { rows } = await app.query(
        `SELECT * FROM search_patients('patient_name', '%zephyr%', 20)`,
      );
      expect(rows).toEqual([]);
      await app.query('BEGIN');
      await app.query(`SELECT set_config('app.tenant_id', $1, true)`, [clinic.tenantId]);
      await expect(
        app.query(`SELECT * FROM search_patients('blood_group', '%a%', 20)`),
      ).rejects.toThrow(/unknown patient search filter/);
      await app.query('ROLLBACK');
    } finally {
      await app.end();
    }
  });
});
