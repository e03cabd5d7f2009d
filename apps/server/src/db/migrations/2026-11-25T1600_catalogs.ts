import type { Kysely } from 'kysely';
import { runStatements, tenantOwned } from '../migration-helpers.ts';

/**
 * Catalogs and prescription settings (issue 12, first server slice; docs/architecture.md
 * "Catalogs").
 * - `catalog_items`: the clinic's (tenant's) catalog of medications, services, vaccines,
 *   investigations and combo items; money in integer cents; deleting keeps the row
 *   (`deleted_at`), its code is free again.
 * - `catalog_combo_components`: a combo's items and quantities.
 * - `catalog_branch_items`: a branch's own terms for a tenant item (its price, or off).
 * - `catalog_upc_codes`: barcodes, unique per clinic, each naming one item.
 * - `whitelist_drugs`: the clinic's whitelist (brandDrugSDD, brandDrugName); a medication may
 *   be mapped to one.
 * - `prescription_settings`: consume methods, units of measurement, frequencies (with how
 *   often), indications and precautions. The product's entries are `is_system` (read-only),
 *   seeded by `seed_prescription_settings(tenant)`, which registration calls for a new
 *   clinic and this migration for the clinics that exist. A later change of the starter
 *   lists replaces the function in a new migration.
 * - The catalog's read permission for the system roles of existing clinics that prescribe,
 *   dispense or bill (Doctor, Nurse, Front desk, Finance), as SYSTEM_ROLES now gives new ones.
 */
type Seed = [code: string, description: string, dosesPerCycle?: number, cycleDays?: number];

const CONSUME_METHODS: Seed[] = [
  ['TAKE', 'Take by mouth'],
  ['CHEW', 'Chew'],
  ['DISSOLVE', 'Dissolve in water and drink'],
  ['SUCK', 'Suck slowly'],
  ['SL', 'Place under the tongue'],
  ['APPLY', 'Apply on the skin'],
  ['INSTIL', 'Instil'],
  ['INHALE', 'Inhale'],
  ['SPRAY', 'Spray'],
  ['GARGLE', 'Gargle'],
  ['INSERT', 'Insert'],
  ['INJECT', 'Inject'],
];

const UNITS: Seed[] = [
  ['mg', 'milligram'],
  ['g', 'gram'],
  ['mcg', 'microgram'],
  ['ml', 'millilitre'],
  ['l', 'litre'],
  ['IU', 'international unit'],
  ['%', 'percent'],
  ['tab', 'tablet'],
  ['cap', 'capsule'],
  ['sachet', 'sachet'],
  ['bottle', 'bottle'],
  ['tube', 'tube'],
  ['box', 'box'],
  ['strip', 'strip'],
  ['vial', 'vial'],
  ['amp', 'ampoule'],
  ['puff', 'puff'],
  ['drop', 'drop'],
  ['patch', 'patch'],
  ['supp', 'suppository'],
  ['loz', 'lozenge'],
  ['pen', 'pen'],
  ['inhaler', 'inhaler'],
  ['dose', 'dose'],
  ['unit', 'unit'],
  ['pc', 'piece'],
  ['appl', 'application'],
];

const FREQUENCIES: Seed[] = [
  ['OM', 'Once a day in the morning', 1, 1],
  ['ON', 'Once a day at night', 1, 1],
  ['OD', 'Once a day', 1, 1],
  ['BD', 'Twice a day', 2, 1],
  ['TDS', 'Three times a day', 3, 1],
  ['QDS', 'Four times a day', 4, 1],
  ['Q4H', 'Every 4 hours', 6, 1],
  ['Q6H', 'Every 6 hours', 4, 1],
  ['Q8H', 'Every 8 hours', 3, 1],
  ['EOD', 'Every other day', 1, 2],
  ['WEEKLY', 'Once a week', 1, 7],
  ['STAT', 'Immediately, once'],
  ['PRN', 'When necessary'],
];

const INDICATIONS: Seed[] = [
  ['PAIN', 'For pain'],
  ['FEVER', 'For fever'],
  ['PAINFEVER', 'For pain or fever'],
  ['COUGH', 'For cough'],
  ['NOSE', 'For runny or blocked nose'],
  ['THROAT', 'For sore throat'],
  ['ALLERGY', 'For allergy'],
  ['INFECTION', 'For infection'],
  ['GASTRIC', 'For gastric pain'],
  ['NAUSEA', 'For nausea or vomiting'],
  ['DIARRHOEA', 'For diarrhoea'],
  ['CONSTIPATION', 'For constipation'],
  ['ITCH', 'For itch'],
  ['BP', 'For blood pressure'],
  ['DIABETES', 'For diabetes'],
  ['CHOLESTEROL', 'For cholesterol'],
  ['ASTHMA', 'For breathlessness or wheezing'],
];

