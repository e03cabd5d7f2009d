import {
  applyTenders,
  finalisedInvoiceStatus,
  formatReceiptNo,
  INVOICE_STATUS,
  invoiceBalance,
  PAYMENT_STATUS,
  refusalMessage,
  voidKeepsCreditCovered,
  type FieldError,
  type InvoiceStatus,
  type PaymentCreateBody,
  type PaymentCreated,
  type PaymentDispensed,
  type PaymentList,
  type PaymentMethodItem,
  type PaymentsQuery,
  type PaymentVersionBody,
  type PaymentVoidBody,
  type Payment,
} from '@clinic/domain';
import type { TenantTx } from '../../db/tenant-db.ts';
import { conflict, fieldError, fieldErrors, forbidden, notFound } from '../../platform/errors.ts';
import type { BranchScope } from '../../platform/scope.ts';
import { clinicContext } from '../branches/branches.service.ts';
import { dispensePrescriptionLines } from '../dispensing/dispensing.service.ts';
import * as invoicesRepo from './invoices.repo.ts';
import {
  invoiceMoneyOf,
  loadInvoice,
  lockedInvoice,
  paymentOf,
  stateRefusal,
} from './invoices.service.ts';
import * as repo from './payments.repo.ts';

/**
 * Payments of a finalised invoice (docs/architecture.md "Billing"): tendered in one method
 * or several (the domain's `applyTenders`: change from cash only, never above the
 * balance), numbered per branch without gaps, voided with a reason. The invoice row is
 * locked FOR UPDATE and its version checked first, and every payment gives the invoice a
 * new version, so of two payments racing for one balance the second is refused with 409.
 */

/** `GET /settings/paymentMethod`: the clinic's active methods. */
export function paymentMethods(
  scope: BranchScope,
): Promise<{ items: PaymentMethodItem[]; total: number }> {
  return scope.run(async (tx) => {
    const items = await repo.paymentMethods(tx);
    return { items, total: items.length };
  });
}

/**
 * The stored status of a finalised invoice after its payments, deposits applied or credit
 * notes changed (overdue is read later); the invoice takes a new version.
 */
export async function settleStatus(tx: TenantTx, invoiceId: string, userId: string): Promise<void> {
  const {
    items: [header],
  } = await invoicesRepo.listInvoices(tx, { id: invoiceId, pageIndex: 1, pageSize: 1 });
  const status: InvoiceStatus = finalisedInvoiceStatus({
    voided: false,
    grandTotalCents: header!.frozen!.grandTotalCents,
    ...(await invoiceMoneyOf(tx, invoiceId)),
    dueDate: null,
    today: header!.invoiceDate,
  });
  await invoicesRepo.setStatus(tx, invoiceId, status, userId);
}

/** 400 on the tender naming an unknown method. */
function checkMethods(body: PaymentCreateBody, known: ReadonlySet<string>): void {
  const problems: FieldError[] = body.tenders.flatMap((tender, index) =>
    known.has(tender.method)
      ? []
      : [
          {
            field: `tenders.${index}.method`,
            message: refusalMessage('payment.methodUnknown'),
            code: 'payment.methodUnknown',
          },
        ],
  );
  if (problems.length > 0) throw fieldErrors(problems);
}

/** `POST /invoices/{id}/payments`: a payment of a finalised invoice at its version. */
export function createPayment(
  scope: BranchScope,
  invoiceId: string,
  body: PaymentCreateBody,
): Promise<PaymentCreated> {
  return scope.run(async (tx) => {
    const locked = await lockedInvoice(tx, scope, invoiceId, body.version);
    if (locked.status === INVOICE_STATUS.Draft) throw stateRefusal('payment.invoiceDraft');
    if (locked.status === INVOICE_STATUS.Voided) throw stateRefusal('payment.invoiceVoided');
    const {
      items: [header],
    } = await invoicesRepo.listInvoices(tx, { id: invoiceId, pageIndex: 1, pageSize: 1 });
    const balance = invoiceBalance({
      grandTotalCents: header!.frozen!.grandTotalCents,
      ...(await invoiceMoneyOf(tx, invoiceId)),
    });
    if (balance === 0) throw stateRefusal('payment.nothingOwed');
    const methods = await repo.paymentMethods(tx);
    checkMethods(body, new Set(methods.map((method) => method.code)));
    const tendered = applyTenders(
      body.tenders.map(({ method, amountCents }) => ({ method, amountCents })),
      balance,
      methods,
    );
    if (!tendered.ok) {
      if (tendered.problem === 'nonCashAboveBalance') {
        throw fieldError('tenders', 'payment.aboveBalance', balance);
      }
      throw fieldError(
        'tenders',
        tendered.problem === 'unknownMethod' ? 'payment.methodUnknown' : 'payment.nothingTendered',
      );
    }
    const { today } = await clinicContext(tx, scope.branchId);
    const seq = await invoicesRepo.nextNumber(tx, scope.branchId, 'receipt');
    const paymentId = await repo.insertPayment(
      tx,
      {
        branchId: scope.branchId,
        invoiceId,
        paymentNo: formatReceiptNo(seq),
        amountCents: tendered.appliedCents,
        changeCents: tendered.changeCents,
        paymentDate: today,
        remarks: body.remarks,
        createdBy: scope.userId,
      },
      tendered.applied,
    );
    await settleStatus(tx, invoiceId, scope.userId);
    const [payment] = await repo.listPayments(tx, { id: paymentId });
    return { payment: paymentOf(payment!), invoice: await loadInvoice(tx, invoiceId, today) };
  });
}

