import { endpoints } from '../common/contract.ts';
import type { printingSchemas } from './printing.contract.ts';

/** Method and path of the billing prints' data and the printer footers (zod-free). */
export const printingApi = endpoints<typeof printingSchemas>()({
  invoicePrint: ['GET', '/reports/invoices/:id'],
  receiptPrint: ['GET', '/reports/labels/invoice'],
  statementPrint: ['GET', '/reports/statements'],
  creditNotePrint: ['GET', '/reports/credit-notes/:id'],
  printerFooter: ['GET', '/printer/footer/:kind'],
  printerFooterUpdate: ['PUT', '/settings/printer/footer/:kind'],
});
