import type { TenantTx } from '../../db/tenant-db.ts';

export interface NewBranch {
  code: string;
  name: string;
  isDefault: boolean;
  currency: string;
  country: string;
  address?: string | null;
  postal?: string | null;
  phone?: string | null;
  fax?: string | null;
  hciCode?: string | null;
  licenceNumber?: string | null;
  companyRegistrationNo?: string | null;
  taxRegistrationNo?: string | null;
}

export async function insertBranch(tx: TenantTx, branch: NewBranch): Promise<string> {
  const { id } = await tx.db
    .insertInto('branches')
    .values({ tenantId: tx.tenantId, ...branch })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A branch of the user's with the user's role there (role columns not yet shaped). */
export function findCurrentBranch(tx: TenantTx, userId: string, branchId: string) {
  return tx.db
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
}

/** The user's branches with their role in each, the default one first. */
export function branchOptions(tx: TenantTx, userId: string) {
  return tx.db
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
}

/** The clinic's time zone and the branch's HCI code, or undefined for no such branch. */
/** The tenant's time zone offset, for the clinic's clock where no branch is named (the console). */
export function tenantOffset(tx: TenantTx) {
  return tx.db
    .selectFrom('tenants')
    .select('timezoneOffset')
    .where('id', '=', tx.tenantId)
    .executeTakeFirst();
}

export function clinicFacts(tx: TenantTx, branchId: string) {
  return tx.db
    .selectFrom('branches as b')
    .innerJoin('tenants as t', 't.id', 'b.tenantId')
    .select(['t.timezoneOffset', 'b.hciCode'])
    .where('b.id', '=', branchId)
    .executeTakeFirst();
}
