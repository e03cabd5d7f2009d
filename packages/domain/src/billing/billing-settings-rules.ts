/**
 * The clinic's tax options and payment methods as owners keep them (settings sales/tax and
 * sales/payment-method, doc 1 section 2.5; doc 3 section 2.2). Zod-free.
 *
 * Decisions where the spec is silent (ours):
 * - A tax option's rates are a history: a new rate is added with the date it takes effect;
 *   rates are never edited or removed. A finalised invoice keeps the rate it was computed
 *   with (frozen on it), so no change here alters one.
 * - The options' order is kept whole (every option once); the first active one is the
 *   default (doc 2 section 9: 'Default tax is the first tax option').
 * - Options and methods are deactivated, never deleted (invoices and payments name them);
 *   the last active one of each cannot be deactivated (a bill needs a tax option, a payment
 *   a method).
 */

export const BILLING_SETTING_CODE_MAX = 50;
export const BILLING_SETTING_NAME_MAX = 100;
/** Rates one request may add. */
export const TAX_RATES_MAX = 50;
export const TAX_OPTIONS_MAX = 100;

export const BILLING_SETTINGS_MESSAGES = {
  codeRequired: 'Please give a code (what invoices and payments keep).',
  nameRequired: 'Please give the name shown on forms and prints.',
  taxOptionNotFound: 'This tax option does not exist.',
  taxOptionCodeTaken: 'Another tax option has this code.',
  rateDateTaken: 'This tax option already has a rate from this date.',
  rateDateTwice: 'Each date may have one rate.',
  ratesRequired: 'Please give at least one rate with the date it takes effect.',
  lastTaxOption: 'The last active tax option cannot be deactivated.',
  orderIncomplete: 'Please list every tax option once, in the new order.',
  paymentMethodNotFound: 'This payment method does not exist.',
  paymentMethodCodeTaken: 'Another payment method has this code.',
  lastPaymentMethod: 'The last active payment method cannot be deactivated.',
} as const;
export type BillingSettingsMessageKey = keyof typeof BILLING_SETTINGS_MESSAGES;
