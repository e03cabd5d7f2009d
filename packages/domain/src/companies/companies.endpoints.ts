import { endpoints } from '../common/contract.ts';
import type { companiesSchemas } from './companies.contract.ts';

/** Method and path of each company route (zod-free). The picker is `options.companies`. */
export const companiesApi = endpoints<typeof companiesSchemas>()({
  company: ['GET', '/companies/:id'],
  companies: ['GET', '/companies'],
  companyCreate: ['POST', '/companies'],
  companyUpdate: ['PUT', '/companies/:id'],
});
