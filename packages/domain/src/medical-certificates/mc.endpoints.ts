import { endpoints } from '../common/contract.ts';
import type { mcSchemas } from './mc.contract.ts';

/** Method and path of each medical-certificate route (zod-free). */
export const mcApi = endpoints<typeof mcSchemas>()({
  list: ['GET', '/medical-certificates'],
  get: ['GET', '/medical-certificates/:id'],
  create: ['POST', '/medical-certificates'],
  update: ['PUT', '/medical-certificates/:id'],
  remove: ['DELETE', '/medical-certificates/:id'],
  report: ['GET', '/reports/mc'],
});
