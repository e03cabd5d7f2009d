import { sql } from 'kysely';
import type { TenantTx } from '../../db/tenant-db.ts';
import {
  BRANCH_LISTS,
  DEFAULT_ROOM_SERVICES,
  DEFAULT_WAITING_AREAS,
  tenantDefaults,
  type DefaultOption,
  type OptionList,
} from './options.defaults.ts';
import { containsPattern } from '../../db/like.ts';

export interface OptionRow {
  id: string;
  list: string;
  branchId: string | null;
  code: string;
  name: string;
  color: string | null;
  isActive: boolean;
  isDefault: boolean;
  sortOrder: number;
  version: number;
}

/** Matches no branch: a branch list asked for without a branch is empty. */
const NO_BRANCH = '00000000-0000-0000-0000-000000000000';

const COLUMNS = [
  'id',
  'list',
  'branchId',
  'code',
  'name',
  'color',
  'isActive',
  'isDefault',
  'sortOrder',
  'version',
] as const;

async function insertDefaults(
  tx: TenantTx,
  list: OptionList,
  options: DefaultOption[],
  branchId: string | null,
) {
  if (options.length === 0) return;
  await tx.db
    .insertInto('referenceOptions')
    .values(
      options.map((option, index) => ({
        tenantId: tx.tenantId,
        list,
        branchId,
        code: option.code,
        name: option.name,
        color: option.color ?? null,
        isDefault: option.isDefault ?? false,
        sortOrder: index,
      })),
    )
    .execute();
}

/** The lists a new clinic starts with. */
export async function seedTenantOptions(tx: TenantTx): Promise<void> {
  for (const [list, options] of Object.entries(tenantDefaults())) {
    await insertDefaults(tx, list as OptionList, options, null);
  }
}

/** The room services and waiting areas a new branch starts with. */
export async function seedBranchOptions(tx: TenantTx, branchId: string): Promise<void> {
  const named = (names: string[]) => names.map((name) => ({ code: name, name }));
  await insertDefaults(tx, 'roomService', named(DEFAULT_ROOM_SERVICES), branchId);
  await insertDefaults(tx, 'waitingArea', named(DEFAULT_WAITING_AREAS), branchId);
}

export interface ListFilter {
  branchId?: string | undefined;
  activeOnly?: boolean;
  keyword?: string | undefined;
}

/** The entries of a list; of a branch list, only the given branch's. */
function entriesOf(tx: TenantTx, list: OptionList, branchId: string | null | undefined) {
  const query = tx.db.selectFrom('referenceOptions').select(COLUMNS).where('list', '=', list);
  return BRANCH_LISTS.has(list) ? query.where('branchId', '=', branchId ?? NO_BRANCH) : query;
}

/** A list in display order (defaults first); branch lists only for the given branch. */
export function listOptions(
  tx: TenantTx,
  list: OptionList,
  filter: ListFilter = {},
): Promise<OptionRow[]> {
  let query = entriesOf(tx, list, filter.branchId);
  if (filter.activeOnly) query = query.where('isActive', '=', true);
  const keyword = filter.keyword?.trim();
  if (keyword) {
    const pattern = containsPattern(keyword);
    query = query.where((eb) =>
      eb.or([eb('code', 'ilike', pattern), eb('name', 'ilike', pattern)]),
    );
  }
  return query.orderBy('isDefault', 'desc').orderBy('sortOrder').orderBy('name').execute();
}

/** An option by id; a branch list's option only in its own branch. */
export function findOption(tx: TenantTx, list: OptionList, id: string, branchId: string | null) {
  return entriesOf(tx, list, branchId).where('id', '=', id).executeTakeFirst();
}

export function findOptionByCode(tx: TenantTx, list: OptionList, code: string, branchId?: string) {
  return entriesOf(tx, list, branchId)
    .where(sql`lower(code)`, '=', code.toLowerCase())
    .executeTakeFirst();
}

/** An entry by its shown name (room services travel by name), any letter case. */
export function findOptionByName(tx: TenantTx, list: OptionList, name: string, branchId?: string) {
  return entriesOf(tx, list, branchId)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .orderBy('isActive', 'desc')
    .executeTakeFirst();
}

export interface OptionValues {
  code: string;
  name: string;
  color: string | null;
  isActive: boolean;
  isDefault: boolean;
  sortOrder: number;
}

export async function insertOption(
  tx: TenantTx,
  list: OptionList,
  branchId: string | null,
  values: OptionValues,
): Promise<OptionRow> {
  if (values.isDefault) await clearDefault(tx, list, branchId);
  return tx.db
    .insertInto('referenceOptions')
    .values({ tenantId: tx.tenantId, list, branchId, ...values })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Updates when `version` is current; undefined when the option changed meanwhile or is gone. */
export async function updateOption(
  tx: TenantTx,
  list: OptionList,
  id: string,
  version: number,
  values: OptionValues,
  branchId: string | null,
): Promise<OptionRow | undefined> {
  if (!(await findOption(tx, list, id, branchId))) return undefined;
  if (values.isDefault) await clearDefault(tx, list, branchId, id);
  return tx.db
    .updateTable('referenceOptions')
    .set((eb) => ({ ...values, updatedAt: new Date(), version: eb('version', '+', 1) }))
    .where('list', '=', list)
    .where('id', '=', id)
    .where('version', '=', version)
    .returning(COLUMNS)
    .executeTakeFirst();
}

export async function deleteOption(
  tx: TenantTx,
  list: OptionList,
  id: string,
  version: number,
  branchId: string | null,
): Promise<boolean> {
  if (!(await findOption(tx, list, id, branchId))) return false;
  const result = await tx.db
    .deleteFrom('referenceOptions')
    .where('list', '=', list)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

async function clearDefault(
  tx: TenantTx,
  list: OptionList,
  branchId: string | null,
  exceptId?: string,
) {
  let query = tx.db
    .updateTable('referenceOptions')
    .set({ isDefault: false })
    .where('list', '=', list)
    .where('isDefault', '=', true);
  if (BRANCH_LISTS.has(list)) query = query.where('branchId', '=', branchId ?? NO_BRANCH);
  if (exceptId) query = query.where('id', '!=', exceptId);
  await query.execute();
}
