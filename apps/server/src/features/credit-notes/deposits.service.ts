import {
  CREDIT_STATUS,
  depositApplicationProblem,
  depositRemainderCents,
  formatDepositNo,
  INVOICE_STATUS,
  voidKeepsCreditCovered,
  type Deposit,
  type DepositApplicationVoidBody,
  type DepositApplication,
  type DepositApplied,
  type DepositApplyBody,
  type DepositCreateBody,
  type DepositsQuery,
  type DepositVoidBody,
} from '@clinic/domain';
import type { TenantTx } from '../../db/tenant-db.ts';
import { conflict, fieldError, forbidden, notFound } from '../../platform/errors.ts';
import { toUnix, toUnixOrNull, type BranchScope } from '../../platform/scope.ts';
import {
  clinicPaymentMethods,
  loadInvoice,
  lockedInvoice,
  lockInvoiceRow,
  invoiceMoneyOf,
  settleInvoiceStatus,
  stateRefusal,
} from '../billing/billing.service.ts';
import { clinicContext } from '../branches/branches.service.ts';
import * as repo from './credit-notes.repo.ts';

/**
 * Deposits (docs/architecture.md "Credit notes and deposits"): a patient's prepayment,
 * numbered per branch, applied to the patient's later invoices (an application counts as
 * paid there) and voided with a reason once nothing uses it. Locks go invoice, then
 * deposit, then the row changed, everywhere, so two changes never wait on each other.
 */

const statusName = (status: number) => (status === CREDIT_STATUS.Voided ? 'VOIDED' : 'SETTLED');

export function applicationOf(row: repo.ApplicationRow): DepositApplication {
  return {
    id: row.id,
    depositId: row.depositId,
    depositNo: row.depositNo,
    invoiceId: row.invoiceId,
    invoiceNo: row.invoiceNo,
    status: statusName(row.status),
    statusCode: row.status,
    appliedDate: row.appliedDate,
    amountCents: row.amountCents,
    voidReason: row.voidReason,
    version: row.version,
    createdAt: toUnix(row.createdAt),
    voidedAt: toUnixOrNull(row.voidedAt),
  };
}

/** What is left of a deposit (voided: nothing). */
export function remainderOf(row: repo.DepositRow): number {
  if (row.status === CREDIT_STATUS.Voided) return 0;
  return depositRemainderCents(row);
}

function depositOf(row: repo.DepositRow, applications: repo.ApplicationRow[]): Deposit {
  return {
    ...row,
    status: statusName(row.status),
    statusCode: row.status,
    remainderCents: remainderOf(row),
    applications: applications.filter((a) => a.depositId === row.id).map(applicationOf),
    createdAt: toUnix(row.createdAt),
    voidedAt: toUnixOrNull(row.voidedAt),
  };
}

export async function loadDeposit(tx: TenantTx, id: string): Promise<Deposit> {
  const [row] = await repo.listDeposits(tx, { id });
  if (!row) throw notFound('deposit.notFound');
  return depositOf(row, await repo.listApplications(tx, { depositIds: [id] }));
}

/** 400 naming `field` unless `code` is one of the clinic's payment methods. */
export async function checkMethod(tx: TenantTx, field: string, code: string): Promise<void> {
  const methods = await clinicPaymentMethods(tx);
  if (!methods.some((method) => method.code === code)) {
    throw fieldError(field, 'payment.methodUnknown');
  }
}

/** `POST /deposits`: taken at the caller's branch on the clinic's today. */
export function createDeposit(scope: BranchScope, body: DepositCreateBody): Promise<Deposit> {
  return scope.run(async (tx) => {
    if (!(await repo.patientExists(tx, body.patientId))) throw notFound('patient.notFound');
    await checkMethod(tx, 'method', body.method);
    const { today } = await clinicContext(tx, scope.branchId);
    const seq = await repo.nextNumber(tx, scope.branchId, 'deposit');
    const id = await repo.insertDeposit(tx, {
      branchId: scope.branchId,
      patientId: body.patientId,
      depositNo: formatDepositNo(seq),
      amountCents: body.amountCents,
      methodCode: body.method,
      depositDate: today,
      remarks: body.remarks,
      createdBy: scope.userId,
    });
    return loadDeposit(tx, id);
  });
}

/** `GET /deposits?patientId=`: the patient's deposits of every branch, newest first. */
export function listDeposits(
  scope: BranchScope,
  query: DepositsQuery,
): Promise<{ patientId: string; items: Deposit[]; total: number }> {
  return scope.run(async (tx) => {
    if (!(await repo.patientExists(tx, query.patientId))) throw notFound('patient.notFound');
    const rows = await repo.listDeposits(tx, { patientId: query.patientId });
    const applications = await repo.listApplications(tx, { depositIds: rows.map((r) => r.id) });
    const items = rows.map((row) => depositOf(row, applications));
    return { patientId: query.patientId, items, total: items.length };
  });
}

export function deposit(scope: BranchScope, id: string): Promise<Deposit> {
  return scope.run((tx) => loadDeposit(tx, id));
}

