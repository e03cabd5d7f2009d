import { CREDIT_STATUS, type CreditNoteType, type CreditStatus } from '@clinic/domain';
import { sql } from 'kysely';
import type { TenantTx } from '../../db/tenant-db.ts';

// --- Numbers --------------------------------------------------------------------------

/**
 * The branch's next credit-note or deposit number: the upsert locks the counter row until
 * the transaction ends, so concurrent notes take consecutive numbers and a rolled-back one
 * gives its number back (gapless), as billing's counters.
 */
export async function nextNumber(
  tx: TenantTx,
  branchId: string,
  kind: 'creditNote' | 'deposit',
): Promise<number> {
  const row = await tx.db
    .insertInto('creditCounters')
    .values({ tenantId: tx.tenantId, branchId, kind, lastValue: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['tenantId', 'branchId', 'kind'])
        .doUpdateSet({ lastValue: sql<number>`credit_counters.last_value + 1` }),
    )
    .returning('lastValue')
    .executeTakeFirstOrThrow();
  return row.lastValue;
}

export async function patientExists(tx: TenantTx, patientId: string): Promise<boolean> {
  const row = await tx.db
    .selectFrom('patients')
    .select('id')
    .where('id', '=', patientId)
    .executeTakeFirst();
  return row !== undefined;
}

// --- Deposits -------------------------------------------------------------------------

