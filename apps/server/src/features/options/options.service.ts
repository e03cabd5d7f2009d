import {
  QUEUE_STATUS,
  type OptionCreateBody,
  type OptionRecord,
  type OptionUpdateBody,
} from '@clinic/domain';
import type { TenantTx } from '../../db/tenant-db.ts';
import {
  badRequest,
  conflict,
  fieldError,
  isUniqueViolation,
  notFound,
} from '../../platform/errors.ts';
import type { BranchScope } from '../../platform/scope.ts';
import { BRANCH_LISTS, type OptionList } from './options.defaults.ts';
import * as repo from './options.repo.ts';

/** What other features read of the lists inside their own transaction, and a new clinic's lists. */
export {
  findOption,
  findOptionByCode,
  findOptionByName,
  listOptions,
  seedBranchOptions,
  seedTenantOptions,
} from './options.repo.ts';
/** The people and companies forms pick from. */
export { companyOptions, doctorsOfBranch } from './directory.repo.ts';

/** Room services and waiting areas belong to the caller's branch; other lists to the clinic. */
const branchOfList = (scope: BranchScope, list: OptionList) =>
  BRANCH_LISTS.has(list) ? scope.branchId : null;

const RULE_STATUSES = new Set<string>(
  Object.values(QUEUE_STATUS).map((code) => code.toLowerCase()),
);
/** Refuses changes that would take away a status the queue's rules set. */
async function keepRuleStatus(
  tx: TenantTx,
  list: OptionList,
  id: string,
  branchId: string | null,
  change: { code: string; isActive: boolean } | 'delete',
): Promise<void> {
  if (list !== 'queueStatus') return;
  const current = await repo.findOption(tx, list, id, branchId);
  if (!current || !RULE_STATUSES.has(current.code.toLowerCase())) return;
  if (
    change === 'delete' ||
    change.code.toLowerCase() !== current.code.toLowerCase() ||
    !change.isActive
  ) {
    throw badRequest('option.ruleStatus');
  }
}

async function refusingDuplicates<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('code', 'option.codeTaken');
    throw error;
  }
}

/** Every entry of a list, inactive ones included: what administrators edit. */
export function allOptions(scope: BranchScope, list: OptionList): Promise<OptionRecord[]> {
  return scope.run((tx) => repo.listOptions(tx, list, { branchId: scope.branchId }));
}

export function createOption(
  scope: BranchScope,
  list: OptionList,
  body: OptionCreateBody,
): Promise<OptionRecord> {
  const values = { ...body, name: body.name ?? body.code };
  return refusingDuplicates(() =>
    scope.run((tx) => repo.insertOption(tx, list, branchOfList(scope, list), values)),
  );
}

/** Changes an entry when `version` is current: 409 when it changed meanwhile, 404 when gone. */
export function updateOption(
  scope: BranchScope,
  list: OptionList,
  id: string,
  body: OptionUpdateBody,
): Promise<OptionRecord> {
  const { version, ...fields } = body;
  const values = { ...fields, name: fields.name ?? fields.code };
  return refusingDuplicates(() =>
    scope.run(async (tx) => {
      const branchId = branchOfList(scope, list);
      await keepRuleStatus(tx, list, id, branchId, values);
      const row = await repo.updateOption(tx, list, id, version, values, branchId);
      if (row) return row;
      throw (await repo.findOption(tx, list, id, branchId))
        ? conflict()
        : notFound('option.notFound');
    }),
  );
}

export function deleteOption(
  scope: BranchScope,
  list: OptionList,
  id: string,
  version: number,
): Promise<void> {
  return scope.run(async (tx) => {
    const branchId = branchOfList(scope, list);
    await keepRuleStatus(tx, list, id, branchId, 'delete');
    if (await repo.deleteOption(tx, list, id, version, branchId)) return;
    throw (await repo.findOption(tx, list, id, branchId))
      ? conflict()
      : notFound('option.notFound');
  });
}
