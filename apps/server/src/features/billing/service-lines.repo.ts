import type { TenantTx } from '../../db/tenant-db.ts';
import type { DraftLine } from './invoices.repo.ts';

/** Lines added to a draft from the catalog, numbered after `lastLineNo`, at the invoice's rate. */
export async function insertLines(
  tx: TenantTx,
  invoiceId: string,
  lines: DraftLine[],
  lastLineNo: number,
  taxRateBasisPoints: number,
): Promise<void> {
  if (lines.length === 0) return;
  await tx.db
    .insertInto('invoiceLines')
    .values(
      lines.map((line, index) => ({
        tenantId: tx.tenantId,
        invoiceId,
        lineNo: lastLineNo + index + 1,
        ...line,
        taxRateBasisPoints,
      })),
    )
    .execute();
}

/** Takes lines off a draft (the caller checked they are its added lines). */
export async function deleteLines(tx: TenantTx, invoiceId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.db
    .deleteFrom('invoiceLines')
    .where('invoiceId', '=', invoiceId)
    .where('id', 'in', ids)
    .execute();
}
