import type pg from 'pg';
import { dayStartUnix, epochDay } from '../generator/clock.ts';
import type { Manifest } from '../generator/manifest.ts';
import { BENCH_PASSWORD, CHAIN_SUBDOMAIN, OFFSET_MINUTES } from '../generator/plan.ts';
import { createRandom, seedOf } from '../generator/random.ts';

/** The generated rows the benchmarks work with: the chain's first branch and its staff. */
export interface Fixtures {
  tenantId: string;
  branchId: string;
  branchCode: string;
  frontDesk: { username: string; password: string };
  /** Every staff account of the chain (one password for all), for sign-ins in turn. */
  staffUsernames: string[];
  doctorId: string;
  /** Patients of the chain to add to the queue. */
  patientIds: string[];
  /**
   * Patients of the chain with history, whose records are opened in turn: another seeded
   * sample than `patientIds` (which the queue scenarios give new visits), in card order,
   * with how many visits they have.
   */
  recordPatients: { ids: string[]; visits: { mean: number; max: number; fullPage: number } };
  /** A recent day of about 300 entries: its start (Unix seconds, UTC+8) and its active entries. */
  queueDay: { date: string; visitDate: number; entries: number };
  /** An active entry of that day, called in again and again. */
  callInEntryId: string;
  keywords: { name: string[]; nric: string[]; phone: string[] };
}

/** What the front desk types into the patient picker: surnames, given names, parts. */
// prettier-ignore
const NAME_KEYWORDS = [
  'tan', 'Lim', 'wei', 'nur', 'kumar', 'siew', 'Muhammad', 'priya', 'ong wei', 'goh',
  'binte', 'lee jun', 'hui min', 'rajesh', 'chua', 'fernandez', 'aisyah', 'koh bee', 'xin yi',
  'ng boon', 'wong mei', 'daniel', 'teo', 'yeo shu', 'abdul', 'd/o', 'kok leong', 'ravi',
  'quek', 'jasmine',
];

const SAMPLE_SIZE = 500;
/** The random stream of the record sample (the card sample uses the seed itself). */
const RECORD_SAMPLE_STREAM = 11;
/** The medical records' page size in the web client (`VISITS_PER_PAGE`). */
export const VISITS_PAGE_SIZE = 20;

async function one<T extends pg.QueryResultRow>(
  client: pg.ClientBase,
  sql: string,
  values: unknown[],
): Promise<T> {
  const { rows } = await client.query<T>(sql, values);
  if (!rows[0]) throw new Error(`No row for: ${sql}`);
  return rows[0];
}

export async function loadFixtures(client: pg.ClientBase, manifest: Manifest): Promise<Fixtures> {
  const lastDay = manifest.scale.lastDay;
  if (!lastDay) throw new Error('The manifest has no last day');
  const { id: tenantId } = await one<{ id: string }>(
    client,
    'SELECT id FROM tenants WHERE subdomain = $1',
    [CHAIN_SUBDOMAIN],
  );
  const branch = await one<{ id: string; code: string }>(
    client,
    'SELECT id, code FROM branches WHERE tenant_id = $1 AND is_default',
    [tenantId],
  );
  const prefix = `${CHAIN_SUBDOMAIN}.${branch.code.toLowerCase()}`;
  const doctor = await one<{ id: string }>(client, 'SELECT id FROM users WHERE username = $1', [
    `${prefix}.dr1`,
  ]);
  // The recent day whose active entries come closest to the planned daily count.
  const day = await one<{ date: string; count: number; first: string }>(
    client,
    `SELECT queue_date::text AS date, count(*)::int AS count,
            (array_agg(id ORDER BY queue_number))[1] AS first
       FROM queue_entries
      WHERE tenant_id = $1 AND branch_id = $2 AND queue_status = 0
        AND queue_date > $3::date - 28 AND queue_date <= $3::date
      GROUP BY queue_date
      ORDER BY abs(count(*) - $4), queue_date DESC
      LIMIT 1`,
    [tenantId, branch.id, lastDay, manifest.scale.queuePerBranchDay],
  );
  // Card numbers are P000001 upwards: a seeded sample of them.
  const random = createRandom(manifest.scale.seed);
  const cards = Array.from(
    { length: SAMPLE_SIZE },
    () => `P${String(1 + random.int(manifest.scale.chainPatients)).padStart(6, '0')}`,
  );
  const { rows: staff } = await client.query<{ username: string }>(
    'SELECT username FROM users WHERE tenant_id = $1 ORDER BY username',
    [tenantId],
  );
  const { rows: sample } = await client.query<{ id: string; nric: string; contact_no: string }>(
    'SELECT id, nric, contact_no FROM patients WHERE tenant_id = $1 AND card_no = ANY($2)',
    [tenantId, cards],
  );
  const recordRandom = createRandom(seedOf(manifest.scale.seed, RECORD_SAMPLE_STREAM));
  const recordCards = Array.from(
    { length: SAMPLE_SIZE },
    () => `P${String(1 + recordRandom.int(manifest.scale.chainPatients)).padStart(6, '0')}`,
  );
  const { rows: records } = await client.query<{ id: string; visits: number }>(
    `SELECT p.id, count(*)::int AS visits
       FROM patients p
       JOIN visits v ON v.tenant_id = p.tenant_id AND v.patient_id = p.id
      WHERE p.tenant_id = $1 AND p.card_no = ANY($2)
      GROUP BY p.id, p.card_no
      ORDER BY p.card_no`,
    [tenantId, recordCards],
  );
  const visitCounts = records.map((r) => r.visits);
  return {
    tenantId,
    branchId: branch.id,
    branchCode: branch.code,
    frontDesk: { username: `${prefix}.desk1`, password: BENCH_PASSWORD },
    staffUsernames: staff.map((user) => user.username),
    doctorId: doctor.id,
    patientIds: sample.map((p) => p.id),
    recordPatients: {
      ids: records.map((r) => r.id),
      visits: {
        mean: visitCounts.reduce((sum, n) => sum + n, 0) / Math.max(1, visitCounts.length),
        max: Math.max(0, ...visitCounts),
        fullPage: visitCounts.filter((n) => n >= VISITS_PAGE_SIZE).length,
      },
    },
    queueDay: {
      date: day.date,
      visitDate: dayStartUnix(epochDay(day.date), OFFSET_MINUTES),
      entries: day.count,
    },
    callInEntryId: day.first,
    keywords: {
      name: NAME_KEYWORDS,
      // Four digits from the middle, or the last three digits and the check letter.
      nric: sample.map((p, i) => (i % 2 === 0 ? p.nric.slice(2, 6) : p.nric.slice(5))),
      phone: sample.map((p, i) => (i % 2 === 0 ? p.contact_no.slice(4) : p.contact_no.slice(1, 5))),
    },
  };
}
