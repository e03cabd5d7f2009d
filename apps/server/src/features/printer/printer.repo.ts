import type { PrinterFooterKind } from '@clinic/domain';
import type { TenantTx } from '../../db/tenant-db.ts';

/** A branch's footer of a kind; undefined while it has none. */
export function footer(tx: TenantTx, branchId: string, kind: PrinterFooterKind) {
  return tx.db
    .selectFrom('printerFooters')
    .select(['content', 'version'])
    .where('branchId', '=', branchId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/** The first footer of a kind; undefined when another request made it meanwhile. */
export function insertFooter(
  tx: TenantTx,
  row: { branchId: string; kind: PrinterFooterKind; content: string; userId: string },
) {
  return tx.db
    .insertInto('printerFooters')
    .values({
      tenantId: tx.tenantId,
      branchId: row.branchId,
      kind: row.kind,
      content: row.content,
      updatedBy: row.userId,
    })
    .onConflict((conflict) => conflict.columns(['tenantId', 'branchId', 'kind']).doNothing())
    .returning(['content', 'version'])
    .executeTakeFirst();
}

/** The footer at `version`, changed; undefined when the version is not the stored one. */
export function updateFooter(
  tx: TenantTx,
  row: {
    branchId: string;
    kind: PrinterFooterKind;
    content: string;
    userId: string;
    version: number;
  },
) {
  return tx.db
    .updateTable('printerFooters')
    .set((eb) => ({
      content: row.content,
      updatedBy: row.userId,
      version: eb('version', '+', 1),
      updatedAt: new Date(),
    }))
    .where('branchId', '=', row.branchId)
    .where('kind', '=', row.kind)
    .where('version', '=', row.version)
    .returning(['content', 'version'])
    .executeTakeFirst();
}
