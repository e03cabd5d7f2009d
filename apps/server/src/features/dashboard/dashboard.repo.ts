import { sql, type ExpressionBuilder } from 'kysely';
import { INVOICE_STATUS, PAYMENT_STATUS, QUEUE_STATUS } from '@clinic/domain';
import type { DB } from '../../db/schema.ts';
import type { TenantTx } from '../../db/tenant-db.ts';

/**
 * The dashboard's reads of the queue and billing tables (read only; their owners write
 * them). A day is the clinic's date; everything is the caller's branch's.
 */

/** The queue's active entries (not deleted) of the branch's day. */
function dayEntries(tx: TenantTx, branchId: string, day: string) {
  return tx.db
    .selectFrom('queueEntries as q')
    .where('q.branchId', '=', branchId)
    .where('q.queueDate', '=', day)
    .where('q.queueStatus', '=', 0);
}

/** A finalised invoice of the visit that is not voided (drafts and voids do not bill it). */
function finalisedInvoiceOf(eb: ExpressionBuilder<DB & { q: DB['queueEntries'] }, 'q'>) {
  return eb.exists(
    eb
      .selectFrom('invoices as i')
      .select('i.id')
      .whereRef('i.tenantId', '=', 'q.tenantId')
      .whereRef('i.visitId', '=', 'q.visitId')
      .where('i.status', 'not in', [INVOICE_STATUS.Draft, INVOICE_STATUS.Voided]),
  );
}

export async function pendingQueueCount(tx: TenantTx, branchId: string, day: string) {
  const row = await dayEntries(tx, branchId, day)
    .where('q.status', '=', QUEUE_STATUS.pending)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Patients of the day's visits with prescription lines and no finalised invoice. */
export async function unbilledPrescriptionPatientCount(
  tx: TenantTx,
  branchId: string,
  day: string,
) {
  const row = await dayEntries(tx, branchId, day)
    .where((eb) =>
      eb.and([
        eb.exists(
          eb
            .selectFrom('prescriptions as rx')
            .select('rx.id')
            .whereRef('rx.tenantId', '=', 'q.tenantId')
            .whereRef('rx.visitId', '=', 'q.visitId'),
        ),
        eb.not(finalisedInvoiceOf(eb)),
      ]),
    )
    .select(sql<string>`count(DISTINCT q.patient_id)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Patients of the day's visits with no finalised invoice, once each, by name. */
export async function unbilledPatients(tx: TenantTx, branchId: string, day: string) {
  return dayEntries(tx, branchId, day)
    .innerJoin('patients as p', (join) =>
      join.onRef('p.tenantId', '=', 'q.tenantId').onRef('p.id', '=', 'q.patientId'),
    )
    .where((eb) => eb.not(finalisedInvoiceOf(eb)))
    .select(['p.id', 'p.name as patientName', 'p.nric', 'p.cardNo'])
    .distinct()
    .orderBy('p.name')
    .orderBy('p.id')
    .execute();
}

/** The branch's invoices finalised that day and not voided. */
function dayInvoiceRows(tx: TenantTx, branchId: string, day: string) {
  return tx.db
    .selectFrom('invoices as i')
    .where('i.branchId', '=', branchId)
    .where('i.invoiceDate', '=', day)
    .where('i.status', 'not in', [INVOICE_STATUS.Draft, INVOICE_STATUS.Voided]);
}

/** What the settled payments of the invoice `i` took off it. */
const settledPaid = sql<string>`(
  SELECT coalesce(sum(pay.amount_cents), 0) FROM payments pay
   WHERE pay.tenant_id = i.tenant_id AND pay.invoice_id = i.id
     AND pay.status = ${PAYMENT_STATUS.Paid})`;

/**
 * The day's invoices its settled payments leave owing, with what they paid, by number:
 * a paid invoice is never sent (deposits and credit notes, billing's, only lower a
 * balance further).
 */
export async function dayOwingInvoices(tx: TenantTx, branchId: string, day: string) {
  const rows = await dayInvoiceRows(tx, branchId, day)
    .innerJoin('patients as p', (join) =>
      join.onRef('p.tenantId', '=', 'i.tenantId').onRef('p.id', '=', 'i.patientId'),
    )
    .where(sql<boolean>`i.grand_total_cents > ${settledPaid}`)
    .select(['i.id', 'i.invoiceNo', 'p.name as patientName', 'i.grandTotalCents'])
    .select(settledPaid.as('paidCents'))
    .orderBy('i.invoiceNo')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    invoiceNumber: row.invoiceNo ?? '',
    patientName: row.patientName,
    grandTotalCents: Number(row.grandTotalCents ?? 0),
    paidCents: Number(row.paidCents),
  }));
}

/** What the day's invoices billed and what subsidies took off them, summed in SQL. */
export async function dayInvoiceTotals(tx: TenantTx, branchId: string, day: string) {
  const row = await dayInvoiceRows(tx, branchId, day)
    .select([
      sql<string>`coalesce(sum(i.grand_total_cents), 0)`.as('billed'),
      sql<string>`coalesce(sum(i.subsidy_cents), 0)`.as('subsidy'),
    ])
    .executeTakeFirstOrThrow();
  return { billedCents: Number(row.billed), subsidyCents: Number(row.subsidy) };
}

/**
 * The tenders of the branch's settled payments of the day summed by the method's name
 * (voided payments left out), with how many tenders each: one row a method.
 */
export async function dayMethodAmounts(tx: TenantTx, branchId: string, day: string) {
  const method = sql<string>`coalesce(method.name, tender.method_code)`;
  const rows = await tx.db
    .selectFrom('payments as pay')
    .innerJoin('paymentTenders as tender', (join) =>
      join.onRef('tender.tenantId', '=', 'pay.tenantId').onRef('tender.paymentId', '=', 'pay.id'),
    )
    .leftJoin('paymentMethods as method', (join) =>
      join
        .onRef('method.tenantId', '=', 'tender.tenantId')
        .onRef('method.code', '=', 'tender.methodCode'),
    )
    .where('pay.branchId', '=', branchId)
    .where('pay.paymentDate', '=', day)
    .where('pay.status', '=', PAYMENT_STATUS.Paid)
    .select([
      method.as('paymentMethod'),
      sql<string>`sum(tender.amount_cents)`.as('amount'),
      sql<string>`count(*)`.as('count'),
    ])
    .groupBy(method)
    .execute();
  return rows.map((row) => ({
    paymentMethod: row.paymentMethod,
    amount: Number(row.amount),
    count: Number(row.count),
  }));
}
