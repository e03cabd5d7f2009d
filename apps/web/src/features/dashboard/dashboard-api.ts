import {
  dashboardApi,
  type DashboardCollections,
  type PaymentMethodAmountItem,
  type UnbilledPatient,
  type UnpaidInvoice,
} from '@clinic/domain';
import { useQuery } from '@tanstack/react-query';
import { queryCallOptions } from '../../api/background.ts';
import { api } from '../../api/clients.ts';
import { useBranch } from '../../app/branch.ts';

interface List<T> {
  items: T[];
  total: number;
}

/** Each of the dashboard's reads, for a clinic day given by its start (Unix seconds). */
export const dashboardKeys = {
  collections: (branchId: string | undefined, from: number) =>
    ['dashboard', 'collections', branchId, from] as const,
  patients: (branchId: string | undefined, from: number) =>
    ['dashboard', 'patients', branchId, from] as const,
  invoices: (branchId: string | undefined, from: number) =>
    ['dashboard', 'invoices', branchId, from] as const,
  amounts: (branchId: string | undefined, from: number) =>
    ['dashboard', 'amounts', branchId, from] as const,
};

export function useCollections(from: number) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: dashboardKeys.collections(branchId, from),
    queryFn: (context): Promise<DashboardCollections> =>
      api().call(dashboardApi.collections, { query: { from } }, queryCallOptions(context)),
    enabled: Boolean(branchId),
  });
}

export function useUnbilledPatients(from: number) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: dashboardKeys.patients(branchId, from),
    queryFn: (context): Promise<List<UnbilledPatient>> =>
      api().call(
        dashboardApi.patients,
        { query: { from, t: 'unbilled' } },
        queryCallOptions(context),
      ),
    enabled: Boolean(branchId),
  });
}

export function useUnpaidInvoices(from: number) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: dashboardKeys.invoices(branchId, from),
    queryFn: (context): Promise<List<UnpaidInvoice>> =>
      api().call(
        dashboardApi.invoices,
        { query: { from, t: 'uncompleted' } },
        queryCallOptions(context),
      ),
    enabled: Boolean(branchId),
  });
}

export function usePaymentMethodAmounts(from: number) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: dashboardKeys.amounts(branchId, from),
    queryFn: (context): Promise<List<PaymentMethodAmountItem>> =>
      api().call(
        dashboardApi.amounts,
        { query: { from, t: 'payment-method' } },
        queryCallOptions(context),
      ),
    enabled: Boolean(branchId),
  });
}
