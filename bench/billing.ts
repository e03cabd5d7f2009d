/**
 * Billing at a clinic day's volume: `node bench/billing.ts`.
 *
 * Creates a scratch database on the PostgreSQL server (DATABASE_URL, else 127.0.0.1:5432)
 * and starts the real API on it (`apps/server/src/main.ts`, which migrates it). Through
 * HTTP (but for adding staff, which has no route yet) it registers a clinic with one
 * branch, adds a doctor and a front desk, 24 medicines with stock, and one clinic day of
 * BILLING_BENCH_VISITS (300) visits with 2-4 prescription lines each (`billing-day.ts`).
 * Then it measures:
 *
 * - finalising: drafts of BILLING_BENCH_FINALISE (200) visits are finalised, the first
 *   half one at a time, the other half 10 at a time (after the day's other bills, untimed,
 *   as a warm-up); every invoice number answered must be INV-000001 onwards, unique and
 *   gapless;
 * - the dashboard day, once the desk has taken the payments (cash, NETS, card, PayNow;
 *   split, partly, unpaid; a tenth of the visits unbilled, half of them with a draft):
 *   each of the four calls for BILLING_BENCH_SECONDS (10) at 1 connection and at 10
 *   (autocannon, keep-alive), and the page's four calls sent at once.
 *
 * The database is analyzed before each measurement (see `analyze`). Prints Markdown tables,
 * CPU per request (the server and its PostgreSQL backends) and the load average; the
 * database is dropped afterwards.
 */
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  createDatabase,
  dropDatabase,
  findPostgresServer,
} from '../apps/server/test/test-database.ts';
import { each, openClinicDay, payBills, type ClinicDay, type Invoice } from './billing-day.ts';
import { callApi, type Caller } from './harness/clinic.ts';
import { cpuPerRequest, sampleCpu, type CpuSource } from './harness/cpu.ts';
import { runGroupLoad, runLoad, type LoadGroup } from './harness/load.ts';
import { startServer } from './harness/servers.ts';
import { loadAverageText, percentileRows, timeCalls } from './harness/timed-calls.ts';

const VISITS = Number(process.env.BILLING_BENCH_VISITS ?? 300);
const FINALISE = Number(process.env.BILLING_BENCH_FINALISE ?? 200);
const SECONDS = Number(process.env.BILLING_BENCH_SECONDS ?? 10);
/** A tenth of the day stays unbilled: half with a draft, half without. */
const UNBILLED = Math.ceil(VISITS / 10);
if (FINALISE > VISITS - UNBILLED)
  throw new Error(`BILLING_BENCH_FINALISE must be at most ${VISITS - UNBILLED} for this day`);
const LINE_KINDS = ['2 lines', '3 lines', '4 lines'];

/** Runs `work`, with the CPU it cost per item (ms, the server and its PostgreSQL backends). */
async function withCpu<T>(work: () => Promise<T>, items: (done: T) => number) {
  const before = await sampleCpu(owner, cpuSource);
  const done = await work();
  const cpu = cpuPerRequest(before, await sampleCpu(owner, cpuSource), items(done));
  return { done, cpu: `${cpu.server.toFixed(1)} + ${cpu.database.toFixed(1)}` };
}

/** Every invoice finalised, in the order answered (for the numbering check). */
const finalised: Invoice[] = [];

async function finalise(desk: Caller, draft: Invoice): Promise<Invoice> {
  const path = `/invoices/${draft.id}/finalise`;
  const invoice = await callApi<Invoice>(api.url, desk, 'POST', path, { version: draft.version });
  finalised.push(invoice);
  return invoice;
}

/** Finalises `drafts`, `connections` at a time: Markdown rows by line count, and the rate. */
async function timeFinalising(desk: Caller, drafts: readonly Invoice[], connections: number) {
  const inputs = drafts.map((draft) => ({ kind: `${draft.lines.length} lines`, input: draft }));
  const { done, cpu } = await withCpu(
    () => timeCalls(inputs, connections, async (draft) => (await finalise(desk, draft)).lines),
    () => drafts.length,
  );
  const kinds = LINE_KINDS.filter((kind) => done.times.some((time) => time.kind === kind));
  return { rows: percentileRows(kinds, done.times, connections), perSecond: done.perSecond, cpu };
}

/** Each dashboard call alone, then the page's four at once, at 1 and 10 connections. */
async function timeDashboard(day: ClinicDay): Promise<string[]> {
  const calls = [
    ['collections', `/dashboards/collections?from=${day.moment}`],
    ['patients (unbilled)', `/dashboards/patients?from=${day.moment}&t=unbilled`],
    ['invoices (uncompleted)', `/dashboards/invoices?from=${day.moment}&t=uncompleted`],
    ['amounts (payment-method)', `/dashboards/amounts?from=${day.moment}&t=payment-method`],
  ].map(([what, path]) => ({ what: what!, path: `/api/v1${path}` }));
  const headers = { authorization: `Bearer ${day.admin.token}`, branchid: day.admin.branchId };
  const page: LoadGroup = {
    headers,
    calls: calls.map((c) => c.what),
    next: () => calls.map((c) => c.path),
  };
  const { url } = api;
  await runGroupLoad({ url, group: page, durationSeconds: 2, connections: 10 }); // warm-up
  const rows: string[] = [];
  for (const connections of [1, 10]) {
    const runs = [
      ...calls.map(({ what, path }) => ({
        what,
        load: () =>
          runLoad({
            url,
            request: { method: 'GET', headers, next: () => ({ path }) },
            durationSeconds: SECONDS,
            connections,
          }),
      })),
      {
        what: 'the page: all four at once',
        load: () => runGroupLoad({ url, group: page, durationSeconds: SECONDS, connections }),
      },
    ];
    for (const { what, load } of runs) {
      const { done, cpu } = await withCpu(load, (figures) => figures.latency.count);
      const { latency: l, failures, failureCodes } = done;
      rows.push(
        `| ${connections} | ${what} | ${l.count} | ${done.requestsPerSecond.toFixed(1)} | ${l.p50.toFixed(1)} | ${l.p95.toFixed(1)} | ${l.p99.toFixed(1)} | ${cpu} | ${failures > 0 ? JSON.stringify(failureCodes) : 0} |`,
      );
    }
  }
  return rows;
}

