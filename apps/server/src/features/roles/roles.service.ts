import { isPermission, type Permission } from '@clinic/domain';

/** What other features use of roles: a new clinic's roles and users' branches. */
export { giveBranches, seedSystemRoles, type BranchGrant } from './roles.repo.ts';

/** Only the permissions this code knows (a stored one it no longer knows allows nothing). */
export function knownPermissions(stored: readonly string[]): Permission[] {
  return stored.filter(isPermission).sort();
}

/** A branch row with its role columns (`roleId`, `roleName`, `permissions`) as the answers show it. */
export function withRole<T extends { roleId: string; roleName: string; permissions: string[] }>(
  row: T,
): Omit<T, 'roleId' | 'roleName' | 'permissions'> & {
  role: { id: string; name: string };
  permissions: Permission[];
} {
  const { roleId, roleName, permissions, ...rest } = row;
  return {
    ...rest,
    role: { id: roleId, name: roleName },
    permissions: knownPermissions(permissions),
  };
}