/** `GET /payments?invoiceId=|patientId=`: an invoice's or a patient's payments, oldest first. */
export function listPayments(scope: BranchScope, query: PaymentsQuery): Promise<PaymentList> {
  return scope.run(async (tx) => {
    let patientId = query.patientId;
    if (query.invoiceId) {
      const {
        items: [header],
      } = await invoicesRepo.listInvoices(tx, { id: query.invoiceId, pageIndex: 1, pageSize: 1 });
      if (!header) throw notFound('invoice.notFound');
      if (patientId && patientId !== header.patientId) {
        return { patientId, items: [], total: 0 };
      }
      patientId = header.patientId;
    }
    if (!patientId) throw fieldError('invoiceId', 'payment.invoiceOrPatient');
    const rows = await repo.listPayments(tx, {
      patientId,
      invoiceIds: query.invoiceId ? [query.invoiceId] : undefined,
    });
    return { patientId, items: rows.map(paymentOf), total: rows.length };
  });
}

/** The payment and its invoice, both locked (the invoice first, as a new payment locks it). */
async function lockedPayment(tx: TenantTx, scope: BranchScope, id: string, version: number) {
  const invoiceId = await repo.invoiceOfPayment(tx, id);
  if (!invoiceId) throw notFound('payment.notFound');
  await invoicesRepo.lockInvoice(tx, invoiceId);
  const payment = await repo.lockPayment(tx, id);
  if (!payment) throw notFound('payment.notFound');
  if (payment.branchId !== scope.branchId) throw forbidden('invoice.anotherBranch');
  if (payment.version !== version) throw conflict();
  return payment;
}

/** `POST /payments/{id}/void`: with its reason; the invoice's balance and status follow. */
export function voidPayment(
  scope: BranchScope,
  id: string,
  body: PaymentVoidBody,
): Promise<Payment> {
  return scope.run(async (tx) => {
    const payment = await lockedPayment(tx, scope, id, body.version);
    if (payment.status === PAYMENT_STATUS.Voided) throw stateRefusal('payment.alreadyVoided');
    const [row] = await repo.listPayments(tx, { id });
    const keepsCredit = voidKeepsCreditCovered({
      ...(await invoiceMoneyOf(tx, payment.invoiceId)),
      voidedCents: row!.amountCents,
    });
    if (!keepsCredit) throw stateRefusal('creditNote.creditedFirst');
    const done = await repo.voidPayment(tx, id, {
      version: body.version,
      reason: body.reason,
      voidedBy: scope.userId,
    });
    if (!done) throw conflict();
    await settleStatus(tx, payment.invoiceId, scope.userId);
    const [voided] = await repo.listPayments(tx, { id });
    return paymentOf(voided!);
  });
}

/**
 * `PATCH /payments/{id}/dispense` (doc 2 section 7): dispenses every line of the invoice's
 * visit not yet dispensed, through the dispensing feature, in this transaction.
 */
export function dispensePayment(
  scope: BranchScope,
  id: string,
  body: PaymentVersionBody,
): Promise<PaymentDispensed> {
  return scope.run(async (tx) => {
    const payment = await lockedPayment(tx, scope, id, body.version);
    if (payment.status === PAYMENT_STATUS.Voided) throw stateRefusal('payment.voidedNoDispense');
    const locked = await invoicesRepo.lockInvoice(tx, payment.invoiceId);
    const result = await dispensePrescriptionLines(tx, scope, {
      visitId: locked!.visitId,
      prescriptionIds: null,
    });
    return {
      paymentId: id,
      visitId: result.visitId,
      dispenseId: result.dispenseId,
      prescriptionIds: result.prescriptionIds,
    };
  });
}
