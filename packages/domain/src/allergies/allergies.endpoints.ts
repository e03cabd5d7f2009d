import { endpoints } from '../common/contract.ts';
import type { allergiesSchemas } from './allergies.contract.ts';

/** Method and path of each allergy route (zod-free). */
export const allergiesApi = endpoints<typeof allergiesSchemas>()({
  list: ['GET', '/allergies'],
  create: ['POST', '/allergies'],
  remove: ['DELETE', '/allergies/:id'],
  options: ['GET', '/allergies/options'],
  reactions: ['GET', '/allergies/adverse-reaction/options'],
  badges: ['GET', '/patients/:patientId/allergies-and-alert'],
});
