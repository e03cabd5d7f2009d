import { INVOICE_STATUS, PAYMENT_STATUS, type InvoiceStatus } from '@clinic/domain';
import { sql, type RawBuilder } from 'kysely';
import type { TenantTx } from '../../db/tenant-db.ts';

/**
 * The billing search's reads of the billing, certificate and visit tables (read only; their
 * owners write them). Everything is the caller's branch's, newest first; a page is
 * `limit`/`offset`, an export the first `limit` rows.
 */

export interface Window {
  limit: number;
  offset: number;
}

const all = (conditions: Array<RawBuilder<unknown> | null>) =>
  sql.join(
    conditions.filter((condition) => condition !== null),
    sql` AND `,
  );

/** A number typed whole or in part, any case. */
const numberLike = (column: RawBuilder<unknown>, typed: string | null | undefined) =>
  typed ? sql`strpos(upper(${column}), upper(${typed})) > 0` : null;

const dateFrom = (column: RawBuilder<unknown>, date: string | undefined) =>
  date ? sql`${column} >= ${date}::date` : null;
const dateTo = (column: RawBuilder<unknown>, date: string | undefined) =>
  date ? sql`${column} <= ${date}::date` : null;

async function counted(from: RawBuilder<unknown>, tx: TenantTx): Promise<number> {
  const row = await sql<{ total: string }>`SELECT count(*) AS total ${from}`.execute(tx.db);
  return Number(row.rows[0]?.total ?? 0);
}

// --- Invoices -------------------------------------------------------------------------

export interface InvoiceFilter {
  branchId: string;
  fromDate?: string;
  toDate?: string;
  patientId?: string;
  invoiceNo?: string | null;
  /** Stored statuses. */
  statuses?: InvoiceStatus[];
  /** Only invoices overdue on `today` (true) or not (false). */
  overdue?: { today: string; is: boolean };
}

export interface InvoiceRow {
  id: string;
  invoiceNo: string;
  invoiceDate: string;
  dueDate: string | null;
  status: InvoiceStatus;
  patientId: string;
  patientName: string;
  visitId: string;
  billTo: string | null;
  grandTotalCents: number;
}

function invoiceFrom(filter: InvoiceFilter) {
  const overdue = filter.overdue
    ? sql`(i.status IN (${INVOICE_STATUS.Issued}, ${INVOICE_STATUS.PartiallyPaid})
           AND i.due_date IS NOT NULL AND i.due_date < ${filter.overdue.today}::date)`
    : null;
  return sql`
      FROM invoices i
      JOIN patients pa ON pa.tenant_id = i.tenant_id AND pa.id = i.patient_id
     WHERE ${all([
       sql`i.branch_id = ${filter.branchId}`,
       sql`i.invoice_no IS NOT NULL`,
       dateFrom(sql`i.invoice_date`, filter.fromDate),
       dateTo(sql`i.invoice_date`, filter.toDate),
       filter.patientId ? sql`i.patient_id = ${filter.patientId}` : null,
       numberLike(sql`i.invoice_no`, filter.invoiceNo),
       filter.statuses ? sql`i.status IN (${sql.join(filter.statuses)})` : null,
       overdue ? (filter.overdue!.is ? overdue : sql`NOT ${overdue}`) : null,
     ])}`;
}

/** A window of the branch's finalised invoices (they have a number), newest first. */
export async function searchInvoices(
  tx: TenantTx,
  filter: InvoiceFilter,
  window: Window,
): Promise<{ rows: InvoiceRow[]; total: number }> {
  const from = invoiceFrom(filter);
  const rows = await sql<Omit<InvoiceRow, 'grandTotalCents'> & { grandTotalCents: string }>`
    SELECT i.id, i.invoice_no AS "invoiceNo", i.invoice_date AS "invoiceDate",
           i.due_date AS "dueDate", i.status, i.patient_id AS "patientId",
           pa.name AS "patientName", i.visit_id AS "visitId", i.bill_to_name AS "billTo",
           i.grand_total_cents AS "grandTotalCents"
      ${from}
     ORDER BY i.invoice_date DESC, i.invoice_no DESC, i.id
     LIMIT ${window.limit} OFFSET ${window.offset}
  `.execute(tx.db);
  return {
    rows: rows.rows.map((row) => ({ ...row, grandTotalCents: Number(row.grandTotalCents) })),
    total: await counted(from, tx),
  };
}

/** The payments of invoices (status and amount), for the domain's paid sums. */
export async function paymentsOf(
  tx: TenantTx,
  invoiceIds: string[],
): Promise<Array<{ invoiceId: string; status: number; amountCents: number }>> {
  if (invoiceIds.length === 0) return [];
  const rows = await tx.db
    .selectFrom('payments')
    .select(['invoiceId', 'status', 'amountCents'])
    .where('invoiceId', 'in', invoiceIds)
    .execute();
  return rows.map((row) => ({ ...row, amountCents: Number(row.amountCents) }));
}

