import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { BenchConfig } from '../config.ts';
import {
  GENERATOR_VERSION,
  countDifferences,
  countRows,
  readManifest,
  sameScale,
  schemaFingerprint,
  type Manifest,
} from '../generator/manifest.ts';

export interface Dataset {
  manifest: Manifest;
  /** Whether this run generated it, or why an existing one was not reused. */
  generatedNow: boolean;
  reason: string;
}

const GENERATE_SCRIPT = fileURLToPath(new URL('../generate.ts', import.meta.url));

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Removes what benchmark runs add (sessions, audit rows, throttle events, queue entries
 * and visits after the last generated day), so every run starts from the same data.
 * Foreign-key triggers are off meanwhile: entries and their visits go together, and
 * checking each deleted visit against queue_entries would scan it (no index on visit_id).
 */
export async function resetRunState(client: pg.ClientBase, lastDay: string): Promise<void> {
  await client.query('SET session_replication_role = replica');
  try {
    await client.query('DELETE FROM sessions');
    await client.query('DELETE FROM throttle_events');
    await client.query('DELETE FROM audit_events');
    await client.query(
      `WITH gone AS (DELETE FROM queue_entries WHERE queue_date > $1 RETURNING tenant_id, visit_id)
       DELETE FROM visits v USING gone WHERE v.tenant_id = gone.tenant_id AND v.id = gone.visit_id`,
      [lastDay],
    );
    await client.query('DELETE FROM queue_counters WHERE queue_date > $1', [lastDay]);
  } finally {
    await client.query('SET session_replication_role = DEFAULT');
  }
}

/** Why the existing database cannot be reused, or undefined when it can. */
async function reuseProblem(config: BenchConfig): Promise<string | undefined> {
  if (config.regenerate) return 'BENCH_REGENERATE=1';
  try {
    return await withClient(config.databaseUrl, async (client) => {
      const manifest = await readManifest(client);
      if (!manifest) return 'no generated data set';
      if (manifest.generator !== GENERATOR_VERSION) return 'made by another generator version';
      if (!sameScale(manifest.scale, config.scale)) return 'made for another scale';
      if (manifest.schema !== (await schemaFingerprint())) return 'the migrations changed since';
      await resetRunState(client, manifest.scale.lastDay ?? '');
      const differences = countDifferences(manifest.counts, await countRows(client));
      return differences.length > 0 ? `row counts differ (${differences.join('; ')})` : undefined;
    });
  } catch (error) {
    return `cannot read it (${error instanceof Error ? error.message : String(error)})`;
  }
}

async function runGenerator(): Promise<void> {
  const child = spawn(process.execPath, [GENERATE_SCRIPT], { stdio: 'inherit' });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`The generator failed (exit code ${code})`);
}

/** Reuses the bench database when its scale and row counts match, else generates it. */
export async function ensureDataset(config: BenchConfig): Promise<Dataset> {
  const problem = await reuseProblem(config);
  if (problem === undefined) console.log(`Reusing ${config.databaseName}: row counts match.`);
  else {
    console.log(`Generating ${config.databaseName}: ${problem}.`);
    await runGenerator();
  }
  const manifest = await withClient(config.databaseUrl, readManifest);
  if (!manifest) throw new Error('The generator left no manifest');
  return {
    manifest,
    generatedNow: problem !== undefined,
    reason: problem ?? 'row counts matched',
  };
}
