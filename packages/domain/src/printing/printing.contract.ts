import {
  CreditNotePrintData,
  CreditNotePrintParams,
  CreditNotePrintQuery,
  InvoicePrintData,
  InvoicePrintParams,
  InvoicePrintQuery,
  ReceiptPrintData,
  ReceiptPrintQuery,
  StatementPrintData,
  StatementPrintQuery,
} from '../billing/billing-prints.ts';
import { joinContract, type RouteSchemas } from '../common/contract.ts';
import { dataOf } from '../common/envelope.ts';
import { printingApi } from './printing.endpoints.ts';
import {
  PrinterFooter,
  PrinterFooterBody,
  PrinterFooterParams,
  PrinterFooterQuery,
} from './printer-footers.ts';

/** Print data of the billing documents (doc 3 section 7.1) and the branch's printer footers. */
export const printingSchemas = {
  invoicePrint: {
    params: InvoicePrintParams,
    query: InvoicePrintQuery,
    answer: dataOf(InvoicePrintData),
  },
  receiptPrint: { query: ReceiptPrintQuery, answer: dataOf(ReceiptPrintData) },
  statementPrint: { query: StatementPrintQuery, answer: dataOf(StatementPrintData) },
  creditNotePrint: {
    params: CreditNotePrintParams,
    query: CreditNotePrintQuery,
    answer: dataOf(CreditNotePrintData),
  },
  printerFooter: {
    params: PrinterFooterParams,
    query: PrinterFooterQuery,
    answer: dataOf(PrinterFooter),
  },
  printerFooterUpdate: {
    params: PrinterFooterParams,
    body: PrinterFooterBody,
    answer: dataOf(PrinterFooter),
  },
} as const satisfies Record<string, RouteSchemas>;

export const printingContract = joinContract(printingApi, printingSchemas);
