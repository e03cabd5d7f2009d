import { z } from 'zod';
import { cacheBusters, fromQuery, optionalId, unixSeconds, wholeNumber } from '../common/fields.ts';

export const AUDIT_PAGE_SIZE = 50;

/** What an audit row says was done, and to which kind of record (`platform/audit.ts`). */
export const AUDIT_ACTIONS = ['read', 'create', 'update', 'delete'] as const;
export const AUDIT_ENTITIES = ['patient', 'visit', 'queue'] as const;

/**
 * `GET /audit-events?patientId&userId&entity&action&from&to&pageIndex&pageSize`: the
 * clinic's audit trail, newest first; every filter is optional, `from` and `to` are Unix
 * seconds, both included.
 */
export const AuditEventQuery = z.strictObject({
  patientId: optionalId('patientId must be a patient id'),
  userId: optionalId('userId must be a user id'),
  entity: fromQuery(
    z.enum(AUDIT_ENTITIES, { error: `entity must be one of ${AUDIT_ENTITIES.join(', ')}` }),
  ).optional(),
  action: fromQuery(
    z.enum(AUDIT_ACTIONS, { error: `action must be one of ${AUDIT_ACTIONS.join(', ')}` }),
  ).optional(),
  from: fromQuery(unixSeconds('from').optional()),
  to: fromQuery(unixSeconds('to').optional()),
  pageIndex: fromQuery(wholeNumber('pageIndex', 1).default(1)),
  pageSize: fromQuery(wholeNumber('pageSize', 1, 100).default(AUDIT_PAGE_SIZE)),
  ...cacheBusters,
});
export type AuditEventQuery = z.infer<typeof AuditEventQuery>;

/** One row of the trail: who did what to which record of which patient, when, where. */
export const AuditEventRow = z.object({
  id: z.uuid(),
  /** Unix seconds. */
  time: z.int(),
  userId: z.uuid().nullable(),
  /** First and last name; null when the user is no longer known. */
  userName: z.string().nullable(),
  branchId: z.uuid().nullable(),
  branchCode: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.uuid().nullable(),
  patientId: z.uuid().nullable(),
  /** Null when the patient's row is gone (the trail outlives the records it names). */
  patientName: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEventRow = z.infer<typeof AuditEventRow>;
