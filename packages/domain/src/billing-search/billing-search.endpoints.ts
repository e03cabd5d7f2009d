import { endpoints } from '../common/contract.ts';
import type { billingSearchSchemas } from './billing-search.contract.ts';

/** Method and path of each billing search route (zod-free). */
export const billingSearchApi = endpoints<typeof billingSearchSchemas>()({
  invoices: ['GET', '/search/invoices'],
  invoicesExport: ['GET', '/search/invoices/export'],
  payments: ['GET', '/search/payments'],
  paymentsExport: ['GET', '/search/payments/export'],
  medicalCertificates: ['GET', '/search/medical-certificates'],
  medicalCertificatesExport: ['GET', '/search/medical-certificates/export'],
  creditNotes: ['GET', '/search/credit-notes'],
  creditNotesExport: ['GET', '/search/credit-notes/export'],
  unbilledVisits: ['GET', '/invoices/unbills'],
});