/** "INV-000001 to INV-000270: 270 numbers, unique, gapless from 1", or what is wrong. */
function numbering(invoices: readonly Invoice[]): string {
  const numbers = invoices.map((i) => i.invoiceNo ?? 'none').sort();
  const duplicates = numbers.length - new Set(numbers).size;
  const gapless = numbers.every((n, i) => n === `INV-${String(i + 1).padStart(6, '0')}`);
  return `${numbers[0]} to ${numbers.at(-1)}: ${numbers.length} numbers, ${
    duplicates === 0 ? 'unique' : `${duplicates} DUPLICATED`
  }, ${gapless ? 'gapless from 1' : 'NOT GAPLESS'}`;
}

/**
 * Statistics, as autovacuum would leave them: the local test server runs with autovacuum
 * off, and on tables never analyzed the dashboard's joins became nested loops over the
 * whole day (220 ms for the unbilled patients of 300 visits, 14 ms once analyzed).
 */
const analyze = () => owner.query('ANALYZE');

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

const server = await findPostgresServer();
if (!server)
  throw new Error('No PostgreSQL server: set DATABASE_URL or run one at 127.0.0.1:5432.');
const name = `bench_billing_${Date.now()}`;
const databaseUrl = await createDatabase(server, name);
const owner = new pg.Client({ connectionString: databaseUrl });
const api = await startServer(
  'api',
  fileURLToPath(new URL('../apps/server/src/main.ts', import.meta.url)),
  {
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    SMTP_URL: '',
  },
);
const cpuSource: CpuSource = { pid: api.pid, role: 'clinic_app' };

try {
  await owner.connect();
  let started = performance.now();
  const day = await openClinicDay(api.url, owner, VISITS);
  const { desk } = day;
  console.log(
    `${VISITS} visits with ${day.lines} prescription lines made in ${seconds(started)} s.`,
  );
  started = performance.now();
  const drafts = await each(day.visitIds.slice(0, VISITS - Math.floor(UNBILLED / 2)), (visitId) =>
    callApi<Invoice>(api.url, desk, 'POST', `/visits/${visitId}/invoice`),
  );
  console.log(`${drafts.length} drafts made in ${seconds(started)} s.`);
  await analyze();
  await each(drafts.slice(FINALISE, VISITS - UNBILLED), (draft) => finalise(desk, draft));

  const loadBefore = loadAverageText();
  const half = Math.floor(FINALISE / 2);
  const one = await timeFinalising(desk, drafts.slice(0, half), 1);
  const ten = await timeFinalising(desk, drafts.slice(half, FINALISE), 10);
  const loadAfterFinalising = loadAverageText();
  console.log(`\n### Finalising (POST /invoices/{id}/finalise), ${FINALISE} drafts\n`);
  console.log('| Connections | Draft | Finalised | p50 ms | p95 ms | p99 ms | Lines (mean) |');
  console.log('| ---: | --- | ---: | ---: | ---: | ---: | ---: |');
  for (const row of [...one.rows, ...ten.rows]) console.log(row);
  console.log(
    `\n${one.perSecond} finalisations/s at 1 connection, ${ten.perSecond} at 10; CPU ms per ` +
      `finalisation (server + PostgreSQL): ${one.cpu} at 1, ${ten.cpu} at 10.`,
  );
  console.log(`Invoice numbers answered: ${numbering(finalised)}.`);

  const paid = await payBills(api.url, desk, finalised);
  console.log(`${paid} of ${finalised.length} bills paid in full or part.`);
  const figures = await callApi(
    api.url,
    day.admin,
    'GET',
    `/dashboards/collections?from=${day.moment}`,
  );
  console.log(`The day's collections card: ${JSON.stringify(figures)}`);

  await analyze();
  const loadBeforeDashboard = loadAverageText();
  const rows = await timeDashboard(day);
  console.log(`\n### The dashboard day (${SECONDS} s per row)\n`);
  console.log(
    '| Connections | Call | Answered | req/s | p50 ms | p95 ms | p99 ms | CPU ms/request (server + PostgreSQL) | Failures |',
  );
  console.log('| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const row of rows) console.log(row);
  console.log(
    `\nLoad average (1, 5, 15 min): ${loadBefore} before finalising, ${loadAfterFinalising} after; ` +
      `${loadBeforeDashboard} before the dashboard runs, ${loadAverageText()} after.`,
  );
} finally {
  await owner.end().catch(() => {});
  await api.stop();
  await dropDatabase(server, name);
}
