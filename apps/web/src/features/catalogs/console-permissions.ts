import type { Permission } from '@clinic/domain';
import { useSession } from '../../api/session.ts';

/**
 * Whether the console user may do `permission` on the clinic's catalog. The console sends
 * no BranchId, and the server then grants what the user's role allows in any of their
 * branches; the catalog user (no branch) holds none yet (docs/architecture.md, Catalogs).
 */
export function useConsoleCan(permission: Permission): boolean {
  const session = useSession();
  return session?.info.branches.some((branch) => branch.permissions.includes(permission)) ?? false;
}
