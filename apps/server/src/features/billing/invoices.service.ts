import {
  companyDueDate,
  defaultTaxOption,
  finalisedInvoiceStatus,
  formatInvoiceNo,
  INVOICE_STATUS,
  INVOICE_STATUS_BY_NAME,
  invoiceBalance,
  invoiceProblems,
  invoiceTotals,
  refusalMessage,
  settledPaymentsCents,
  taxRateOn,
  type Discount,
  type FieldError,
  type Invoice,
  type InvoiceLine,
  type InvoicesQuery,
  type InvoiceStatus,
  type InvoiceStatusName,
  type InvoiceSummary,
  type InvoiceTotals,
  type InvoiceUpdateBody,
  type InvoiceVersionBody,
  type InvoiceVoidBody,
  type Payment,
  type TaxOptionItem,
  type InvoiceMessageKey,
  type PaymentMessageKey,
  type InvoiceMoney,
  type CreditNoteMessageKey,
  type DepositMessageKey,
  sumCents,
} from '@clinic/domain';
import type { TenantTx } from '../../db/tenant-db.ts';
import {
  AppError,
  conflict,
  fieldError,
  fieldErrors,
  forbidden,
  notFound,
} from '../../platform/errors.ts';
import { toUnix, toUnixOrNull, type BranchScope } from '../../platform/scope.ts';
import { clinicContext } from '../branches/branches.service.ts';
import { findCompany } from '../companies/companies.service.ts';
import { writableVisit } from '../visits/visits.service.ts';
import { applyInvoiceSubsidy, subsidySnapshot } from './invoice-subsidies.service.ts';
import * as repo from './invoices.repo.ts';
import * as paymentsRepo from './payments.repo.ts';
import { insertLines, deleteLines } from './service-lines.repo.ts';
import { pendingRows, serviceLineChanges } from './service-lines.ts';

/**
 * Invoices of a visit (docs/architecture.md "Billing"): a draft is built from the visit's
 * prescription lines, edited while a draft, then finalised (the branch's next gapless
 * number, the tax rate of that day and every figure frozen), paid (payments.service.ts)
 * and voided with a reason. Every figure comes from the domain's `invoiceTotals` and
 * `invoiceBalance`; none is computed here.
 */

const STATUS_NAME = new Map(
  (Object.entries(INVOICE_STATUS_BY_NAME) as Array<[InvoiceStatusName, InvoiceStatus]>).map(
    ([name, code]) => [code, name],
  ),
);
const statusName = (status: InvoiceStatus): InvoiceStatusName => STATUS_NAME.get(status)!;

/** 409 naming `status`: the record is not in a state that allows this. */
export function stateRefusal(
  code:
    | `invoice.${InvoiceMessageKey}`
    | `payment.${PaymentMessageKey}`
    | `creditNote.${CreditNoteMessageKey}`
    | `deposit.${DepositMessageKey}`,
): AppError {
  const message = refusalMessage(code);
  return new AppError(409, code, message, [{ field: 'status', message, code }]);
}

// --- Figures --------------------------------------------------------------------------

function totalsOf(header: repo.InvoiceHeaderRow, lines: repo.InvoiceLineRow[]): InvoiceTotals {
  return invoiceTotals({
    lines,
    discount: header.discount,
    rounding: header.roundingMode,
    subsidiesCents: lines.map((line) => line.subsidyCents),
  });
}

/** The answered status: stored, but overdue is read from the due date and the clinic's today. */
function currentStatus(
  header: repo.InvoiceHeaderRow,
  money: InvoiceMoney,
  today: string,
): InvoiceStatus {
  if (header.status === INVOICE_STATUS.Draft) return INVOICE_STATUS.Draft;
  return finalisedInvoiceStatus({
    voided: header.status === INVOICE_STATUS.Voided,
    ...money,
    dueDate: header.dueDate,
    today,
  });
}

/** What was paid on an invoice (settled payments and deposits applied) and credited. */
export interface PaidAndCredited {
  paidCents: number;
  creditedCents: number;
}

