import { useBranch } from '../../app/branch.ts';
import { useCan } from '../../app/permissions.tsx';
import { useConsoleCan } from '../catalogs/console-permissions.ts';

/** Where a sales settings page is shown: a branch's settings or the tenant console. */
export type SettingsPlace = 'branch' | 'console';

/** The cache's place of the lists: the branch's id (sent as BranchId), or the console. */
export function usePlaceKey(where: SettingsPlace): string | undefined {
  const { branchId } = useBranch();
  return where === 'console' ? 'console' : branchId;
}

/**
 * What the user may change: in a branch by that branch's role; in the console (no
 * BranchId) by their roles in any branch, as the server then grants.
 */
export function useBillingSettingsRights(where: SettingsPlace) {
  const inBranch = {
    create: useCan('billingSettings:create'),
    update: useCan('billingSettings:update'),
  };
  const inConsole = {
    create: useConsoleCan('billingSettings:create'),
    update: useConsoleCan('billingSettings:update'),
  };
  return where === 'console' ? inConsole : inBranch;
}
