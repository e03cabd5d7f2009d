import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import {
  paymentStatusWord,
  type CreditNotePrint,
  type InvoicePrint,
  type InvoicePrintDetail,
  type PaymentPrint,
  type ReceiptPrintData,
  type StatementPrintData,
  type TaxInvoicePrint,
} from '@clinic/domain';
import { createElement as h, type ReactElement, type ReactNode } from 'react';
import { FONT_FAMILY } from '../fonts.ts';
import { formatDocumentDate } from '../format.ts';
import { ReportHeaderBlock } from '../header.ts';
import { PAGE_SIZES, mm } from '../page-sizes.ts';
import {
  billingStyles as s,
  block,
  blocks,
  footerBlock,
  moneyOf,
  pair,
  patientPairs,
  printedOn,
  table,
  titleRow,
  totals,
  type BillingPrintBase,
  type Column,
  type Total,
} from './billing-parts.ts';

/**
 * The billing documents of doc 3 section 2.1: invoice A4 (itemised or summary), invoice
 * A5 stub, receipt A4, tax invoice, payment receipt, quotation and statement. Each takes
 * the server's print data (doc 3 section 3.3 fields, cents) and draws it; see
 * docs/architecture.md "Billing prints".
 */

/** Doc 3 section 2.1 'Receipt terms'. */
export const RECEIPT_TERMS = 'Payment is due 14 days from the date.';

export interface InvoiceA4Props extends BillingPrintBase {
  invoice: InvoicePrint;
  payments: PaymentPrint[];
  layout: 'itemised' | 'summary';
  /** The branch's invoice footer HTML (sanitised by the server). */
  footer: string;
}
export interface InvoiceStubProps extends BillingPrintBase {
  invoice: InvoicePrint;
}
export interface ReceiptA4Props extends BillingPrintBase {
  receipt: ReceiptPrintData;
  footer: string;
}
export interface TaxInvoiceProps extends BillingPrintBase {
  taxInvoice: TaxInvoicePrint;
}
export interface PaymentReceiptProps extends BillingPrintBase {
  payment: PaymentPrint;
  footer: string;
}
export interface CreditNoteProps extends BillingPrintBase {
  creditNote: CreditNotePrint;
  /** The branch's invoice footer HTML (sanitised by the server). */
  footer: string;
}
export interface QuotationProps extends BillingPrintBase {
  invoice: InvoicePrint;
  payments: PaymentPrint[];
}
export interface StatementProps extends BillingPrintBase {
  statement: StatementPrintData;
}

function page(
  props: BillingPrintBase,
  title: string,
  children: Array<ReactNode>,
  printedLabel = 'Printed on',
): ReactElement {
  return h(
    Document,
    { title, author: props.header.branchName, creator: props.header.tenant.clinicName },
    h(
      Page,
      { size: [...PAGE_SIZES.a4], style: s.page },
      h(ReportHeaderBlock, { header: props.header, logo: props.logo }),
      ...children,
      printedOn(printedLabel, props.printedAt),
    ),
  );
}

const statusMark = (status: string) =>
  status === 'VOIDED' ? 'VOIDED' : status === 'DRAFT' ? 'DRAFT' : null;

function discountText(detail: InvoicePrintDetail, currency?: string): string {
  if (detail.unitDiscountType === null || detail.unitDiscountValue === null) return '';
  return detail.unitDiscountType === 'amount'
    ? moneyOf(detail.unitDiscountValue, currency)
    : `${(detail.unitDiscountValue / 100).toFixed(2)}%`;
}

function itemisedTable(details: InvoicePrintDetail[], currency?: string): ReactElement {
  const columns: Column[] = [
    { title: '#', width: 20 },
    { title: 'Item', width: null },
    { title: 'Qty', width: 34, right: true },
    { title: 'UM', width: 34 },
    { title: 'Price', width: 56, right: true },
    { title: 'Disc.', width: 48, right: true },
    { title: 'Tax', width: 50, right: true },
    { title: 'Subtotal', width: 62, right: true },
  ];
  return table(
    columns,
    details.map((detail, index) => ({
      key: detail.id,
      cells: [
        String(index + 1),
        `${detail.itemCode} ${detail.itemName}`,
        String(detail.qty),
        detail.um ?? '',
        moneyOf(detail.price, currency),
        discountText(detail, currency),
        moneyOf(detail.tax.amount, currency),
        moneyOf(detail.subtotal, currency),
      ],
    })),
  );
}

