import { endpoints } from '../common/contract.ts';
import type { branchesSchemas } from './branches.contract.ts';

/** Method and path of each branch route (zod-free). */
export const branchesApi = endpoints<typeof branchesSchemas>()({
  current: ['GET', '/branches/current'],
  options: ['GET', '/branches/options'],
});
