import type { Kysely } from 'kysely';
import { runStatements, tenantOwned } from '../migration-helpers.ts';

/**
 * Medical certificates (doc 2 sections 2.7, 3, 4.4) and their numbers.
 * - `medical_certificates`: one per certificate of a visit, in the visit's branch. Deleting
 *   keeps the row (`deleted_at`), so its number is never given again.
 * - `mc_counters`: the last number a branch assigned in a year; taken with the row in one
 *   transaction (`INSERT … ON CONFLICT DO UPDATE … RETURNING` locks the counter row, so
 *   concurrent creates in a branch queue on it and get consecutive numbers).
 * - `mc_no` is unique per branch (a typed number too).
 * - Three more reference lists for `GET /dictionary/options?typeId=`: MC purposes (1),
 *   relationships (2), salutations (3). The list CHECK is extended with whatever it already
 *   allows (read from the catalog), so migrations adding lists in parallel compose.
 */
export const DICTIONARY_LISTS = {
  mcPurpose: [
    'Sick leave',
    'Hospitalisation leave',
    'Outpatient sick leave',
    'Child care leave',
    'Medical appointment',
    'Unfit for school',
    'Unfit for physical training',
    'Unfit for examination',
  ],
  relationship: [
    'Father',
    'Mother',
    'Spouse',
    'Son',
    'Daughter',
    'Brother',
    'Sister',
    'Grandparent',
    'Grandchild',
    'Guardian',
    'Friend',
    'Other',
  ],
  salutation: ['Mr', 'Mrs', 'Ms', 'Miss', 'Mdm', 'Dr', 'Prof'],
};

const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const lists = Object.keys(DICTIONARY_LISTS);
  await runStatements(db, [
    `CREATE TABLE medical_certificates (
       tenant_id uuid NOT NULL,
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       branch_id uuid NOT NULL,
       visit_id uuid NOT NULL,
       patient_id uuid NOT NULL,
       doctor_id uuid NOT NULL,
       mc_no text NOT NULL,
       issued_date date NOT NULL,
       from_date date NOT NULL,
       to_date date NOT NULL,
       given_days integer NOT NULL CHECK (given_days >= 1),
       mc_purpose text,
       remark text,
       excuse_chit boolean NOT NULL DEFAULT false,
       time_required boolean NOT NULL DEFAULT false,
       from_time text,
       to_time text,
       fit_choice smallint CHECK (fit_choice IN (1, 2)),
       created_by uuid NOT NULL,
       updated_by uuid,
       deleted_by uuid,
       deleted_at timestamptz,
       version integer NOT NULL DEFAULT 1,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id),
       FOREIGN KEY (tenant_id, visit_id) REFERENCES visits (tenant_id, id),
       FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id),
       FOREIGN KEY (tenant_id, patient_id) REFERENCES patients (tenant_id, id),
       FOREIGN KEY (tenant_id, doctor_id) REFERENCES users (tenant_id, id),
       CHECK (to_date >= from_date),
       CHECK (time_required OR (from_time IS NULL AND to_time IS NULL))
     )`,
    `CREATE UNIQUE INDEX medical_certificates_mc_no ON medical_certificates
       (tenant_id, branch_id, mc_no)`,
    `CREATE INDEX medical_certificates_visit ON medical_certificates (tenant_id, visit_id)`,
    ...tenantOwned('medical_certificates'),

    `CREATE TABLE mc_counters (
       tenant_id uuid NOT NULL,
       branch_id uuid NOT NULL,
       year integer NOT NULL,
       last_value integer NOT NULL,
       PRIMARY KEY (tenant_id, branch_id, year),
       FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id)
     )`,
    ...tenantOwned('mc_counters'),

    // The list CHECK, extended with ours: the values it allows now, read from the catalog.
    `DO $$
     DECLARE
       con record;
       allowed text[] := ARRAY[${lists.map(quoted).join(', ')}];
     BEGIN
       FOR con IN
         SELECT c.conname, pg_get_constraintdef(c.oid) AS def FROM pg_constraint c
          WHERE c.conrelid = 'reference_options'::regclass AND c.contype = 'c'
            AND pg_get_constraintdef(c.oid) LIKE '%list%'
       LOOP
         allowed := allowed || ARRAY(
           SELECT (regexp_matches(con.def, '''([^'']+)''', 'g'))[1]);
         EXECUTE format('ALTER TABLE reference_options DROP CONSTRAINT %I', con.conname);
       END LOOP;
       EXECUTE format('ALTER TABLE reference_options ADD CONSTRAINT reference_options_list_check CHECK (list = ANY (%L::text[]))',
         ARRAY(SELECT DISTINCT unnest(allowed) ORDER BY 1));
     END $$`,

    // Clinics that exist get the starter lists (new ones get them at registration).
    `ALTER TABLE reference_options NO FORCE ROW LEVEL SECURITY`,
    ...Object.entries(DICTIONARY_LISTS).map(
      ([list, names]) =>
        `INSERT INTO reference_options (tenant_id, list, code, name, sort_order)
         SELECT t.id, ${quoted(list)}, v.name, v.name, v.ord
           FROM tenants t
          CROSS JOIN (VALUES ${names.map((name, index) => `(${quoted(name)}, ${index})`).join(', ')}) AS v (name, ord)
          WHERE NOT EXISTS (SELECT 1 FROM reference_options r
                             WHERE r.tenant_id = t.id AND r.list = ${quoted(list)})`,
    ),
    `ALTER TABLE reference_options FORCE ROW LEVEL SECURITY`,
  ]);
}
