import { joinContract, type RouteSchemas } from '../common/contract.ts';
import { listOf } from '../common/envelope.ts';
import { auditTrailApi } from './audit-trail.endpoints.ts';
import { AuditEventQuery, AuditEventRow } from './audit-trail.ts';

/** Who read or changed which patient's record: the clinic's audit trail. */
export const auditTrailSchemas = {
  list: { query: AuditEventQuery, answer: listOf(AuditEventRow) },
} as const satisfies Record<string, RouteSchemas>;

export const auditTrailContract = joinContract(auditTrailApi, auditTrailSchemas);