const CATEGORY_NAMES: Record<string, string> = {
  medication: 'Medication',
  service: 'Services',
  other: 'Other',
};

function summaryTable(invoice: InvoicePrint, currency?: string): ReactElement {
  return table(
    [
      { title: 'Description', width: null },
      { title: 'Tax', width: 70, right: true },
      { title: 'Subtotal', width: 80, right: true },
    ],
    invoice.summary.map((row) => ({
      key: row.category,
      cells: [
        CATEGORY_NAMES[row.category] ?? row.category,
        moneyOf(row.tax, currency),
        moneyOf(row.subtotal, currency),
      ],
    })),
  );
}

/** The invoice's figures, as doc 3 section 2.1 lists them; zero extras are left out. */
function invoiceTotals(invoice: InvoicePrint): Total[] {
  const rows: Total[] = [
    { label: 'Subtotal', cents: invoice.subtotal },
    { label: 'Discount', cents: invoice.discount.amount },
    { label: 'Tax', cents: invoice.taxAmount },
  ];
  if (invoice.insuranceAmount !== 0)
    rows.push({ label: 'Insurance', cents: invoice.insuranceAmount });
  for (const subsidy of invoice.subsidies)
    rows.push({ label: subsidy.name, cents: subsidy.amount });
  if (invoice.roundingAmount !== 0) rows.push({ label: 'Rounding', cents: invoice.roundingAmount });
  rows.push({ label: 'Grand total', cents: invoice.grandTotal, grand: true });
  return rows;
}

function balanceTotals(invoice: InvoicePrint): Total[] {
  const rows: Total[] = [{ label: 'Paid', cents: invoice.paid }];
  if (invoice.credited !== 0) rows.push({ label: 'Credited', cents: invoice.credited });
  rows.push({ label: 'Balance', cents: invoice.balance, grand: true });
  return rows;
}

function paymentsTable(payments: PaymentPrint[], currency?: string): ReactElement[] {
  if (payments.length === 0) return [];
  return [
    h(Text, { key: 'payments-title', style: s.section }, 'Payments'),
    table(
      [
        { title: 'Date', width: 70 },
        { title: 'Receipt no.', width: 78 },
        { title: 'Method', width: 90 },
        { title: 'Notes', width: null },
        { title: 'Amount', width: 70, right: true },
      ],
      payments.map((payment) => ({
        key: payment.id,
        cells: [
          formatDocumentDate(payment.date),
          payment.status === -1 ? `${payment.paymentNumber} (VOIDED)` : payment.paymentNumber,
          payment.paymentMethod,
          payment.notes ?? '',
          moneyOf(payment.amountReceived, currency),
        ],
      })),
    ),
  ];
}

function remarks(text: string | null): ReactElement | null {
  return text ? h(Text, { style: s.note }, `Remarks: ${text}`) : null;
}

/** Invoice A4, itemised or summary (doc 3 sections 2.1, 3.3). */
export function InvoiceA4Document(props: InvoiceA4Props) {
  const { invoice, currency } = props;
  return page(props, `Invoice ${invoice.invoiceNo ?? ''}`.trim(), [
    titleRow('INVOICE', statusMark(invoice.status)),
    blocks(
      block('Bill to', pair('Name', invoice.Bill.name), pair('Address', invoice.Bill.address)),
      block(
        'Invoice',
        pair('Invoice no.', invoice.invoiceNo),
        pair('Date', formatDocumentDate(invoice.date)),
        pair('Due date', formatDocumentDate(invoice.dueDate)),
        ...patientPairs(invoice.patient),
      ),
    ),
    props.layout === 'itemised'
      ? itemisedTable(invoice.details, currency)
      : summaryTable(invoice, currency),
    totals([...invoiceTotals(invoice), ...balanceTotals(invoice)], currency),
    ...paymentsTable(props.payments, currency),
    remarks(invoice.remarks),
    footerBlock(props.footer),
  ]);
}

const stubStyles = StyleSheet.create({
  page: { padding: mm(10), fontFamily: FONT_FAMILY, fontSize: 9, color: '#000000' },
  clinic: { fontSize: 12, fontWeight: 700 },
  line: { fontSize: 8, color: '#333333', marginBottom: 8 },
});

