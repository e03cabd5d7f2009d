import type { BranchOption, CurrentBranch } from '@clinic/domain';
import type { TenantTx } from '../../db/tenant-db.ts';

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
  const { printerEnabled, ...branch } = row;
  return {
    ...branch,
    hasLogo: Boolean(branch.hasLogo),
    printer: printerEnabled,
    currency: branch.currency.trim(),
    country: branch.country.trim(),
  };
}

export function branchOptions(tx: TenantTx, userId: string): Promise<BranchOption[]> {
  return tx.db
    .selectFrom('userBranches as ub')
    .innerJoin('branches as b', (join) =>
      join.onRef('b.tenantId', '=', 'ub.tenantId').onRef('b.id', '=', 'ub.branchId'),
    )
    .select(['b.id', 'b.code', 'b.name', 'ub.isDefault'])
    .where('ub.userId', '=', userId)
    .orderBy('ub.isDefault', 'desc')
    .orderBy('b.code')
    .execute();
}
