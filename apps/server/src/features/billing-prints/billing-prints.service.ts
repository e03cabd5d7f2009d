import {
  categorySubtotals,
  maskNric,
  sumCents,
  taxInvoiceOf,
  type CreditNotePrintData,
  type Invoice,
  type InvoicePrint,
  type InvoicePrintData,
  type InvoicePrintDetail,
  type Payment,
  type PaymentPrint,
  type PrintPatient,
  type ReceiptLine,
  type ReceiptPrintData,
  type StatementPrintData,
} from '@clinic/domain';
import type { TenantTx } from '../../db/tenant-db.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { BranchScope } from '../../platform/scope.ts';
import { loadInvoice } from '../billing/invoices.service.ts';
import { clinicContext } from '../branches/branches.service.ts';
import { loadCreditNote } from '../credit-notes/credit-notes.service.ts';
import * as repo from './billing-prints.repo.ts';

/**
 * Print data of the billing documents (doc 3 sections 3.3, 7.1; docs/architecture.md
 * "Billing prints"): the invoice as the billing feature answers it, in the spec's field
 * names, with the patient's ID masked for a Singapore branch. Only the caller's branch's
 * invoices print (its letterhead, its numbers). Every figure is the invoice's own or the
 * domain's (`taxInvoiceOf`, `sumCents`); none is worked out here.
 */

interface PrintContext {
  invoice: Invoice;
  patient: PrintPatient;
  doctorName: string | null;
}

/** The invoice of the caller's branch, with its patient's masked ID and the visit's doctor. */
async function printContext(tx: TenantTx, scope: BranchScope, id: string): Promise<PrintContext> {
  const { today } = await clinicContext(tx, scope.branchId);
  const invoice = await loadInvoice(tx, id, today);
  if (invoice.branchId !== scope.branchId) throw forbidden('print.anotherBranch');
  const facts = await repo.invoiceFacts(tx, id);
  if (!facts) throw notFound('invoice.notFound');
  const country = await repo.branchCountry(tx, scope.branchId);
  const doctorName = facts.firstName ? `${facts.firstName} ${facts.lastName ?? ''}`.trim() : null;
  return {
    invoice,
    patient: {
      id: invoice.patient.id,
      name: invoice.patient.name,
      ic: maskNric(facts.nric, country),
    },
    doctorName,
  };
}

function detailOf(line: Invoice['lines'][number], doctorName: string | null): InvoicePrintDetail {
  return {
    id: line.id,
    itemCode: line.code,
    itemName: line.name,
    catalogGroupCode: line.category,
    type: line.kind,
    qty: line.quantity,
    um: line.unit,
    price: line.unitPriceCents,
    originalPrice: line.unitPriceCents,
    unitDiscountType: line.discount?.kind ?? null,
    unitDiscountValue: line.discount?.value ?? null,
    amount: line.amountCents,
    tax: { amount: line.taxCents },
    doctorName,
    subtotal: line.subtotalCents,
    subsidy: line.subsidyCents ?? 0,
  };
}

/** The subsidy's name as printed: the scheme and tier, or 'Subsidy' when none is named. */
function subsidyName(invoice: Invoice): string {
  const subsidy = invoice.subsidy ?? null;
  return subsidy ? `${subsidy.schemeName} (${subsidy.tierName})` : 'Subsidy';
}

function invoiceOf({ invoice, patient, doctorName }: PrintContext): InvoicePrint {
  return {
    id: invoice.id,
    invoiceNo: invoice.invoiceNo,
    status: invoice.status,
    statusCode: invoice.statusCode,
    date: invoice.invoiceDate,
    dueDate: invoice.dueDate,
    remarks: invoice.remarks,
    subtotal: invoice.subtotalCents,
    taxAmount: invoice.taxCents,
    discount: { amount: invoice.discountCents },
    insuranceAmount: invoice.insuranceCents,
    subsidyAmount: invoice.subsidyCents,
    roundingAmount: invoice.roundingCents,
    grandTotal: invoice.grandTotalCents,
    paid: invoice.paidCents,
    credited: invoice.creditedCents,
    balance: invoice.balanceCents,
    Bill: { name: invoice.billTo.name, address: invoice.billTo.address },
    patient,
    subsidies:
      invoice.subsidyCents > 0
        ? [{ name: subsidyName(invoice), amount: invoice.subsidyCents }]
        : [],
    details: invoice.lines.map((line) => detailOf(line, doctorName)),
    summary: categorySubtotals(invoice.lines),
  };
}

const methodNames = (payment: Payment) =>
  payment.tenders.map((tender) => tender.methodName).join(', ');

function paymentOf(payment: Payment, context: PrintContext): PaymentPrint {
  return {
    id: payment.id,
    paymentNumber: payment.paymentNo,
    date: payment.paymentDate,
    paymentDate: payment.paymentDate,
    amountReceived: payment.amountCents,
    change: payment.changeCents,
    paymentMethod: methodNames(payment),
    tenders: payment.tenders.map((tender) => ({
      method: tender.methodName,
      amount: tender.amountCents,
    })),
    notes: payment.remarks,
    status: payment.statusCode,
    invoiceNo: payment.invoiceNo,
    patient: context.patient,
    payer: { name: context.invoice.billTo.name },
  };
}

