import type { Kysely } from 'kysely';
import { runStatements, tenantOwned } from '../migration-helpers.ts';

/**
 * A visit's facts (one row per visit), its physical readings (several) and the doctor's
 * consultation note (one per visit), doc 2 sections 2.2, 2.3, 3 and issue 11. Measures are
 * kept to 2 decimals by the code (double precision); BMI and BSA are stored as derived
 * by the server when the row is written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE visit_facts (
       tenant_id uuid NOT NULL,
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       visit_id uuid NOT NULL,
       patient_id uuid NOT NULL,
       height double precision,
       weight double precision,
       waist double precision,
       bmi double precision,
       weight_not_feasible boolean NOT NULL DEFAULT false,
       smoking_status text,
       year_started_smoking integer,
       number_sticks_per_day integer,
       fagerstrom_test_score text,
       stage_of_change text,
       smoking_assessment_date date,
       smoking_assessment_remark text,
       version integer NOT NULL DEFAULT 1,
       created_by uuid NOT NULL,
       updated_by uuid NOT NULL,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id),
       UNIQUE (tenant_id, visit_id),
       FOREIGN KEY (tenant_id, visit_id) REFERENCES visits (tenant_id, id),
       FOREIGN KEY (tenant_id, patient_id) REFERENCES patients (tenant_id, id)
     )`,
    ...tenantOwned('visit_facts'),

    `CREATE TABLE physical_readings (
       tenant_id uuid NOT NULL,
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       visit_id uuid NOT NULL,
       patient_id uuid NOT NULL,
       reading_time timestamptz NOT NULL,
       systolic double precision,
       diastolic double precision,
       pulse double precision,
       glucose double precision,
       temperature double precision,
       height double precision,
       weight double precision,
       bsa double precision,
       bmi double precision,
       version integer NOT NULL DEFAULT 1,
       created_by uuid NOT NULL,
       updated_by uuid NOT NULL,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id),
       FOREIGN KEY (tenant_id, visit_id) REFERENCES visits (tenant_id, id),
       FOREIGN KEY (tenant_id, patient_id) REFERENCES patients (tenant_id, id)
     )`,
    `CREATE INDEX physical_readings_visit ON physical_readings (tenant_id, visit_id, reading_time)`,
    ...tenantOwned('physical_readings'),

    `CREATE TABLE consult_notes (
       tenant_id uuid NOT NULL,
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       visit_id uuid NOT NULL,
       patient_id uuid NOT NULL,
       history text,
       examination text,
       plan text,
       free_text text,
       version integer NOT NULL DEFAULT 1,
       created_by uuid NOT NULL,
       updated_by uuid NOT NULL,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id),
       UNIQUE (tenant_id, visit_id),
       FOREIGN KEY (tenant_id, visit_id) REFERENCES visits (tenant_id, id),
       FOREIGN KEY (tenant_id, patient_id) REFERENCES patients (tenant_id, id)
     )`,
    ...tenantOwned('consult_notes'),
  ]);
}
