import type { CompanyCreateBody, CompanyRecord, CompanyUpdateBody } from '@clinic/domain';
import { conflict, fieldError, isUniqueViolation, notFound } from '../../platform/errors.ts';
import type { BranchScope } from '../../platform/scope.ts';
import * as repo from './companies.repo.ts';

/**
 * Companies a bill goes to (docs/architecture.md "Companies, service lines and billing
 * settings"): the clinic's, kept by its owners; deactivated, never deleted.
 */

/** A company of the clinic, by id (inside another feature's transaction). */
export { findCompany } from './companies.repo.ts';

async function refusingTakenCode<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'companies_code_key'))
      throw fieldError('code', 'company.codeTaken');
    throw error;
  }
}

export function company(scope: BranchScope, id: string): Promise<CompanyRecord> {
  return scope.run(async (tx) => {
    const found = await repo.findCompany(tx, id);
    if (!found) throw notFound('company.notFound');
    return found;
  });
}

export function companies(scope: BranchScope): Promise<{ items: CompanyRecord[]; total: number }> {
  return scope.run(async (tx) => {
    const items = await repo.listCompanies(tx);
    return { items, total: items.length };
  });
}

export function createCompany(scope: BranchScope, body: CompanyCreateBody): Promise<CompanyRecord> {
  return refusingTakenCode(() => scope.run((tx) => repo.insertCompany(tx, body)));
}

/** Changes (or deactivates) a company at `version`: 409 when it changed meanwhile, 404 when gone. */
export function updateCompany(
  scope: BranchScope,
  id: string,
  body: CompanyUpdateBody,
): Promise<CompanyRecord> {
  return refusingTakenCode(() =>
    scope.run(async (tx) => {
      const saved = await repo.updateCompany(tx, id, body);
      if (saved) return saved;
      throw (await repo.findCompany(tx, id)) ? conflict() : notFound('company.notFound');
    }),
  );
}