function receiptsOf(invoice: Invoice): ReceiptLine[] {
  return invoice.payments
    .filter((payment) => payment.status === 'SETTLED')
    .map((payment) => ({
      id: payment.id,
      date: payment.paymentDate,
      paymentNo: payment.paymentNo,
      paidAmount: payment.amountCents,
      paymentMethod: methodNames(payment),
      remarks: payment.remarks,
      invoiceNo: payment.invoiceNo,
    }));
}

/** `GET /reports/invoices/{id}`: the invoice, its payments and its tax invoice. */
export function invoicePrint(scope: BranchScope, id: string): Promise<InvoicePrintData> {
  return scope.run(async (tx) => {
    const context = await printContext(tx, scope, id);
    return {
      invoice: invoiceOf(context),
      payments: context.invoice.payments.map((payment) => paymentOf(payment, context)),
      taxInvoice: taxInvoiceOf(context.invoice, context.patient),
    };
  });
}

/** `GET /reports/labels/invoice?id=`: the receipt A4, the invoice and its settled payments. */
export function receiptPrint(scope: BranchScope, id: string): Promise<ReceiptPrintData> {
  return scope.run(async (tx) => {
    const context = await printContext(tx, scope, id);
    const printed = invoiceOf(context);
    return {
      invoice: {
        id: printed.id,
        patient: printed.patient,
        invoiceNo: printed.invoiceNo,
        date: printed.date,
        remarks: printed.remarks,
        details: printed.details,
        subtotal: printed.subtotal,
        discountAmount: printed.discount.amount,
        taxAmount: printed.taxAmount,
        subsidyAmount: printed.subsidyAmount,
        roundingAmount: printed.roundingAmount,
        grandTotal: printed.grandTotal,
        paid: printed.paid,
        balance: printed.balance,
      },
      receipts: receiptsOf(context.invoice),
    };
  });
}

/** `GET /reports/statements?patientId=`: the patient's invoices of the branch still owing. */
export function statementPrint(scope: BranchScope, patientId: string): Promise<StatementPrintData> {
  return scope.run(async (tx) => {
    const patient = await repo.patientFacts(tx, patientId);
    if (!patient) throw notFound('patient.notFound');
    const { today } = await clinicContext(tx, scope.branchId);
    const country = await repo.branchCountry(tx, scope.branchId);
    const invoices: Invoice[] = [];
    for (const id of await repo.owingInvoiceIds(tx, patientId, scope.branchId)) {
      const invoice = await loadInvoice(tx, id, today);
      if (invoice.balanceCents > 0) invoices.push(invoice);
    }
    return {
      patient: { id: patient.id, name: patient.name, ic: maskNric(patient.nric, country) },
      date: today,
      invoices: invoices.map((invoice) => ({
        id: invoice.id,
        invoiceNo: invoice.invoiceNo ?? '',
        date: invoice.invoiceDate,
        dueDate: invoice.dueDate,
        status: invoice.status,
        grandTotal: invoice.grandTotalCents,
        paid: invoice.paidCents,
        balance: invoice.balanceCents,
      })),
      receipts: invoices.flatMap(receiptsOf),
      totalBalance: sumCents(invoices.map((invoice) => invoice.balanceCents)),
    };
  });
}

/**
 * `GET /reports/credit-notes/{id}`: the credit note of the caller's branch as printed, its
 * patient's ID masked by the branch's country. A voided note prints (marked VOIDED).
 */
export function creditNotePrint(scope: BranchScope, id: string): Promise<CreditNotePrintData> {
  return scope.run(async (tx) => {
    const note = await loadCreditNote(tx, id);
    if (note.branchId !== scope.branchId) throw forbidden('print.creditNoteAnotherBranch');
    const patient = await repo.patientFacts(tx, note.patientId);
    if (!patient) throw notFound('patient.notFound');
    const country = await repo.branchCountry(tx, scope.branchId);
    return {
      creditNote: {
        id: note.id,
        creditNoteNumber: note.creditNoteNo,
        createdDate: note.creditNoteDate,
        creditNoteType: note.typeCode,
        type: note.type,
        status: note.status,
        statusCode: note.statusCode,
        amount: note.amountCents,
        paymentMethodName: note.refundMethodName,
        reason: note.reason,
        invoiceNo: note.invoiceNo,
        depositNo: note.depositNo,
        patient: { id: patient.id, name: patient.name, ic: maskNric(patient.nric, country) },
        lines: note.lines.map((line) => ({
          id: line.lineId,
          itemCode: line.code,
          itemName: line.name,
          qty: line.quantity,
        })),
        voidReason: note.voidReason,
      },
    };
  });
}
