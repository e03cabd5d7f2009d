import type pg from 'pg';
import { yesterdayInSingapore, type BenchConfig } from '../config.ts';
import { copyLines } from './copy.ts';
import {
  buildIndexes,
  createDatabase,
  dropSecondaryIndexes,
  ownerClient,
  ownerKysely,
} from './database.ts';
import {
  GENERATOR_VERSION,
  countRows,
  schemaFingerprint,
  writeManifest,
  type Manifest,
} from './manifest.ts';
import {
  PATIENT_COLUMNS,
  lastDoctorsOf,
  patientIds,
  patientLines,
  patientTimeline,
  type LastDoctors,
  type PatientTimeline,
} from './patients.ts';
import { NAME_WORD_COLUMNS, checkNameWords, nameWordLines } from './name-words.ts';
import { dataPlan, type DataPlan, type TenantPlan } from './plan.ts';
import { progress } from './progress.ts';
import { COUNTER_COLUMNS, QUEUE_COLUMNS, VISIT_COLUMNS, queueLines, visitLines } from './queue.ts';
import { createTenants, type WaitingAreas } from './tenants.ts';

const BULK_TABLES = [
  'patients',
  'patient_name_words',
  'visits',
  'queue_entries',
  'queue_counters',
] as const;

interface TenantData {
  tenant: TenantPlan;
  timeline: PatientTimeline;
  ids: string[];
  lastDoctors: LastDoctors;
  /** The patients' names, by index, once their lines are written. */
  names: string[];
}

function* allTenants<T>(data: readonly TenantData[], lines: (d: TenantData) => Iterable<T>) {
  for (const tenantData of data) yield* lines(tenantData);
}

/**
 * Loads the big tables in one transaction that first truncates them, so COPY can write
 * the rows frozen (no vacuum needed before reads). Foreign-key triggers are off for the
 * session (`session_replication_role = replica`, as pg_restore does): the rows are made
 * consistent by construction, and checking 14 million references one by one would
 * dominate the load.
 */
async function bulkLoad(
  client: pg.ClientBase,
  plan: DataPlan,
  areas: WaitingAreas,
  log: (line: string) => void,
): Promise<void> {
  const data: TenantData[] = plan.tenants.map((tenant) => {
    const timeline = patientTimeline(plan, tenant);
    return {
      tenant,
      timeline,
      ids: patientIds(plan, tenant, timeline),
      lastDoctors: lastDoctorsOf(tenant),
      names: [],
    };
  });
  const counters: string[] = [];
  await client.query(`SET session_replication_role = replica`);
  await client.query('BEGIN');
  // CASCADE: with them every table that refers to them (diagnoses, notes, allergies,
  // documents…), all empty in a new database; naming them broke with each new record table.
  await client.query(`TRUNCATE ${BULK_TABLES.join(', ')} CASCADE`);
  const freeze = { freeze: true };

  const visits = progress('visits', log);
  await copyLines(
    client,
    'visits',
    VISIT_COLUMNS,
    allTenants(data, (d) => visitLines(plan, d.tenant, d.ids, d.timeline, d.lastDoctors)),
    visits,
    freeze,
  );
  visits.done();

  const queue = progress('queue_entries', log);
  await copyLines(
    client,
    'queue_entries',
    QUEUE_COLUMNS,
    allTenants(data, (d) => queueLines(plan, d.tenant, d.ids, d.timeline, areas, counters)),
    queue,
    freeze,
  );
  queue.done();

  const counted = progress('queue_counters', log);
  await copyLines(client, 'queue_counters', COUNTER_COLUMNS, counters, counted, freeze);
  counted.done();

  // Last: each patient's latest doctor is known once the visits are written.
  const patients = progress('patients', log);
  await copyLines(
    client,
    'patients',
    PATIENT_COLUMNS,
    allTenants(data, (d) =>
      patientLines(plan, d.tenant, d.ids, d.timeline, d.lastDoctors, d.names),
    ),
    patients,
    freeze,
  );
  patients.done();

  // The name search's words, which the app's trigger writes (triggers are off here).
  const words = progress('patient_name_words', log);
  await copyLines(
    client,
    'patient_name_words',
    NAME_WORD_COLUMNS,
    allTenants(data, function* (d) {
      for (let i = 0; i < d.ids.length; i += 1) {
        yield nameWordLines(d.tenant.id, d.ids[i]!, d.names[i]!);
      }
    }),
    words,
    freeze,
  );
  words.done();
  await client.query('COMMIT');
  await client.query(`SET session_replication_role = DEFAULT`);
}

/** Generates the whole data set into a fresh database; answers its manifest. */
export async function generateDataset(
  config: BenchConfig,
  log: (line: string) => void = console.log,
): Promise<Manifest> {
  const started = performance.now();
  const phases: Manifest['phases'] = [];
  const phase = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const at = performance.now();
    log(`${name}…`);
    const result = await work();
    phases.push({ phase: name, seconds: Math.round((performance.now() - at) / 100) / 10 });
    return result;
  };
  const lastDay = config.scale.lastDay ?? yesterdayInSingapore();
  const schema = await schemaFingerprint();
  const plan = dataPlan(config.scale, lastDay);
  log(`Generating ${config.databaseName}: ${plan.tenants.length} tenants, history to ${lastDay}`);

  await phase('create database and migrate', () =>
    createDatabase(config.serverUrl, config.databaseName, config.databaseUrl),
  );
  const areas = await phase('tenants, branches, staff, options', async () => {
    const db = ownerKysely(config.databaseUrl);
    try {
      return await createTenants(db, plan);
    } finally {
      await db.destroy();
    }
  });
  const client = await ownerClient(config.databaseUrl);
  try {
    const indexes = await phase('drop secondary indexes', () =>
      dropSecondaryIndexes(client, BULK_TABLES),
    );
    await phase('bulk load (COPY)', () => bulkLoad(client, plan, areas, log));
    await phase('build indexes', () => buildIndexes(config.databaseUrl, indexes, log));
    // Statistics for the planner; the vacuum (quick after COPY FREEZE) also resets the
    // insert counts, so autovacuum does not pick these tables up in the middle of a run.
    await phase('vacuum and analyze', () => client.query('VACUUM (ANALYZE)'));
    const sampled = await phase('check name words', () => checkNameWords(client));
    log(`  name words of ${sampled} sampled patients match name_search_words()`);
    const counts = await phase('count rows', () => countRows(client));
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    const manifest: Manifest = {
      generator: GENERATOR_VERSION,
      scale: { ...config.scale, lastDay },
      schema,
      counts,
      phases,
      seconds,
      generatedAt: new Date().toISOString(),
    };
    await writeManifest(client, manifest);
    log(`Generated in ${seconds} s: ${JSON.stringify(counts)}`);
    return manifest;
  } finally {
    await client.end();
  }
}