/** The deposit, locked, of the caller's branch (403 otherwise); `version` when given. */
export async function lockedDeposit(
  tx: TenantTx,
  scope: BranchScope,
  id: string,
  version?: number,
) {
  const locked = await repo.lockDeposit(tx, id);
  if (!locked) throw notFound('deposit.notFound');
  if (locked.branchId !== scope.branchId) throw forbidden('deposit.anotherBranch');
  if (version !== undefined && locked.version !== version) throw conflict();
  return locked;
}

/**
 * `POST /invoices/{id}/deposit-applications`: part of the patient's deposit pays the invoice
 * (at the invoice's version): at most what is left of the deposit and the balance.
 */
export function applyDeposit(
  scope: BranchScope,
  invoiceId: string,
  body: DepositApplyBody,
): Promise<DepositApplied> {
  return scope.run(async (tx) => {
    const invoice = await lockedInvoice(tx, scope, invoiceId, body.version);
    if (invoice.status === INVOICE_STATUS.Draft) throw stateRefusal('payment.invoiceDraft');
    if (invoice.status === INVOICE_STATUS.Voided) throw stateRefusal('payment.invoiceVoided');
    const locked = await repo.lockDeposit(tx, body.depositId);
    if (!locked) throw notFound('deposit.notFound');
    if (locked.patientId !== invoice.patientId) {
      throw fieldError('depositId', 'deposit.anotherPatient');
    }
    if (locked.status === CREDIT_STATUS.Voided) throw stateRefusal('deposit.voided');
    const { today } = await clinicContext(tx, scope.branchId);
    const before = await loadInvoice(tx, invoiceId, today);
    if (before.balanceCents === 0) throw stateRefusal('payment.nothingOwed');
    const [row] = await repo.listDeposits(tx, { id: body.depositId });
    const remainderCents = remainderOf(row!);
    const limits = { remainderCents, balanceCents: before.balanceCents };
    const problem = depositApplicationProblem(body.amountCents, limits);
    if (problem === 'aboveRemainder') {
      throw fieldError('amountCents', 'deposit.aboveRemainder', remainderCents);
    }
    if (problem === 'aboveBalance') {
      throw fieldError('amountCents', 'deposit.aboveBalance', before.balanceCents);
    }
    const id = await repo.insertApplication(tx, {
      depositId: body.depositId,
      invoiceId,
      branchId: scope.branchId,
      amountCents: body.amountCents,
      appliedDate: today,
      createdBy: scope.userId,
    });
    await repo.touchDeposit(tx, body.depositId);
    await settleInvoiceStatus(tx, invoiceId, scope.userId);
    const [application] = await repo.listApplications(tx, { id });
    return {
      application: applicationOf(application!),
      invoice: await loadInvoice(tx, invoiceId, today),
    };
  });
}

/**
 * `POST /deposit-applications/{id}/void`: the invoice owes it again and the deposit has it
 * back; refused while credit notes take what it paid.
 */
export function voidApplication(
  scope: BranchScope,
  id: string,
  body: DepositApplicationVoidBody,
): Promise<DepositApplied> {
  return scope.run(async (tx) => {
    const parents = await repo.applicationParents(tx, id);
    if (!parents) throw notFound('deposit.applicationNotFound');
    await lockInvoiceRow(tx, parents.invoiceId);
    await repo.lockDeposit(tx, parents.depositId);
    const application = await repo.lockApplication(tx, id);
    if (!application) throw notFound('deposit.applicationNotFound');
    if (application.branchId !== scope.branchId) throw forbidden('deposit.anotherBranch');
    if (application.version !== body.version) throw conflict();
    if (application.status === CREDIT_STATUS.Voided)
      throw stateRefusal('deposit.applicationVoided');
    const money = await invoiceMoneyOf(tx, application.invoiceId);
    if (!voidKeepsCreditCovered({ ...money, voidedCents: application.amountCents })) {
      throw stateRefusal('creditNote.creditedFirst');
    }
    const done = await repo.voidApplication(tx, id, {
      version: body.version,
      reason: body.reason,
      voidedBy: scope.userId,
    });
    if (!done) throw conflict();
    await repo.touchDeposit(tx, application.depositId);
    await settleInvoiceStatus(tx, application.invoiceId, scope.userId);
    const { today } = await clinicContext(tx, scope.branchId);
    const [row] = await repo.listApplications(tx, { id });
    return {
      application: applicationOf(row!),
      invoice: await loadInvoice(tx, application.invoiceId, today),
    };
  });
}

/** `POST /deposits/{id}/void`: with its reason, while nothing of it is used or given back. */
export function voidDeposit(
  scope: BranchScope,
  id: string,
  body: DepositVoidBody,
): Promise<Deposit> {
  return scope.run(async (tx) => {
    const locked = await lockedDeposit(tx, scope, id, body.version);
    if (locked.status === CREDIT_STATUS.Voided) throw stateRefusal('deposit.alreadyVoided');
    const [row] = await repo.listDeposits(tx, { id });
    if (row!.appliedCents > 0 || row!.refundedCents > 0) throw stateRefusal('deposit.inUse');
    const done = await repo.voidDeposit(tx, id, {
      version: body.version,
      reason: body.reason,
      voidedBy: scope.userId,
    });
    if (!done) throw conflict();
    return loadDeposit(tx, id);
  });
}
