import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  expectStatus,
  newClinic,
  startTestApp,
  type Clinic,
  type TestApp,
} from '../../../test/helpers.ts';

/**
 * The picker's search must use the trigram indexes although the API runs under row-level
 * security (see migration 2026-11-21T1800_patient_search). The plan is read as the owner,
 * the role the search function runs as; the database holds enough patients that a
 * sequential scan would be the planner's choice if the index were not usable.
 */
const ownerUrl = inject('databaseUrl');

describe.runIf(ownerUrl !== 'pglite')('patient search at volume', () => {
  let t: TestApp;
  let clinic: Clinic;
  let other: Clinic;
  let owner: pg.Client;

  beforeAll(async () => {
    t = await startTestApp();
    [clinic, other] = await Promise.all([newClinic(t), newClinic(t)]);
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

  afterAll(async () => {
    await owner.end();
    await t.close();
  });

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

  it('finds a rare fragment through the name trigram index', async () => {
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
    // Names are 'Patient <md5>': 'patient' matches every row, 'ff' many rows spread
    // through the alphabet, 'patient f' only rows after the first 20,000 names, 'zephyr' one.
    // 'a1', 'c z' and '12' have no three letters or digits in a row: the trigram index
    // cannot narrow them ('c z' has a single match, in the last names).
    for (const keyword of ['patient', 'ff', 'patient f', 'zephyr', '9000012', 'a1', 'c z', '12']) {
      const filter = /^\d/.test(keyword) ? 'contact_no' : 'patient_name';
      const column = filter === 'contact_no' ? 'contact_no' : 'name';
      const expected = await owner.query<{ name: string }>(
        `SELECT name FROM patients WHERE tenant_id = $1 AND ${column} ILIKE $2 ORDER BY name, id LIMIT 20`,
        [clinic.tenantId, `%${keyword}%`],
      );
      const found = await t.call(
        'GET',
        `/api/v1/patients/option?keyword=${encodeURIComponent(keyword)}&filter=${filter}`,
        { token: clinic.token, branchId: clinic.branchId },
      );
      expectStatus(found, 200);
      expect(
        found.body.data.items.map((p: { name: string }) => p.name),
        keyword,
      ).toEqual(expected.rows.map((row) => row.name));
      expect(expected.rows.length, keyword).toBeGreaterThan(0);
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
