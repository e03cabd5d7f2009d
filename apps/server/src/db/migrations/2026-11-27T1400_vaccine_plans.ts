import type { Kysely } from 'kysely';
import { runStatements, tenantOwned } from '../migration-helpers.ts';

/**
 * Vaccine plans (docs/architecture.md "Catalogs"): the clinic's plans for a vaccine item
 * of its catalog, and each plan's doses in order. A dose is due an interval after the
 * previous one (a cycle unit of the prescriptions) or at an age in months; the first
 * dose may have neither (the day the plan starts). Deleting a plan marks it
 * (`deleted_at`), so a patient's schedule made from it (chronic care) keeps its source.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE vaccine_plans (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       name text NOT NULL,
       item_id uuid NOT NULL,
       is_active boolean NOT NULL DEFAULT true,
       version integer NOT NULL DEFAULT 1,
       created_by uuid,
       updated_by uuid,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       deleted_at timestamptz,
       deleted_by uuid,
       PRIMARY KEY (tenant_id, id),
       FOREIGN KEY (tenant_id, item_id) REFERENCES catalog_items (tenant_id, id),
       FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id),
       FOREIGN KEY (tenant_id, updated_by) REFERENCES users (tenant_id, id),
       FOREIGN KEY (tenant_id, deleted_by) REFERENCES users (tenant_id, id)
     )`,
    `CREATE UNIQUE INDEX vaccine_plans_name_key ON vaccine_plans (tenant_id, lower(name))
       WHERE deleted_at IS NULL`,
    `CREATE INDEX vaccine_plans_item ON vaccine_plans (tenant_id, item_id)
       WHERE deleted_at IS NULL`,
    ...tenantOwned('vaccine_plans'),

    `CREATE TABLE vaccine_plan_doses (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       plan_id uuid NOT NULL,
       dose_number integer NOT NULL CHECK (dose_number >= 1),
       name text NOT NULL,
       interval_value integer CHECK (interval_value BETWEEN 1 AND 1000),
       interval_unit text CHECK (interval_unit IN ('year', 'month', 'week', 'day')),
       age_months integer CHECK (age_months BETWEEN 0 AND 1200),
       PRIMARY KEY (tenant_id, plan_id, dose_number),
       CHECK ((interval_value IS NULL) = (interval_unit IS NULL)),
       CHECK (interval_value IS NULL OR age_months IS NULL),
       FOREIGN KEY (tenant_id, plan_id) REFERENCES vaccine_plans (tenant_id, id) ON DELETE CASCADE
     )`,
    ...tenantOwned('vaccine_plan_doses'),
  ]);
}
