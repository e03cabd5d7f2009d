import { endpoints } from '../common/contract.ts';
import type { visitsSchemas } from './visits.contract.ts';

/** Method and path of each visit route (zod-free). */
export const visitsApi = endpoints<typeof visitsSchemas>()({
  list: ['GET', '/visits'],
  diagnoses: ['GET', '/diagnosis'],
  prescriptions: ['GET', '/visits/:id/prescriptions'],
  detail: ['GET', '/visits/:id'],
  consultTime: ['PUT', '/visits/:id/consult-time'],
  consultIn: ['PUT', '/visits/:id/consult-in'],
  consultOut: ['PUT', '/visits/:id/consult-out'],
});