/** Paid and credited of each invoice, from its payments and the credit-notes feature's rows. */
export async function paidAndCreditedOf(
  tx: TenantTx,
  invoiceIds: string[],
  payments: paymentsRepo.PaymentRow[],
): Promise<Map<string, PaidAndCredited>> {
  const credits = await repo.depositsAndCreditsOf(tx, invoiceIds);
  return new Map(
    invoiceIds.map((id) => {
      const { depositPaidCents = 0, creditedCents = 0 } = credits.get(id) ?? {};
      const settled = settledPaymentsCents(payments.filter((p) => p.invoiceId === id));
      return [id, { paidCents: sumCents([settled, depositPaidCents]), creditedCents }];
    }),
  );
}

/** Paid and credited of one invoice. */
export async function invoiceMoneyOf(tx: TenantTx, invoiceId: string): Promise<PaidAndCredited> {
  const payments = await paymentsRepo.listPayments(tx, { invoiceIds: [invoiceId] });
  return (await paidAndCreditedOf(tx, [invoiceId], payments)).get(invoiceId)!;
}

export function paymentOf(row: paymentsRepo.PaymentRow): Payment {
  return {
    ...row,
    status: row.status === -1 ? 'VOIDED' : 'SETTLED',
    statusCode: row.status,
    createdAt: toUnix(row.createdAt),
    voidedAt: toUnixOrNull(row.voidedAt),
  };
}

function lineOf(line: repo.InvoiceLineRow, totals: InvoiceTotals['lines'][number]): InvoiceLine {
  return { ...line, ...totals };
}

function summaryOf(
  header: repo.InvoiceHeaderRow,
  totals: InvoiceTotals,
  { paidCents, creditedCents }: PaidAndCredited,
  today: string,
): InvoiceSummary {
  const grandTotalCents = header.frozen?.grandTotalCents ?? totals.grandTotal;
  const status = currentStatus(header, { grandTotalCents, paidCents, creditedCents }, today);
  return {
    id: header.id,
    invoiceNo: header.invoiceNo,
    status: statusName(status),
    statusCode: status,
    branchId: header.branchId,
    visitId: header.visitId,
    patient: { id: header.patientId, name: header.patientName },
    invoiceDate: header.invoiceDate,
    dueDate: header.dueDate,
    grandTotalCents,
    paidCents,
    balanceCents:
      header.status === INVOICE_STATUS.Voided
        ? 0
        : invoiceBalance({ grandTotalCents, paidCents, creditedCents }),
    version: header.version,
    updatedAt: toUnix(header.updatedAt),
  };
}

/** The invoice with its lines, every figure, its payments, balance and status. */
export async function loadInvoice(tx: TenantTx, id: string, today: string): Promise<Invoice> {
  const {
    items: [header],
  } = await repo.listInvoices(tx, { id, pageIndex: 1, pageSize: 1 });
  if (!header) throw notFound('invoice.notFound');
  const lines = (await repo.invoiceLines(tx, [id])).get(id) ?? [];
  const payments = await paymentsRepo.listPayments(tx, { invoiceIds: [id] });
  const totals = totalsOf(header, lines);
  const money = (await paidAndCreditedOf(tx, [id], payments)).get(id)!;
  const figures = header.frozen ?? {
    subtotalCents: totals.subtotal,
    discountCents: totals.discount,
    taxCents: totals.taxAmount,
    subsidyCents: totals.subsidyTotal,
    insuranceCents: totals.insuranceAmount,
    roundingCents: totals.roundingAmount,
    grandTotalCents: totals.grandTotal,
  };
  const companyBilled = header.billToCompanyId !== null || header.billToName !== null;
  return {
    ...summaryOf(header, totals, money, today),
    billTo: companyBilled
      ? {
          kind: 'company',
          companyId: header.billToCompanyId,
          name: header.billToName ?? '',
          address: header.billToAddress,
        }
      : { kind: 'patient', companyId: null, name: header.patientName, address: null },
    discount: header.discount,
    roundingMode: header.roundingMode,
    taxOption: { code: header.taxOptionCode, name: header.taxOptionName },
    taxRateBasisPoints: header.taxRateBasisPoints ?? 0,
    lines: lines.map((line, index) => lineOf(line, totals.lines[index]!)),
    subtotalCents: figures.subtotalCents,
    discountCents: figures.discountCents,
    taxCents: figures.taxCents,
    subsidyCents: figures.subsidyCents,
    insuranceCents: figures.insuranceCents,
    roundingCents: figures.roundingCents,
    creditedCents: money.creditedCents,
    subsidy: await subsidySnapshot(tx, id),
    payments: payments.map(paymentOf),
    remarks: header.remarks,
    voidReason: header.voidReason,
    createdAt: toUnix(header.createdAt),
    finalisedAt: toUnixOrNull(header.finalisedAt),
    voidedAt: toUnixOrNull(header.voidedAt),
  };
}

