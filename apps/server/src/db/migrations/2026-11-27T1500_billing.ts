import type { Kysely } from 'kysely';
import { runStatements, tenantOwned } from '../migration-helpers.ts';

/**
 * Invoices and payments (issue 13, docs/architecture.md "Billing").
 * - `tax_options` and `tax_option_rates`: the clinic's tax options, each with its rates by
 *   effective date (a change of rate never alters a finalised invoice, which keeps its own).
 *   The first (lowest `sort_order`) is the default.
 * - `payment_methods`: the methods a payment is tendered in; `gives_change` for cash.
 * - `invoices`: a visit's bill, of the visit's branch; status is doc 1 section 9's number
 *   (Voided -1, Draft 0, Issued 1, PartiallyPaid 3, FullyPaid 4, FOC 5; Overdue -2 is
 *   derived when read, never stored). `invoice_no` is null until finalised; the totals and
 *   tax rate are frozen at finalisation. One invoice that is not voided per visit.
 * - `invoice_lines`: what is billed, with its price, discount and tax rate in integer cents
 *   and basis points.
 * - `payments` and `payment_tenders`: a payment of an invoice, numbered per branch, and the
 *   methods it was tendered in (what each paid, not the cash handed over; the change is
 *   kept on the payment).
 * - `billing_counters`: the last invoice and receipt number of a branch, taken in the same
 *   transaction as the row (the upsert locks the counter row), so numbers are gapless.
 * Seeded per clinic by `seed_billing_settings` (a frozen copy of the domain's seeds; a
 * clinic's lists are its own afterwards).
 */
const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

const TAX_OPTIONS: Array<[code: string, name: string, rates: Array<[string, number]>]> = [
  ['TAX', 'Tax', [['1970-01-01', 700]]],
  [
    'SG-GST',
    'GST',
    [
      ['1994-04-01', 300],
      ['2003-01-01', 400],
      ['2004-01-01', 500],
      ['2007-07-01', 700],
      ['2023-01-01', 800],
      ['2024-01-01', 900],
    ],
  ],
  ['NONE', 'No tax', [['1970-01-01', 0]]],
];

const PAYMENT_METHODS: Array<[code: string, name: string, givesChange: boolean]> = [
  ['cash', 'Cash', true],
  ['nets', 'NETS', false],
  ['card', 'Credit Card', false],
  ['paynow', 'PayNow', false],
  ['cheque', 'Cheque', false],
];

const optionRows = TAX_OPTIONS.map(
  ([code, name], index) => `(${quoted(code)}, ${quoted(name)}, ${index})`,
).join(', ');
const rateRows = TAX_OPTIONS.flatMap(([code, , rates]) =>
  rates.map(([from, rate]) => `(${quoted(code)}, DATE ${quoted(from)}, ${rate})`),
).join(', ');
const methodRows = PAYMENT_METHODS.map(
  ([code, name, change], index) => `(${quoted(code)}, ${quoted(name)}, ${change}, ${index})`,
).join(', ');

