import { endpoints } from '../common/contract.ts';
import type { billingSettingsSchemas } from './billing-settings.contract.ts';

/** Method and path of each billing settings route (zod-free). */
export const billingSettingsApi = endpoints<typeof billingSettingsSchemas>()({
  taxOptions: ['GET', '/settings/tax'],
  taxOptionCreate: ['POST', '/settings/tax'],
  taxOptionOrder: ['PUT', '/settings/tax/order'],
  taxOptionUpdate: ['PUT', '/settings/tax/:id'],
  paymentMethods: ['GET', '/settings/payment-methods'],
  paymentMethodCreate: ['POST', '/settings/payment-methods'],
  paymentMethodUpdate: ['PUT', '/settings/payment-methods/:id'],
});
