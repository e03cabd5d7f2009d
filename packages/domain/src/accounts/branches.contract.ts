import { joinContract, type RouteSchemas } from '../common/contract.ts';
import { dataOf, listOf } from '../common/envelope.ts';
import { branchesApi } from './branches.endpoints.ts';
import { BranchOption, CurrentBranch } from './session.ts';

/** The caller's branches (doc 1 section 7 'Account'). */
export const branchesSchemas = {
  current: { answer: dataOf(CurrentBranch) },
  options: { answer: listOf(BranchOption) },
} as const satisfies Record<string, RouteSchemas>;

export const branchesContract = joinContract(branchesApi, branchesSchemas);
