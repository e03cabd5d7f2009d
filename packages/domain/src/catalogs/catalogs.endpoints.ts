import { endpoints } from '../common/contract.ts';
import type { catalogsSchemas } from './catalogs.contract.ts';

/** Method and path of each catalog route (zod-free). */
export const catalogsApi = endpoints<typeof catalogsSchemas>()({
  list: ['GET', '/catalogs'],
  options: ['GET', '/catalogs/options'],
  get: ['GET', '/catalogs/:id'],
  create: ['POST', '/catalogs'],
  update: ['PUT', '/catalogs/:id'],
  remove: ['DELETE', '/catalogs/:id'],
  branchTerms: ['PUT', '/catalogs/:id/branch'],
  settingOptions: ['GET', '/prescriptions/settings/options'],
  settingList: ['GET', '/prescriptions/settings/:settingList'],
  settingCreate: ['POST', '/prescriptions/settings/:settingList'],
  settingUpdate: ['PUT', '/prescriptions/settings/:settingList/:id'],
  settingDelete: ['DELETE', '/prescriptions/settings/:settingList/:id'],
  whitelist: ['GET', '/settings/whitelist-drug'],
  whitelistCreate: ['POST', '/settings/whitelist-drug'],
  whitelistUpdate: ['PUT', '/settings/whitelist-drug/:id'],
  whitelistDelete: ['DELETE', '/settings/whitelist-drug/:id'],
  mappedDrugs: ['GET', '/settings/mapped-drug'],
  upcCodes: ['GET', '/inventory/upc-codes/options'],
  comboItems: ['GET', '/medication/comboItems'],
  vaccinePlans: ['GET', '/catalogs/vaccine-plans'],
  vaccinePlan: ['GET', '/catalogs/vaccine-plans/:id'],
  vaccinePlanCreate: ['POST', '/catalogs/vaccine-plans'],
  vaccinePlanUpdate: ['PUT', '/catalogs/vaccine-plans/:id'],
  vaccinePlanDelete: ['DELETE', '/catalogs/vaccine-plans/:id'],
});
