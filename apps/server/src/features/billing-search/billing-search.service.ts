import {
  CREDIT_STATUS,
  creditNoteTypeName,
  EXPORT_ROWS_MAX,
  finalisedInvoiceStatus,
  INVOICE_STATUS,
  INVOICE_STATUS_BY_NAME,
  invoiceBalance,
  settledPaymentsCents,
  sumCents,
  type CreditNoteExportQuery,
  type CreditNoteSearchRow,
  type CreditNoteType,
  type InvoiceExportQuery,
  type InvoiceSearchRow,
  type InvoiceStatus,
  type McExportQuery,
  type McSearchRow,
  type PaymentExportQuery,
  type PaymentSearchRow,
  type PaymentStatus,
  type SearchedInvoiceStatus,
  type UnbilledVisits,
} from '@clinic/domain';
import type { TenantTx } from '../../db/tenant-db.ts';
import { fieldError } from '../../platform/errors.ts';
import { toUnix, type BranchScope } from '../../platform/scope.ts';
import { depositsAndCreditsOf } from '../billing/billing.service.ts';
import { clinicContext } from '../branches/branches.service.ts';
import * as repo from './billing-search.repo.ts';

/**
 * The billing search (docs/architecture.md "Billing search and export"): the caller's
 * branch's finalised invoices, payments, credit notes and live medical certificates by filters, a page
 * at a time or every row up to `EXPORT_ROWS_MAX` for a workbook; a patient's unbilled
 * visits. Reads only. Paid sums, balances and statuses come from the domain's billing
 * arithmetic, as the billing feature answers them.
 */

export interface Found<T> {
  items: T[];
  total: number;
}

/** A page (`pageIndex` from 1), or every row of an export. */
export type Paging = { pageIndex: number; pageSize: number } | 'export';

/** One more than the bound is read: a match above it is refused, never cut short. */
function windowOf(paging: Paging): repo.Window {
  return paging === 'export'
    ? { limit: EXPORT_ROWS_MAX + 1, offset: 0 }
    : { limit: paging.pageSize, offset: (paging.pageIndex - 1) * paging.pageSize };
}

function checked<T>(found: { rows: T[]; total: number }, paging: Paging): Found<T> {
  if (paging === 'export' && found.total > EXPORT_ROWS_MAX) {
    throw fieldError('fromDate', 'search.tooManyRows', EXPORT_ROWS_MAX);
  }
  return { items: found.rows, total: found.total };
}

function checkPeriod(query: { fromDate?: string; toDate?: string }): void {
  if (query.fromDate && query.toDate && query.fromDate > query.toDate) {
    throw fieldError('toDate', 'stock.periodBackwards');
  }
}

// --- Invoices -------------------------------------------------------------------------

const STATUS_NAME = new Map(
  Object.entries(INVOICE_STATUS_BY_NAME).map(([name, code]) => [code, name]),
);

/** The stored statuses (and the overdue rule) a status filter reads. */
function statusFilter(
  status: SearchedInvoiceStatus | undefined,
  today: string,
): Pick<repo.InvoiceFilter, 'statuses' | 'overdue'> {
  if (!status) return {};
  if (status === 'OVERDUE') return { overdue: { today, is: true } };
  const statuses = [INVOICE_STATUS_BY_NAME[status]];
  return status === 'ISSUED' || status === 'PARTIALLY'
    ? { statuses, overdue: { today, is: false } }
    : { statuses };
}

/** What deposits applied paid and credit notes credited on an invoice (billing's sums). */
type DepositsAndCredits = { depositPaidCents: number; creditedCents: number };

function invoiceRowOf(
  row: repo.InvoiceRow,
  payments: Array<{ status: number; amountCents: number }>,
  credits: DepositsAndCredits,
  today: string,
): InvoiceSearchRow {
  const settledCents = settledPaymentsCents(
    payments.map((payment) => ({ ...payment, status: payment.status as PaymentStatus })),
  );
  // Paid and credited as billing counts them for the invoice screen: deposits applied are paid.
  const paidCents = sumCents([settledCents, credits.depositPaidCents]);
  const { creditedCents } = credits;
  const voided = row.status === INVOICE_STATUS.Voided;
  const money = { grandTotalCents: row.grandTotalCents, paidCents, creditedCents };
  const status: InvoiceStatus = finalisedInvoiceStatus({
    ...money,
    voided,
    dueDate: row.dueDate,
    today,
  });
  return {
    ...row,
    status: STATUS_NAME.get(status) as SearchedInvoiceStatus,
    statusCode: status,
    paidCents,
    creditedCents,
    balanceCents: voided ? 0 : invoiceBalance(money),
  };
}