/** Invoice A5: the basic stub (number, date, patient, the totals, what is owed). */
export function InvoiceStubDocument(props: InvoiceStubProps) {
  const { invoice, header, currency } = props;
  return h(
    Document,
    { title: `Invoice ${invoice.invoiceNo ?? ''}`.trim(), author: header.branchName },
    h(
      Page,
      { size: [...PAGE_SIZES.a5], style: stubStyles.page },
      h(Text, { style: stubStyles.clinic }, header.branchName),
      h(Text, { style: stubStyles.line }, header.branchAddress ?? ''),
      titleRow('INVOICE', statusMark(invoice.status)),
      h(
        View,
        { style: { marginTop: 8 } },
        pair('Invoice no.', invoice.invoiceNo),
        pair('Date', formatDocumentDate(invoice.date)),
        ...patientPairs(invoice.patient),
      ),
      totals(
        [
          { label: 'Grand total', cents: invoice.grandTotal },
          { label: 'Paid', cents: invoice.paid },
          { label: 'Balance', cents: invoice.balance, grand: true },
        ],
        currency,
      ),
      h(Text, { style: [s.note, { fontSize: 7.5 }] }, `Printed on ${props.printedAt}`),
    ),
  );
}

/** Receipt A4: the invoice's lines and figures and the payments received (doc 3 section 3.3). */
export function ReceiptA4Document(props: ReceiptA4Props) {
  const { receipt, currency } = props;
  const { invoice } = receipt;
  const figures: Total[] = [
    { label: 'Subtotal', cents: invoice.subtotal },
    { label: 'Discount', cents: invoice.discountAmount },
    { label: 'Tax', cents: invoice.taxAmount },
  ];
  if (invoice.subsidyAmount !== 0) figures.push({ label: 'Subsidy', cents: invoice.subsidyAmount });
  if (invoice.roundingAmount !== 0)
    figures.push({ label: 'Rounding', cents: invoice.roundingAmount });
  figures.push(
    { label: 'Grand total', cents: invoice.grandTotal, grand: true },
    { label: 'Paid', cents: invoice.paid },
    { label: 'Balance', cents: invoice.balance, grand: true },
  );
  return page(props, `Receipt ${invoice.invoiceNo ?? ''}`.trim(), [
    titleRow('RECEIPT'),
    blocks(
      block('Patient', ...patientPairs(invoice.patient)),
      block(
        'Invoice',
        pair('Invoice no.', invoice.invoiceNo),
        pair('Date', formatDocumentDate(invoice.date)),
      ),
    ),
    itemisedTable(invoice.details, currency),
    totals(figures, currency),
    h(Text, { style: s.section }, 'Receipts'),
    table(
      [
        { title: 'Date', width: 70 },
        { title: 'Receipt no.', width: 80 },
        { title: 'Method', width: 100 },
        { title: 'Remarks', width: null },
        { title: 'Paid', width: 70, right: true },
      ],
      receipt.receipts.map((line) => ({
        key: line.id,
        cells: [
          formatDocumentDate(line.date),
          line.paymentNo,
          line.paymentMethod,
          line.remarks ?? '',
          moneyOf(line.paidAmount, currency),
        ],
      })),
    ),
    remarks(invoice.remarks),
    h(Text, { style: s.note }, `Terms: ${RECEIPT_TERMS}`),
    footerBlock(props.footer),
  ]);
}

const TAX_CATEGORY_NAMES: Record<number, string> = { 1: 'Medication', 2: 'Service', 3: 'Other' };

/** The tax invoice's subsidy lines (doc 3 sections 2.1, 4). */
function subsidyTotals(taxInvoice: TaxInvoicePrint): Total[] {
  const { subsidy } = taxInvoice;
  if (!subsidy) return [];
  const rows: Total[] = [
    { label: `Dollar subsidy (${subsidy.schemeName})`, cents: subsidy.dollarSubsidy },
  ];
  if (subsidy.scheme === 'HSG') {
    rows.push(
      { label: 'Percentage subsidy', cents: subsidy.percentageSubsidy },
      { label: 'GST absorbed by government', cents: subsidy.gstAbsorbed },
    );
  }
  return rows;
}