// --- Payments -------------------------------------------------------------------------

export interface PaymentFilter {
  branchId: string;
  fromDate?: string;
  toDate?: string;
  patientId?: string;
  paymentNo?: string | null;
  method?: string | null;
  status?: number;
}

export interface PaymentRow {
  id: string;
  paymentNo: string;
  paymentDate: string;
  status: number;
  invoiceId: string;
  invoiceNo: string | null;
  patientId: string;
  patientName: string;
  methods: string[];
  amountCents: number;
  changeCents: number;
  remarks: string | null;
}

function paymentFrom(filter: PaymentFilter) {
  return sql`
      FROM payments p
      JOIN invoices i ON i.tenant_id = p.tenant_id AND i.id = p.invoice_id
      JOIN patients pa ON pa.tenant_id = i.tenant_id AND pa.id = i.patient_id
     WHERE ${all([
       sql`p.branch_id = ${filter.branchId}`,
       dateFrom(sql`p.payment_date`, filter.fromDate),
       dateTo(sql`p.payment_date`, filter.toDate),
       filter.patientId ? sql`i.patient_id = ${filter.patientId}` : null,
       numberLike(sql`p.payment_no`, filter.paymentNo),
       filter.status === undefined ? null : sql`p.status = ${filter.status}`,
       filter.method
         ? sql`EXISTS (SELECT 1 FROM payment_tenders t
                        WHERE t.tenant_id = p.tenant_id AND t.payment_id = p.id
                          AND t.method_code = ${filter.method})`
         : null,
     ])}`;
}

/** A window of the branch's payments, newest first, with their methods' names. */
export async function searchPayments(
  tx: TenantTx,
  filter: PaymentFilter,
  window: Window,
): Promise<{ rows: PaymentRow[]; total: number }> {
  const from = paymentFrom(filter);
  const rows = await sql<
    Omit<PaymentRow, 'amountCents' | 'changeCents'> & { amountCents: string; changeCents: string }
  >`
    SELECT p.id, p.payment_no AS "paymentNo", p.payment_date AS "paymentDate", p.status,
           p.invoice_id AS "invoiceId", i.invoice_no AS "invoiceNo",
           i.patient_id AS "patientId", pa.name AS "patientName",
           ARRAY(SELECT m.name FROM payment_tenders t
                   JOIN payment_methods m ON m.tenant_id = t.tenant_id AND m.code = t.method_code
                  WHERE t.tenant_id = p.tenant_id AND t.payment_id = p.id
                  ORDER BY t.line_no) AS methods,
           p.amount_cents AS "amountCents", p.change_cents AS "changeCents", p.remarks
      ${from}
     ORDER BY p.payment_date DESC, p.payment_no DESC, p.id
     LIMIT ${window.limit} OFFSET ${window.offset}
  `.execute(tx.db);
  return {
    rows: rows.rows.map((row) => ({
      ...row,
      amountCents: Number(row.amountCents),
      changeCents: Number(row.changeCents),
    })),
    total: await counted(from, tx),
  };
}

export const SETTLED = PAYMENT_STATUS.Paid;
export const VOIDED = PAYMENT_STATUS.Voided;

// --- Medical certificates -------------------------------------------------------------

export interface McFilter {
  branchId: string;
  fromDate?: string;
  toDate?: string;
  patientId?: string;
  mcNo?: string | null;
}

export interface McRow {
  id: string;
  mcNo: string;
  issuedDate: string;
  fromDate: string;
  toDate: string;
  givenDays: number;
  excuseChit: boolean;
  patientId: string;
  patientName: string;
  visitId: string;
  doctorName: string;
}

function mcFrom(filter: McFilter) {
  return sql`
      FROM medical_certificates c
      JOIN patients pa ON pa.tenant_id = c.tenant_id AND pa.id = c.patient_id
      JOIN users u ON u.tenant_id = c.tenant_id AND u.id = c.doctor_id
     WHERE ${all([
       sql`c.branch_id = ${filter.branchId}`,
       sql`c.deleted_at IS NULL`,
       dateFrom(sql`c.issued_date`, filter.fromDate),
       dateTo(sql`c.issued_date`, filter.toDate),
       filter.patientId ? sql`c.patient_id = ${filter.patientId}` : null,
       numberLike(sql`c.mc_no`, filter.mcNo),
     ])}`;
}

