import { dateOfUnix, type BranchOption, type CurrentBranch } from '@clinic/domain';
import type { TenantTx } from '../../db/tenant-db.ts';
import type { TenantRunner } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import { withRole } from '../roles/roles.service.ts';
import * as repo from './branches.repo.ts';

/** A new clinic's branches are made by registration (and the demo seed) through this. */
export { insertBranch as createBranch, type NewBranch } from './branches.repo.ts';

/** The branch the user works in now, with their role there; undefined when not theirs. */
export async function currentBranch(
  run: TenantRunner,
  userId: string,
  branchId: string,
): Promise<CurrentBranch | undefined> {
  const row = await run((tx) => repo.findCurrentBranch(tx, userId, branchId));
  if (!row) return undefined;
  const { printerEnabled, ...branch } = withRole(row);
  return {
    ...branch,
    hasLogo: Boolean(branch.hasLogo),
    printer: printerEnabled,
    currency: branch.currency.trim(),
    country: branch.country.trim(),
  };
}

/** The user's branches with their role in each, the default one first. */
export async function branchesOfUser(run: TenantRunner, userId: string): Promise<BranchOption[]> {
  return (await run((tx) => repo.branchOptions(tx, userId))).map(withRole);
}

/** The clinic's clock and the branch facts rules depend on. */
export interface ClinicContext {
  /** Minutes from UTC of the clinic. */
  offsetMinutes: number;
  hciCode: string | null;
  /** Unix seconds now (the transaction's `actsAt` when the demo seed books a past day). */
  now: number;
  /** 'YYYY-MM-DD' of a moment in the clinic's time zone. */
  dateOf(unixSeconds: number): string;
  today: string;
}

export async function clinicContext(tx: TenantTx, branchId: string): Promise<ClinicContext> {
  const row = await repo.clinicFacts(tx, branchId);
  if (!row) throw notFound('branch.notFound');
  const now = tx.actsAt ?? Math.floor(Date.now() / 1000);
  const dateOf = (seconds: number) => dateOfUnix(seconds, row.timezoneOffset);
  return {
    offsetMinutes: row.timezoneOffset,
    hciCode: row.hciCode,
    now,
    dateOf,
    today: dateOf(now),
  };
}

/**
 * The clinic's today where no branch is named (the console's settings): every branch of a
 * clinic keeps the tenant's clock, so this is the date `clinicContext` gives any of them.
 */
export async function clinicToday(tx: TenantTx): Promise<string> {
  const row = await repo.tenantOffset(tx);
  if (!row) throw notFound('branch.notFound');
  return dateOfUnix(tx.actsAt ?? Math.floor(Date.now() / 1000), row.timezoneOffset);
}