const PRECAUTIONS: Seed[] = [
  ['AFTERFOOD', 'Take after food'],
  ['BEFOREFOOD', 'Take before food'],
  ['DROWSY', 'May cause drowsiness; do not drive or operate machinery'],
  ['COURSE', 'Complete the whole course'],
  ['ALCOHOL', 'Avoid alcohol'],
  ['WATER', 'Take with plenty of water'],
  ['SHAKE', 'Shake well before use'],
  ['EXTERNAL', 'For external use only'],
  ['FRIDGE', 'Keep in the refrigerator'],
  ['ANTACID', 'Do not take with antacids or milk'],
  ['URINE', 'May discolour urine'],
];

const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;
const numberOrNull = (value: number | undefined) => (value === undefined ? 'NULL' : String(value));

function seedRows(): string {
  const lists: Array<[string, Seed[]]> = [
    ['consumeMethod', CONSUME_METHODS],
    ['unitMeasurement', UNITS],
    ['frequency', FREQUENCIES],
    ['indication', INDICATIONS],
    ['precaution', PRECAUTIONS],
  ];
  return lists
    .flatMap(([list, seeds]) =>
      seeds.map(
        ([code, description, doses, days], index) =>
          `(${quoted(list)}, ${quoted(code)}, ${quoted(description)}, ${numberOrNull(doses)}, ${numberOrNull(days)}, ${index})`,
      ),
    )
    .join(',\n         ');
}

