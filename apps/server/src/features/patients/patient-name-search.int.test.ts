import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import { withTenant } from '../../db/tenant-db.ts';
import { expectStatus, patientBody, type Clinic } from '../../../test/helpers.ts';

/**
 * What the front desk sees when it types a name into the patient picker (GET
 * /patients/option, filter patient_name): every word typed must start a word of the name,
 * in any order, ignoring case (migration 2026-11-24T0100_name_words_and_queue_day).
 * Patients are registered through the API, so the words are kept by the trigger as the
 * API role, on PostgreSQL and on PGlite alike.
 */
const {
  t,
  clinics: [clinic, other],
} = setupApiTest({ clinics: 2 });
const ids = new Map<string, string>();

const NAMES = [
  'Tan Wei Ming',
  'Ong Wei Jie',
  'Wong Wei Hao',
  'Wong Mei Ling',
  'Priya d/o Rajesh',
  'Muhammad Hafiz bin Ismail',
  'Nur Aisyah binte Osman',
  'Bintang Lee',
  'Siew-Ling Chua',
  "Daniel O'Brien",
  'Tanaka Hiroshi',
  'Tan Ah Kow (Chen Ya Gou)',
  'Ahmad @ Mat Salleh',
];

async function register(c: Clinic, name: string): Promise<string> {
  const created = await t.call('POST', '/api/v1/patients', {
    token: c.token,
    branchId: c.branchId,
    body: patientBody({ name, ignoreNameCheck: true }),
  });
  expectStatus(created, 201);
  return created.body.data.patientId as string;
}

async function search(keyword: string, c: Clinic = clinic): Promise<string[]> {
  const found = await t.call(
    'GET',
    `/api/v1/patients/option?keyword=${encodeURIComponent(keyword)}&filter=patient_name`,
    { token: c.token, branchId: c.branchId },
  );
  expectStatus(found, 200);
  expect(found.body.data.total).toBe(found.body.data.items.length);
  return found.body.data.items.map((p: { name: string }) => p.name);
}

beforeAll(async () => {
  for (const name of NAMES) ids.set(name, await register(clinic, name));
  // The other clinic has a namesake, which must never show in the first clinic.
  await register(other, 'Tan Wei Ming');
  await register(other, 'Ong Wei Jie Other');
}, 120_000);

