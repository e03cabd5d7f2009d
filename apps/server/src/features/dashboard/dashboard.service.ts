import {
  invoiceBalance,
  largestFirst,
  sumCents,
  type DashboardCollections,
  type PaymentMethodAmountItem,
  type UnbilledPatient,
  type UnpaidInvoice,
} from '@clinic/domain';
import type { TenantTx } from '../../db/tenant-db.ts';
import type { BranchScope } from '../../platform/scope.ts';
import { depositsAndCreditsOf } from '../billing/billing.service.ts';
import { clinicContext } from '../branches/branches.service.ts';
import * as repo from './dashboard.repo.ts';

/**
 * The dashboard (issue 13; doc 1 section 2.10): the day's figures and lists of the
 * caller's branch. Sums of the day are made in SQL (one row a method, one of totals);
 * balances come from the domain's billing arithmetic with billing's deposits and credits.
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
    const invoices = await repo.dayInvoiceTotals(tx, scope.branchId, day);
    const methods = await repo.dayMethodAmounts(tx, scope.branchId, day);
    return {
      pendingQueueCount: await repo.pendingQueueCount(tx, scope.branchId, day),
      prescriptionCount: await repo.unbilledPrescriptionPatientCount(tx, scope.branchId, day),
      totalAmountBilled: invoices.billedCents,
      totalAmountPaid: sumCents(methods.map((method) => method.amount)),
      totalSubsidyAmount: invoices.subsidyCents,
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

/**
 * The day's invoices with a balance, paid and credited as the invoice screen counts them:
 * settled payments and deposits applied are paid, credit notes credited (billing's sums).
 */
export function unpaidInvoices(scope: BranchScope, from: number): Promise<List<UnpaidInvoice>> {
  return onDay(scope, from, async (tx, day) => {
    const invoices = await repo.dayOwingInvoices(tx, scope.branchId, day);
    const credits = await depositsAndCreditsOf(
      tx,
      invoices.map((invoice) => invoice.id),
    );
    const unpaid = invoices
      .map((invoice) => {
        const { depositPaidCents = 0, creditedCents = 0 } = credits.get(invoice.id) ?? {};
        const paidCents = sumCents([invoice.paidCents, depositPaidCents]);
        return {
          id: invoice.id,
          invoiceNumber: invoice.invoiceNumber,
          patient: { name: invoice.patientName },
          totalAmount: invoice.grandTotalCents,
          paidAmount: paidCents,
          balance: invoiceBalance({
            grandTotalCents: invoice.grandTotalCents,
            paidCents,
            creditedCents,
          }),
        };
      })
      .filter((invoice) => invoice.balance > 0);
    return listOf(unpaid);
  });
}

export function paymentMethodTotals(
  scope: BranchScope,
  from: number,
): Promise<List<PaymentMethodAmountItem>> {
  return onDay(scope, from, async (tx, day) =>
    listOf(largestFirst(await repo.dayMethodAmounts(tx, scope.branchId, day))),
  );
}
