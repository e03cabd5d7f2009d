import type {
  BranchRef,
  Requisition,
  RequisitionDirection,
  RequisitionLine,
  RequisitionStatus,
} from '@clinic/domain';
import { sql } from 'kysely';
import type { TenantTx } from '../../db/tenant-db.ts';

/** Requisitions and their lines (docs/architecture.md "Stock tally and requisitions"). */

/** The clinic's branches other than `branchId`: whom a branch may ask for stock. */
export async function otherBranches(tx: TenantTx, branchId: string): Promise<BranchRef[]> {
  return tx.db
    .selectFrom('branches')
    .select(['id', 'code', 'name'])
    .where('id', '<>', branchId)
    .orderBy('code')
    .execute();
}

export async function branchExists(tx: TenantTx, branchId: string): Promise<boolean> {
  const row = await tx.db
    .selectFrom('branches')
    .select('id')
    .where('id', '=', branchId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The clinic's next requisition number; requisitions are numbered one at a time. */
export async function nextNumber(tx: TenantTx): Promise<number> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`requisitions:${tx.tenantId}`}, 0))`.execute(
    tx.db,
  );
  const row = await tx.db
    .selectFrom('requisitions')
    .select((eb) => eb.fn.max('number').as('last'))
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

export async function insertRequisition(
  tx: TenantTx,
  requisition: {
    number: number;
    requestingBranchId: string;
    supplyingBranchId: string;
    remark: string | null;
    createdBy: string;
  },
  lines: ReadonlyArray<{ itemId: string; quantity: number }>,
): Promise<string> {
  const row = await tx.db
    .insertInto('requisitions')
    .values({ tenantId: tx.tenantId, ...requisition })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx.db
    .insertInto('requisitionLines')
    .values(
      lines.map((line, index) => ({
        tenantId: tx.tenantId,
        requisitionId: row.id,
        lineNo: index + 1,
        ...line,
      })),
    )
    .execute();
  return row.id;
}

type Header = Omit<Requisition, 'lines' | 'outgoing'> & {
  requestingBranchId: string;
};

const headerColumns = sql`
  r.id, r.number, r.status, r.remark, r.refuse_reason AS "refuseReason", r.version,
  r.requesting_branch_id AS "requestingBranchId",
  json_build_object('id', rb.id, 'code', rb.code, 'name', rb.name) AS "requestingBranch",
  json_build_object('id', sb.id, 'code', sb.code, 'name', sb.name) AS "supplyingBranch",
  extract(epoch FROM r.created_at)::int AS "createdAt",
  (SELECT u.first_name || ' ' || u.last_name FROM users u
    WHERE u.tenant_id = r.tenant_id AND u.id = r.created_by) AS "createdByName",
  extract(epoch FROM r.closed_at)::int AS "closedAt",
  (SELECT u.first_name || ' ' || u.last_name FROM users u
    WHERE u.tenant_id = r.tenant_id AND u.id = r.closed_by) AS "closedByName"`;

const headerFrom = sql`
  FROM requisitions r
  JOIN branches rb ON rb.tenant_id = r.tenant_id AND rb.id = r.requesting_branch_id
  JOIN branches sb ON sb.tenant_id = r.tenant_id AND sb.id = r.supplying_branch_id`;

/** Of the branch's requisitions: those it asked for, those asked of it, or both. */
function sideOf(branchId: string, direction: RequisitionDirection) {
  if (direction === 'outgoing') return sql`r.requesting_branch_id = ${branchId}`;
  if (direction === 'incoming') return sql`r.supplying_branch_id = ${branchId}`;
  return sql`(r.requesting_branch_id = ${branchId} OR r.supplying_branch_id = ${branchId})`;
}

async function withLines(
  tx: TenantTx,
  branchId: string,
  headers: Header[],
): Promise<Requisition[]> {
  if (headers.length === 0) return [];
  const ids = headers.map((header) => header.id);
  const { rows } = await sql<RequisitionLine & { requisitionId: string }>`
    SELECT l.requisition_id AS "requisitionId", l.item_id AS "itemId", i.code AS "itemCode",
           i.name AS "itemName", i.dispensing_unit AS "dispensingUnit", l.quantity,
           coalesce((
             SELECT json_agg(json_build_object('batchNo', b.batch_no, 'expiryDate', b.expiry_date,
                      'quantity', -m.quantity) ORDER BY b.expiry_date NULLS LAST, b.batch_no)
               FROM stock_movements m
               JOIN stock_batches b ON b.tenant_id = m.tenant_id AND b.id = m.batch_id
               JOIN requisitions r ON r.tenant_id = l.tenant_id AND r.id = l.requisition_id
              WHERE m.tenant_id = l.tenant_id AND m.reference_id = l.requisition_id
                AND m.kind = 'requisition' AND m.item_id = l.item_id
                AND m.branch_id = r.supplying_branch_id
           ), '[]'::json) AS issued
      FROM requisition_lines l
      JOIN catalog_items i ON i.tenant_id = l.tenant_id AND i.id = l.item_id
     WHERE l.requisition_id = ANY(${ids}::uuid[])
     ORDER BY l.line_no`.execute(tx.db);
  return headers.map(({ requestingBranchId, ...header }) => ({
    ...header,
    outgoing: requestingBranchId === branchId,
    lines: rows
      .filter((row) => row.requisitionId === header.id)
      .map(({ requisitionId: _, ...line }) => line),
  }));
}

export async function listRequisitions(
  tx: TenantTx,
  filter: {
    branchId: string;
    direction: RequisitionDirection;
    status?: RequisitionStatus;
    pageIndex: number;
    pageSize: number;
  },
): Promise<{ items: Requisition[]; total: number }> {
  const where = sql`${sideOf(filter.branchId, filter.direction)}
    AND ${filter.status ? sql`r.status = ${filter.status}` : sql`true`}`;
  const { rows } = await sql<Header>`
    SELECT ${headerColumns} ${headerFrom} WHERE ${where}
     ORDER BY r.number DESC
     LIMIT ${filter.pageSize} OFFSET ${(filter.pageIndex - 1) * filter.pageSize}`.execute(tx.db);
  const count = await sql<{ total: number }>`
    SELECT count(*)::int AS total FROM requisitions r WHERE ${where}`.execute(tx.db);
  return { items: await withLines(tx, filter.branchId, rows), total: count.rows[0]?.total ?? 0 };
}

/** A requisition the branch asked for or was asked (locked FOR UPDATE when asked). */
export async function findRequisition(
  tx: TenantTx,
  branchId: string,
  id: string,
  lock = false,
): Promise<(Requisition & { supplyingBranchId: string; requestingBranchId: string }) | undefined> {
  if (lock) {
    await sql`SELECT r.id FROM requisitions r WHERE r.id = ${id} AND ${sideOf(branchId, 'all')}
               FOR UPDATE`.execute(tx.db);
  }
  const { rows } = await sql<Header>`
    SELECT ${headerColumns} ${headerFrom} WHERE r.id = ${id} AND ${sideOf(branchId, 'all')}`.execute(
    tx.db,
  );
  const [found] = await withLines(tx, branchId, rows);
  const header = rows[0];
  if (!found || !header) return undefined;
  return {
    ...found,
    requestingBranchId: header.requestingBranchId,
    supplyingBranchId: found.supplyingBranch.id,
  };
}

export async function closeRequisition(
  tx: TenantTx,
  id: string,
  version: number,
  close: { status: RequisitionStatus; refuseReason?: string; closedBy: string },
): Promise<boolean> {
  const result = await tx.db
    .updateTable('requisitions')
    .set({
      ...close,
      closedAt: sql`now()`,
      updatedAt: sql`now()`,
      version: sql`version + 1`,
    })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('status', '=', 'requested')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
