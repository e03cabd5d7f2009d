import {
  PAYMENT_STATUS,
  type PaymentMethod,
  type PaymentStatus,
  type Tender,
} from '@clinic/domain';
import { sql } from 'kysely';
import type { TenantTx } from '../../db/tenant-db.ts';

/** The clinic's active payment methods, in their order. */
export async function paymentMethods(tx: TenantTx): Promise<PaymentMethod[]> {
  return tx.db
    .selectFrom('paymentMethods')
    .select(['code', 'name', 'givesChange'])
    .where('isActive', '=', true)
    .orderBy('sortOrder')
    .orderBy('code')
    .execute();
}

export async function insertPayment(
  tx: TenantTx,
  values: {
    branchId: string;
    invoiceId: string;
    paymentNo: string;
    amountCents: number;
    changeCents: number;
    paymentDate: string;
    remarks: string | null;
    createdBy: string;
  },
  tenders: Tender[],
): Promise<string> {
  const row = await tx.db
    .insertInto('payments')
    .values({ tenantId: tx.tenantId, ...values, status: PAYMENT_STATUS.Paid })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx.db
    .insertInto('paymentTenders')
    .values(
      tenders.map((tender, index) => ({
        tenantId: tx.tenantId,
        paymentId: row.id,
        lineNo: index + 1,
        methodCode: tender.method,
        amountCents: tender.amountCents,
      })),
    )
    .execute();
  return row.id;
}

export interface PaymentRow {
  id: string;
  paymentNo: string;
  invoiceId: string;
  invoiceNo: string | null;
  patientId: string;
  branchId: string;
  status: PaymentStatus;
  paymentDate: string;
  amountCents: number;
  changeCents: number;
  tenders: Array<{ method: string; methodName: string; amountCents: number }>;
  remarks: string | null;
  voidReason: string | null;
  version: number;
  createdAt: Date;
  voidedAt: Date | null;
}

/** Payments of invoices, or of a patient, or one payment; oldest first. */
export async function listPayments(
  tx: TenantTx,
  filter: { invoiceIds?: string[]; patientId?: string; id?: string },
): Promise<PaymentRow[]> {
  if (filter.invoiceIds && filter.invoiceIds.length === 0) return [];
  const where = sql.join(
    [
      filter.invoiceIds ? sql`p.invoice_id IN (${sql.join(filter.invoiceIds)})` : sql`true`,
      filter.patientId ? sql`i.patient_id = ${filter.patientId}` : sql`true`,
      filter.id ? sql`p.id = ${filter.id}` : sql`true`,
    ],
    sql` AND `,
  );
  const rows = await sql<
    Omit<PaymentRow, 'amountCents' | 'changeCents' | 'tenders' | 'status'> & {
      status: number;
      amountCents: string;
      changeCents: string;
    }
  >`
    SELECT p.id, p.payment_no AS "paymentNo", p.invoice_id AS "invoiceId",
           i.invoice_no AS "invoiceNo", i.patient_id AS "patientId", p.branch_id AS "branchId",
           p.status, p.payment_date AS "paymentDate", p.amount_cents AS "amountCents",
           p.change_cents AS "changeCents", p.remarks, p.void_reason AS "voidReason",
           p.version, p.created_at AS "createdAt", p.voided_at AS "voidedAt"
      FROM payments p
      JOIN invoices i ON i.tenant_id = p.tenant_id AND i.id = p.invoice_id
     WHERE ${where}
     ORDER BY p.created_at, p.payment_no
  `.execute(tx.db);
  if (rows.rows.length === 0) return [];
  const tenders = await sql<{
    paymentId: string;
    method: string;
    methodName: string;
    amountCents: string;
  }>`
    SELECT t.payment_id AS "paymentId", t.method_code AS method, m.name AS "methodName",
           t.amount_cents AS "amountCents"
      FROM payment_tenders t
      JOIN payment_methods m ON m.tenant_id = t.tenant_id AND m.code = t.method_code
     WHERE t.payment_id IN (${sql.join(rows.rows.map((row) => row.id))})
     ORDER BY t.payment_id, t.line_no
  `.execute(tx.db);
  return rows.rows.map((row) => ({
    ...row,
    status: row.status as PaymentStatus,
    amountCents: Number(row.amountCents),
    changeCents: Number(row.changeCents),
    tenders: tenders.rows
      .filter((tender) => tender.paymentId === row.id)
      .map(({ method, methodName, amountCents }) => ({
        method,
        methodName,
        amountCents: Number(amountCents),
      })),
  }));
}

/** The payment's invoice id (to lock the invoice first), or undefined. */
export async function invoiceOfPayment(tx: TenantTx, id: string): Promise<string | undefined> {
  const row = await tx.db
    .selectFrom('payments')
    .select('invoiceId')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.invoiceId;
}

/** The payment row, locked FOR UPDATE until the transaction ends. */
export async function lockPayment(tx: TenantTx, id: string) {
  const row = await tx.db
    .selectFrom('payments')
    .select(['id', 'invoiceId', 'branchId', 'status', 'version'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row && { ...row, status: row.status as PaymentStatus };
}

export async function voidPayment(
  tx: TenantTx,
  id: string,
  values: { version: number; reason: string; voidedBy: string },
): Promise<boolean> {
  const result = await tx.db
    .updateTable('payments')
    .set({
      status: PAYMENT_STATUS.Voided,
      voidReason: values.reason,
      voidedBy: values.voidedBy,
      voidedAt: sql`now()`,
      version: sql`version + 1`,
      updatedAt: sql`now()`,
    })
    .where('id', '=', id)
    .where('version', '=', values.version)
    .where('status', '=', PAYMENT_STATUS.Paid)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
