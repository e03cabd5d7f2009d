import { dateOfUnix } from '@clinic/domain';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { TenantTx } from '../db/tenant-db.ts';
import { branchOf, principalOf, tenantRunner, type TenantRunner } from './access.ts';
import { notFound } from './errors.ts';

/** Who is calling, from which branch, and a way to work in their tenant. */
export interface BranchScope {
  tenantId: string;
  userId: string;
  userType: string;
  branchId: string;
  run: TenantRunner;
}

export function branchScope(db: Kysely<DB>, request: FastifyRequest): BranchScope {
  const principal = principalOf(request);
  return {
    tenantId: principal.tenantId,
    userId: principal.userId,
    userType: principal.userType,
    branchId: branchOf(request),
    run: tenantRunner(db, request),
  };
}

/** The clinic's clock and the branch facts rules depend on. */
export interface ClinicContext {
  /** Minutes from UTC of the clinic. */
  offsetMinutes: number;
  hciCode: string | null;
  /** Unix seconds now. */
  now: number;
  /** 'YYYY-MM-DD' of a moment in the clinic's time zone. */
  dateOf(unixSeconds: number): string;
  today: string;
}

export async function clinicContext(tx: TenantTx, branchId: string): Promise<ClinicContext> {
  const row = await tx.db
    .selectFrom('branches as b')
    .innerJoin('tenants as t', 't.id', 'b.tenantId')
    .select(['t.timezoneOffset', 'b.hciCode'])
    .where('b.id', '=', branchId)
    .executeTakeFirst();
  if (!row) throw notFound('This branch does not exist.');
  const now = Math.floor(Date.now() / 1000);
  const dateOf = (seconds: number) => dateOfUnix(seconds, row.timezoneOffset);
  return {
    offsetMinutes: row.timezoneOffset,
    hciCode: row.hciCode,
    now,
    dateOf,
    today: dateOf(now),
  };
}

export const toUnix = (date: Date): number => Math.floor(date.getTime() / 1000);
export const toUnixOrNull = (date: Date | null): number | null => (date ? toUnix(date) : null);
