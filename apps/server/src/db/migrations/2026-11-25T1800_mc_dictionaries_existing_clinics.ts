import type { Kysely } from 'kysely';
import { runStatements } from '../migration-helpers.ts';
import { DICTIONARY_LISTS } from './2026-11-25T1430_medical_certificates.ts';

/**
 * The medical-certificate dictionaries (MC purposes, relationships, salutations) for the
 * clinics that existed before `2026-11-25T1430_medical_certificates`. That migration
 * un-forced row security on `reference_options` only, so a schema owner that is not a
 * superuser saw no row of `tenants` and seeded no clinic. Same rows, same rule: a clinic
 * that has a list keeps it as it is.
 */
const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

const CROSS_TENANT = ['tenants', 'reference_options'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    ...CROSS_TENANT.map((table) => `ALTER TABLE ${table} NO FORCE ROW LEVEL SECURITY`),
    ...Object.entries(DICTIONARY_LISTS).map(
      ([list, names]) =>
        `INSERT INTO reference_options (tenant_id, list, code, name, sort_order)
         SELECT t.id, ${quoted(list)}, v.name, v.name, v.ord
           FROM tenants t
          CROSS JOIN (VALUES ${names.map((name, index) => `(${quoted(name)}, ${index})`).join(', ')}) AS v (name, ord)
          WHERE NOT EXISTS (SELECT 1 FROM reference_options r
                             WHERE r.tenant_id = t.id AND r.list = ${quoted(list)})`,
    ),
    ...CROSS_TENANT.map((table) => `ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`),
  ]);
}
