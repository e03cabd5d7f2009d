import type { AuditEventQuery, AuditEventRow } from '@clinic/domain';
import { pageOf } from '../../db/paging.ts';
import type { TenantTx } from '../../db/tenant-db.ts';
import { toUnix } from '../../platform/scope.ts';

/**
 * The clinic's audit rows matching the filters, newest first, with the names of their user,
 * branch and patient (left joins: the trail outlives the records it names). Reads only:
 * `audit_events` belongs to the platform (`platform/audit.ts`), which writes it.
 */
export async function auditEvents(
  tx: TenantTx,
  query: AuditEventQuery,
): Promise<{ items: AuditEventRow[]; total: number }> {
  let base = tx.db.selectFrom('auditEvents as a');
  if (query.patientId) base = base.where('a.patientId', '=', query.patientId);
  if (query.userId) base = base.where('a.userId', '=', query.userId);
  if (query.entity) base = base.where('a.entity', '=', query.entity);
  if (query.action) base = base.where('a.action', '=', query.action);
  if (query.from !== undefined)
    base = base.where('a.happenedAt', '>=', new Date(query.from * 1000));
  // `to` names a whole second: every row within it counts.
  if (query.to !== undefined)
    base = base.where('a.happenedAt', '<', new Date((query.to + 1) * 1000));
  const { rows, total } = await pageOf(
    base,
    base
      .leftJoin('users as u', (join) =>
        join.onRef('u.tenantId', '=', 'a.tenantId').onRef('u.id', '=', 'a.userId'),
      )
      .leftJoin('branches as b', (join) =>
        join.onRef('b.tenantId', '=', 'a.tenantId').onRef('b.id', '=', 'a.branchId'),
      )
      .leftJoin('patients as p', (join) =>
        join.onRef('p.tenantId', '=', 'a.tenantId').onRef('p.id', '=', 'a.patientId'),
      )
      .select([
        'a.id',
        'a.happenedAt',
        'a.userId',
        'u.firstName',
        'u.lastName',
        'a.branchId',
        'b.code as branchCode',
        'a.action',
        'a.entity',
        'a.entityId',
        'a.patientId',
        'p.name as patientName',
        'a.detail',
      ])
      .orderBy('a.happenedAt', 'desc')
      .orderBy('a.id', 'desc'),
    query,
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      time: toUnix(row.happenedAt),
      userId: row.userId,
      userName: row.firstName === null ? null : `${row.firstName} ${row.lastName ?? ''}`.trim(),
      branchId: row.branchId,
      branchCode: row.branchCode,
      action: row.action,
      entity: row.entity,
      entityId: row.entityId,
      patientId: row.patientId,
      patientName: row.patientName,
      detail: isRecord(row.detail) ? row.detail : null,
    })),
    total,
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
