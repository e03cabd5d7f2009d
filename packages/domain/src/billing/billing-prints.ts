/**
 * Print data of the billing documents (issue 13; doc 3 sections 2.1, 3.3, 5, 7.1, 9): the
 * invoice A4 and A5, the receipt A4, the tax invoice, the payment receipt, the quotation
 * and the statement. Field names are the spec's (`invoiceNo`, `grandTotal`, `Bill`, …);
 * money is integer cents in them, as every answer of the API (the dashboard's too): the
 * printout writes it with `formatMoney`. Every figure is the server's, worked out by the
 * domain's billing arithmetic; the printout adds nothing up.
 *
 * Decisions where the spec is silent (ours):
 * - The patient's ID is masked by the printing branch's country (`maskNric`); a print is
 *   of the caller's branch's invoices only (403 `print.anotherBranch`): its letterhead and
 *   its numbers are that branch's.
 * - `payments` are every payment of the invoice, voided ones with status -1; the receipt's
 *   `receipts` and the statement's are settled payments only.
 * - The tax invoice comes with the invoice (`GET /reports/invoices/{id}` answers
 *   `taxInvoice`), its figures from `taxInvoiceFigures` and `taxInvoiceSubsidyBreakdown`.
 */
import { z } from 'zod';
import { cacheBusters, fromQuery, requiredId } from '../common/fields.ts';
import { INVOICE_LINE_KINDS, INVOICE_STATUS_NAMES } from './billing-rules.ts';
import { CREDIT_NOTE_TYPE_NAMES } from './credit-notes-rules.ts';
import type { Invoice } from './billing.ts';
import type { InvoiceTotals } from './invoice-totals.ts';
import { sumCents } from './money.ts';
import {
  deliveryFeeCents,
  taxInvoiceFigures,
  taxInvoiceSubsidyBreakdown,
  WDRUG_CHAS,
} from './subsidies.ts';

/** The spec's rule (doc 3 section 5): for a Singapore branch only the last 4 characters show. */
export function maskNric(ic: string | null, branchCountry: string): string | null {
  if (ic === null) return null;
  if (branchCountry.trim().toUpperCase() !== 'SG') return ic;
  const shown = ic.slice(-4);
  return `${'*'.repeat(Math.max(0, ic.length - shown.length))}${shown}`;
}

export const PRINT_MESSAGES = {
  anotherBranch: 'This invoice is of another branch. Please choose that branch to print it.',
  creditNoteAnotherBranch:
    'This credit note is of another branch. Please choose that branch to print it.',
  patientRequired: 'no patient id',
  invoiceRequired: 'no invoice id',
} as const;
export type PrintMessageKey = keyof typeof PRINT_MESSAGES;

/** Payment receipt status words (doc 3 section 5): 0 SETTLED, -1 VOIDED, else blank. */
export function paymentStatusWord(status: number): string {
  return status === 0 ? 'SETTLED' : status === -1 ? 'VOIDED' : '';
}

export const InvoicePrintParams = z.strictObject({ id: z.uuid('no invoice id') });
export const InvoicePrintQuery = z.strictObject({ ...cacheBusters });
/** `GET /reports/labels/invoice?id=`. */
export const ReceiptPrintQuery = z.strictObject({
  id: fromQuery(requiredId(PRINT_MESSAGES.invoiceRequired, 'id must be an invoice id')),
  ...cacheBusters,
});
/** `GET /reports/statements?patientId=`. */
export const StatementPrintQuery = z.strictObject({
  patientId: fromQuery(
    requiredId(PRINT_MESSAGES.patientRequired, 'patientId must be a patient id'),
  ),
  ...cacheBusters,
});

export const PrintPatient = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Masked for a Singapore branch. */
  ic: z.string().nullable(),
});
export type PrintPatient = z.infer<typeof PrintPatient>;

const Amount = z.object({ amount: z.int() });

