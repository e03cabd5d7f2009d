/**
 * Billing's public face for other features (docs/architecture.md "Billing"): a new clinic's
 * tax options and payment methods; for credit notes and deposits, the invoice locked at its
 * version, its figures, and its status settled after a change of what was paid or credited;
 * for the dashboard, what deposits paid and credit notes credited on invoices.
 */
export { seedSettings as seedBillingSettings } from './billing-settings.repo.ts';
export { paymentMethods as clinicPaymentMethods } from './payments.repo.ts';
export { depositsAndCreditsOf, lockInvoice as lockInvoiceRow } from './invoices.repo.ts';
export {
  invoiceMoneyOf,
  loadInvoice,
  lockedInvoice,
  stateRefusal,
  type PaidAndCredited,
} from './invoices.service.ts';
export { settleStatus as settleInvoiceStatus } from './payments.service.ts';
