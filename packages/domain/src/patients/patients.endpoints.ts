import { endpoints } from '../common/contract.ts';
import type { patientsSchemas } from './patients.contract.ts';

/** Method and path of each patient route (zod-free: pages import it). */
export const patientsApi = endpoints<typeof patientsSchemas>()({
  create: ['POST', '/patients'],
  search: ['GET', '/patients/option'],
  profile: ['GET', '/patients/:id/profile'],
  headerInfo: ['GET', '/patients/:id/header-info'],
  vaccinationCount: ['GET', '/vaccinations/items/count'],
  changeNric: ['PATCH', '/patients/:id/nric'],
  changeCardNo: ['PATCH', '/patients/:id/card-no'],
});
