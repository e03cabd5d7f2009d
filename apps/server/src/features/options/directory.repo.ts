import type { CompanyOption, DoctorOption } from '@clinic/domain';
import { UserType } from '@clinic/domain';
import type { TenantTx } from '../../db/tenant-db.ts';

/** The users (`u`) who work in the branch. */
export function staffOfBranch(tx: TenantTx, branchId: string) {
  return tx.db
    .selectFrom('users as u')
    .innerJoin('userBranches as ub', (join) =>
      join
        .onRef('ub.tenantId', '=', 'u.tenantId')
        .onRef('ub.userId', '=', 'u.id')
        .on('ub.branchId', '=', branchId),
    );
}

/** Doctors (user type '50') who work in the branch, by name. */
export function doctorsOfBranch(tx: TenantTx, branchId: string): Promise<DoctorOption[]> {
  return staffOfBranch(tx, branchId)
    .select(['u.id', 'u.firstName', 'u.lastName', 'u.offDuty', 'u.type'])
    .where('u.type', '=', UserType.doctor)
    .where('u.isActive', '=', true)
    .orderBy('u.firstName')
    .orderBy('u.lastName')
    .execute()
    .then((rows) =>
      rows.map((row) => ({
        id: row.id,
        fullName: `${row.firstName} ${row.lastName}`.trim(),
        offDuty: row.offDuty,
        userType: row.type,
      })),
    );
}

/** The picker's companies: the active ones (the companies feature keeps them). */
export function companyOptions(tx: TenantTx): Promise<CompanyOption[]> {
  return tx.db
    .selectFrom('companies')
    .select(['id', 'code', 'name'])
    .where('isActive', '=', true)
    .orderBy('name')
    .execute();
}