/** A line as printed (doc 3 section 3.3 'Detail'); money in cents. */
export const InvoicePrintDetail = z.object({
  id: z.uuid(),
  itemCode: z.string(),
  itemName: z.string(),
  /** The line's category: medication, service or other. */
  catalogGroupCode: z.string(),
  type: z.enum(INVOICE_LINE_KINDS),
  qty: z.int(),
  um: z.string().nullable(),
  /** Unit price billed. */
  price: z.int(),
  /** Unit price before the line's discount (the same price: discounts are kept apart). */
  originalPrice: z.int(),
  unitDiscountType: z.enum(['amount', 'percent']).nullable(),
  /** Cents, or basis points for a percent. */
  unitDiscountValue: z.int().nullable(),
  /** price x qty. */
  amount: z.int(),
  tax: Amount,
  doctorName: z.string().nullable(),
  /** amount - the line's discount. */
  subtotal: z.int(),
  /** The line's subsidy; 0 for none. */
  subsidy: z.int(),
});
export type InvoicePrintDetail = z.infer<typeof InvoicePrintDetail>;

export const InvoicePrint = z.object({
  id: z.uuid(),
  /** Null for a draft (printed as a quotation). */
  invoiceNo: z.string().nullable(),
  status: z.enum(INVOICE_STATUS_NAMES),
  statusCode: z.int(),
  date: z.string(),
  dueDate: z.string().nullable(),
  remarks: z.string().nullable(),
  subtotal: z.int(),
  taxAmount: z.int(),
  discount: Amount,
  insuranceAmount: z.int(),
  subsidyAmount: z.int(),
  roundingAmount: z.int(),
  grandTotal: z.int(),
  paid: z.int(),
  credited: z.int(),
  balance: z.int(),
  Bill: z.object({ name: z.string(), address: z.string().nullable() }),
  patient: PrintPatient,
  /** Each subsidy applied (name or description, amount). */
  subsidies: z.array(z.object({ name: z.string(), amount: z.int() })),
  details: z.array(InvoicePrintDetail),
  /** The summary invoice's lines: per category, the lines' subtotals and tax added up. */
  summary: z.array(z.object({ category: z.string(), subtotal: z.int(), tax: z.int() })),
});
export type InvoicePrint = z.infer<typeof InvoicePrint>;

/** A payment as printed: the invoice's payments and the payment receipt (doc 3 section 3.3). */
export const PaymentPrint = z.object({
  id: z.uuid(),
  paymentNumber: z.string(),
  /** The payment's date ('YYYY-MM-DD'). */
  date: z.string(),
  paymentDate: z.string(),
  amountReceived: z.int(),
  change: z.int(),
  /** The methods tendered, by name ('Cash, NETS'). */
  paymentMethod: z.string(),
  /** What each method paid. */
  tenders: z.array(z.object({ method: z.string(), amount: z.int() })),
  notes: z.string().nullable(),
  /** 0 settled, -1 voided. */
  status: z.int(),
  invoiceNo: z.string().nullable(),
  patient: PrintPatient,
  payer: z.object({ name: z.string() }),
});
export type PaymentPrint = z.infer<typeof PaymentPrint>;

/** Tax invoice line categories (doc 3 section 3.3): 1 medication, 2 service, 3 other. */
export const TAX_INVOICE_CATEGORY = { medication: 1, service: 2, other: 3 } as const;

export const TaxInvoicePrint = z.object({
  invoiceNum: z.string().nullable(),
  invoiceDate: z.string(),
  patient: PrintPatient,
  /** Doc 1 section 9's status number; 4 prints the real amount paid as the patient payable. */
  status: z.int(),
  items: z.array(
    z.object({
      id: z.uuid(),
      category: z.int(),
      itemName: z.string(),
      unitPrice: z.int(),
      quantity: z.int(),
      unit: z.string().nullable(),
      isWhitelistDrug: z.boolean(),
      claimable: z.boolean(),
      tax: Amount,
      subtotal: z.int(),
      subsidy: z.int(),
    }),
  ),
  subtotal: z.int(),
  discount: z.int(),
  taxAmount: z.int(),
  /** Before subsidies. */
  grandTotal: z.int(),
  subsidyTotal: z.int(),
  netDueAmount: z.int(),
  realAmountPaid: z.int(),
  patientPayable: z.int(),
  /** The sum of unit prices of non-claimable service lines. */
  deliveryFee: z.int(),
  /** The scheme's breakdown; null when the invoice has no scheme subsidy. */
  subsidy: z
    .object({
      scheme: z.enum(['WDRUG-CHAS', 'HSG']),
      schemeCode: z.string(),
      schemeName: z.string(),
      tierName: z.string(),
      dollarSubsidy: z.int(),
      percentageSubsidy: z.int(),
      gstAbsorbed: z.int(),
    })
    .nullable(),
});
export type TaxInvoicePrint = z.infer<typeof TaxInvoicePrint>;

