import {
  SYSTEM_ROLES,
  SYSTEM_ROLE_NAMES,
  defaultRoleOf,
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

/** A branch given to a user, with the user's role there (see `giveBranches`). */
export interface BranchGrant {
  branchId: string;
  isDefault?: boolean;
  roleId?: string;
}

/**
 * Gives a user a branch with a role (the default role of the user's type unless one is
 * named). The key (tenant_id, role_id) makes another clinic's role impossible here.
 */
export async function giveBranch(
  tx: TenantTx,
  grant: BranchGrant & { userId: string; userType: UserType },
): Promise<void> {
  await giveBranches(tx, grant, [grant]);
}

/** Gives a user several branches at once, as `giveBranch` does one. */
export async function giveBranches(
  tx: TenantTx,
  user: { userId: string; userType: UserType },
  grants: BranchGrant[],
): Promise<void> {
  if (grants.length === 0) return;
  const fallback = grants.every((grant) => grant.roleId)
    ? undefined
    : await defaultRoleId(tx, user.userType);
  await tx.db
    .insertInto('userBranches')
    .values(
      grants.map((grant) => ({
        tenantId: tx.tenantId,
        userId: user.userId,
        branchId: grant.branchId,
        isDefault: grant.isDefault ?? false,
        roleId: grant.roleId ?? fallback!,
      })),
    )
    .execute();
}