// --- Tax options ----------------------------------------------------------------------

/** `GET /tax/options`: the clinic's tax options, the default first, with today's rate. */
export function taxOptions(scope: BranchScope): Promise<{ items: TaxOptionItem[]; total: number }> {
  return scope.run(async (tx) => {
    const { today } = await clinicContext(tx, scope.branchId);
    const options = await repo.taxOptions(tx);
    const items = options.map((option, index) => ({
      ...option,
      rateBasisPoints: taxRateOn(option, today),
      isDefault: index === 0,
    }));
    return { items, total: items.length };
  });
}

// --- Reads ----------------------------------------------------------------------------

export function invoice(scope: BranchScope, id: string): Promise<Invoice> {
  return scope.run(async (tx) => {
    const { today } = await clinicContext(tx, scope.branchId);
    return loadInvoice(tx, id, today);
  });
}

/** The stored statuses (and overdue rule) a status filter reads. */
function statusFilter(
  status: InvoiceStatusName | undefined,
  today: string,
): Pick<repo.InvoiceFilter, 'statuses' | 'overdue'> {
  if (!status) return {};
  if (status === 'OVERDUE') return { overdue: { today, is: true } };
  const statuses = [INVOICE_STATUS_BY_NAME[status]];
  return status === 'ISSUED' || status === 'PARTIALLY'
    ? { statuses, overdue: { today, is: false } }
    : { statuses };
}

/** `GET /invoices?patientId=…`: a patient's invoices of every branch, newest first. */
export function listInvoices(
  scope: BranchScope,
  query: InvoicesQuery,
): Promise<{ items: InvoiceSummary[]; total: number }> {
  return scope.run(async (tx) => {
    if (query.fromDate && query.toDate && query.fromDate > query.toDate) {
      throw fieldError('toDate', 'stock.periodBackwards');
    }
    const { today } = await clinicContext(tx, scope.branchId);
    const { items, total } = await repo.listInvoices(tx, {
      patientId: query.patientId,
      fromDate: query.fromDate,
      toDate: query.toDate,
      ...statusFilter(query.status, today),
      pageIndex: query.pageIndex,
      pageSize: query.pageSize,
    });
    const ids = items.map((item) => item.id);
    const lines = await repo.invoiceLines(tx, ids);
    const payments = await paymentsRepo.listPayments(tx, { invoiceIds: ids });
    const money = await paidAndCreditedOf(tx, ids, payments);
    return {
      items: items.map((header) =>
        summaryOf(
          header,
          totalsOf(header, lines.get(header.id) ?? []),
          money.get(header.id)!,
          today,
        ),
      ),
      total,
    };
  });
}

// --- Drafts ---------------------------------------------------------------------------

/**
 * `POST /visits/{id}/invoice`: the visit's invoice that is not voided, or a new draft of
 * its prescription lines at their prescribed prices, taxed at the default tax option's
 * rate of the clinic's today. The visit is the caller's branch's and not voided.
 */