/** `GET /reports/invoices/{id}`: the invoice, its payments and its tax invoice. */
export const InvoicePrintData = z.object({
  invoice: InvoicePrint,
  payments: z.array(PaymentPrint),
  taxInvoice: TaxInvoicePrint,
});
export type InvoicePrintData = z.infer<typeof InvoicePrintData>;

/** A receipt line of the receipt A4 and the statement (doc 3 section 3.3 'Receipt'). */
export const ReceiptLine = z.object({
  id: z.uuid(),
  date: z.string(),
  paymentNo: z.string(),
  paidAmount: z.int(),
  paymentMethod: z.string(),
  remarks: z.string().nullable(),
  invoiceNo: z.string().nullable(),
});
export type ReceiptLine = z.infer<typeof ReceiptLine>;

/** `GET /reports/labels/invoice?id=`: the receipt A4. */
export const ReceiptPrintData = z.object({
  invoice: z.object({
    id: z.uuid(),
    patient: PrintPatient,
    invoiceNo: z.string().nullable(),
    date: z.string(),
    remarks: z.string().nullable(),
    details: z.array(InvoicePrintDetail),
    subtotal: z.int(),
    discountAmount: z.int(),
    taxAmount: z.int(),
    subsidyAmount: z.int(),
    roundingAmount: z.int(),
    grandTotal: z.int(),
    paid: z.int(),
    balance: z.int(),
  }),
  receipts: z.array(ReceiptLine),
});
export type ReceiptPrintData = z.infer<typeof ReceiptPrintData>;

/** `GET /reports/statements?patientId=`: the patient's unpaid invoices of the branch. */
export const StatementPrintData = z.object({
  patient: PrintPatient,
  /** The clinic's today: the statement's date. */
  date: z.string(),
  invoices: z.array(
    z.object({
      id: z.uuid(),
      invoiceNo: z.string(),
      date: z.string(),
      dueDate: z.string().nullable(),
      status: z.enum(INVOICE_STATUS_NAMES),
      grandTotal: z.int(),
      paid: z.int(),
      balance: z.int(),
    }),
  ),
  receipts: z.array(ReceiptLine),
  /** The sum of the invoices' balances. */
  totalBalance: z.int(),
});
export type StatementPrintData = z.infer<typeof StatementPrintData>;

/** `GET /reports/credit-notes/{id}`. */
export const CreditNotePrintParams = z.strictObject({ id: z.uuid('no credit note id') });
export const CreditNotePrintQuery = z.strictObject({ ...cacheBusters });

/**
 * A credit note as printed (ours; the spec names a credit-note item's `createdDate`,
 * `amount`, `creditNoteNumber`, `paymentMethodName` and `creditNoteType`, doc 3 section
 * 3.3): what it credits, the goods returned and, when voided, why.
 */
export const CreditNotePrint = z.object({
  id: z.uuid(),
  creditNoteNumber: z.string(),
  createdDate: z.string(),
  /** doc 3 section 3.7: 1 deposit, 2 goods return, 3 invoice. */
  creditNoteType: z.int(),
  type: z.enum(CREDIT_NOTE_TYPE_NAMES),
  status: z.enum(['ISSUED', 'VOIDED']),
  statusCode: z.int(),
  amount: z.int(),
  /** The refund method's name; null when the money was not given back. */
  paymentMethodName: z.string().nullable(),
  reason: z.string(),
  /** The invoice it credits (types 2 and 3) or the deposit it gives back (type 1). */
  invoiceNo: z.string().nullable(),
  depositNo: z.string().nullable(),
  patient: PrintPatient,
  /** Goods returned (a goods-return note). */
  lines: z.array(
    z.object({ id: z.uuid(), itemCode: z.string(), itemName: z.string(), qty: z.int() }),
  ),
  voidReason: z.string().nullable(),
});
export type CreditNotePrint = z.infer<typeof CreditNotePrint>;

export const CreditNotePrintData = z.object({ creditNote: CreditNotePrint });
export type CreditNotePrintData = z.infer<typeof CreditNotePrintData>;

