import {
  SYSTEM_ROLES,
  SYSTEM_ROLE_NAMES,
  defaultRoleOf,
  isPermission,
  type Permission,
  type SystemRoleName,
  type UserType,
} from '@clinic/domain';
import type { TenantTx } from '../../db/tenant-db.ts';

/** Creates a new clinic's system roles (SYSTEM_ROLES); answers their ids by name. */
export async function seedSystemRoles(tx: TenantTx): Promise<Record<SystemRoleName, string>> {
  const rows = await tx.db
    .insertInto('roles')
    .values(
      SYSTEM_ROLE_NAMES.map((name) => ({
        tenantId: tx.tenantId,
        name,
        permissions: [...SYSTEM_ROLES[name]],
        system: true,
      })),
    )
    .returning(['id', 'name'])
    .execute();
  return Object.fromEntries(rows.map((row) => [row.name, row.id])) as Record<
    SystemRoleName,
    string
  >;
}

/** The id of the clinic's system role that users of `type` get unless told otherwise. */
export async function defaultRoleId(tx: TenantTx, type: UserType): Promise<string> {
  const name = defaultRoleOf(type);
  const row = await tx.db
    .selectFrom('roles')
    .select('id')
    .where('tenantId', '=', tx.tenantId)
    .where('system', '=', true)
    .where('name', '=', name)
    .executeTakeFirst();
  if (!row) throw new Error(`The clinic has no system role '${name}'`);
  return row.id;
}

/**
 * Gives a user a branch with a role (the default role of the user's type unless one is
 * named). The key (tenant_id, role_id) makes another clinic's role impossible here.
 */
export async function giveBranch(
  tx: TenantTx,
  grant: {
    userId: string;
    userType: UserType;
    branchId: string;
    isDefault?: boolean;
    roleId?: string;
  },
): Promise<void> {
  await tx.db
    .insertInto('userBranches')
    .values({
      tenantId: tx.tenantId,
      userId: grant.userId,
      branchId: grant.branchId,
      isDefault: grant.isDefault ?? false,
      roleId: grant.roleId ?? (await defaultRoleId(tx, grant.userType)),
    })
    .execute();
}

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