export function invoiceFromVisit(scope: BranchScope, visitId: string): Promise<Invoice> {
  return scope.run(async (tx) => {
    const visit = await writableVisit(tx, scope, visitId);
    await repo.lockVisit(tx, visit.id);
    const { today } = await clinicContext(tx, scope.branchId);
    const existing = await repo.currentInvoiceOfVisit(tx, visit.id);
    if (existing) return loadInvoice(tx, existing, today);
    const option = defaultTaxOption(await repo.taxOptions(tx));
    if (!option) throw fieldError('taxOptionCode', 'invoice.taxOptionUnknown');
    const id = await repo.insertDraft(
      tx,
      {
        branchId: visit.branchId,
        visitId: visit.id,
        patientId: visit.patientId,
        invoiceDate: today,
        taxOptionCode: option.code,
        taxRateBasisPoints: taxRateOn(option, today) ?? 0,
        createdBy: scope.userId,
      },
      await repo.prescriptionLines(tx, visit.id),
    );
    await applyInvoiceSubsidy(tx, id, { visitKind: 'default' });
    return loadInvoice(tx, id, today);
  });
}

/** The invoice, locked, of the caller's branch (403 otherwise), at `version` (409 otherwise). */
export async function lockedInvoice(tx: TenantTx, scope: BranchScope, id: string, version: number) {
  const locked = await repo.lockInvoice(tx, id);
  if (!locked) throw notFound('invoice.notFound');
  if (locked.branchId !== scope.branchId) throw forbidden('invoice.anotherBranch');
  if (locked.version !== version) throw conflict();
  return locked;
}

/** Where a line's refusal points: its edit, its addition, or the list of edits. */
type LineFields = Map<number, { list: 'lineEdits' | 'addLines'; index: number }>;

function problemField(problem: { problem: string; line?: number }, lineFields: LineFields) {
  if (problem.line === undefined) return 'invoiceDiscount';
  const at = lineFields.get(problem.line);
  if (!at) return 'lineEdits';
  if (problem.problem === 'lineInvalid') {
    return `${at.list}.${at.index}.${at.list === 'addLines' ? 'quantity' : 'unitPriceCents'}`;
  }
  return at.list === 'addLines' ? `addLines.${at.index}` : `lineEdits.${at.index}.discount`;
}

/** The lines after the edits (each named line once, of this invoice), checked whole. */
function editedLines(
  lines: repo.InvoiceLineRow[],
  body: InvoiceUpdateBody,
): { lines: repo.InvoiceLineRow[]; editOfLine: Map<number, number> } {
  const indexById = new Map(lines.map((line, index) => [line.id, index]));
  const editOfLine = new Map<number, number>();
  const problems: FieldError[] = [];
  const edited = [...lines];
  body.lineEdits.forEach((edit, editIndex) => {
    const index = indexById.get(edit.id.toLowerCase());
    const field = `lineEdits.${editIndex}.id`;
    if (index === undefined) {
      problems.push({
        field,
        message: refusalMessage('invoice.lineUnknown'),
        code: 'invoice.lineUnknown',
      });
      return;
    }
    if (editOfLine.has(index)) {
      problems.push({
        field,
        message: refusalMessage('invoice.lineTwice'),
        code: 'invoice.lineTwice',
      });
      return;
    }
    editOfLine.set(index, editIndex);
    edited[index] = {
      ...lines[index]!,
      quantity: edit.quantity,
      unitPriceCents: edit.unitPriceCents,
      discount: edit.discount,
    };
  });
  if (problems.length > 0) throw fieldErrors(problems);
  return { lines: edited, editOfLine };
}

/** Refuses figures the domain cannot take: a discount above its amount, an overflow. */
function checkFigures(
  lines: repo.InvoiceLineRow[],
  discount: Discount | null,
  lineFields: LineFields,
): void {
  const problems = invoiceProblems({ lines, discount });
  if (problems.length === 0) return;
  const codes = {
    lineInvalid: 'invoice.lineTooLarge',
    lineDiscountInvalid: 'invoice.lineDiscountAboveAmount',
    lineDiscountAboveAmount: 'invoice.lineDiscountAboveAmount',
    discountInvalid: 'invoice.discountAboveSubtotal',
    discountAboveSubtotal: 'invoice.discountAboveSubtotal',
    subsidyInvalid: 'invoice.discountAboveSubtotal',
    insuranceInvalid: 'invoice.discountAboveSubtotal',
  } as const;
  throw fieldErrors(
    problems.map((problem) => {
      const code = codes[problem.problem];
      return { field: problemField(problem, lineFields), message: refusalMessage(code), code };
    }),
  );
}

