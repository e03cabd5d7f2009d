import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { branchOf, principalOf, tenantRunner, type TenantRunner } from './access.ts';

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

export const toUnix = (date: Date): number => Math.floor(date.getTime() / 1000);
export const toUnixOrNull = (date: Date | null): number | null => (date ? toUnix(date) : null);
