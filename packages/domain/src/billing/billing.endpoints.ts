import { endpoints } from '../common/contract.ts';
import type { billingSchemas } from './billing.contract.ts';

/** Method and path of each billing route (zod-free). */
export const billingApi = endpoints<typeof billingSchemas>()({
  invoiceFromVisit: ['POST', '/visits/:id/invoice'],
  invoice: ['GET', '/invoices/:id'],
  invoices: ['GET', '/invoices'],
  invoiceUpdate: ['PUT', '/invoices/:id'],
  invoiceFinalise: ['POST', '/invoices/:id/finalise'],
  paymentCreate: ['POST', '/invoices/:id/payments'],
  payments: ['GET', '/payments'],
  paymentDispense: ['PATCH', '/payments/:id/dispense'],
  paymentVoid: ['POST', '/payments/:id/void'],
  invoiceVoid: ['POST', '/invoices/:id/void'],
  taxOptions: ['GET', '/tax/options'],
  paymentMethods: ['GET', '/settings/paymentMethod'],
});
