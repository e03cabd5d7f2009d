import type { AuditEventQuery, AuditEventRow } from '@clinic/domain';
import type { BranchScope } from '../../platform/scope.ts';
import * as repo from './audit-trail.repo.ts';

/** A page of the clinic's audit trail (every branch), newest first. */
export function auditEvents(
  scope: BranchScope,
  query: AuditEventQuery,
): Promise<{ items: AuditEventRow[]; total: number }> {
  return scope.run((tx) => repo.auditEvents(tx, query));
}
