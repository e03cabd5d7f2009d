import { joinContract, type RouteSchemas } from '../common/contract.ts';
import { dataOf, listOf } from '../common/envelope.ts';
import { billingSettingsApi } from './billing-settings.endpoints.ts';
import {
  BillingSettingIdParams,
  BillingSettingsQuery,
  PaymentMethodCreateBody,
  PaymentMethodRecord,
  PaymentMethodUpdateBody,
  TaxOptionCreateBody,
  TaxOptionOrderBody,
  TaxOptionRecord,
  TaxOptionUpdateBody,
} from './billing-settings.ts';

/** Settings sales/tax and sales/payment-method: every entry, inactive ones too, and changes. */
export const billingSettingsSchemas = {
  taxOptions: { query: BillingSettingsQuery, answer: listOf(TaxOptionRecord) },
  taxOptionCreate: { body: TaxOptionCreateBody, answer: dataOf(TaxOptionRecord), status: 201 },
  taxOptionOrder: { body: TaxOptionOrderBody, answer: listOf(TaxOptionRecord) },
  taxOptionUpdate: {
    params: BillingSettingIdParams,
    body: TaxOptionUpdateBody,
    answer: dataOf(TaxOptionRecord),
  },
  paymentMethods: { query: BillingSettingsQuery, answer: listOf(PaymentMethodRecord) },
  paymentMethodCreate: {
    body: PaymentMethodCreateBody,
    answer: dataOf(PaymentMethodRecord),
    status: 201,
  },
  paymentMethodUpdate: {
    params: BillingSettingIdParams,
    body: PaymentMethodUpdateBody,
    answer: dataOf(PaymentMethodRecord),
  },
} as const satisfies Record<string, RouteSchemas>;

export const billingSettingsContract = joinContract(billingSettingsApi, billingSettingsSchemas);
