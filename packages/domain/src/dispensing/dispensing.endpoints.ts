import { endpoints } from '../common/contract.ts';
import type { dispensingSchemas } from './dispensing.contract.ts';

/** Method and path of each dispensing route (zod-free). */
export const dispensingApi = endpoints<typeof dispensingSchemas>()({
  visit: ['GET', '/visits/:id/dispensing'],
  dispense: ['POST', '/visits/:id/dispense'],
  labels: ['GET', '/reports/labels/medication'],
});
