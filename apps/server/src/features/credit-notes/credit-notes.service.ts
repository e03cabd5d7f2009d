import {
  CREDIT_NOTE_TYPE,
  CREDIT_STATUS,
  creditNoteAmountProblem,
  creditNoteTypeName,
  depositRefundProblem,
  formatCreditNoteNo,
  INVOICE_STATUS,
  maxCreditNoteCents,
  refusalMessage,
  type CreditNote,
  type CreditNoteCreateBody,
  type CreditNoteList,
  type CreditNotesQuery,
  type CreditNoteVoidBody,
  type CreditTransactionItem,
  type CreditTransactionsQuery,
  type FieldError,
} from '@clinic/domain';
import type { TenantTx } from '../../db/tenant-db.ts';
import { conflict, fieldError, fieldErrors, forbidden, notFound } from '../../platform/errors.ts';
import { toUnix, toUnixOrNull, type BranchScope } from '../../platform/scope.ts';
import {
  invoiceMoneyOf,
  lockedInvoice,
  lockInvoiceRow,
  settleInvoiceStatus,
  stateRefusal,
} from '../billing/billing.service.ts';
import { clinicContext } from '../branches/branches.service.ts';
import {
  restockInTransaction,
  undoRestockInTransaction,
  type ReturnedStock,
} from '../inventory/inventory.service.ts';
import * as repo from './credit-notes.repo.ts';
import { checkMethod, lockedDeposit, remainderOf } from './deposits.service.ts';

/**
 * Credit notes (docs/architecture.md "Credit notes and deposits"): of an invoice (type 3)
 * or a goods return on it (type 2), at most what was paid less earlier credit notes, the
 * invoice locked FOR UPDATE at its version (so of two racing notes the second is 409); or
 * of a deposit (type 1), giving back at most what is left of it. Numbered per branch
 * without gaps, voided with a reason; the invoice's balance and status follow.
 */

function creditNoteOf(row: repo.CreditNoteRow): CreditNote {
  return {
    ...row,
    type: creditNoteTypeName(row.type),
    typeCode: row.type,
    status: row.status === CREDIT_STATUS.Voided ? 'VOIDED' : 'ISSUED',
    statusCode: row.status,
    createdAt: toUnix(row.createdAt),
    voidedAt: toUnixOrNull(row.voidedAt),
  };
}

/** A credit note of the clinic as answered, inside the caller's transaction (its print's). */
export async function loadCreditNote(tx: TenantTx, id: string): Promise<CreditNote> {
  const [row] = await repo.listCreditNotes(tx, { id });
  if (!row) throw notFound('creditNote.notFound');
  return creditNoteOf(row);
}

/**
 * Goods returned: lines of the invoice, each once, no more than billed less what the
 * invoice's goods-return notes not voided brought back before.
 */
async function checkReturnedLines(
  tx: TenantTx,
  invoiceId: string,
  lines: CreditNoteCreateBody['returnedLines'],
): Promise<void> {
  const billed = await repo.invoiceLineQuantities(tx, invoiceId);
  const before = await repo.returnedOfLines(tx, invoiceId);
  const seen = new Set<string>();
  const problems: FieldError[] = [];
  const problem = (
    field: string,
    code: 'creditNote.lineUnknown' | 'creditNote.lineAboveQuantity' | 'invoice.lineTwice',
  ) => problems.push({ field, message: refusalMessage(code), code });
  lines.forEach((line, index) => {
    const id = line.lineId.toLowerCase();
    const quantity = billed.get(id);
    if (quantity === undefined) problem(`returnedLines.${index}.lineId`, 'creditNote.lineUnknown');
    else if (seen.has(id)) problem(`returnedLines.${index}.lineId`, 'invoice.lineTwice');
    else if (line.quantity > quantity - (before.get(id) ?? 0)) {
      problem(`returnedLines.${index}.quantity`, 'creditNote.lineAboveQuantity');
    }
    seen.add(id);
  });
  if (problems.length > 0) throw fieldErrors(problems);
}

/**
 * Where goods returned go back: each line's quantity into the batches its medicine was
 * dispensed from, earliest expiry first, past what earlier notes not voided already put
 * back (`before`), never more than the batches gave. Lines never dispensed (services,
 * medicine not handed out) restock nothing. Earliest expiry first, because the returned
 * units' batch is not known: counting them in the batch that expires first never labels
 * them with a later expiry than their own.
 */
