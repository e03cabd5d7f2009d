import {
  invoiceBalance,
  paymentMethodAmounts,
  sumCents,
  type DashboardCollections,
  type PaymentMethodAmountItem,
  type UnbilledPatient,
  type UnpaidInvoice,
} from '@clinic/domain';
import type { TenantTx } from '../../db/tenant-db.ts';
import type { BranchScope } from '../../platform/scope.ts';
import { clinicContext } from '../branches/branches.service.ts';
import * as repo from './dashboard.repo.ts';

/**
 * The dashboard (issue 13; doc 1 section 2.10): the day's figures and lists of the
 * caller's branch. Every figure comes from the domain's billing arithmetic.
 */

interface List<T> {
  items: T[];
  total: number;
}

const listOf = <T>(items: T[]): List<T> => ({ items, total: items.length });

/** Runs `read` on the clinic's date of `from` (any moment of the day). */
function onDay<T>(
  scope: BranchScope,
  from: number,
  read: (tx: TenantTx, day: string) => Promise<T>,
): Promise<T> {
  return scope.run(async (tx) => {
    const clinic = await clinicContext(tx, scope.branchId);
    return read(tx, clinic.dateOf(from));
  });
}

export function collections(scope: BranchScope, from: number): Promise<DashboardCollections> {
  return onDay(scope, from, async (tx, day) => {
    const invoices = await repo.dayInvoices(tx, scope.branchId, day);
    const tenders = await repo.dayTenders(tx, scope.branchId, day);
    return {
      pendingQueueCount: await repo.pendingQueueCount(tx, scope.branchId, day),
      prescriptionCount: await repo.unbilledPrescriptionPatientCount(tx, scope.branchId, day),
      totalAmountBilled: sumCents(invoices.map((invoice) => invoice.grandTotalCents)),
      totalAmountPaid: sumCents(paymentMethodAmounts(tenders).map((method) => method.amount)),
      totalSubsidyAmount: sumCents(invoices.map((invoice) => invoice.subsidyCents)),
    };
  });
}

export function unbilledPatients(scope: BranchScope, from: number): Promise<List<UnbilledPatient>> {
  return onDay(scope, from, async (tx, day) => {
    const rows = await repo.unbilledPatients(tx, scope.branchId, day);
    return listOf(
      rows.map((row) => ({
        id: row.id,
        patientName: row.patientName,
        NRIC: row.nric,
        cardNo: row.cardNo,
      })),
    );
  });
}

export function unpaidInvoices(scope: BranchScope, from: number): Promise<List<UnpaidInvoice>> {
  return onDay(scope, from, async (tx, day) => {
    const invoices = await repo.dayInvoices(tx, scope.branchId, day);
    const unpaid = invoices
      .map((invoice) => ({
        id: invoice.id,
        invoiceNumber: invoice.invoiceNumber,
        patient: { name: invoice.patientName },
        totalAmount: invoice.grandTotalCents,
        paidAmount: invoice.paidCents,
        // Credit notes do not exist yet (billing answers creditedCents 0).
        balance: invoiceBalance({
          grandTotalCents: invoice.grandTotalCents,
          paidCents: invoice.paidCents,
          creditedCents: 0,
        }),
      }))
      .filter((invoice) => invoice.balance > 0);
    return listOf(unpaid);
  });
}

export function paymentMethodTotals(
  scope: BranchScope,
  from: number,
): Promise<List<PaymentMethodAmountItem>> {
  return onDay(scope, from, async (tx, day) =>
    listOf(paymentMethodAmounts(await repo.dayTenders(tx, scope.branchId, day))),
  );
}
