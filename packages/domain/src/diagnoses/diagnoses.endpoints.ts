import { endpoints } from '../common/contract.ts';
import type { diagnosesSchemas } from './diagnoses.contract.ts';

/** Method and path of each diagnosis and terminology route (zod-free). */
export const diagnosesApi = endpoints<typeof diagnosesSchemas>()({
  snomed: ['GET', '/snomed-ct'],
  create: ['POST', '/diagnosis'],
  remove: ['DELETE', '/diagnosis/:id'],
});