export function restockOf(
  returned: ReadonlyArray<{ lineId: string; quantity: number }>,
  batches: readonly repo.DispensedBatchOfLine[],
  before: ReadonlyMap<string, number>,
): ReturnedStock[] {
  return returned.flatMap((line) => {
    let skip = before.get(line.lineId) ?? 0;
    let left = line.quantity;
    const stock: ReturnedStock[] = [];
    for (const batch of batches.filter((one) => one.lineId === line.lineId)) {
      const skipped = Math.min(skip, batch.quantity);
      skip -= skipped;
      const quantity = Math.min(batch.quantity - skipped, left);
      left -= quantity;
      if (quantity > 0) {
        stock.push({
          branchId: batch.branchId,
          itemId: batch.itemId,
          batchId: batch.batchId,
          quantity,
        });
      }
    }
    return stock;
  });
}

/** Which record the note names, as its type asks; 400 naming the field otherwise. */
function referenceOf(body: CreditNoteCreateBody) {
  if (body.invoiceId && body.depositId) throw fieldError('depositId', 'creditNote.oneReference');
  if (body.type === CREDIT_NOTE_TYPE.Deposit) {
    if (!body.depositId) throw fieldError('depositId', 'creditNote.depositRequired');
    if (body.returnedLines.length > 0)
      throw fieldError('returnedLines', 'creditNote.linesOnlyForGoodsReturn');
    return { kind: 'deposit' as const, id: body.depositId };
  }
  if (!body.invoiceId) throw fieldError('invoiceId', 'creditNote.invoiceRequired');
  if (body.type === CREDIT_NOTE_TYPE.Invoice && body.returnedLines.length > 0) {
    throw fieldError('returnedLines', 'creditNote.linesOnlyForGoodsReturn');
  }
  return { kind: 'invoice' as const, id: body.invoiceId };
}

/** Locks the invoice at the body's version and checks the amount against what was paid. */
async function creditOfInvoice(
  tx: TenantTx,
  scope: BranchScope,
  id: string,
  body: CreditNoteCreateBody,
) {
  const invoice = await lockedInvoice(tx, scope, id, body.version);
  if (invoice.status === INVOICE_STATUS.Draft) throw stateRefusal('creditNote.invoiceDraft');
  if (invoice.status === INVOICE_STATUS.Voided) throw stateRefusal('creditNote.invoiceVoided');
  const money = await invoiceMoneyOf(tx, id);
  if (creditNoteAmountProblem(body.amountCents, money) !== null) {
    throw fieldError('amountCents', 'creditNote.abovePaid', maxCreditNoteCents(money));
  }
  await checkReturnedLines(tx, id, body.returnedLines);
  return { patientId: invoice.patientId, invoiceId: id, depositId: null };
}

/** Locks the deposit at the body's version and checks the amount against what is left. */
async function creditOfDeposit(
  tx: TenantTx,
  scope: BranchScope,
  id: string,
  body: CreditNoteCreateBody,
) {
  const locked = await lockedDeposit(tx, scope, id, body.version);
  if (locked.status === CREDIT_STATUS.Voided) throw stateRefusal('creditNote.depositVoided');
  const [row] = await repo.listDeposits(tx, { id });
  const remainderCents = remainderOf(row!);
  if (depositRefundProblem(body.amountCents, remainderCents) !== null) {
    throw fieldError('amountCents', 'creditNote.aboveRemainder', remainderCents);
  }
  return { patientId: locked.patientId, invoiceId: null, depositId: id };
}

/** `POST /credit-notes`: numbered `CN-000001` per branch, on the clinic's today. */
export function createCreditNote(
  scope: BranchScope,
  body: CreditNoteCreateBody,
): Promise<CreditNote> {
  return scope.run(async (tx) => {
    const reference = referenceOf(body);
    if (body.refundMethod !== null) await checkMethod(tx, 'refundMethod', body.refundMethod);
    const target =
      reference.kind === 'invoice'
        ? await creditOfInvoice(tx, scope, reference.id, body)
        : await creditOfDeposit(tx, scope, reference.id, body);
    const { today } = await clinicContext(tx, scope.branchId);
    const returnedLines = body.returnedLines.map((line) => ({
      ...line,
      lineId: line.lineId.toLowerCase(),
    }));
    const restock =
      target.invoiceId && returnedLines.length > 0
        ? restockOf(
            returnedLines,
            await repo.dispensedBatchesOfLines(tx, target.invoiceId),
            await repo.returnedOfLines(tx, target.invoiceId),
          )
        : [];
    const seq = await repo.nextNumber(tx, scope.branchId, 'creditNote');
    const id = await repo.insertCreditNote(
      tx,
      {
        branchId: scope.branchId,
        ...target,
        type: body.type,
        creditNoteNo: formatCreditNoteNo(seq),
        amountCents: body.amountCents,
        reason: body.reason,
        refundMethodCode: body.refundMethod,
        creditNoteDate: today,
        createdBy: scope.userId,
      },
      returnedLines,
    );
    await restockInTransaction(tx, {
      lines: restock,
      referenceId: id,
      reason: formatCreditNoteNo(seq),
      userId: scope.userId,
    });
    if (target.invoiceId) await settleInvoiceStatus(tx, target.invoiceId, scope.userId);
    else await repo.touchDeposit(tx, target.depositId!);
    return loadCreditNote(tx, id);
  });
}

