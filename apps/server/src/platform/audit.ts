import type { TenantTx } from '../db/tenant-db.ts';

export interface AuditEntry {
  userId: string;
  branchId: string | null;
  action: 'read' | 'create' | 'update' | 'delete';
  entity: string;
  entityId: string;
  detail?: Record<string, unknown>;
}

/** Records who read or changed a record, in the transaction of the read or change. */
export async function audit(tx: TenantTx, entry: AuditEntry): Promise<void> {
  await tx.db
    .insertInto('auditEvents')
    .values({
      tenantId: tx.tenantId,
      ...entry,
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
    })
    .execute();
}
