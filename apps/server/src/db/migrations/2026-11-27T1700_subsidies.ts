import type { Kysely } from 'kysely';
import { runStatements, tenantOwned } from '../migration-helpers.ts';

/**
 * Scheme subsidies (issue 13, docs/architecture.md "Billing" > "Subsidies").
 * - `subsidy_tiers`: the clinic's CHAS and Healthier SG chronic tier entries, editable in
 *   settings (sales/subsidies): caps per visit and per year by visit kind (null: nothing,
 *   or no annual cap), and for HSG the drug subsidy on whitelisted drugs and whether their
 *   GST is absorbed. The code is the tier's identity and never changes.
 * - `patient_schemes`: a patient's current card, at most one: its tier and validity
 *   (`valid_to` null: no expiry). Clearing the tier deletes the row; the audit trail keeps
 *   who set or cleared it.
 * - `invoice_lines.subsidy_cents`: the line's subsidy (worked out for a draft when it is
 *   made or saved, again when finalised, then frozen).
 * - `invoices.subsidy_*`: the visit kind the desk chose (null: no subsidy) and the scheme
 *   snapshot: scheme, tier and breakdown (null when no tier applies), frozen at finalisation.
 * Seeded per clinic by `seed_subsidy_tiers` (a frozen copy of the domain's
 * SEEDED_SUBSIDY_TIERS of this day).
 */
const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;
const money = (cents: number | null) => (cents === null ? 'NULL::bigint' : String(cents));

type Caps = [common: number | null, simple: number | null, complex: number | null];
const TIERS: Array<
  [scheme: string, code: string, name: string, perVisit: Caps, annual: Caps, drugBp: number]
> = [
  ['CHAS', 'CHAS-BLUE', 'CHAS Blue', [1850, 8000, 12500], [null, 32000, 50000], 0],
  ['CHAS', 'CHAS-ORANGE', 'CHAS Orange', [1000, 5000, 8000], [null, 20000, 32000], 0],
  ['CHAS', 'CHAS-GREEN', 'CHAS Green', [null, 2800, 4000], [null, 11200, 16000], 0],
  ['CHAS', 'MG', 'Merdeka Generation', [2350, 8500, 13000], [null, 34000, 52000], 0],
  ['CHAS', 'PG', 'Pioneer Generation', [2850, 9000, 13500], [null, 36000, 54000], 0],
  [
    'HSG',
    'HSG-BLUE',
    'Healthier SG chronic (CHAS Blue)',
    [1850, 8000, 12500],
    [null, 32000, 50000],
    7500,
  ],
  [
    'HSG',
    'HSG-ORANGE',
    'Healthier SG chronic (CHAS Orange)',
    [1000, 5000, 8000],
    [null, 20000, 32000],
    5000,
  ],
  [
    'HSG',
    'HSG-MG',
    'Healthier SG chronic (Merdeka Generation)',
    [2350, 8500, 13000],
    [null, 34000, 52000],
    7500,
  ],
  [
    'HSG',
    'HSG-PG',
    'Healthier SG chronic (Pioneer Generation)',
    [2850, 9000, 13500],
    [null, 36000, 54000],
    7500,
  ],
];

const tierRows = TIERS.map(
  ([scheme, code, name, perVisit, annual, drugBp], index) =>
    `(${quoted(scheme)}, ${quoted(code)}, ${quoted(name)}, ${[...perVisit, ...annual].map(money).join(', ')}, ${drugBp}, ${scheme === 'HSG'}, ${index})`,
).join(',\n         ');

