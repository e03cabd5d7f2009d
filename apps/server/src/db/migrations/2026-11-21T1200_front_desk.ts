import type { Kysely } from 'kysely';
import { runStatements, tenantOwned } from '../migration-helpers.ts';

/**
 * The front desk: option lists, companies, patients, visits, the day's queue with its
 * per-branch numbering, minimal diagnosis and prescription records (for the delete rule)
 * and the audit trail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    // One table for the clinic's editable lists: tel codes, ID types, nationalities,
    // genders, visit purposes, queue statuses, card prefixes (tenant-wide) and room
    // services and waiting areas (per branch).
    `CREATE TABLE reference_options (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       list text NOT NULL CHECK (list IN ('telCode', 'identificationType', 'nationality', 'gender',
         'visitPurpose', 'queueStatus', 'cardPrefix', 'roomService', 'waitingArea')),
       branch_id uuid,
       code text NOT NULL,
       name text NOT NULL,
       color text,
       is_active boolean NOT NULL DEFAULT true,
       is_default boolean NOT NULL DEFAULT false,
       sort_order integer NOT NULL DEFAULT 0,
       version integer NOT NULL DEFAULT 1,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id),
       FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id)
     )`,
    `CREATE UNIQUE INDEX reference_options_code_key ON reference_options
       (tenant_id, list, coalesce(branch_id, '00000000-0000-0000-0000-000000000000'::uuid), lower(code))`,
    ...tenantOwned('reference_options'),

    `CREATE TABLE card_number_counters (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       prefix text NOT NULL,
       last_value integer NOT NULL,
       PRIMARY KEY (tenant_id, prefix)
     )`,
    ...tenantOwned('card_number_counters'),

    `CREATE TABLE companies (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       code text NOT NULL,
       name text NOT NULL,
       version integer NOT NULL DEFAULT 1,
       created_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id)
     )`,
    `CREATE UNIQUE INDEX companies_code_key ON companies (tenant_id, lower(code))`,
    ...tenantOwned('companies'),

    `CREATE TABLE patients (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       title text,
       name text NOT NULL,
       id_type text NOT NULL,
       nric text,
       gender text NOT NULL,
       card_no_prefix text,
       card_no text,
       contact_no text NOT NULL,
       tel_code text NOT NULL,
       birth_date date NOT NULL,
       birth_time text,
       nationality text NOT NULL,
       email text,
       father text,
       mother text,
       home_address text,
       home_postal text,
       company_id uuid,
       consult_doctor_id uuid,
       version integer NOT NULL DEFAULT 1,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id),
       FOREIGN KEY (tenant_id, company_id) REFERENCES companies (tenant_id, id)
     )`,
    `CREATE UNIQUE INDEX patients_nric_key ON patients (tenant_id, nric) WHERE nric IS NOT NULL`,
    `CREATE UNIQUE INDEX patients_card_no_key ON patients (tenant_id, card_no) WHERE card_no IS NOT NULL`,
    `CREATE INDEX patients_identity ON patients (tenant_id, lower(name), gender, birth_date)`,
    ...tenantOwned('patients'),

    `CREATE TABLE visits (
       tenant_id uuid NOT NULL,
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       branch_id uuid NOT NULL,
       patient_id uuid NOT NULL,
       doctor_id uuid NOT NULL,
       visit_date timestamptz NOT NULL,
       consult_start timestamptz,
       consult_end timestamptz,
       voided_at timestamptz,
       version integer NOT NULL DEFAULT 1,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id),
       FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id),
       FOREIGN KEY (tenant_id, patient_id) REFERENCES patients (tenant_id, id),
       FOREIGN KEY (tenant_id, doctor_id) REFERENCES users (tenant_id, id)
     )`,
    `CREATE INDEX visits_patient ON visits (tenant_id, patient_id, visit_date DESC)`,
    ...tenantOwned('visits'),

    `CREATE TABLE queue_counters (
       tenant_id uuid NOT NULL,
       branch_id uuid NOT NULL,
       queue_date date NOT NULL,
       last_number integer NOT NULL,
       PRIMARY KEY (tenant_id, branch_id, queue_date),
       FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id)
     )`,
    ...tenantOwned('queue_counters'),

    `CREATE TABLE queue_entries (
       tenant_id uuid NOT NULL,
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       branch_id uuid NOT NULL,
       visit_id uuid NOT NULL,
       patient_id uuid NOT NULL,
       doctor_id uuid NOT NULL,
       queue_date date NOT NULL,
       queue_number integer NOT NULL,
       queue_seq integer NOT NULL,
       visit_purposes text[] NOT NULL,
       remark text,
       room_service text,
       room_name text,
       area_id uuid,
       status text NOT NULL,
       color text NOT NULL,
       visit_time timestamptz NOT NULL,
       time_in timestamptz NOT NULL DEFAULT now(),
       time_out timestamptz,
       consult_in timestamptz,
       consult_out timestamptz,
       call_in_time timestamptz,
       is_mco boolean NOT NULL DEFAULT false,
       queue_status smallint NOT NULL DEFAULT 0 CHECK (queue_status IN (-1, 0)),
       voided_reason text,
       voided_at timestamptz,
       version integer NOT NULL DEFAULT 1,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id),
       FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id),
       FOREIGN KEY (tenant_id, visit_id) REFERENCES visits (tenant_id, id),
       FOREIGN KEY (tenant_id, patient_id) REFERENCES patients (tenant_id, id),
       FOREIGN KEY (tenant_id, doctor_id) REFERENCES users (tenant_id, id)
     )`,
    `CREATE UNIQUE INDEX queue_entries_number_key ON queue_entries (tenant_id, branch_id, queue_date, queue_number)`,
    `CREATE INDEX queue_entries_patient ON queue_entries (tenant_id, patient_id, visit_time DESC)`,
    `CREATE INDEX queue_entries_visit ON queue_entries (tenant_id, visit_id)`,
    ...tenantOwned('queue_entries'),

    `CREATE TABLE diagnoses (
       tenant_id uuid NOT NULL,
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       visit_id uuid NOT NULL,
       patient_id uuid NOT NULL,
       code text NOT NULL,
       description text NOT NULL,
       remark text,
       voided_at timestamptz,
       created_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id),
       FOREIGN KEY (tenant_id, visit_id) REFERENCES visits (tenant_id, id)
     )`,
    `CREATE INDEX diagnoses_visit ON diagnoses (tenant_id, visit_id)`,
    ...tenantOwned('diagnoses'),

    `CREATE TABLE prescriptions (
       tenant_id uuid NOT NULL,
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       visit_id uuid NOT NULL,
       patient_id uuid NOT NULL,
       item_code text NOT NULL,
       item_name text NOT NULL,
       created_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id),
       FOREIGN KEY (tenant_id, visit_id) REFERENCES visits (tenant_id, id)
     )`,
    `CREATE INDEX prescriptions_visit ON prescriptions (tenant_id, visit_id)`,
    ...tenantOwned('prescriptions'),

    // Who read or changed which patient record, when, from which branch; written in the
    // transaction of the change.
    `CREATE TABLE audit_events (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       happened_at timestamptz NOT NULL DEFAULT now(),
       user_id uuid,
       branch_id uuid,
       action text NOT NULL,
       entity text NOT NULL,
       entity_id uuid,
       detail jsonb,
       PRIMARY KEY (tenant_id, id)
     )`,
    `CREATE INDEX audit_events_entity ON audit_events (tenant_id, entity, entity_id, happened_at DESC)`,
    ...tenantOwned('audit_events'),
  ]);
}