/**
 * Who the draft is billed to: a company of the clinic (active, or the one already on the
 * draft), its name and address unless typed, and the due date its credit terms give when
 * none was typed; or a name and address only.
 */
async function billToOf(
  tx: TenantTx,
  body: InvoiceUpdateBody,
  draft: { billToCompanyId: string | null; invoiceDate: string },
) {
  const none = { billToCompanyId: null, billToName: null, billToAddress: null };
  if (!body.billTo) return { ...none, dueDate: body.dueDate };
  const { companyId, name, address } = body.billTo;
  if (companyId) {
    const company = await findCompany(tx, companyId);
    const kept = company?.id === draft.billToCompanyId;
    if (!company || (!company.isActive && !kept)) {
      throw fieldError('billTo.companyId', 'invoice.companyUnknown');
    }
    return {
      billToCompanyId: company.id,
      billToName: name ?? company.name,
      billToAddress: address ?? company.address,
      dueDate: body.dueDate ?? companyDueDate(draft.invoiceDate, company.creditTermsDays),
    };
  }
  if (!name) throw fieldError('billTo.name', 'invoice.billToNameRequired');
  return { billToCompanyId: null, billToName: name, billToAddress: address, dueDate: body.dueDate };
}

/** Each billed line's edit or addition, by its place in `billed` (edited lines by id). */
function lineFieldsOf(
  billed: repo.InvoiceLineRow[],
  edited: repo.InvoiceLineRow[],
  editOfLine: Map<number, number>,
): LineFields {
  const editById = new Map([...editOfLine].map(([line, edit]) => [edited[line]!.id, edit]));
  const fields: LineFields = new Map();
  let added = 0;
  billed.forEach((line, index) => {
    if (line.id === '') fields.set(index, { list: 'addLines', index: added++ });
    else if (editById.has(line.id)) {
      fields.set(index, { list: 'lineEdits', index: editById.get(line.id)! });
    }
  });
  return fields;
}

/** `PUT /invoices/{id}`: a draft's terms and line changes, at its version. */
export function updateInvoice(
  scope: BranchScope,
  id: string,
  body: InvoiceUpdateBody,
): Promise<Invoice> {
  return scope.run(async (tx) => {
    const locked = await lockedInvoice(tx, scope, id, body.version);
    if (locked.status !== INVOICE_STATUS.Draft) throw stateRefusal('invoice.notDraft');
    const option = (await repo.taxOptions(tx)).find((o) => o.code === body.taxOptionCode);
    if (!option) throw fieldError('taxOptionCode', 'invoice.taxOptionUnknown');
    const rate = taxRateOn(option, locked.invoiceDate);
    if (rate === null) throw fieldError('taxOptionCode', 'invoice.taxOptionNoRate');
    if (body.dueDate !== null && body.dueDate < locked.invoiceDate) {
      throw fieldError('dueDate', 'invoice.dueBeforeInvoice');
    }
    const current = (await repo.invoiceLines(tx, [id])).get(id) ?? [];
    const { lines, editOfLine } = editedLines(current, body);
    const changes = await serviceLineChanges(tx, scope.branchId, lines, body);
    const lastLineNo = Math.max(0, ...current.map((line) => line.lineNo));
    const billed = [...changes.kept, ...pendingRows(changes.added, lastLineNo, rate)];
    checkFigures(
      billed.map((line) => ({ ...line, taxRateBasisPoints: rate })),
      body.invoiceDiscount,
      lineFieldsOf(billed, lines, editOfLine),
    );
    const saved = await repo.updateDraft(
      tx,
      id,
      body.version,
      {
        ...(await billToOf(tx, body, locked)),
        discount: body.invoiceDiscount,
        roundingMode: body.roundingMode,
        taxOptionCode: option.code,
        taxRateBasisPoints: rate,
        remarks: body.remarks,
      },
      scope.userId,
    );
    if (!saved) throw conflict();
    for (const index of editOfLine.keys()) {
      const line = lines[index]!;
      await repo.updateLine(tx, line.id, line);
    }
    await deleteLines(tx, id, changes.removedIds);
    await insertLines(tx, id, changes.added, lastLineNo, rate);
    await repo.setLinesTaxRate(tx, id, rate);
    await applyInvoiceSubsidy(tx, id, { visitKind: body.subsidyVisitKind });
    const { today } = await clinicContext(tx, scope.branchId);
    return loadInvoice(tx, id, today);
  });
}