const VISIT_KINDS = `('commonIllness', 'chronicSimple', 'chronicComplex')`;
const CROSS_TENANT = ['tenants', 'subsidy_tiers'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE subsidy_tiers (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       scheme_code text NOT NULL CHECK (scheme_code IN ('CHAS', 'HSG')),
       code text NOT NULL,
       name text NOT NULL,
       per_visit_common_illness_cents bigint CHECK (per_visit_common_illness_cents >= 0),
       per_visit_chronic_simple_cents bigint CHECK (per_visit_chronic_simple_cents >= 0),
       per_visit_chronic_complex_cents bigint CHECK (per_visit_chronic_complex_cents >= 0),
       annual_common_illness_cents bigint CHECK (annual_common_illness_cents >= 0),
       annual_chronic_simple_cents bigint CHECK (annual_chronic_simple_cents >= 0),
       annual_chronic_complex_cents bigint CHECK (annual_chronic_complex_cents >= 0),
       drug_subsidy_basis_points integer NOT NULL DEFAULT 0
         CHECK (drug_subsidy_basis_points BETWEEN 0 AND 10000),
       absorbs_drug_gst boolean NOT NULL DEFAULT false,
       is_active boolean NOT NULL DEFAULT true,
       sort_order integer NOT NULL DEFAULT 0,
       version integer NOT NULL DEFAULT 1,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id),
       UNIQUE (tenant_id, code)
     )`,
    ...tenantOwned('subsidy_tiers'),

    `CREATE TABLE patient_schemes (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       patient_id uuid NOT NULL,
       tier_id uuid NOT NULL,
       valid_from date NOT NULL,
       valid_to date,
       version integer NOT NULL DEFAULT 1,
       updated_by uuid,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id),
       UNIQUE (tenant_id, patient_id),
       CHECK (valid_to IS NULL OR valid_to >= valid_from),
       FOREIGN KEY (tenant_id, patient_id) REFERENCES patients (tenant_id, id),
       FOREIGN KEY (tenant_id, tier_id) REFERENCES subsidy_tiers (tenant_id, id),
       FOREIGN KEY (tenant_id, updated_by) REFERENCES users (tenant_id, id)
     )`,
    ...tenantOwned('patient_schemes'),

    `ALTER TABLE invoice_lines
       ADD COLUMN subsidy_cents bigint NOT NULL DEFAULT 0 CHECK (subsidy_cents >= 0)`,
    `ALTER TABLE invoices
       ADD COLUMN subsidy_visit_kind text CHECK (subsidy_visit_kind IN ${VISIT_KINDS}),
       ADD COLUMN subsidy_scheme_code text,
       ADD COLUMN subsidy_scheme_name text,
       ADD COLUMN subsidy_tier_code text,
       ADD COLUMN subsidy_tier_name text,
       ADD COLUMN subsidy_dollar_cents bigint CHECK (subsidy_dollar_cents >= 0),
       ADD COLUMN subsidy_percentage_cents bigint CHECK (subsidy_percentage_cents >= 0),
       ADD COLUMN subsidy_gst_absorbed_cents bigint CHECK (subsidy_gst_absorbed_cents >= 0),
       ADD CONSTRAINT invoices_subsidy_snapshot CHECK (
         (subsidy_tier_code IS NULL) = (subsidy_dollar_cents IS NULL)
         AND (subsidy_tier_code IS NULL OR subsidy_visit_kind IS NOT NULL))`,
    // The annual cap's use: a patient's finalised invoices of a year.
    `CREATE INDEX invoices_patient_subsidy ON invoices (tenant_id, patient_id, invoice_date)
       WHERE subsidy_tier_code IS NOT NULL AND status NOT IN (-1, 0)`,

    `CREATE FUNCTION seed_subsidy_tiers(tenant uuid) RETURNS void
       LANGUAGE sql AS $$
       INSERT INTO subsidy_tiers (tenant_id, scheme_code, code, name,
              per_visit_common_illness_cents, per_visit_chronic_simple_cents,
              per_visit_chronic_complex_cents, annual_common_illness_cents,
              annual_chronic_simple_cents, annual_chronic_complex_cents,
              drug_subsidy_basis_points, absorbs_drug_gst, sort_order)
       SELECT tenant, v.* FROM (VALUES
         ${tierRows}
       ) AS v
       ON CONFLICT DO NOTHING;
     $$`,
    `GRANT EXECUTE ON FUNCTION seed_subsidy_tiers(uuid) TO clinic_app`,

    ...CROSS_TENANT.map((table) => `ALTER TABLE ${table} NO FORCE ROW LEVEL SECURITY`),
    `SELECT seed_subsidy_tiers(t.id) FROM tenants t`,
    ...CROSS_TENANT.map((table) => `ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`),
  ]);
}
