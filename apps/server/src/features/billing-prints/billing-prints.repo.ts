import { INVOICE_STATUS } from '@clinic/domain';
import type { TenantTx } from '../../db/tenant-db.ts';

/** What a print adds to the invoice: the patient's ID, the visit's doctor. */
export function invoiceFacts(tx: TenantTx, invoiceId: string) {
  return tx.db
    .selectFrom('invoices as i')
    .innerJoin('patients as p', (join) =>
      join.onRef('p.tenantId', '=', 'i.tenantId').onRef('p.id', '=', 'i.patientId'),
    )
    .innerJoin('visits as v', (join) =>
      join.onRef('v.tenantId', '=', 'i.tenantId').onRef('v.id', '=', 'i.visitId'),
    )
    .leftJoin('users as d', (join) =>
      join.onRef('d.tenantId', '=', 'v.tenantId').onRef('d.id', '=', 'v.doctorId'),
    )
    .select(['i.id', 'i.branchId', 'p.nric', 'd.firstName', 'd.lastName'])
    .where('i.id', '=', invoiceId)
    .executeTakeFirst();
}

/** The printing branch's country (its IDs are masked when it is Singapore). */
export async function branchCountry(tx: TenantTx, branchId: string): Promise<string> {
  const row = await tx.db
    .selectFrom('branches')
    .select('country')
    .where('id', '=', branchId)
    .executeTakeFirst();
  return row?.country ?? '';
}

/** The patient's name and ID; undefined for no such patient of the clinic. */
export function patientFacts(tx: TenantTx, patientId: string) {
  return tx.db
    .selectFrom('patients')
    .select(['id', 'name', 'nric'])
    .where('id', '=', patientId)
    .executeTakeFirst();
}

/**
 * The patient's finalised invoices of the branch that may still owe (issued or partly
 * paid: overdue ones are stored as such), oldest first.
 */
export async function owingInvoiceIds(
  tx: TenantTx,
  patientId: string,
  branchId: string,
): Promise<string[]> {
  const rows = await tx.db
    .selectFrom('invoices')
    .select('id')
    .where('patientId', '=', patientId)
    .where('branchId', '=', branchId)
    .where('status', 'in', [INVOICE_STATUS.Issued, INVOICE_STATUS.PartiallyPaid])
    .orderBy('invoiceDate')
    .orderBy('invoiceNo')
    .execute();
  return rows.map((row) => row.id);
}
