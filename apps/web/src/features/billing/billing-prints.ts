import { printingApi, type PaymentPrint, type PrinterFooterKind } from '@clinic/domain';
import type { PrintDocument } from '@clinic/print';
import { api } from '../../api/clients.ts';
import { DATE_FORMATS, formatClinicInstant } from '../../app/date-format.ts';
import { openPrintPreview } from '../../print/preview.ts';
import { loadReportHeader } from '../../print/report-header.ts';

/**
 * The billing prints (doc 3 sections 2.1, 7.1; docs/architecture.md "Billing prints"):
 * each fetches the branch's letterhead and the server's print data (and the invoice
 * footer where the document has one), then opens the print preview. Every figure is the
 * server's; the documents only write them.
 */
export type InvoicePrintKind =
  'invoiceItemised' | 'invoiceSummary' | 'invoiceStub' | 'receipt' | 'taxInvoice' | 'quotation';

/** 'Printed on': now, on the clinic's clock, as doc 3's date-time ('27/Nov/2026 14:05'). */
function printedAt(offset: number): string {
  return formatClinicInstant(Math.floor(Date.now() / 1000), offset, DATE_FORMATS.documentTime);
}

async function footer(kind: PrinterFooterKind): Promise<string> {
  const answer = await api().call(printingApi.printerFooter, { params: { kind } });
  return answer.content;
}

const invoiceData = (id: string) => api().call(printingApi.invoicePrint, { params: { id } });

/** The document of one of an invoice's prints, loaded from the server. */
export async function invoiceDocument(
  kind: InvoicePrintKind,
  invoiceId: string,
  offset: number,
): Promise<PrintDocument> {
  const base = { ...(await loadReportHeader()), printedAt: printedAt(offset) };
  switch (kind) {
    case 'receipt': {
      const [receipt, content] = await Promise.all([
        api().call(printingApi.receiptPrint, { query: { id: invoiceId } }),
        footer('Invoice'),
      ]);
      return { kind: 'receiptA4', ...base, receipt, footer: content };
    }
    case 'taxInvoice': {
      const { taxInvoice } = await invoiceData(invoiceId);
      return { kind: 'taxInvoice', ...base, taxInvoice };
    }
    case 'invoiceStub': {
      const { invoice } = await invoiceData(invoiceId);
      return { kind: 'invoiceStub', ...base, invoice };
    }
    case 'quotation': {
      const { invoice, payments } = await invoiceData(invoiceId);
      return { kind: 'quotation', ...base, invoice, payments };
    }
    case 'invoiceItemised':
    case 'invoiceSummary': {
      const [{ invoice, payments }, content] = await Promise.all([
        invoiceData(invoiceId),
        footer('Invoice'),
      ]);
      const layout = kind === 'invoiceItemised' ? 'itemised' : 'summary';
      return { kind: 'invoiceA4', ...base, invoice, payments, layout, footer: content };
    }
  }
}

export function printInvoice(
  kind: InvoicePrintKind,
  invoiceId: string,
  title: string,
  offset: number,
): Promise<void> {
  return openPrintPreview({ title, document: () => invoiceDocument(kind, invoiceId, offset) });
}

/** The payment receipt of one payment (from its invoice's print data). */
export async function paymentReceiptDocument(
  invoiceId: string,
  paymentId: string,
  offset: number,
): Promise<PrintDocument> {
  const [letterhead, data, content] = await Promise.all([
    loadReportHeader(),
    invoiceData(invoiceId),
    footer('Invoice'),
  ]);
  const payment: PaymentPrint | undefined = data.payments.find((row) => row.id === paymentId);
  // A payment the server no longer lists with its invoice: the spec's words.
  if (!payment) throw new Error('something wrong');
  return {
    kind: 'paymentReceipt',
    ...letterhead,
    printedAt: printedAt(offset),
    payment,
    footer: content,
  };
}

export function printPaymentReceipt(
  payment: { id: string; invoiceId: string; paymentNo: string },
  title: string,
  offset: number,
): Promise<void> {
  return openPrintPreview({
    title,
    fileName: `payment-receipt-${payment.paymentNo}.pdf`,
    document: () => paymentReceiptDocument(payment.invoiceId, payment.id, offset),
  });
}

/** The statement of the patient's invoices of this branch still owing. */
export async function statementDocument(patientId: string, offset: number): Promise<PrintDocument> {
  const [letterhead, statement] = await Promise.all([
    loadReportHeader(),
    api().call(printingApi.statementPrint, { query: { patientId } }),
  ]);
  return { kind: 'statement', ...letterhead, printedAt: printedAt(offset), statement };
}

export function printStatement(patientId: string, title: string, offset: number): Promise<void> {
  return openPrintPreview({ title, document: () => statementDocument(patientId, offset) });
}

/** A credit note's document (doc 3 sections 3.3, 3.7), with the invoice footer. */
export async function creditNoteDocument(id: string, offset: number): Promise<PrintDocument> {
  const [letterhead, { creditNote }, content] = await Promise.all([
    loadReportHeader(),
    api().call(printingApi.creditNotePrint, { params: { id } }),
    footer('Invoice'),
  ]);
  return {
    kind: 'creditNote',
    ...letterhead,
    printedAt: printedAt(offset),
    creditNote,
    footer: content,
  };
}

export function printCreditNote(
  note: { id: string; creditNoteNo: string },
  title: string,
  offset: number,
): Promise<void> {
  return openPrintPreview({
    title,
    fileName: `credit-note-${note.creditNoteNo}.pdf`,
    document: () => creditNoteDocument(note.id, offset),
  });
}