export async function insertDeposit(
  tx: TenantTx,
  values: {
    branchId: string;
    patientId: string;
    depositNo: string;
    amountCents: number;
    methodCode: string;
    depositDate: string;
    remarks: string | null;
    createdBy: string;
  },
): Promise<string> {
  const row = await tx.db
    .insertInto('deposits')
    .values({ tenantId: tx.tenantId, ...values, status: CREDIT_STATUS.Active })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface DepositRow {
  id: string;
  depositNo: string;
  patientId: string;
  branchId: string;
  status: CreditStatus;
  depositDate: string;
  amountCents: number;
  method: string;
  methodName: string;
  appliedCents: number;
  refundedCents: number;
  remarks: string | null;
  voidReason: string | null;
  version: number;
  createdAt: Date;
  voidedAt: Date | null;
}

/** Deposits of a patient (newest first) or one deposit, with what was used of each. */
export async function listDeposits(
  tx: TenantTx,
  filter: { patientId?: string; id?: string },
): Promise<DepositRow[]> {
  const rows = await sql<
    Omit<DepositRow, 'amountCents' | 'appliedCents' | 'refundedCents' | 'status'> & {
      status: number;
      amountCents: string;
      appliedCents: string;
      refundedCents: string;
    }
  >`
    SELECT d.id, d.deposit_no AS "depositNo", d.patient_id AS "patientId",
           d.branch_id AS "branchId", d.status, d.deposit_date AS "depositDate",
           d.amount_cents AS "amountCents", d.method_code AS method, m.name AS "methodName",
           (SELECT coalesce(sum(a.amount_cents), 0) FROM deposit_applications a
             WHERE a.tenant_id = d.tenant_id AND a.deposit_id = d.id AND a.status = 0)
             AS "appliedCents",
           (SELECT coalesce(sum(c.amount_cents), 0) FROM credit_notes c
             WHERE c.tenant_id = d.tenant_id AND c.deposit_id = d.id AND c.status = 0)
             AS "refundedCents",
           d.remarks, d.void_reason AS "voidReason", d.version, d.created_at AS "createdAt",
           d.voided_at AS "voidedAt"
      FROM deposits d
      JOIN payment_methods m ON m.tenant_id = d.tenant_id AND m.code = d.method_code
     WHERE ${filter.patientId ? sql`d.patient_id = ${filter.patientId}` : sql`true`}
       AND ${filter.id ? sql`d.id = ${filter.id}` : sql`true`}
     ORDER BY d.deposit_date DESC, d.created_at DESC, d.id
  `.execute(tx.db);
  return rows.rows.map((row) => ({
    ...row,
    status: row.status as CreditStatus,
    amountCents: Number(row.amountCents),
    appliedCents: Number(row.appliedCents),
    refundedCents: Number(row.refundedCents),
  }));
}

/** The deposit row, locked FOR UPDATE until the transaction ends. */
export async function lockDeposit(tx: TenantTx, id: string) {
  const row = await tx.db
    .selectFrom('deposits')
    .select(['id', 'branchId', 'patientId', 'status', 'version'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row && { ...row, status: row.status as CreditStatus };
}

/** A new version of the deposit (it was used or given back). */
export async function touchDeposit(tx: TenantTx, id: string): Promise<void> {
  await tx.db
    .updateTable('deposits')
    .set({ version: sql`version + 1`, updatedAt: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Voids an active deposit, application or credit note of that version; false when stale. */
async function voidActive(
  tx: TenantTx,
  table: 'deposits' | 'depositApplications' | 'creditNotes',
  id: string,
  values: { version: number; reason: string; voidedBy: string },
): Promise<boolean> {
  const result = await tx.db
    .updateTable(table)
    .set({
      status: CREDIT_STATUS.Voided,
      voidReason: values.reason,
      voidedBy: values.voidedBy,
      voidedAt: sql`now()`,
      version: sql`version + 1`,
      updatedAt: sql`now()`,
    })
    .where('id', '=', id)
    .where('version', '=', values.version)
    .where('status', '=', CREDIT_STATUS.Active)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const voidDeposit = (
  tx: TenantTx,
  id: string,
  values: { version: number; reason: string; voidedBy: string },
) => voidActive(tx, 'deposits', id, values);

// --- Applications ---------------------------------------------------------------------

export async function insertApplication(
  tx: TenantTx,
  values: {
    depositId: string;
    invoiceId: string;
    branchId: string;
    amountCents: number;
    appliedDate: string;
    createdBy: string;
  },
): Promise<string> {
  const row = await tx.db
    .insertInto('depositApplications')
    .values({ tenantId: tx.tenantId, ...values, status: CREDIT_STATUS.Active })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface ApplicationRow {
  id: string;
  depositId: string;
  depositNo: string;
  invoiceId: string;
  invoiceNo: string | null;
  branchId: string;
  status: CreditStatus;
  appliedDate: string;
  amountCents: number;
  methodName: string;
  voidReason: string | null;
  version: number;
  createdAt: Date;
  voidedAt: Date | null;
}

/** Applications of deposits, of an invoice, or one; oldest first. */
export async function listApplications(
  tx: TenantTx,
  filter: { depositIds?: string[]; invoiceId?: string; id?: string },
): Promise<ApplicationRow[]> {
  if (filter.depositIds && filter.depositIds.length === 0) return [];
  const rows = await sql<
    Omit<ApplicationRow, 'amountCents' | 'status'> & { status: number; amountCents: string }
  >`
    SELECT a.id, a.deposit_id AS "depositId", d.deposit_no AS "depositNo",
           a.invoice_id AS "invoiceId", i.invoice_no AS "invoiceNo", a.branch_id AS "branchId",
           a.status, a.applied_date AS "appliedDate", a.amount_cents AS "amountCents",
           m.name AS "methodName", a.void_reason AS "voidReason", a.version,
           a.created_at AS "createdAt", a.voided_at AS "voidedAt"
      FROM deposit_applications a
      JOIN deposits d ON d.tenant_id = a.tenant_id AND d.id = a.deposit_id
      JOIN invoices i ON i.tenant_id = a.tenant_id AND i.id = a.invoice_id
      JOIN payment_methods m ON m.tenant_id = d.tenant_id AND m.code = d.method_code
     WHERE ${filter.depositIds ? sql`a.deposit_id IN (${sql.join(filter.depositIds)})` : sql`true`}
       AND ${filter.invoiceId ? sql`a.invoice_id = ${filter.invoiceId}` : sql`true`}
       AND ${filter.id ? sql`a.id = ${filter.id}` : sql`true`}
     ORDER BY a.created_at, a.id
  `.execute(tx.db);
  return rows.rows.map((row) => ({
    ...row,
    status: row.status as CreditStatus,
    amountCents: Number(row.amountCents),
  }));
}

/** The application row, locked FOR UPDATE. */
export async function lockApplication(tx: TenantTx, id: string) {
  const row = await tx.db
    .selectFrom('depositApplications')
    .select(['id', 'depositId', 'invoiceId', 'branchId', 'status', 'version', 'amountCents'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return (
    row && { ...row, status: row.status as CreditStatus, amountCents: Number(row.amountCents) }
  );
}

/** The application's invoice and deposit (to lock them first), or undefined. */
export async function applicationParents(tx: TenantTx, id: string) {
  return tx.db
    .selectFrom('depositApplications')
    .select(['invoiceId', 'depositId'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export const voidApplication = (
  tx: TenantTx,
  id: string,
  values: { version: number; reason: string; voidedBy: string },
) => voidActive(tx, 'depositApplications', id, values);

// --- Credit notes ---------------------------------------------------------------------

export async function insertCreditNote(
  tx: TenantTx,
  values: {
    branchId: string;
    patientId: string;
    type: CreditNoteType;
    invoiceId: string | null;
    depositId: string | null;
    creditNoteNo: string;
    amountCents: number;
    reason: string;
    refundMethodCode: string | null;
    creditNoteDate: string;
    createdBy: string;
  },
  lines: Array<{ lineId: string; quantity: number }>,
): Promise<string> {
  const row = await tx.db
    .insertInto('creditNotes')
    .values({ tenantId: tx.tenantId, ...values, status: CREDIT_STATUS.Active })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (lines.length > 0) {
    await tx.db
      .insertInto('creditNoteLines')
      .values(
        lines.map((line) => ({
          tenantId: tx.tenantId,
          creditNoteId: row.id,
          invoiceLineId: line.lineId,
          quantity: line.quantity,
        })),
      )
      .execute();
  }
  return row.id;
}

export interface CreditNoteRow {
  id: string;
  creditNoteNo: string;
  type: CreditNoteType;
  patientId: string;
  patientName: string;
  branchId: string;
  invoiceId: string | null;
  invoiceNo: string | null;
  depositId: string | null;
  depositNo: string | null;
  status: CreditStatus;
  creditNoteDate: string;
  amountCents: number;
  reason: string;
  refundMethod: string | null;
  refundMethodName: string | null;
  lines: Array<{ lineId: string; code: string; name: string; quantity: number }>;
  voidReason: string | null;
  version: number;
  createdAt: Date;
  voidedAt: Date | null;
}

/** Credit notes of a patient or an invoice (with `type`), or one; newest first. */
export async function listCreditNotes(
  tx: TenantTx,
  filter: { patientId?: string; invoiceId?: string; id?: string; type?: CreditNoteType },
): Promise<CreditNoteRow[]> {
  const rows = await sql<
    Omit<CreditNoteRow, 'amountCents' | 'status' | 'type' | 'lines'> & {
      status: number;
      type: number;
      amountCents: string;
    }
  >`
    SELECT c.id, c.credit_note_no AS "creditNoteNo", c.type, c.patient_id AS "patientId",
           pa.name AS "patientName", c.branch_id AS "branchId", c.invoice_id AS "invoiceId", i.invoice_no AS "invoiceNo",
           c.deposit_id AS "depositId", d.deposit_no AS "depositNo", c.status,
           c.credit_note_date AS "creditNoteDate", c.amount_cents AS "amountCents", c.reason,
           c.refund_method_code AS "refundMethod", m.name AS "refundMethodName",
           c.void_reason AS "voidReason", c.version, c.created_at AS "createdAt",
           c.voided_at AS "voidedAt"
      FROM credit_notes c
      JOIN patients pa ON pa.tenant_id = c.tenant_id AND pa.id = c.patient_id
      LEFT JOIN invoices i ON i.tenant_id = c.tenant_id AND i.id = c.invoice_id
      LEFT JOIN deposits d ON d.tenant_id = c.tenant_id AND d.id = c.deposit_id
      LEFT JOIN payment_methods m
        ON m.tenant_id = c.tenant_id AND m.code = c.refund_method_code
     WHERE ${filter.patientId ? sql`c.patient_id = ${filter.patientId}` : sql`true`}
       AND ${filter.invoiceId ? sql`c.invoice_id = ${filter.invoiceId}` : sql`true`}
       AND ${filter.id ? sql`c.id = ${filter.id}` : sql`true`}
       AND ${filter.type ? sql`c.type = ${filter.type}` : sql`true`}
     ORDER BY c.credit_note_date DESC, c.created_at DESC, c.id
  `.execute(tx.db);
  if (rows.rows.length === 0) return [];
  const lines = await sql<{
    creditNoteId: string;
    lineId: string;
    code: string;
    name: string;
    quantity: number;
  }>`
    SELECT l.credit_note_id AS "creditNoteId", l.invoice_line_id AS "lineId", il.code,
           il.name, l.quantity
      FROM credit_note_lines l
      JOIN invoice_lines il ON il.tenant_id = l.tenant_id AND il.id = l.invoice_line_id
     WHERE l.credit_note_id IN (${sql.join(rows.rows.map((row) => row.id))})
     ORDER BY il.line_no
  `.execute(tx.db);
  return rows.rows.map((row) => ({
    ...row,
    type: row.type as CreditNoteType,
    status: row.status as CreditStatus,
    amountCents: Number(row.amountCents),
    lines: lines.rows
      .filter((line) => line.creditNoteId === row.id)
      .map(({ lineId, code, name, quantity }) => ({ lineId, code, name, quantity })),
  }));
}

/** The credit note's invoice and deposit (to lock them first), or undefined. */
export async function creditNoteParents(tx: TenantTx, id: string) {
  return tx.db
    .selectFrom('creditNotes')
    .select(['invoiceId', 'depositId'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The credit note row, locked FOR UPDATE. */
export async function lockCreditNote(tx: TenantTx, id: string) {
  const row = await tx.db
    .selectFrom('creditNotes')
    .select(['id', 'branchId', 'status', 'version'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row && { ...row, status: row.status as CreditStatus };
}

export const voidCreditNote = (
  tx: TenantTx,
  id: string,
  values: { version: number; reason: string; voidedBy: string },
) => voidActive(tx, 'creditNotes', id, values);

/** An invoice's lines with their billed quantities (for a goods return). */
export async function invoiceLineQuantities(
  tx: TenantTx,
  invoiceId: string,
): Promise<Map<string, number>> {
  const rows = await tx.db
    .selectFrom('invoiceLines')
    .select(['id', 'quantity'])
    .where('invoiceId', '=', invoiceId)
    .execute();
  return new Map(rows.map((row) => [row.id, row.quantity]));
}

/** The patient of an invoice of the clinic, or undefined. */
export async function invoicePatient(tx: TenantTx, invoiceId: string): Promise<string | undefined> {
  const row = await tx.db
    .selectFrom('invoices')
    .select('patientId')
    .where('id', '=', invoiceId)
    .executeTakeFirst();
  return row?.patientId;
}

/** A batch an invoice line's medicine was dispensed from, and how much it gave. */
export interface DispensedBatchOfLine {
  lineId: string;
  branchId: string;
  itemId: string;
  batchId: string;
  quantity: number;
}

/**
 * The batches the invoice's lines were dispensed from (through the line's prescription
 * line), each line's earliest expiry first: where goods returned go back. Lines not
 * dispensed (services, medicine not handed out) have none.
 */
export function dispensedBatchesOfLines(
  tx: TenantTx,
  invoiceId: string,
): Promise<DispensedBatchOfLine[]> {
  return tx.db
    .selectFrom('invoiceLines as l')
    .innerJoin('dispensedPrescriptionBatches as d', (join) =>
      join
        .onRef('d.tenantId', '=', 'l.tenantId')
        .onRef('d.prescriptionId', '=', 'l.prescriptionId'),
    )
    .innerJoin('stockBatches as b', (join) =>
      join.onRef('b.tenantId', '=', 'd.tenantId').onRef('b.id', '=', 'd.batchId'),
    )
    .select(['l.id as lineId', 'b.branchId', 'b.itemId', 'b.id as batchId', 'd.quantity'])
    .where('l.invoiceId', '=', invoiceId)
    .orderBy('l.id')
    .orderBy(sql`b.expiry_date asc nulls last`)
    .orderBy('b.id')
    .execute();
}

/** What the invoice's goods-return notes not voided returned of each line so far. */
export async function returnedOfLines(
  tx: TenantTx,
  invoiceId: string,
): Promise<Map<string, number>> {
  const rows = await tx.db
    .selectFrom('creditNoteLines as cl')
    .innerJoin('creditNotes as n', (join) =>
      join.onRef('n.tenantId', '=', 'cl.tenantId').onRef('n.id', '=', 'cl.creditNoteId'),
    )
    .select(['cl.invoiceLineId', sql<number>`sum(cl.quantity)::int`.as('quantity')])
    .where('n.invoiceId', '=', invoiceId)
    .where('n.status', '=', CREDIT_STATUS.Active)
    .groupBy('cl.invoiceLineId')
    .execute();
  return new Map(rows.map((row) => [row.invoiceLineId, row.quantity]));
}
