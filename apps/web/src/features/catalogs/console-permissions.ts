import type { Permission } from '@clinic/domain';
import { useSession } from '../../api/session.ts';
import { useCan } from '../../app/permissions.tsx';

/**
 * Whether the console user may do `permission` on the clinic's catalog. The console sends
 * no BranchId, and the server then grants what the user's role allows in any of their
 * branches; the catalog user (no branch) holds none yet (docs/architecture.md, Catalogs).
 */
export function useConsoleCan(permission: Permission): boolean {
  const session = useSession();
  return session?.info.branches.some((branch) => branch.permissions.includes(permission)) ?? false;
}

/** Where a catalog page is shown: the console (the clinic's catalog) or a branch's settings. */
export type CatalogPlace = 'console' | 'branch';

/**
 * What the user may do on a catalog page: in the console by their roles in any branch; in
 * a branch's settings read only, by that branch's role (the clinic's lists are kept in the
 * console).
 */
export function useCatalogRights(where: CatalogPlace) {
  const consoleRead = useConsoleCan('catalogs:read');
  const consoleCreate = useConsoleCan('catalogs:create');
  const consoleUpdate = useConsoleCan('catalogs:update');
  const consoleDelete = useConsoleCan('catalogs:delete');
  const branchRead = useCan('catalogs:read');
  if (where === 'branch') return { read: branchRead, create: false, update: false, remove: false };
  return { read: consoleRead, create: consoleCreate, update: consoleUpdate, remove: consoleDelete };
}
