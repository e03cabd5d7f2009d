import { endpoints } from '../common/contract.ts';
import type { prescriptionsSchemas } from './prescriptions.contract.ts';

/** Method and path of each prescribing route (zod-free). */
export const prescriptionsApi = endpoints<typeof prescriptionsSchemas>()({
  medication: ['GET', '/visits/:id/prescriptions/medication'],
  lines: ['GET', '/visits/:id/prescriptions/lines'],
  create: ['POST', '/visits/:id/prescriptions'],
  repeatLast: ['POST', '/visits/:id/prescriptions/repeat-last'],
  detail: ['GET', '/prescriptions/:id'],
  update: ['PUT', '/prescriptions/:id'],
  remove: ['DELETE', '/prescriptions/:id'],
});
