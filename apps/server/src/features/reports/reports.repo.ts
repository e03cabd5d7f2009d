import type { TenantTx } from '../../db/tenant-db.ts';

/** The branch and its clinic, for the report header; undefined for no such branch. */
export function headerFacts(tx: TenantTx, branchId: string) {
  return tx.db
    .selectFrom('branches as b')
    .innerJoin('tenants as t', 't.id', 'b.tenantId')
    .select([
      'b.id',
      'b.code',
      'b.name',
      'b.address',
      'b.country',
      'b.postal',
      'b.phone',
      'b.fax',
      'b.companyRegistrationNo',
      'b.taxRegistrationNo',
      't.subdomain',
      't.clinicName',
    ])
    .select((eb) => eb('b.logo', 'is not', null).as('hasLogo'))
    .where('b.id', '=', branchId)
    .executeTakeFirst();
}

/** The clinic's owner: its first administrator, the person who registered it. */
export function clinicOwner(tx: TenantTx) {
  return tx.db
    .selectFrom('users')
    .select(['firstName', 'lastName', 'email'])
    .where('type', '=', 'Administrator')
    .orderBy('createdAt')
    .limit(1)
    .executeTakeFirst();
}

/** A branch's logo, if the user works in that branch and it has one. */
export function branchLogo(tx: TenantTx, branchId: string, userId: string) {
  return tx.db
    .selectFrom('branches as b')
    .innerJoin('userBranches as ub', (join) =>
      join
        .onRef('ub.tenantId', '=', 'b.tenantId')
        .onRef('ub.branchId', '=', 'b.id')
        .on('ub.userId', '=', userId),
    )
    .select(['b.logo', 'b.logoContentType'])
    .where('b.id', '=', branchId)
    .executeTakeFirst();
}

/** The patient's fields a label prints. */
export function labelFacts(tx: TenantTx, patientId: string) {
  return tx.db
    .selectFrom('patients')
    .select([
      'id',
      'name',
      'idType',
      'nric',
      'birthDate',
      'telCode',
      'contactNo',
      'cardNo',
      'gender',
      'nationality',
      'homeAddress',
      'homePostal',
    ])
    .where('id', '=', patientId)
    .executeTakeFirst();
}