async function invoicesIn(
  tx: TenantTx,
  scope: BranchScope,
  query: InvoiceExportQuery,
  paging: Paging,
): Promise<Found<InvoiceSearchRow>> {
  checkPeriod(query);
  const { today } = await clinicContext(tx, scope.branchId);
  const found = checked(
    await repo.searchInvoices(
      tx,
      {
        branchId: scope.branchId,
        fromDate: query.fromDate,
        toDate: query.toDate,
        patientId: query.patientId,
        invoiceNo: query.invoiceNo,
        ...statusFilter(query.status, today),
      },
      windowOf(paging),
    ),
    paging,
  );
  const invoiceIds = found.items.map((row) => row.id);
  const payments = await repo.paymentsOf(tx, invoiceIds);
  const credits = await depositsAndCreditsOf(tx, invoiceIds);
  return {
    items: found.items.map((row) =>
      invoiceRowOf(
        row,
        payments.filter((payment) => payment.invoiceId === row.id),
        credits.get(row.id) ?? { depositPaidCents: 0, creditedCents: 0 },
        today,
      ),
    ),
    total: found.total,
  };
}

/** `GET /search/invoices` and its export's rows. */
export function searchInvoices(
  scope: BranchScope,
  query: InvoiceExportQuery,
  paging: Paging,
): Promise<Found<InvoiceSearchRow>> {
  return scope.run((tx) => invoicesIn(tx, scope, query, paging));
}

// --- Payments -------------------------------------------------------------------------

/** `GET /search/payments` and its export's rows. */
export function searchPayments(
  scope: BranchScope,
  query: PaymentExportQuery,
  paging: Paging,
): Promise<Found<PaymentSearchRow>> {
  return scope.run(async (tx) => {
    checkPeriod(query);
    const found = checked(
      await repo.searchPayments(
        tx,
        {
          branchId: scope.branchId,
          fromDate: query.fromDate,
          toDate: query.toDate,
          patientId: query.patientId,
          paymentNo: query.paymentNo,
          method: query.method,
          status:
            query.status === undefined
              ? undefined
              : query.status === 'VOIDED'
                ? repo.VOIDED
                : repo.SETTLED,
        },
        windowOf(paging),
      ),
      paging,
    );
    return {
      items: found.items.map((row) => ({
        ...row,
        status: row.status === repo.VOIDED ? 'VOIDED' : 'SETTLED',
        statusCode: row.status,
      })),
      total: found.total,
    };
  });
}

// --- Credit notes ---------------------------------------------------------------------

function creditNoteRowOf(row: repo.CreditNoteRow): CreditNoteSearchRow {
  return {
    ...row,
    type: creditNoteTypeName(row.type as CreditNoteType),
    typeCode: row.type,
    status: row.status === CREDIT_STATUS.Voided ? 'VOIDED' : 'ISSUED',
    statusCode: row.status,
  };
}

/** `GET /search/credit-notes` and its export's rows. */
export function searchCreditNotes(
  scope: BranchScope,
  query: CreditNoteExportQuery,
  paging: Paging,
): Promise<Found<CreditNoteSearchRow>> {
  return scope.run(async (tx) => {
    checkPeriod(query);
    const found = checked(
      await repo.searchCreditNotes(
        tx,
        {
          branchId: scope.branchId,
          fromDate: query.fromDate,
          toDate: query.toDate,
          patientId: query.patientId,
          creditNoteNo: query.creditNoteNo,
          type: query.type,
          status:
            query.status === undefined
              ? undefined
              : query.status === 'VOIDED'
                ? CREDIT_STATUS.Voided
                : CREDIT_STATUS.Active,
        },
        windowOf(paging),
      ),
      paging,
    );
    return { items: found.items.map(creditNoteRowOf), total: found.total };
  });
}

// --- Medical certificates -------------------------------------------------------------

/** `GET /search/medical-certificates` and its export's rows. */
export function searchMcs(
  scope: BranchScope,
  query: McExportQuery,
  paging: Paging,
): Promise<Found<McSearchRow>> {
  return scope.run(async (tx) => {
    checkPeriod(query);
    return checked(
      await repo.searchMcs(
        tx,
        {
          branchId: scope.branchId,
          fromDate: query.fromDate,
          toDate: query.toDate,
          patientId: query.patientId,
          mcNo: query.mcNo,
        },
        windowOf(paging),
      ),
      paging,
    );
  });
}

// --- Unbilled visits ------------------------------------------------------------------

/**
 * `GET /invoices/unbills?patientId=`: the patient's visits of every branch with no invoice
 * that is not voided; `billable` where the caller's branch may bill it (its own visits).
 */
export function unbilledVisits(scope: BranchScope, patientId: string): Promise<UnbilledVisits> {
  return scope.run(async (tx) => {
    const rows = await repo.unbilledVisits(tx, patientId);
    const items = rows.map((row) => ({
      id: row.id,
      visitedAt: toUnix(row.visitDate),
      branchId: row.branchId,
      branchCode: row.branchCode,
      doctorName: row.doctorName,
      lineCount: Number(row.lineCount),
      billable: row.branchId === scope.branchId,
    }));
    return { items, total: items.length };
  });
}