describe('patient picker: names by the start of their words', () => {
  it('finds a name word by its start, not a fragment inside a word', async () => {
    // 'Bintang' holds 'tan' inside a word: not found; 'Tanaka' starts with it: found.
    expect(await search('tan')).toEqual([
      'Tan Ah Kow (Chen Ya Gou)',
      'Tan Wei Ming',
      'Tanaka Hiroshi',
    ]);
    expect(await search('Ta')).toEqual([
      'Tan Ah Kow (Chen Ya Gou)',
      'Tan Wei Ming',
      'Tanaka Hiroshi',
    ]);
    expect(await search('wei')).toEqual(['Ong Wei Jie', 'Tan Wei Ming', 'Wong Wei Hao']);
    expect(await search('xyz')).toEqual([]);
  });

  it('needs every typed word, in any order, ignoring case and extra spaces', async () => {
    // Matching anywhere, 'ong wei' also found Wong Wei Hao; by words it is Ong Wei Jie.
    expect(await search('ong wei')).toEqual(['Ong Wei Jie']);
    expect(await search('wei ong')).toEqual(['Ong Wei Jie']);
    expect(await search('  ONG   w ')).toEqual(['Ong Wei Jie']);
    expect(await search('wong')).toEqual(['Wong Mei Ling', 'Wong Wei Hao']);
    expect(await search('wong mei l')).toEqual(['Wong Mei Ling']);
    expect(await search('tan kow')).toEqual(['Tan Ah Kow (Chen Ya Gou)']);
    expect(await search('tan xyz')).toEqual([]);
  });

  it('finds names with d/o, bin and binte, apostrophes, hyphens and brackets', async () => {
    expect(await search('d/o')).toEqual(['Priya d/o Rajesh']);
    expect(await search('priya d/o raj')).toEqual(['Priya d/o Rajesh']);
    expect(await search('rajesh')).toEqual(['Priya d/o Rajesh']);
    // 'bin' starts 'bin', 'binte' and 'Bintang'.
    expect(await search('bin')).toEqual([
      'Bintang Lee',
      'Muhammad Hafiz bin Ismail',
      'Nur Aisyah binte Osman',
    ]);
    expect(await search('binte')).toEqual(['Nur Aisyah binte Osman']);
    expect(await search('hafiz bin ismail')).toEqual(['Muhammad Hafiz bin Ismail']);
    expect(await search('siew-ling')).toEqual(['Siew-Ling Chua']);
    expect(await search('ling')).toEqual(['Siew-Ling Chua', 'Wong Mei Ling']);
    expect(await search("o'brien")).toEqual(["Daniel O'Brien"]);
    expect(await search('brien')).toEqual(["Daniel O'Brien"]);
    expect(await search('chen')).toEqual(['Tan Ah Kow (Chen Ya Gou)']);
    expect(await search('(chen ya')).toEqual(['Tan Ah Kow (Chen Ya Gou)']);
    expect(await search('mat')).toEqual(['Ahmad @ Mat Salleh']);
    // Punctuation alone is no word: nothing, and no error.
    expect(await search('@@')).toEqual([]);
  });

  it('answers the first 20 in name order when more match', async () => {
    const lims = Array.from({ length: 25 }, (_, i) => `Lim Page ${String.fromCharCode(65 + i)}`);
    for (const name of lims.toReversed()) await register(clinic, name);
    expect(await search('lim')).toEqual(lims.slice(0, 20));
    expect(await search('page lim')).toEqual(lims.slice(0, 20));
    expect(await search('lim page y')).toEqual(['Lim Page Y']);
  });

  it("shows only the caller's clinic", async () => {
    expect(await search('tan wei')).toEqual(['Tan Wei Ming']);
    expect(await search('tan wei', other)).toEqual(['Tan Wei Ming']);
    expect(await search('ong wei', other)).toEqual(['Ong Wei Jie Other']);
    expect(await search('bin', other)).toEqual([]);
  });

  it('finds a renamed patient by the new name, not the old, and forgets a deleted one', async () => {
    const id = ids.get('Wong Wei Hao')!;
    await withTenant(t.database.db, clinic.tenantId, (tx) =>
      tx.db.updateTable('patients').set({ name: 'Wong Zhi Xuan' }).where('id', '=', id).execute(),
    );
    expect(await search('hao')).toEqual([]);
    expect(await search('wong wei')).toEqual([]);
    expect(await search('zhi xuan')).toEqual(['Wong Zhi Xuan']);
    expect(await search('wong')).toEqual(['Wong Mei Ling', 'Wong Zhi Xuan']);

    const gone = await register(clinic, 'Quentin Vanished');
    expect(await search('quentin')).toEqual(['Quentin Vanished']);
    await withTenant(t.database.db, clinic.tenantId, (tx) =>
      tx.db.deleteFrom('patients').where('id', '=', gone).execute(),
    );
    expect(await search('quentin')).toEqual([]);
    const words = await withTenant(t.database.db, clinic.tenantId, (tx) =>
      sql<{
        count: number;
      }>`SELECT count(*)::int AS count FROM patient_name_words WHERE patient_id IN (${gone}, ${id})`.execute(
        tx.db,
      ),
    );
    // Wong Zhi Xuan: 'wong', 'zhi', 'xuan'; nothing of the deleted patient.
    expect(words.rows[0]!.count).toBe(3);
  });

  it("never lets one clinic write another clinic's words", async () => {
    await expect(
      withTenant(t.database.db, other.tenantId, (tx) =>
        sql`INSERT INTO patient_name_words (tenant_id, word, name, patient_id, words)
            VALUES (${clinic.tenantId}, 'intruder', 'Intruder', gen_random_uuid(), ' intruder')`.execute(
          tx.db,
        ),
      ),
    ).rejects.toThrow(/row-level security/);
    await withTenant(t.database.db, other.tenantId, (tx) =>
      sql`DELETE FROM patient_name_words`.execute(tx.db),
    );
    expect(await search('tan')).not.toEqual([]);
  });

  it('answers nothing without a tenant', async () => {
    const { rows } = await sql`SELECT * FROM search_patient_names('', 'tan', 20)`.execute(
      t.database.db,
    );
    expect(rows).toEqual([]);
  });
});
