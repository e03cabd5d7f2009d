import { endpoints } from '../common/contract.ts';
import type { reportsSchemas } from './reports.contract.ts';

/** Method and path of each print-data route (zod-free). */
export const reportsApi = endpoints<typeof reportsSchemas>()({
  header: ['GET', '/reports/header'],
  logo: ['GET', '/reports/:branchId/logo'],
  patientLabel: ['GET', '/reports/labels/patient'],
});
