import type { Permission } from '@clinic/domain';
import type { RouteAccess } from './access.ts';
import type { AuditAction, AuditRule, RequestValue } from './audit.ts';

/**
 * The declarations the routes of a patient's record repeat (`config.access`,
 * `config.audit`), each in one line: who may call the route, and the audit row it writes.
 */

/** The access of a route of the patient area: the patient module, a branch, one permission. */
export function patientArea(permission: Permission): RouteAccess {
  return { module: 'clinic.patient', branch: 'required', permission };
}

/** Where a route's audit row finds a value: the path, the query, the body or the answer. */
export const fromParams = (field: string): RequestValue => ({ from: 'params', field });
export const fromQuery = (field: string): RequestValue => ({ from: 'query', field });
export const fromBody = (field: string): RequestValue => ({ from: 'body', field });
export const fromAnswer = (field: string): RequestValue => ({ from: 'answer', field });

type Detail = AuditRule['detail'];

/** The audit row of a route reading or changing a visit or a record of it (`detail.record`). */
export function onVisit(action: AuditAction, visitId: RequestValue, detail?: Detail): AuditRule {
  return detail
    ? { action, entity: 'visit', id: visitId, detail }
    : { action, entity: 'visit', id: visitId };
}

/** The audit row of a route reading or changing a patient or a record of theirs. */
export function onPatient(
  action: AuditAction,
  patientId: RequestValue,
  detail?: Detail,
): AuditRule {
  return detail
    ? { action, entity: 'patient', id: patientId, detail }
    : { action, entity: 'patient', id: patientId };
}
