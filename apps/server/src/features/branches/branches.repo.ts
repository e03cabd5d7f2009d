import type { BranchOption, CurrentBranch } from '@clinic/domain';
import type { TenantTx } from '../../db/tenant-db.ts';
import { withRole } from '../roles/roles.repo.ts';

export async function findCurrentBranch(
  tx: TenantTx,
  userId: string,
  branchId: string,
): Promise<CurrentBranch | undefined> {
  const row = await tx.db
    .selectFrom('branches as b')
    .innerJoin('userBranches as ub', (join) =>
      join
        .onRef('ub.tenantId', '=', 'b.tenantId')
        .onRef('ub.branchId', '=', 'b.id')
        .on('ub.userId', '=', userId),
    )
    .innerJoin('roles as r', (join) =>
      join.onRef('r.tenantId', '=', 'ub.tenantId').onRef('r.id', '=', 'ub.roleId'),
    )
    .select(['r.id as roleId', 'r.name as roleName', 'r.permissions'])
    .select([
      'b.id',
      'b.code',
      'b.name',
      'ub.isDefault',
      'b.currency',
      'b.printerEnabled',
      'b.address',
      'b.postal',
      'b.country',
      'b.phone',
      'b.fax',
      'b.hciCode',
      'b.companyRegistrationNo',
      'b.taxRegistrationNo',
    ])
    .select((eb) => eb('b.logo', 'is not', null).as('hasLogo'))
    .where('b.id', '=', branchId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { printerEnabled, ...branch } = withRole(row);
  return {
    ...branch,
    hasLogo: Boolean(branch.hasLogo),
    printer: printerEnabled,
    currency: branch.currency.trim(),
    country: branch.country.trim(),
  };
}

export async function branchOptions(tx: TenantTx, userId: string): Promise<BranchOption[]> {
  const rows = await tx.db
    .selectFrom('userBranches as ub')
    .innerJoin('branches as b', (join) =>
      join.onRef('b.tenantId', '=', 'ub.tenantId').onRef('b.id', '=', 'ub.branchId'),
    )
    .innerJoin('roles as r', (join) =>
      join.onRef('r.tenantId', '=', 'ub.tenantId').onRef('r.id', '=', 'ub.roleId'),
    )
    .select(['b.id', 'b.code', 'b.name', 'ub.isDefault'])
    .select(['r.id as roleId', 'r.name as roleName', 'r.permissions'])
    .where('ub.userId', '=', userId)
    .orderBy('ub.isDefault', 'desc')
    .orderBy('b.code')
    .execute();
  return rows.map(withRole);
}