const CROSS_TENANT = ['tenants', 'tax_options', 'tax_option_rates', 'payment_methods'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE tax_options (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       code text NOT NULL,
       name text NOT NULL,
       sort_order integer NOT NULL DEFAULT 0,
       is_active boolean NOT NULL DEFAULT true,
       version integer NOT NULL DEFAULT 1,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id),
       UNIQUE (tenant_id, code)
     )`,
    ...tenantOwned('tax_options'),

    `CREATE TABLE tax_option_rates (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       tax_option_id uuid NOT NULL,
       effective_from date NOT NULL,
       rate_basis_points integer NOT NULL CHECK (rate_basis_points BETWEEN 0 AND 10000),
       PRIMARY KEY (tenant_id, id),
       UNIQUE (tenant_id, tax_option_id, effective_from),
       FOREIGN KEY (tenant_id, tax_option_id) REFERENCES tax_options (tenant_id, id)
         ON DELETE CASCADE
     )`,
    ...tenantOwned('tax_option_rates'),

    `CREATE TABLE payment_methods (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       code text NOT NULL,
       name text NOT NULL,
       gives_change boolean NOT NULL DEFAULT false,
       sort_order integer NOT NULL DEFAULT 0,
       is_active boolean NOT NULL DEFAULT true,
       version integer NOT NULL DEFAULT 1,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id),
       UNIQUE (tenant_id, code)
     )`,
    ...tenantOwned('payment_methods'),

    `CREATE TABLE billing_counters (
       tenant_id uuid NOT NULL,
       branch_id uuid NOT NULL,
       kind text NOT NULL CHECK (kind IN ('invoice', 'receipt')),
       last_value integer NOT NULL,
       PRIMARY KEY (tenant_id, branch_id, kind),
       FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id)
     )`,
    ...tenantOwned('billing_counters'),

    `CREATE TABLE invoices (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       branch_id uuid NOT NULL,
       visit_id uuid NOT NULL,
       patient_id uuid NOT NULL,
       status smallint NOT NULL DEFAULT 0 CHECK (status IN (-1, 0, 1, 3, 4, 5)),
       invoice_no text,
       invoice_date date NOT NULL,
       due_date date,
       bill_to_company_id uuid,
       bill_to_name text,
       bill_to_address text,
       discount_kind text CHECK (discount_kind IN ('amount', 'percent')),
       discount_value bigint CHECK (discount_value >= 0),
       rounding_mode text NOT NULL DEFAULT 'none'
         CHECK (rounding_mode IN ('none', 'nearest5Cents', 'down5Cents')),
       tax_option_code text NOT NULL,
       tax_rate_basis_points integer CHECK (tax_rate_basis_points BETWEEN 0 AND 10000),
       subtotal_cents bigint,
       discount_cents bigint,
       tax_cents bigint,
       subsidy_cents bigint,
       insurance_cents bigint,
       rounding_cents bigint,
       grand_total_cents bigint,
       remarks text,
       void_reason text,
       created_by uuid,
       updated_by uuid,
       finalised_by uuid,
       finalised_at timestamptz,
       voided_by uuid,
       voided_at timestamptz,
       version integer NOT NULL DEFAULT 1,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id),
       CHECK ((discount_kind IS NULL) = (discount_value IS NULL)),
       CHECK (status <> -1 OR void_reason IS NOT NULL),
       CHECK (status = 0 OR status = -1 OR invoice_no IS NOT NULL),
       CHECK (invoice_no IS NULL OR grand_total_cents IS NOT NULL),
       FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id),
       FOREIGN KEY (tenant_id, visit_id) REFERENCES visits (tenant_id, id),
       FOREIGN KEY (tenant_id, patient_id) REFERENCES patients (tenant_id, id),
       FOREIGN KEY (tenant_id, bill_to_company_id) REFERENCES companies (tenant_id, id),
       FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id),
       FOREIGN KEY (tenant_id, updated_by) REFERENCES users (tenant_id, id),
       FOREIGN KEY (tenant_id, finalised_by) REFERENCES users (tenant_id, id),
       FOREIGN KEY (tenant_id, voided_by) REFERENCES users (tenant_id, id)
     )`,
    `CREATE UNIQUE INDEX invoices_no ON invoices (tenant_id, branch_id, invoice_no)
       WHERE invoice_no IS NOT NULL`,
    `CREATE UNIQUE INDEX invoices_one_per_visit ON invoices (tenant_id, visit_id)
       WHERE status <> -1`,
    `CREATE INDEX invoices_patient ON invoices (tenant_id, patient_id, invoice_date DESC)`,
    `CREATE INDEX invoices_branch_date ON invoices (tenant_id, branch_id, invoice_date DESC)`,
    ...tenantOwned('invoices'),

    `CREATE TABLE invoice_lines (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       invoice_id uuid NOT NULL,
       line_no integer NOT NULL CHECK (line_no > 0),
       kind text NOT NULL CHECK (kind IN ('consultation', 'service', 'medication', 'other')),
       catalog_item_id uuid,
       prescription_id uuid,
       code text NOT NULL,
       name text NOT NULL,
       quantity integer NOT NULL CHECK (quantity >= 0),
       unit text,
       unit_price_cents bigint NOT NULL CHECK (unit_price_cents >= 0),
       discount_kind text CHECK (discount_kind IN ('amount', 'percent')),
       discount_value bigint CHECK (discount_value >= 0),
       tax_rate_basis_points integer NOT NULL CHECK (tax_rate_basis_points BETWEEN 0 AND 10000),
       category text NOT NULL CHECK (category IN ('medication', 'service', 'other')),
       claimable boolean NOT NULL DEFAULT true,
       is_whitelist_drug boolean NOT NULL DEFAULT false,
       PRIMARY KEY (tenant_id, id),
       UNIQUE (tenant_id, invoice_id, line_no),
       CHECK ((discount_kind IS NULL) = (discount_value IS NULL)),
       FOREIGN KEY (tenant_id, invoice_id) REFERENCES invoices (tenant_id, id) ON DELETE CASCADE,
       FOREIGN KEY (tenant_id, catalog_item_id) REFERENCES catalog_items (tenant_id, id),
       -- A prescription line removed after it was billed: the bill keeps its own words.
       FOREIGN KEY (tenant_id, prescription_id) REFERENCES prescriptions (tenant_id, id)
         ON DELETE SET NULL (prescription_id)
     )`,
    `CREATE INDEX invoice_lines_invoice ON invoice_lines (tenant_id, invoice_id)`,
    ...tenantOwned('invoice_lines'),

    `CREATE TABLE payments (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       branch_id uuid NOT NULL,
       invoice_id uuid NOT NULL,
       payment_no text NOT NULL,
       status smallint NOT NULL DEFAULT 0 CHECK (status IN (-1, 0)),
       amount_cents bigint NOT NULL CHECK (amount_cents > 0),
       change_cents bigint NOT NULL DEFAULT 0 CHECK (change_cents >= 0),
       payment_date date NOT NULL,
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
       FOREIGN KEY (tenant_id, invoice_id) REFERENCES invoices (tenant_id, id),
       FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id),
       FOREIGN KEY (tenant_id, voided_by) REFERENCES users (tenant_id, id)
     )`,
    `CREATE UNIQUE INDEX payments_no ON payments (tenant_id, branch_id, payment_no)`,
    `CREATE INDEX payments_invoice ON payments (tenant_id, invoice_id)`,
    `CREATE INDEX payments_branch_date ON payments (tenant_id, branch_id, payment_date DESC)`,
    ...tenantOwned('payments'),

    `CREATE TABLE payment_tenders (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       payment_id uuid NOT NULL,
       line_no integer NOT NULL CHECK (line_no > 0),
       method_code text NOT NULL,
       amount_cents bigint NOT NULL CHECK (amount_cents > 0),
       PRIMARY KEY (tenant_id, id),
       UNIQUE (tenant_id, payment_id, line_no),
       FOREIGN KEY (tenant_id, payment_id) REFERENCES payments (tenant_id, id),
       FOREIGN KEY (tenant_id, method_code) REFERENCES payment_methods (tenant_id, code)
     )`,
    ...tenantOwned('payment_tenders'),
    // Money taken is a record: a payment is voided with its reason, never rewritten or removed.
    `REVOKE DELETE ON payments, payment_tenders FROM clinic_app`,
    `REVOKE UPDATE ON payment_tenders FROM clinic_app`,

    // The starter lists of a clinic; runs as its caller, under the caller's row security.
    `CREATE FUNCTION seed_billing_settings(tenant uuid) RETURNS void
       LANGUAGE sql AS $$
       INSERT INTO tax_options (tenant_id, code, name, sort_order)
       SELECT tenant, v.code, v.name, v.ord FROM (VALUES ${optionRows}) AS v (code, name, ord)
       ON CONFLICT DO NOTHING;
       INSERT INTO tax_option_rates (tenant_id, tax_option_id, effective_from, rate_basis_points)
       SELECT tenant, o.id, v.effective_from, v.rate
         FROM (VALUES ${rateRows}) AS v (code, effective_from, rate)
         JOIN tax_options o ON o.tenant_id = tenant AND o.code = v.code
       ON CONFLICT DO NOTHING;
       INSERT INTO payment_methods (tenant_id, code, name, gives_change, sort_order)
       SELECT tenant, v.code, v.name, v.change, v.ord
         FROM (VALUES ${methodRows}) AS v (code, name, change, ord)
       ON CONFLICT DO NOTHING;
     $$`,
    `GRANT EXECUTE ON FUNCTION seed_billing_settings(uuid) TO clinic_app`,

    // Across clinics: a plain schema owner is subject to the policies too (forced), so the
    // tables read and written here are un-forced meanwhile (transactional DDL).
    ...CROSS_TENANT.map((table) => `ALTER TABLE ${table} NO FORCE ROW LEVEL SECURITY`),
    `SELECT seed_billing_settings(t.id) FROM tenants t`,
    ...CROSS_TENANT.map((table) => `ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`),
  ]);
}
