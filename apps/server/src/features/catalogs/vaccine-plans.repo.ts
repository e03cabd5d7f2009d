import type { CycleUnit, VaccineDose, VaccineDoseInput, VaccinePlan } from '@clinic/domain';
import { sql } from 'kysely';
import type { TenantTx } from '../../db/tenant-db.ts';
import { toUnix } from '../../platform/scope.ts';

/** `%` and `_` typed by a user match themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

/** What a plan is written with (its doses apart). */
export interface PlanValues {
  name: string;
  itemId: string;
  isActive: boolean;
}

/** Live plans with their vaccine's code and name. */
function selectPlans(tx: TenantTx) {
  return tx.db
    .selectFrom('vaccinePlans as p')
    .innerJoin('catalogItems as i', (join) =>
      join.onRef('i.tenantId', '=', 'p.tenantId').onRef('i.id', '=', 'p.itemId'),
    )
    .select([
      'p.id',
      'p.name',
      'p.itemId',
      'p.isActive',
      'p.version',
      'p.updatedAt',
      'i.code as itemCode',
      'i.name as itemName',
    ])
    .where('p.deletedAt', 'is', null);
}

type PlanRow = Awaited<ReturnType<ReturnType<typeof selectPlans>['execute']>>[number];

async function withDoses(tx: TenantTx, rows: PlanRow[]): Promise<VaccinePlan[]> {
  if (rows.length === 0) return [];
  const doses = await tx.db
    .selectFrom('vaccinePlanDoses')
    .selectAll()
    .where(
      'planId',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('planId')
    .orderBy('doseNumber')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    itemId: row.itemId,
    itemCode: row.itemCode,
    itemName: row.itemName,
    isActive: row.isActive,
    version: row.version,
    updatedAt: toUnix(row.updatedAt),
    doses: doses
      .filter((dose) => dose.planId === row.id)
      .map((dose): VaccineDose => ({
        doseNumber: dose.doseNumber,
        name: dose.name,
        intervalValue: dose.intervalValue,
        intervalUnit: dose.intervalUnit as CycleUnit | null,
        ageMonths: dose.ageMonths,
      })),
  }));
}

export interface PlanFilter {
  keyword: string | null;
  isActive?: boolean;
  pageIndex: number;
  pageSize: number;
}

/** A page of plans by name; the keyword matches the plan's name or its vaccine's code or name. */
export async function listPlans(
  tx: TenantTx,
  filter: PlanFilter,
): Promise<{ items: VaccinePlan[]; total: number }> {
  let query = selectPlans(tx);
  if (filter.keyword) {
    const text = escapeLike(filter.keyword.toLowerCase());
    query = query.where(
      sql<boolean>`(lower(p.name) LIKE ${`%${text}%`} OR lower(i.code) LIKE ${`${text}%`}
        OR lower(i.name) LIKE ${`%${text}%`})`,
    );
  }
  if (filter.isActive !== undefined) query = query.where('p.isActive', '=', filter.isActive);
  const [rows, count] = await Promise.all([
    query
      .orderBy(sql`lower(p.name)`)
      .orderBy('p.id')
      .limit(filter.pageSize)
      .offset((filter.pageIndex - 1) * filter.pageSize)
      .execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: await withDoses(tx, rows), total: Number(count.total) };
}

export async function findPlan(tx: TenantTx, id: string): Promise<VaccinePlan | undefined> {
  const row = await selectPlans(tx).where('p.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const [plan] = await withDoses(tx, [row]);
  return plan;
}

export async function insertPlan(
  tx: TenantTx,
  values: PlanValues,
  userId: string,
): Promise<string> {
  const row = await tx.db
    .insertInto('vaccinePlans')
    .values({ tenantId: tx.tenantId, ...values, createdBy: userId, updatedBy: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Changes the plan when `version` is current; false otherwise (or when gone). */
export async function updatePlan(
  tx: TenantTx,
  id: string,
  version: number,
  values: PlanValues,
  userId: string,
): Promise<boolean> {
  const result = await tx.db
    .updateTable('vaccinePlans')
    .set({ ...values, updatedBy: userId, updatedAt: sql`now()`, version: sql`version + 1` })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Marks the plan deleted (its name is free again). */
export async function deletePlan(
  tx: TenantTx,
  id: string,
  version: number,
  userId: string,
): Promise<boolean> {
  const result = await tx.db
    .updateTable('vaccinePlans')
    .set({ deletedAt: sql`now()`, deletedBy: userId, version: sql`version + 1` })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function replaceDoses(
  tx: TenantTx,
  planId: string,
  doses: readonly VaccineDoseInput[],
): Promise<void> {
  await tx.db.deleteFrom('vaccinePlanDoses').where('planId', '=', planId).execute();
  await tx.db
    .insertInto('vaccinePlanDoses')
    .values(
      doses.map((dose, index) => ({
        tenantId: tx.tenantId,
        planId,
        doseNumber: index + 1,
        name: dose.name,
        intervalValue: dose.intervalValue,
        intervalUnit: dose.intervalUnit,
        ageMonths: dose.ageMonths,
      })),
    )
    .execute();
}

/** How many live plans give the item. */
export async function plansOfItem(tx: TenantTx, itemId: string): Promise<number> {
  const row = await tx.db
    .selectFrom('vaccinePlans')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('itemId', '=', itemId)
    .where('deletedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
