import {
  billingSettingsApi,
  type CallInput,
  type PaymentMethodRecord,
  type TaxOptionRecord,
} from '@clinic/domain';
import { useQuery } from '@tanstack/react-query';
import { queryCallOptions } from '../../api/background.ts';
import { api } from '../../api/clients.ts';

export type TaxOptionCreate = CallInput<typeof billingSettingsApi.taxOptionCreate>['body'];
export type TaxOptionUpdate = CallInput<typeof billingSettingsApi.taxOptionUpdate>['body'];
export type PaymentMethodCreate = CallInput<typeof billingSettingsApi.paymentMethodCreate>['body'];
export type PaymentMethodUpdate = CallInput<typeof billingSettingsApi.paymentMethodUpdate>['body'];

/**
 * Keys by the place the page is shown in: a branch (its id, sent as BranchId) or the
 * console (no branch).
 */
export const billingSettingsKeys = {
  taxOptions: (place: string | undefined) => ['billing-settings', 'tax', place] as const,
  paymentMethods: (place: string | undefined) =>
    ['billing-settings', 'payment-methods', place] as const,
};

/** `GET /settings/tax`: every tax option in order, inactive ones too, with today's rate. */
export function useTaxOptions(place: string | undefined) {
  return useQuery({
    queryKey: billingSettingsKeys.taxOptions(place),
    queryFn: async (context): Promise<TaxOptionRecord[]> =>
      (await api().call(billingSettingsApi.taxOptions, {}, queryCallOptions(context))).items,
    enabled: Boolean(place),
  });
}

/** `GET /settings/payment-methods`: every payment method, inactive ones too. */
export function usePaymentMethods(place: string | undefined) {
  return useQuery({
    queryKey: billingSettingsKeys.paymentMethods(place),
    queryFn: async (context): Promise<PaymentMethodRecord[]> =>
      (await api().call(billingSettingsApi.paymentMethods, {}, queryCallOptions(context))).items,
    enabled: Boolean(place),
  });
}

export function createTaxOption(body: TaxOptionCreate): Promise<TaxOptionRecord> {
  return api().call(billingSettingsApi.taxOptionCreate, { body });
}

export function updateTaxOption(id: string, body: TaxOptionUpdate): Promise<TaxOptionRecord> {
  return api().call(billingSettingsApi.taxOptionUpdate, { params: { id }, body });
}

/** Sends every option once, in the new order, each at the version read. */
export async function orderTaxOptions(options: TaxOptionRecord[]): Promise<TaxOptionRecord[]> {
  const body = { items: options.map(({ id, version }) => ({ id, version })) };
  return (await api().call(billingSettingsApi.taxOptionOrder, { body })).items;
}

export function createPaymentMethod(body: PaymentMethodCreate): Promise<PaymentMethodRecord> {
  return api().call(billingSettingsApi.paymentMethodCreate, { body });
}

export function updatePaymentMethod(
  id: string,
  body: PaymentMethodUpdate,
): Promise<PaymentMethodRecord> {
  return api().call(billingSettingsApi.paymentMethodUpdate, { params: { id }, body });
}
