import { endpoints } from '../common/contract.ts';
import type { dashboardSchemas } from './dashboard.contract.ts';

/** Method and path of each dashboard route (zod-free). */
export const dashboardApi = endpoints<typeof dashboardSchemas>()({
  collections: ['GET', '/dashboards/collections'],
  patients: ['GET', '/dashboards/patients'],
  invoices: ['GET', '/dashboards/invoices'],
  amounts: ['GET', '/dashboards/amounts'],
});