export function creditNote(scope: BranchScope, id: string): Promise<CreditNote> {
  return scope.run((tx) => loadCreditNote(tx, id));
}

/** `GET /credit-notes?patientId=|invoiceId=`: a patient's or an invoice's, newest first. */
export function listCreditNotes(
  scope: BranchScope,
  query: CreditNotesQuery,
): Promise<CreditNoteList> {
  return scope.run(async (tx) => {
    let patientId = query.patientId;
    if (query.invoiceId) {
      const invoicePatient = await repo.invoicePatient(tx, query.invoiceId);
      if (!invoicePatient) throw notFound('invoice.notFound');
      if (patientId && patientId !== invoicePatient) return { patientId, items: [], total: 0 };
      patientId = invoicePatient;
    }
    if (!patientId) throw fieldError('patientId', 'creditNote.invoiceOrPatient');
    if (!(await repo.patientExists(tx, patientId))) throw notFound('patient.notFound');
    const rows = await repo.listCreditNotes(tx, { patientId, invoiceId: query.invoiceId });
    return { patientId, items: rows.map(creditNoteOf), total: rows.length };
  });
}

/**
 * `GET /credit_note/transaction/options?type=&referenceId=` (doc 3 section 7.1): the
 * invoice's credit-note items not voided, for its print. Type 1: the deposits applied to
 * it; 2 and 3: its goods-return and invoice credit notes.
 */
export function creditTransactions(
  scope: BranchScope,
  query: CreditTransactionsQuery,
): Promise<{ items: CreditTransactionItem[]; total: number }> {
  return scope.run(async (tx) => {
    if (!(await repo.invoicePatient(tx, query.referenceId))) throw notFound('invoice.notFound');
    const items =
      query.type === CREDIT_NOTE_TYPE.Deposit
        ? (await repo.listApplications(tx, { invoiceId: query.referenceId }))
            .filter((row) => row.status === CREDIT_STATUS.Active)
            .map((row) => ({
              id: row.id,
              createdDate: row.appliedDate,
              amount: row.amountCents,
              creditNoteNumber: row.depositNo,
              paymentMethodName: row.methodName,
              creditNoteType: query.type,
              paymentDate: row.appliedDate,
            }))
        : (await repo.listCreditNotes(tx, { invoiceId: query.referenceId, type: query.type }))
            .filter((row) => row.status === CREDIT_STATUS.Active)
            .map((row) => ({
              id: row.id,
              createdDate: row.creditNoteDate,
              amount: row.amountCents,
              creditNoteNumber: row.creditNoteNo,
              paymentMethodName: row.refundMethodName,
              creditNoteType: query.type,
              paymentDate: row.creditNoteDate,
            }));
    return { items, total: items.length };
  });
}

/** `POST /credit-notes/{id}/void`: with its reason; the invoice owes (or the deposit holds) it again. */
export function voidCreditNote(
  scope: BranchScope,
  id: string,
  body: CreditNoteVoidBody,
): Promise<CreditNote> {
  return scope.run(async (tx) => {
    const parents = await repo.creditNoteParents(tx, id);
    if (!parents) throw notFound('creditNote.notFound');
    const invoice = parents.invoiceId ? await lockInvoiceRow(tx, parents.invoiceId) : undefined;
    if (parents.depositId) await repo.lockDeposit(tx, parents.depositId);
    const locked = await repo.lockCreditNote(tx, id);
    if (!locked) throw notFound('creditNote.notFound');
    if (locked.branchId !== scope.branchId) throw forbidden('creditNote.anotherBranch');
    if (locked.version !== body.version) throw conflict();
    if (locked.status === CREDIT_STATUS.Voided) throw stateRefusal('creditNote.alreadyVoided');
    const done = await repo.voidCreditNote(tx, id, {
      version: body.version,
      reason: body.reason,
      voidedBy: scope.userId,
    });
    if (!done) throw conflict();
    await undoRestockInTransaction(tx, {
      referenceId: id,
      reason: `Void: ${body.reason}`,
      userId: scope.userId,
    });
    if (invoice && invoice.status !== INVOICE_STATUS.Voided) {
      await settleInvoiceStatus(tx, invoice.id, scope.userId);
    }
    if (parents.depositId) await repo.touchDeposit(tx, parents.depositId);
    return loadCreditNote(tx, id);
  });
}
