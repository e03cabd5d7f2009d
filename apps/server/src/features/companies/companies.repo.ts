import type { CompanyCreateBody, CompanyRecord, CompanyUpdateBody } from '@clinic/domain';
import { sql } from 'kysely';
import type { TenantTx } from '../../db/tenant-db.ts';

const COLUMNS = [
  'id',
  'code',
  'name',
  'address',
  'contactPerson',
  'phone',
  'email',
  'creditTermsDays',
  'isActive',
  'version',
] as const;

/** Every company of the clinic, inactive ones too, by name. */
export function listCompanies(tx: TenantTx): Promise<CompanyRecord[]> {
  return tx.db.selectFrom('companies').select(COLUMNS).orderBy('name').orderBy('code').execute();
}

export function findCompany(tx: TenantTx, id: string): Promise<CompanyRecord | undefined> {
  return tx.db.selectFrom('companies').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function insertCompany(tx: TenantTx, values: CompanyCreateBody): Promise<CompanyRecord> {
  return tx.db
    .insertInto('companies')
    .values({ tenantId: tx.tenantId, ...values })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/** The company's new fields at `version`; undefined when the version moved on (or no such id). */
export function updateCompany(
  tx: TenantTx,
  id: string,
  body: CompanyUpdateBody,
): Promise<CompanyRecord | undefined> {
  const { version, ...values } = body;
  return tx.db
    .updateTable('companies')
    .set({ ...values, version: sql`version + 1`, updatedAt: sql`now()` })
    .where('id', '=', id)
    .where('version', '=', version)
    .returning(COLUMNS)
    .executeTakeFirst();
}