/** A window of the branch's live certificates, newest issued first. */
export async function searchMcs(
  tx: TenantTx,
  filter: McFilter,
  window: Window,
): Promise<{ rows: McRow[]; total: number }> {
  const from = mcFrom(filter);
  const rows = await sql<McRow>`
    SELECT c.id, c.mc_no AS "mcNo", c.issued_date AS "issuedDate", c.from_date AS "fromDate",
           c.to_date AS "toDate", c.given_days AS "givenDays", c.excuse_chit AS "excuseChit",
           c.patient_id AS "patientId", pa.name AS "patientName", c.visit_id AS "visitId",
           trim(u.first_name || ' ' || u.last_name) AS "doctorName"
      ${from}
     ORDER BY c.issued_date DESC, c.mc_no DESC, c.id
     LIMIT ${window.limit} OFFSET ${window.offset}
  `.execute(tx.db);
  return { rows: rows.rows, total: await counted(from, tx) };
}

// --- Credit notes ---------------------------------------------------------------------

export interface CreditNoteFilter {
  branchId: string;
  fromDate?: string;
  toDate?: string;
  patientId?: string;
  creditNoteNo?: string | null;
  type?: number;
  status?: number;
}

export interface CreditNoteRow {
  id: string;
  creditNoteNo: string;
  creditNoteDate: string;
  type: number;
  status: number;
  patientId: string;
  patientName: string;
  invoiceId: string | null;
  invoiceNo: string | null;
  depositId: string | null;
  depositNo: string | null;
  amountCents: number;
  refundMethodName: string | null;
  reason: string;
}

function creditNoteFrom(filter: CreditNoteFilter) {
  return sql`
      FROM credit_notes c
      JOIN patients pa ON pa.tenant_id = c.tenant_id AND pa.id = c.patient_id
      LEFT JOIN invoices i ON i.tenant_id = c.tenant_id AND i.id = c.invoice_id
      LEFT JOIN deposits d ON d.tenant_id = c.tenant_id AND d.id = c.deposit_id
      LEFT JOIN payment_methods m ON m.tenant_id = c.tenant_id AND m.code = c.refund_method_code
     WHERE ${all([
       sql`c.branch_id = ${filter.branchId}`,
       dateFrom(sql`c.credit_note_date`, filter.fromDate),
       dateTo(sql`c.credit_note_date`, filter.toDate),
       filter.patientId ? sql`c.patient_id = ${filter.patientId}` : null,
       numberLike(sql`c.credit_note_no`, filter.creditNoteNo),
       filter.type === undefined ? null : sql`c.type = ${filter.type}`,
       filter.status === undefined ? null : sql`c.status = ${filter.status}`,
     ])}`;
}

/** A window of the branch's credit notes, newest first, with what each credits. */
export async function searchCreditNotes(
  tx: TenantTx,
  filter: CreditNoteFilter,
  window: Window,
): Promise<{ rows: CreditNoteRow[]; total: number }> {
  const from = creditNoteFrom(filter);
  const rows = await sql<Omit<CreditNoteRow, 'amountCents'> & { amountCents: string }>`
    SELECT c.id, c.credit_note_no AS "creditNoteNo", c.credit_note_date AS "creditNoteDate",
           c.type, c.status, c.patient_id AS "patientId", pa.name AS "patientName",
           c.invoice_id AS "invoiceId", i.invoice_no AS "invoiceNo",
           c.deposit_id AS "depositId", d.deposit_no AS "depositNo",
           c.amount_cents AS "amountCents", m.name AS "refundMethodName", c.reason
      ${from}
     ORDER BY c.credit_note_date DESC, c.credit_note_no DESC, c.id
     LIMIT ${window.limit} OFFSET ${window.offset}
  `.execute(tx.db);
  return {
    rows: rows.rows.map((row) => ({ ...row, amountCents: Number(row.amountCents) })),
    total: await counted(from, tx),
  };
}

// --- Unbilled visits ------------------------------------------------------------------

export interface UnbilledVisitRow {
  id: string;
  visitDate: Date;
  branchId: string;
  branchCode: string;
  doctorName: string | null;
  lineCount: string;
}

/** The patient's visits (not voided) with no invoice that is not voided, newest first. */
export async function unbilledVisits(tx: TenantTx, patientId: string): Promise<UnbilledVisitRow[]> {
  const rows = await sql<UnbilledVisitRow>`
    SELECT v.id, v.visit_date AS "visitDate", v.branch_id AS "branchId", b.code AS "branchCode",
           nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')
             AS "doctorName",
           (SELECT count(*) FROM prescriptions rx
             WHERE rx.tenant_id = v.tenant_id AND rx.visit_id = v.id) AS "lineCount"
      FROM visits v
      JOIN branches b ON b.tenant_id = v.tenant_id AND b.id = v.branch_id
      LEFT JOIN users u ON u.tenant_id = v.tenant_id AND u.id = v.doctor_id
     WHERE v.patient_id = ${patientId}
       AND v.voided_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM invoices i
                        WHERE i.tenant_id = v.tenant_id AND i.visit_id = v.id
                          AND i.status <> ${INVOICE_STATUS.Voided})
     ORDER BY v.visit_date DESC, v.id
  `.execute(tx.db);
  return rows.rows;
}
