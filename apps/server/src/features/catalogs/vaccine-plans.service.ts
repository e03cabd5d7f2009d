import {
  refusalMessage,
  vaccineDoseProblems,
  type VaccinePlan,
  type VaccinePlanCreateBody,
  type VaccinePlanListQuery,
  type VaccinePlanUpdateBody,
} from '@clinic/domain';
import type { TenantTx } from '../../db/tenant-db.ts';
import {
  conflict,
  fieldError,
  fieldErrors,
  isUniqueViolation,
  notFound,
} from '../../platform/errors.ts';
import * as items from './catalogs.repo.ts';
import type { CatalogScope } from './catalogs.service.ts';
import * as repo from './vaccine-plans.repo.ts';

export function listPlans(
  scope: CatalogScope,
  query: VaccinePlanListQuery,
): Promise<{ items: VaccinePlan[]; total: number }> {
  return scope.run((tx) =>
    repo.listPlans(tx, {
      keyword: query.keyword,
      isActive: query.isActive,
      pageIndex: query.pageIndex,
      pageSize: query.pageSize,
    }),
  );
}

export function getPlan(scope: CatalogScope, id: string): Promise<VaccinePlan> {
  return scope.run(async (tx) => {
    const plan = await repo.findPlan(tx, id);
    if (!plan) throw notFound('catalog.planNotFound');
    return plan;
  });
}

/** The rules between the doses' fields, every broken one named by its dose and field. */
function checkDoses(body: VaccinePlanCreateBody): void {
  const problems = vaccineDoseProblems(body.doses);
  if (problems.length === 0) return;
  throw fieldErrors(
    problems.map((problem) => ({
      field: `doses.${problem.index}.${problem.field}`,
      code: `catalog.${problem.message}`,
      message: refusalMessage(`catalog.${problem.message}`),
    })),
  );
}

/** The plan's vaccine: a live item of the clinic's catalog, of type Vaccine. */
async function checkVaccine(tx: TenantTx, itemId: string): Promise<void> {
  const type = (await items.itemTypes(tx, [itemId])).get(itemId);
  if (!type) throw fieldError('itemId', 'catalog.planItemUnknown');
  if (type !== 'Vaccine') throw fieldError('itemId', 'catalog.planItemNotVaccine');
}

async function refusingNameTaken<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'vaccine_plans_name_key')) {
      throw fieldError('name', 'catalog.planNameTaken');
    }
    throw error;
  }
}

const valuesOf = (body: VaccinePlanCreateBody): repo.PlanValues => ({
  name: body.name,
  itemId: body.itemId,
  isActive: body.isActive,
});

export function createPlan(scope: CatalogScope, body: VaccinePlanCreateBody): Promise<VaccinePlan> {
  checkDoses(body);
  return refusingNameTaken(() =>
    scope.run(async (tx) => {
      await checkVaccine(tx, body.itemId);
      const id = await repo.insertPlan(tx, valuesOf(body), scope.userId);
      await repo.replaceDoses(tx, id, body.doses);
      const plan = await repo.findPlan(tx, id);
      if (!plan) throw notFound('catalog.planNotFound');
      return plan;
    }),
  );
}

/** Changes a plan when `version` is current: 409 when it changed meanwhile, 404 when gone. */
export function updatePlan(
  scope: CatalogScope,
  id: string,
  body: VaccinePlanUpdateBody,
): Promise<VaccinePlan> {
  checkDoses(body);
  return refusingNameTaken(() =>
    scope.run(async (tx) => {
      const current = await repo.findPlan(tx, id);
      if (!current) throw notFound('catalog.planNotFound');
      if (current.version !== body.version) throw conflict();
      await checkVaccine(tx, body.itemId);
      if (!(await repo.updatePlan(tx, id, body.version, valuesOf(body), scope.userId))) {
        throw conflict();
      }
      await repo.replaceDoses(tx, id, body.doses);
      const plan = await repo.findPlan(tx, id);
      if (!plan) throw notFound('catalog.planNotFound');
      return plan;
    }),
  );
}

export function deletePlan(scope: CatalogScope, id: string, version: number): Promise<void> {
  return scope.run(async (tx) => {
    if (!(await repo.findPlan(tx, id))) throw notFound('catalog.planNotFound');
    if (!(await repo.deletePlan(tx, id, version, scope.userId))) throw conflict();
  });
}