/** The tax invoice with its government-subsidy breakdown (doc 3 sections 2.1, 3.3, 4). */
export function TaxInvoiceDocument(props: TaxInvoiceProps) {
  const { taxInvoice, currency } = props;
  const figures: Total[] = [
    { label: 'Subtotal', cents: taxInvoice.subtotal },
    ...(taxInvoice.discount !== 0 ? [{ label: 'Discount', cents: taxInvoice.discount }] : []),
    { label: 'Tax', cents: taxInvoice.taxAmount },
    { label: 'Grand total', cents: taxInvoice.grandTotal, grand: true },
    ...subsidyTotals(taxInvoice),
    { label: 'Subsidy total', cents: taxInvoice.subsidyTotal },
    ...(taxInvoice.deliveryFee !== 0
      ? [{ label: 'Delivery fee', cents: taxInvoice.deliveryFee }]
      : []),
    { label: 'Net due', cents: taxInvoice.netDueAmount },
    { label: 'Patient payable', cents: taxInvoice.patientPayable, grand: true },
  ];
  return page(props, `Tax invoice ${taxInvoice.invoiceNum ?? ''}`.trim(), [
    titleRow('TAX INVOICE'),
    blocks(
      block(
        'Patient',
        pair('Name', taxInvoice.patient.name),
        pair('NRIC/ID', taxInvoice.patient.ic),
      ),
      block(
        'Tax invoice',
        pair('Invoice no.', taxInvoice.invoiceNum),
        pair('Date', formatDocumentDate(taxInvoice.invoiceDate)),
        pair('Tax reg. no.', props.header.taxRegistrationNo),
        ...(taxInvoice.subsidy
          ? [pair('Scheme', `${taxInvoice.subsidy.schemeName} ${taxInvoice.subsidy.tierName}`)]
          : []),
      ),
    ),
    table(
      [
        { title: 'Item', width: null },
        { title: 'Category', width: 66 },
        { title: 'Qty', width: 34, right: true },
        { title: 'Unit', width: 34 },
        { title: 'Unit price', width: 58, right: true },
        { title: 'Tax', width: 50, right: true },
        { title: 'Subtotal', width: 62, right: true },
      ],
      taxInvoice.items.map((item) => ({
        key: item.id,
        cells: [
          item.isWhitelistDrug ? `${item.itemName} (whitelisted)` : item.itemName,
          TAX_CATEGORY_NAMES[item.category] ?? '',
          String(item.quantity),
          item.unit ?? '',
          moneyOf(item.unitPrice, currency),
          moneyOf(item.tax.amount, currency),
          moneyOf(item.subtotal, currency),
        ],
      })),
    ),
    totals(figures, currency),
  ]);
}

/** The payment receipt (doc 3 sections 2.1, 3.3, 5). */
export function PaymentReceiptDocument(props: PaymentReceiptProps) {
  const { payment, currency } = props;
  return page(props, `Payment receipt ${payment.paymentNumber}`, [
    titleRow('PAYMENT RECEIPT', payment.status === -1 ? 'VOIDED' : null),
    h(
      View,
      { style: [s.block, { marginTop: 10 }] },
      pair('Receipt no.', payment.paymentNumber),
      pair('Invoice no.', payment.invoiceNo),
      ...patientPairs(payment.patient),
      pair('Received from', payment.payer.name),
      pair('Payment type', paymentStatusWord(payment.status)),
      pair('Payment method', payment.paymentMethod),
      ...(payment.tenders.length > 1
        ? payment.tenders.map((tender) =>
            pair(`  ${tender.method}`, moneyOf(tender.amount, currency)),
          )
        : []),
      pair('Sum of', moneyOf(payment.amountReceived, currency)),
      ...(payment.change !== 0 ? [pair('Change', moneyOf(payment.change, currency))] : []),
      pair('Date of payment', formatDocumentDate(payment.paymentDate)),
      pair('Notes', payment.notes),
    ),
    footerBlock(props.footer),
  ]);
}

/** doc 3 section 3.7's `creditNoteType` in words. */
const CREDIT_NOTE_TYPE_WORDS: Record<CreditNotePrint['type'], string> = {
  deposit: 'Deposit',
  goodsReturn: 'Goods return',
  invoice: 'Invoice',
};

/** A credit note (ours: doc 3 names its items, sections 3.3 and 3.7). */
export function CreditNoteDocument(props: CreditNoteProps) {
  const { creditNote: note, currency } = props;
  const voided = note.status === 'VOIDED';
  return page(props, `Credit note ${note.creditNoteNumber}`, [
    titleRow('CREDIT NOTE', voided ? 'VOIDED' : null),
    h(
      View,
      { style: [s.block, { marginTop: 10 }] },
      pair('Credit note no.', note.creditNoteNumber),
      pair('Date', formatDocumentDate(note.createdDate)),
      ...patientPairs(note.patient),
      pair('Type', CREDIT_NOTE_TYPE_WORDS[note.type]),
      note.depositNo ? pair('Deposit no.', note.depositNo) : pair('Invoice no.', note.invoiceNo),
      pair('Amount', moneyOf(note.amount, currency)),
      pair('Refund method', note.paymentMethodName),
      pair('Reason', note.reason),
      pair('Status', note.status),
      ...(voided ? [pair('Void reason', note.voidReason)] : []),
    ),
    ...(note.lines.length > 0
      ? [
          h(Text, { style: [s.blockTitle, { marginTop: 10 }] }, 'Goods returned'),
          table(
            [
              { title: 'Code', width: 80 },
              { title: 'Item', width: null },
              { title: 'Qty', width: 50, right: true },
            ],
            note.lines.map((line) => ({
              key: line.id,
              cells: [line.itemCode, line.itemName, String(line.qty)],
            })),
          ),
        ]
      : []),
    footerBlock(props.footer),
  ]);
}

