import { endpoints } from '../common/contract.ts';
import type { subsidiesSchemas } from './subsidies.contract.ts';

/** Method and path of each subsidy route (zod-free). */
export const subsidiesApi = endpoints<typeof subsidiesSchemas>()({
  chas: ['GET', '/chas/:patientId'],
  patientSubsidy: ['GET', '/patients/:id/subsidy'],
  patientSubsidySet: ['PUT', '/patients/:id/subsidy'],
  tiers: ['GET', '/settings/subsidies'],
  tierUpdate: ['PUT', '/settings/subsidies/:id'],
});