/** Per category (in the order first billed), the subtotals and tax of its lines. */
export function categorySubtotals(
  lines: readonly { category: string; subtotalCents: number; taxCents: number }[],
): { category: string; subtotal: number; tax: number }[] {
  const categories = [...new Set(lines.map((line) => line.category))];
  return categories.map((category) => {
    const own = lines.filter((line) => line.category === category);
    return {
      category,
      subtotal: sumCents(own.map((line) => line.subtotalCents)),
      tax: sumCents(own.map((line) => line.taxCents)),
    };
  });
}

/** The invoice's figures as the tax invoice's arithmetic takes them. */
function totalsOfInvoice(invoice: Invoice): InvoiceTotals {
  return {
    lines: [],
    subtotal: invoice.subtotalCents,
    discount: invoice.discountCents,
    taxAmount: invoice.taxCents,
    subsidies: [invoice.subsidyCents],
    subsidyTotal: invoice.subsidyCents,
    insuranceAmount: invoice.insuranceCents,
    roundingAmount: invoice.roundingCents,
    grandTotal: invoice.grandTotalCents,
  };
}

/**
 * The tax invoice of an invoice (doc 3 sections 2.1, 3.3, 4): its figures from
 * `taxInvoiceFigures` (status 4 prints the real amount paid as the patient payable), the
 * delivery fee from `deliveryFeeCents`, the scheme's lines from
 * `taxInvoiceSubsidyBreakdown`: a CHAS subsidy is the calculator's WDRUG-CHAS (a dollar
 * subsidy only), any other scheme the HSG chronic tier. Read null-tolerantly: an invoice
 * without a scheme (or answered before subsidies existed) prints its `subsidyCents` only.
 */
export function taxInvoiceOf(invoice: Invoice, patient: PrintPatient): TaxInvoicePrint {
  const figures = taxInvoiceFigures(
    totalsOfInvoice(invoice),
    invoice.statusCode,
    invoice.paidCents,
  );
  return {
    invoiceNum: invoice.invoiceNo,
    invoiceDate: invoice.invoiceDate,
    patient,
    status: invoice.statusCode,
    items: invoice.lines.map((line) => ({
      id: line.id,
      category: TAX_INVOICE_CATEGORY[line.category],
      itemName: line.name,
      unitPrice: line.unitPriceCents,
      quantity: line.quantity,
      unit: line.unit,
      isWhitelistDrug: line.isWhitelistDrug,
      claimable: line.claimable,
      tax: { amount: line.taxCents },
      subtotal: line.subtotalCents,
      subsidy: line.subsidyCents ?? 0,
    })),
    subtotal: figures.subtotal,
    discount: invoice.discountCents,
    taxAmount: figures.taxAmount,
    grandTotal: figures.grandTotal,
    subsidyTotal: figures.subsidyTotal,
    netDueAmount: figures.netDueAmount,
    realAmountPaid: invoice.paidCents,
    patientPayable: figures.patientPayable,
    deliveryFee: deliveryFeeCents(invoice.lines),
    subsidy: subsidyLinesOf(invoice),
  };
}

/** The scheme's lines of the tax invoice; null when the invoice has no scheme subsidy. */
function subsidyLinesOf(invoice: Invoice): TaxInvoicePrint['subsidy'] {
  const subsidy = invoice.subsidy ?? null;
  if (!subsidy) return null;
  const breakdown = taxInvoiceSubsidyBreakdown({
    category: subsidy.schemeCode === 'CHAS' ? WDRUG_CHAS : subsidy.schemeCode,
    totalDollarBasedSubsidyCents: subsidy.dollarSubsidyCents,
    drugs: [
      {
        percentageSubsidyCents: subsidy.percentageSubsidyCents,
        priceWithGstCents: 0,
        gstCents: subsidy.gstAbsorbedCents,
      },
    ],
    billCents: invoice.subtotalCents - invoice.discountCents,
    taxCents: invoice.taxCents,
  });
  return {
    scheme: breakdown.scheme,
    schemeCode: subsidy.schemeCode,
    schemeName: subsidy.schemeName,
    tierName: subsidy.tierName,
    dollarSubsidy: breakdown.dollarSubsidyCents,
    percentageSubsidy: breakdown.percentageSubsidyCents,
    gstAbsorbed: breakdown.gstAbsorbedCents,
  };
}