/** A draft printed as a quotation (doc 3 sections 2.1, 3.3 'Quotation/statement'). */
export function QuotationDocument(props: QuotationProps) {
  const { invoice, currency } = props;
  const billed = invoice.Bill.name !== invoice.patient.name || invoice.Bill.address;
  return page(props, `Quotation ${invoice.invoiceNo ?? ''}`.trim(), [
    titleRow('QUOTATION'),
    blocks(
      block(
        'Quotation',
        ...(invoice.invoiceNo ? [pair('Invoice no.', invoice.invoiceNo)] : []),
        pair('Date', formatDocumentDate(invoice.date)),
        ...(invoice.dueDate ? [pair('Due date', formatDocumentDate(invoice.dueDate))] : []),
        ...patientPairs(invoice.patient),
      ),
      billed
        ? block('Bill to', pair('Name', invoice.Bill.name), pair('Address', invoice.Bill.address))
        : h(View, { style: { flexGrow: 1, flexBasis: 0 } }),
    ),
    table(
      [
        { title: 'Code', width: 70 },
        { title: 'Item', width: null },
        { title: 'Qty', width: 40, right: true },
        { title: 'UM', width: 40 },
        { title: 'Subtotal', width: 70, right: true },
      ],
      invoice.details.map((detail) => ({
        key: detail.id,
        cells: [
          detail.itemCode,
          detail.itemName,
          String(detail.qty),
          detail.um ?? '',
          moneyOf(detail.subtotal, currency),
        ],
      })),
    ),
    totals([...invoiceTotals(invoice), { label: 'Balance', cents: invoice.balance }], currency),
    remarks(invoice.remarks),
    ...paymentsTable(props.payments, currency),
  ]);
}

/** A statement of the patient's invoices still owing and their receipts. */
export function StatementDocument(props: StatementProps) {
  const { statement, currency } = props;
  return page(
    props,
    `Statement ${statement.patient.name}`,
    [
      titleRow('STATEMENT OF ACCOUNT'),
      blocks(
        block('Patient', ...patientPairs(statement.patient)),
        block('Statement', pair('Date', formatDocumentDate(statement.date))),
      ),
      table(
        [
          { title: 'Invoice no.', width: null },
          { title: 'Date', width: 70 },
          { title: 'Due date', width: 70 },
          { title: 'Total', width: 70, right: true },
          { title: 'Paid', width: 70, right: true },
          { title: 'Balance', width: 70, right: true },
        ],
        statement.invoices.map((invoice) => ({
          key: invoice.id,
          cells: [
            invoice.invoiceNo,
            formatDocumentDate(invoice.date),
            formatDocumentDate(invoice.dueDate),
            moneyOf(invoice.grandTotal, currency),
            moneyOf(invoice.paid, currency),
            moneyOf(invoice.balance, currency),
          ],
        })),
      ),
      totals(
        [{ label: 'Total outstanding', cents: statement.totalBalance, grand: true }],
        currency,
      ),
      ...(statement.receipts.length > 0
        ? [
            h(Text, { key: 'receipts', style: s.section }, 'Receipts'),
            table(
              [
                { title: 'Date', width: 70 },
                { title: 'Receipt no.', width: 80 },
                { title: 'Invoice no.', width: 80 },
                { title: 'Method', width: null },
                { title: 'Paid', width: 70, right: true },
              ],
              statement.receipts.map((line) => ({
                key: line.id,
                cells: [
                  formatDocumentDate(line.date),
                  line.paymentNo,
                  line.invoiceNo ?? '',
                  line.paymentMethod,
                  moneyOf(line.paidAmount, currency),
                ],
              })),
            ),
          ]
        : []),
    ],
    'Generated on',
  );
}