const READERS = ['Doctor', 'Nurse', 'Front desk', 'Finance'];
const CROSS_TENANT = ['tenants', 'prescription_settings', 'roles'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE whitelist_drugs (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       sdd_code text NOT NULL,
       name text NOT NULL,
       is_active boolean NOT NULL DEFAULT true,
       version integer NOT NULL DEFAULT 1,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id)
     )`,
    `CREATE UNIQUE INDEX whitelist_drugs_code_key ON whitelist_drugs (tenant_id, lower(sdd_code))`,
    ...tenantOwned('whitelist_drugs'),

    `CREATE TABLE catalog_items (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       type text NOT NULL CHECK (type IN ('Med', 'Service', 'Vaccine', 'Investigation', 'Combo')),
       code text NOT NULL,
       name text NOT NULL,
       category text,
       strength numeric(12, 3) CHECK (strength > 0),
       strength_unit text,
       dispensing_unit text,
       default_dose numeric(12, 3) CHECK (default_dose > 0),
       default_dose_unit text,
       default_consume_method text,
       default_frequency text,
       default_duration_days integer CHECK (default_duration_days BETWEEN 1 AND 365),
       default_instructions text,
       selling_price_cents integer NOT NULL CHECK (selling_price_cents >= 0),
       cost_cents integer CHECK (cost_cents >= 0),
       procurement text CHECK (procurement IN ('Maf', 'Private', 'Alps')),
       tax_basis_points integer NOT NULL DEFAULT 0 CHECK (tax_basis_points BETWEEN 0 AND 10000),
       whitelist_drug_id uuid,
       is_active boolean NOT NULL DEFAULT true,
       version integer NOT NULL DEFAULT 1,
       created_by uuid,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_by uuid,
       updated_at timestamptz NOT NULL DEFAULT now(),
       deleted_by uuid,
       deleted_at timestamptz,
       PRIMARY KEY (tenant_id, id),
       FOREIGN KEY (tenant_id, whitelist_drug_id) REFERENCES whitelist_drugs (tenant_id, id),
       FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id),
       FOREIGN KEY (tenant_id, updated_by) REFERENCES users (tenant_id, id),
       FOREIGN KEY (tenant_id, deleted_by) REFERENCES users (tenant_id, id)
     )`,
    `CREATE UNIQUE INDEX catalog_items_code_key ON catalog_items (tenant_id, lower(code))
       WHERE deleted_at IS NULL`,
    `CREATE INDEX catalog_items_by_name ON catalog_items (tenant_id, type, lower(name))
       WHERE deleted_at IS NULL`,
    `CREATE INDEX catalog_items_name_trgm ON catalog_items USING gin (lower(name) gin_trgm_ops)`,
    `CREATE INDEX catalog_items_whitelist ON catalog_items (tenant_id, whitelist_drug_id)
       WHERE whitelist_drug_id IS NOT NULL`,
    ...tenantOwned('catalog_items'),

    `CREATE TABLE catalog_combo_components (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       combo_id uuid NOT NULL,
       item_id uuid NOT NULL,
       quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 1000),
       sort_order integer NOT NULL DEFAULT 0,
       PRIMARY KEY (tenant_id, combo_id, item_id),
       FOREIGN KEY (tenant_id, combo_id) REFERENCES catalog_items (tenant_id, id) ON DELETE CASCADE,
       FOREIGN KEY (tenant_id, item_id) REFERENCES catalog_items (tenant_id, id)
     )`,
    `CREATE INDEX catalog_combo_components_item ON catalog_combo_components (tenant_id, item_id)`,
    ...tenantOwned('catalog_combo_components'),

    `CREATE TABLE catalog_branch_items (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       branch_id uuid NOT NULL,
       item_id uuid NOT NULL,
       selling_price_cents integer CHECK (selling_price_cents >= 0),
       is_active boolean NOT NULL DEFAULT true,
       version integer NOT NULL DEFAULT 1,
       updated_by uuid,
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, branch_id, item_id),
       FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id),
       FOREIGN KEY (tenant_id, item_id) REFERENCES catalog_items (tenant_id, id),
       FOREIGN KEY (tenant_id, updated_by) REFERENCES users (tenant_id, id)
     )`,
    ...tenantOwned('catalog_branch_items'),

    `CREATE TABLE catalog_upc_codes (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       code text NOT NULL,
       item_id uuid NOT NULL,
       PRIMARY KEY (tenant_id, code),
       FOREIGN KEY (tenant_id, item_id) REFERENCES catalog_items (tenant_id, id) ON DELETE CASCADE
     )`,
    `CREATE INDEX catalog_upc_codes_item ON catalog_upc_codes (tenant_id, item_id)`,
    ...tenantOwned('catalog_upc_codes'),

    `CREATE TABLE prescription_settings (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       list text NOT NULL CHECK (list IN ('consumeMethod', 'unitMeasurement', 'frequency',
         'indication', 'precaution')),
       code text NOT NULL,
       description text NOT NULL,
       doses_per_cycle integer CHECK (doses_per_cycle BETWEEN 1 AND 100),
       cycle_days integer CHECK (cycle_days BETWEEN 1 AND 365),
       is_system boolean NOT NULL DEFAULT false,
       is_active boolean NOT NULL DEFAULT true,
       sort_order integer NOT NULL DEFAULT 0,
       version integer NOT NULL DEFAULT 1,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id),
       CHECK ((doses_per_cycle IS NULL) = (cycle_days IS NULL)),
       CHECK (list = 'frequency' OR doses_per_cycle IS NULL)
     )`,
    `CREATE UNIQUE INDEX prescription_settings_code_key ON prescription_settings
       (tenant_id, list, lower(code))`,
    ...tenantOwned('prescription_settings'),

    // The starter lists of a clinic; runs as its caller, under the caller's row security.
    `CREATE FUNCTION seed_prescription_settings(tenant uuid) RETURNS void
       LANGUAGE sql AS $$
       INSERT INTO prescription_settings
         (tenant_id, list, code, description, doses_per_cycle, cycle_days, sort_order, is_system)
       SELECT tenant, v.list, v.code, v.description, v.doses, v.days, v.ord, true
         FROM (VALUES
         ${seedRows()}
         ) AS v (list, code, description, doses, days, ord)
       ON CONFLICT DO NOTHING
     $$`,
    `GRANT EXECUTE ON FUNCTION seed_prescription_settings(uuid) TO clinic_app`,

    // Across clinics: a plain schema owner is subject to the policies too (forced), so the
    // tables read and written here are un-forced meanwhile (transactional DDL).
    ...CROSS_TENANT.map((table) => `ALTER TABLE ${table} NO FORCE ROW LEVEL SECURITY`),
    `SELECT seed_prescription_settings(t.id) FROM tenants t`,
    `UPDATE roles SET permissions = array_append(permissions, 'catalogs:read'),
            version = version + 1
      WHERE system AND name IN (${READERS.map(quoted).join(', ')})
        AND NOT ('catalogs:read' = ANY (permissions))`,
    ...CROSS_TENANT.map((table) => `ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`),
  ]);
}
