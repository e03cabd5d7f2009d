import {
  formatCents,
  type CreditNoteSearchRow,
  type InvoiceSearchRow,
  type McSearchRow,
  type PaymentSearchRow,
} from '@clinic/domain';
import type { SheetColumn } from './workbook.ts';

/**
 * The columns of each export, as the search pages show them. Dates stay 'YYYY-MM-DD' text
 * (sorts as it reads, whatever the spreadsheet's locale); money is dollars from the domain's
 * `formatCents`, as a number with two decimals shown.
 */

const MONEY = '#,##0.00';
const dollars = (cents: number) => Number(formatCents(cents));

export const INVOICE_COLUMNS: ReadonlyArray<SheetColumn<InvoiceSearchRow>> = [
  { header: 'Invoice No.', width: 16, value: (row) => row.invoiceNo },
  { header: 'Invoice Date', width: 14, value: (row) => row.invoiceDate },
  { header: 'Patient', width: 30, value: (row) => row.patientName },
  { header: 'Bill To', width: 30, value: (row) => row.billTo },
  { header: 'Status', width: 12, value: (row) => row.status },
  { header: 'Due Date', width: 14, value: (row) => row.dueDate },
  { header: 'Total', width: 14, value: (row) => dollars(row.grandTotalCents), numFmt: MONEY },
  { header: 'Paid', width: 14, value: (row) => dollars(row.paidCents), numFmt: MONEY },
  { header: 'Credited', width: 14, value: (row) => dollars(row.creditedCents), numFmt: MONEY },
  { header: 'Balance', width: 14, value: (row) => dollars(row.balanceCents), numFmt: MONEY },
];

export const PAYMENT_COLUMNS: ReadonlyArray<SheetColumn<PaymentSearchRow>> = [
  { header: 'Payment No.', width: 16, value: (row) => row.paymentNo },
  { header: 'Payment Date', width: 14, value: (row) => row.paymentDate },
  { header: 'Patient', width: 30, value: (row) => row.patientName },
  { header: 'Invoice No.', width: 16, value: (row) => row.invoiceNo },
  { header: 'Methods', width: 24, value: (row) => row.methods.join(', ') },
  { header: 'Status', width: 12, value: (row) => row.status },
  { header: 'Amount', width: 14, value: (row) => dollars(row.amountCents), numFmt: MONEY },
  { header: 'Change', width: 14, value: (row) => dollars(row.changeCents), numFmt: MONEY },
  { header: 'Remarks', width: 30, value: (row) => row.remarks },
];

export const MC_COLUMNS: ReadonlyArray<SheetColumn<McSearchRow>> = [
  { header: 'MC No.', width: 16, value: (row) => row.mcNo },
  { header: 'Issued', width: 14, value: (row) => row.issuedDate },
  { header: 'Patient', width: 30, value: (row) => row.patientName },
  { header: 'Doctor', width: 24, value: (row) => row.doctorName },
  { header: 'From', width: 14, value: (row) => row.fromDate },
  { header: 'To', width: 14, value: (row) => row.toDate },
  { header: 'Days', width: 8, value: (row) => row.givenDays },
  { header: 'Excuse Chit', width: 12, value: (row) => (row.excuseChit ? 'Yes' : 'No') },
];

/** doc 3 section 3.7's `creditNoteType` in words. */
const CREDIT_NOTE_TYPE_WORDS: Record<CreditNoteSearchRow['type'], string> = {
  deposit: 'Deposit',
  goodsReturn: 'Goods return',
  invoice: 'Invoice',
};

export const CREDIT_NOTE_COLUMNS: ReadonlyArray<SheetColumn<CreditNoteSearchRow>> = [
  { header: 'Credit Note No.', width: 16, value: (row) => row.creditNoteNo },
  { header: 'Date', width: 14, value: (row) => row.creditNoteDate },
  { header: 'Patient', width: 30, value: (row) => row.patientName },
  { header: 'Type', width: 14, value: (row) => CREDIT_NOTE_TYPE_WORDS[row.type] },
  { header: 'Invoice / Deposit No.', width: 20, value: (row) => row.invoiceNo ?? row.depositNo },
  { header: 'Status', width: 12, value: (row) => row.status },
  { header: 'Amount', width: 14, value: (row) => dollars(row.amountCents), numFmt: MONEY },
  { header: 'Refund Method', width: 16, value: (row) => row.refundMethodName },
  { header: 'Reason', width: 40, value: (row) => row.reason },
];
