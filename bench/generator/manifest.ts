import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import type pg from 'pg';
import type { ScaleConfig } from '../config.ts';

/**
 * What a generated database holds, kept in the database itself (table bench_manifest,
 * owner only): the scale it was made for, its row counts and how long it took. A later
 * run reuses the database when the scale and the counts still match.
 */
/** Raised whenever the generated data or this manifest change shape. */
export const GENERATOR_VERSION = 4;

export interface Manifest {
  generator: number;
  scale: ScaleConfig;
  /** A hash of the app's migrations when it was made: a changed schema needs new data. */
  schema: string;
  counts: Record<string, number>;
  /** Seconds of each phase of the generation, in order. */
  phases: Array<{ phase: string; seconds: number }>;
  /** Wall time of the whole generation, seconds. */
  seconds: number;
  generatedAt: string;
}

export const COUNTED_TABLES = [
  'tenants',
  'tenant_modules',
  'branches',
  'users',
  'user_branches',
  'reference_options',
  'companies',
  'card_number_counters',
  'doctor_rooms',
  'patients',
  'patient_name_words',
  'visits',
  'queue_entries',
  'queue_counters',
] as const;

const MIGRATIONS = new URL('../../apps/server/src/db/migrations/', import.meta.url);

export async function schemaFingerprint(): Promise<string> {
  const hash = createHash('sha256');
  for (const name of (await readdir(MIGRATIONS)).sort()) {
    hash.update(name).update(await readFile(new URL(name, MIGRATIONS)));
  }
  return hash.digest('hex').slice(0, 16);
}

export async function countRows(client: pg.ClientBase): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of COUNTED_TABLES) {
    const { rows } = await client.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM ${table}`,
    );
    counts[table] = rows[0]?.count ?? 0;
  }
  return counts;
}

export async function writeManifest(client: pg.ClientBase, manifest: Manifest): Promise<void> {
  await client.query(
    `CREATE TABLE IF NOT EXISTS bench_manifest (
       id integer PRIMARY KEY CHECK (id = 1),
       manifest jsonb NOT NULL
     )`,
  );
  await client.query(
    `INSERT INTO bench_manifest (id, manifest) VALUES (1, $1)
     ON CONFLICT (id) DO UPDATE SET manifest = excluded.manifest`,
    [JSON.stringify(manifest)],
  );
}

export async function readManifest(client: pg.ClientBase): Promise<Manifest | undefined> {
  const { rows: exists } = await client.query<{ found: boolean }>(
    `SELECT to_regclass('public.bench_manifest') IS NOT NULL AS found`,
  );
  if (!exists[0]?.found) return undefined;
  const { rows } = await client.query<{ manifest: Manifest }>(
    `SELECT manifest FROM bench_manifest WHERE id = 1`,
  );
  return rows[0]?.manifest;
}

/** Whether a manifest was made for this scale; a scale without a last day takes any. */
export function sameScale(made: ScaleConfig, wanted: ScaleConfig): boolean {
  const keys = Object.keys(wanted) as Array<keyof ScaleConfig>;
  return keys.every(
    (key) => (key === 'lastDay' && wanted.lastDay === null) || made[key] === wanted[key],
  );
}

/** Differences between the counts a database had when made and has now. */
export function countDifferences(
  made: Record<string, number>,
  now: Record<string, number>,
): string[] {
  return COUNTED_TABLES.filter((table) => made[table] !== now[table]).map(
    (table) => `${table}: ${now[table] ?? 0} rows, made with ${made[table] ?? 0}`,
  );
}
