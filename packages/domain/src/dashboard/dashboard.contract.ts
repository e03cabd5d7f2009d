import { joinContract, type RouteSchemas } from '../common/contract.ts';
import { dataOf, listOf } from '../common/envelope.ts';
import { dashboardApi } from './dashboard.endpoints.ts';
import {
  DashboardAmountsQuery,
  DashboardCollections,
  DashboardCollectionsQuery,
  DashboardInvoicesQuery,
  DashboardPatientsQuery,
  PaymentMethodAmountItem,
  UnbilledPatient,
  UnpaidInvoice,
} from './dashboard.ts';

/** The dashboard's daily summary and its three lists, each for a clinic day. */
export const dashboardSchemas = {
  collections: { query: DashboardCollectionsQuery, answer: dataOf(DashboardCollections) },
  patients: { query: DashboardPatientsQuery, answer: listOf(UnbilledPatient) },
  invoices: { query: DashboardInvoicesQuery, answer: listOf(UnpaidInvoice) },
  amounts: { query: DashboardAmountsQuery, answer: listOf(PaymentMethodAmountItem) },
} as const satisfies Record<string, RouteSchemas>;

export const dashboardContract = joinContract(dashboardApi, dashboardSchemas);