/**
 * `POST /invoices/{id}/finalise`: the draft takes the branch's next number and the clinic's
 * today as its date; its tax option's rate of that day goes on every line; every figure is
 * frozen. Issued, or FOC when nothing is owed.
 */
export function finaliseInvoice(
  scope: BranchScope,
  id: string,
  body: InvoiceVersionBody,
): Promise<Invoice> {
  return scope.run(async (tx) => {
    const locked = await lockedInvoice(tx, scope, id, body.version);
    if (locked.status !== INVOICE_STATUS.Draft) throw stateRefusal('invoice.notDraft');
    const lines = (await repo.invoiceLines(tx, [id])).get(id) ?? [];
    if (lines.length === 0) throw stateRefusal('invoice.noLines');
    const { today } = await clinicContext(tx, scope.branchId);
    const {
      items: [header],
    } = await repo.listInvoices(tx, { id, pageIndex: 1, pageSize: 1 });
    const option = (await repo.taxOptions(tx)).find((o) => o.code === header!.taxOptionCode);
    const rate = option ? taxRateOn(option, today) : null;
    if (rate === null) throw fieldError('taxOptionCode', 'invoice.taxOptionNoRate');
    await repo.setLinesTaxRate(tx, id, rate);
    const subsidised = await applyInvoiceSubsidy(tx, id, { date: today, lock: true });
    const totals = totalsOf(header!, subsidised);
    const seq = await repo.nextNumber(tx, scope.branchId, 'invoice');
    const done = await repo.finalise(tx, id, {
      version: body.version,
      status: totals.grandTotal === 0 ? INVOICE_STATUS.FOC : INVOICE_STATUS.Issued,
      invoiceNo: formatInvoiceNo(seq),
      invoiceDate: today,
      taxRateBasisPoints: rate,
      subtotalCents: totals.subtotal,
      discountCents: totals.discount,
      taxCents: totals.taxAmount,
      subsidyCents: totals.subsidyTotal,
      insuranceCents: totals.insuranceAmount,
      roundingCents: totals.roundingAmount,
      grandTotalCents: totals.grandTotal,
      finalisedBy: scope.userId,
    });
    if (!done) throw conflict();
    return loadInvoice(tx, id, today);
  });
}

/** `POST /invoices/{id}/void`: with its reason; refused while it has payments not voided. */
export function voidInvoice(
  scope: BranchScope,
  id: string,
  body: InvoiceVoidBody,
): Promise<Invoice> {
  return scope.run(async (tx) => {
    const locked = await lockedInvoice(tx, scope, id, body.version);
    if (locked.status === INVOICE_STATUS.Voided) throw stateRefusal('invoice.alreadyVoided');
    // Deposits applied count as payments: the deposit's money would stay on a voided bill.
    if ((await invoiceMoneyOf(tx, id)).paidCents > 0) throw stateRefusal('invoice.hasPayments');
    const done = await repo.voidInvoice(tx, id, {
      version: body.version,
      reason: body.reason,
      voidedBy: scope.userId,
    });
    if (!done) throw conflict();
    const { today } = await clinicContext(tx, scope.branchId);
    return loadInvoice(tx, id, today);
  });
}
