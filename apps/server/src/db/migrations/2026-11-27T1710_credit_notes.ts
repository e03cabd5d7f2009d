import type { Kysely } from 'kysely';
import { runStatements, tenantOwned } from '../migration-helpers.ts';

/**
 * Deposits and credit notes (issue 13, docs/architecture.md "Credit notes and deposits").
 * - `deposits`: a patient's prepayment at a branch, in one payment method, numbered per
 *   branch (`DEP-000001`); settled (0) or voided (-1) with its reason.
 * - `deposit_applications`: part of a deposit paying a later invoice of the same patient.
 *   Counted as paid on the invoice (billing's read of it); voided with its reason.
 * - `credit_notes`: type 1 (deposit: gives back what is left of a deposit), 2 (goods
 *   return) or 3 (invoice), numbered per branch (`CN-000001`); issued (0) or voided (-1).
 *   Types 2 and 3 name a finalised invoice and are counted as credited on it.
 * - `credit_note_lines`: the goods returned (lines of the invoice and quantities).
 * - `credit_counters`: the last credit-note and deposit number of a branch, taken in the
 *   same transaction as the row (the upsert locks the counter row), so numbers are gapless.
 * Money taken or given back is a record: the API role may not delete these rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE credit_counters (
       tenant_id uuid NOT NULL,
       branch_id uuid NOT NULL,
       kind text NOT NULL CHECK (kind IN ('creditNote', 'deposit')),
       last_value integer NOT NULL,
       PRIMARY KEY (tenant_id, branch_id, kind),
       FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id)
     )`,
    ...tenantOwned('credit_counters'),

    `CREATE TABLE deposits (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       branch_id uuid NOT NULL,
       patient_id uuid NOT NULL,
       deposit_no text NOT NULL,
       status smallint NOT NULL DEFAULT 0 CHECK (status IN (-1, 0)),
       amount_cents bigint NOT NULL CHECK (amount_cents > 0),
       method_code text NOT NULL,
       deposit_date date NOT NULL,
       remarks text,
       void_reason text,
       created_by uuid,
       voided_by uuid,
       voided_at timestamptz,
       version integer NOT NULL DEFAULT 1,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id),
       CHECK (status <> -1 OR void_reason IS NOT NULL),
       FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id),
       FOREIGN KEY (tenant_id, patient_id) REFERENCES patients (tenant_id, id),
       FOREIGN KEY (tenant_id, method_code) REFERENCES payment_methods (tenant_id, code),
       FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id),
       FOREIGN KEY (tenant_id, voided_by) REFERENCES users (tenant_id, id)
     )`,
    `CREATE UNIQUE INDEX deposits_no ON deposits (tenant_id, branch_id, deposit_no)`,
    `CREATE INDEX deposits_patient ON deposits (tenant_id, patient_id, deposit_date DESC)`,
    ...tenantOwned('deposits'),

    `CREATE TABLE deposit_applications (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       deposit_id uuid NOT NULL,
       invoice_id uuid NOT NULL,
       branch_id uuid NOT NULL,
       status smallint NOT NULL DEFAULT 0 CHECK (status IN (-1, 0)),
       amount_cents bigint NOT NULL CHECK (amount_cents > 0),
       applied_date date NOT NULL,
       void_reason text,
       created_by uuid,
       voided_by uuid,
       voided_at timestamptz,
       version integer NOT NULL DEFAULT 1,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id),
       CHECK (status <> -1 OR void_reason IS NOT NULL),
       FOREIGN KEY (tenant_id, deposit_id) REFERENCES deposits (tenant_id, id),
       FOREIGN KEY (tenant_id, invoice_id) REFERENCES invoices (tenant_id, id),
       FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id),
       FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id),
       FOREIGN KEY (tenant_id, voided_by) REFERENCES users (tenant_id, id)
     )`,
    `CREATE INDEX deposit_applications_deposit ON deposit_applications (tenant_id, deposit_id)`,
    `CREATE INDEX deposit_applications_invoice ON deposit_applications (tenant_id, invoice_id)`,
    ...tenantOwned('deposit_applications'),

    `CREATE TABLE credit_notes (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       branch_id uuid NOT NULL,
       patient_id uuid NOT NULL,
       type smallint NOT NULL CHECK (type IN (1, 2, 3)),
       invoice_id uuid,
       deposit_id uuid,
       credit_note_no text NOT NULL,
       status smallint NOT NULL DEFAULT 0 CHECK (status IN (-1, 0)),
       amount_cents bigint NOT NULL CHECK (amount_cents > 0),
       reason text NOT NULL,
       refund_method_code text,
       credit_note_date date NOT NULL,
       void_reason text,
       created_by uuid,
       voided_by uuid,
       voided_at timestamptz,
       version integer NOT NULL DEFAULT 1,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id),
       CHECK (status <> -1 OR void_reason IS NOT NULL),
       -- A deposit's note names the deposit; an invoice's or a goods return's the invoice.
       CHECK ((type = 1) = (deposit_id IS NOT NULL AND invoice_id IS NULL)),
       CHECK ((type <> 1) = (invoice_id IS NOT NULL AND deposit_id IS NULL)),
       FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id),
       FOREIGN KEY (tenant_id, patient_id) REFERENCES patients (tenant_id, id),
       FOREIGN KEY (tenant_id, invoice_id) REFERENCES invoices (tenant_id, id),
       FOREIGN KEY (tenant_id, deposit_id) REFERENCES deposits (tenant_id, id),
       FOREIGN KEY (tenant_id, refund_method_code) REFERENCES payment_methods (tenant_id, code),
       FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id),
       FOREIGN KEY (tenant_id, voided_by) REFERENCES users (tenant_id, id)
     )`,
    `CREATE UNIQUE INDEX credit_notes_no ON credit_notes (tenant_id, branch_id, credit_note_no)`,
    `CREATE INDEX credit_notes_invoice ON credit_notes (tenant_id, invoice_id)`,
    `CREATE INDEX credit_notes_deposit ON credit_notes (tenant_id, deposit_id)`,
    `CREATE INDEX credit_notes_patient ON credit_notes (tenant_id, patient_id, credit_note_date DESC)`,
    ...tenantOwned('credit_notes'),

    `CREATE TABLE credit_note_lines (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       credit_note_id uuid NOT NULL,
       invoice_line_id uuid NOT NULL,
       quantity integer NOT NULL CHECK (quantity > 0),
       PRIMARY KEY (tenant_id, id),
       UNIQUE (tenant_id, credit_note_id, invoice_line_id),
       FOREIGN KEY (tenant_id, credit_note_id) REFERENCES credit_notes (tenant_id, id),
       FOREIGN KEY (tenant_id, invoice_line_id) REFERENCES invoice_lines (tenant_id, id)
     )`,
    ...tenantOwned('credit_note_lines'),

    `REVOKE DELETE ON deposits, deposit_applications, credit_notes, credit_note_lines
       FROM clinic_app`,
    `REVOKE UPDATE ON credit_note_lines FROM clinic_app`,
  ]);
}
