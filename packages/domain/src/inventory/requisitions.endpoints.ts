import { endpoints } from '../common/contract.ts';
import type { requisitionsSchemas } from './requisitions.contract.ts';

/** Method and path of each requisition route (zod-free). */
export const requisitionsApi = endpoints<typeof requisitionsSchemas>()({
  list: ['GET', '/inventory/requisitions'],
  branches: ['GET', '/inventory/requisitions/branches'],
  create: ['POST', '/inventory/requisitions'],
  one: ['GET', '/inventory/requisitions/:id'],
  issue: ['POST', '/inventory/requisitions/:id/issue'],
  refuse: ['POST', '/inventory/requisitions/:id/refuse'],
  cancel: ['POST', '/inventory/requisitions/:id/cancel'],
});
