import { endpoints } from '../common/contract.ts';
import type { creditsSchemas } from './credits.contract.ts';

/** Method and path of each deposit and credit-note route (zod-free). */
export const creditsApi = endpoints<typeof creditsSchemas>()({
  depositCreate: ['POST', '/deposits'],
  deposits: ['GET', '/deposits'],
  deposit: ['GET', '/deposits/:id'],
  depositApply: ['POST', '/invoices/:id/deposit-applications'],
  depositApplicationVoid: ['POST', '/deposit-applications/:id/void'],
  creditNoteCreate: ['POST', '/credit-notes'],
  creditNotes: ['GET', '/credit-notes'],
  creditNote: ['GET', '/credit-notes/:id'],
  creditTransactions: ['GET', '/credit_note/transaction/options'],
  creditNoteVoid: ['POST', '/credit-notes/:id/void'],
  depositVoid: ['POST', '/deposits/:id/void'],
});
