import type { TallyHistoryRow, TallyLine, TallyStatus, TallySummary } from '@clinic/domain';
import { tallyVariance, varianceValueCents } from '@clinic/domain';
import { sql } from 'kysely';
import type { TenantTx } from '../../db/tenant-db.ts';
import { toUnix } from '../../platform/scope.ts';

/** Count sheets and their lines (docs/architecture.md "Stock tally and requisitions"). */

const userName = (alias: string) =>
  sql<string | null>`(SELECT u.first_name || ' ' || u.last_name FROM users u
     WHERE u.tenant_id = t.tenant_id AND u.id = ${sql.ref(alias)})`;

/** The branch's next sheet number; sheets of one branch are numbered one at a time. */
export async function nextNumber(tx: TenantTx, branchId: string): Promise<number> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`stock-tallies:${branchId}`}, 0))`.execute(
    tx.db,
  );
  const row = await tx.db
    .selectFrom('stockTallies')
    .select((eb) => eb.fn.max('number').as('last'))
    .where('branchId', '=', branchId)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

export async function openSheetExists(tx: TenantTx, branchId: string): Promise<boolean> {
  const row = await tx.db
    .selectFrom('stockTallies')
    .select('id')
    .where('branchId', '=', branchId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertTally(
  tx: TenantTx,
  tally: { branchId: string; number: number; remark: string | null; createdBy: string },
): Promise<string> {
  const row = await tx.db
    .insertInto('stockTallies')
    .values({ tenantId: tx.tenantId, ...tally })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface NewTallyLine {
  batchId: string;
  itemId: string;
  unitCostCents: number;
  expected: number;
}

export async function insertLines(
  tx: TenantTx,
  tallyId: string,
  lines: readonly NewTallyLine[],
): Promise<void> {
  if (lines.length === 0) return;
  await tx.db
    .insertInto('stockTallyLines')
    .values(lines.map((line) => ({ tenantId: tx.tenantId, tallyId, ...line })))
    .execute();
}

const summaryColumns = sql<TallySummary>`
  t.id, t.number, t.status, t.remark, t.reason, t.version,
  (SELECT count(*) FROM stock_tally_lines l
    WHERE l.tenant_id = t.tenant_id AND l.tally_id = t.id)::int AS "lineCount",
  (SELECT count(*) FROM stock_tally_lines l
    WHERE l.tenant_id = t.tenant_id AND l.tally_id = t.id AND l.counted IS NOT NULL)::int
    AS "countedCount",
  (SELECT coalesce(sum((l.counted - l.expected)::bigint * l.unit_cost_cents), 0)
     FROM stock_tally_lines l
    WHERE l.tenant_id = t.tenant_id AND l.tally_id = t.id AND l.counted IS NOT NULL)::float8
    AS "varianceValueCents",
  extract(epoch FROM t.created_at)::int AS "createdAt",
  ${userName('t.created_by')} AS "createdByName",
  extract(epoch FROM t.closed_at)::int AS "closedAt",
  ${userName('t.closed_by')} AS "closedByName"`;

/** One sheet of the branch (locked FOR UPDATE when asked), or undefined. */
export async function findTally(
  tx: TenantTx,
  branchId: string,
  id: string,
  lock = false,
): Promise<TallySummary | undefined> {
  if (lock) {
    await sql`SELECT id FROM stock_tallies WHERE branch_id = ${branchId} AND id = ${id}
               FOR UPDATE`.execute(tx.db);
  }
  const { rows } = await sql<TallySummary>`
    SELECT ${summaryColumns} FROM stock_tallies t
     WHERE t.branch_id = ${branchId} AND t.id = ${id}`.execute(tx.db);
  return rows[0];
}

export async function listTallies(
  tx: TenantTx,
  filter: { branchId: string; status?: TallyStatus; pageIndex: number; pageSize: number },
): Promise<{ items: TallySummary[]; total: number }> {
  const where = sql`t.branch_id = ${filter.branchId}
    AND ${filter.status ? sql`t.status = ${filter.status}` : sql`true`}`;
  const { rows } = await sql<TallySummary>`
    SELECT ${summaryColumns} FROM stock_tallies t WHERE ${where}
     ORDER BY t.number DESC
     LIMIT ${filter.pageSize} OFFSET ${(filter.pageIndex - 1) * filter.pageSize}`.execute(tx.db);
  const count = await sql<{ total: number }>`
    SELECT count(*)::int AS total FROM stock_tallies t WHERE ${where}`.execute(tx.db);
  return { items: rows, total: count.rows[0]?.total ?? 0 };
}

type LineRow = Omit<TallyLine, 'variance' | 'varianceValueCents' | 'countedAt'> & {
  countedAt: Date | null;
};

/** A sheet's lines by item name, then expiry and batch number. */
export async function tallyLines(tx: TenantTx, tallyId: string): Promise<TallyLine[]> {
  const { rows } = await sql<LineRow>`
    SELECT l.batch_id AS "batchId", l.item_id AS "itemId", i.code AS "itemCode",
           i.name AS "itemName", i.dispensing_unit AS "dispensingUnit", b.batch_no AS "batchNo",
           b.expiry_date AS "expiryDate", l.unit_cost_cents AS "unitCostCents", l.expected,
           l.counted, l.reason, l.counted_at AS "countedAt"
      FROM stock_tally_lines l
      JOIN stock_batches b ON b.tenant_id = l.tenant_id AND b.id = l.batch_id
      JOIN catalog_items i ON i.tenant_id = l.tenant_id AND i.id = l.item_id
     WHERE l.tally_id = ${tallyId}
     ORDER BY lower(i.name), i.code, b.expiry_date NULLS LAST, b.batch_no, b.id`.execute(tx.db);
  return rows.map((row) => {
    const variance = tallyVariance(row.counted, row.expected);
    return {
      ...row,
      variance,
      varianceValueCents: varianceValueCents(variance, row.unitCostCents),
      countedAt: row.countedAt ? toUnix(row.countedAt) : null,
    };
  });
}

export interface LineCount {
  batchId: string;
  counted: number | null;
  /** What the batch holds now, when the count is entered. */
  expected: number;
  reason: string | null;
}

export async function updateLineCount(
  tx: TenantTx,
  tallyId: string,
  line: LineCount,
): Promise<void> {
  await tx.db
    .updateTable('stockTallyLines')
    .set({
      counted: line.counted,
      expected: line.expected,
      reason: line.reason,
      countedAt: line.counted === null ? null : sql<Date>`now()`,
    })
    .where('tallyId', '=', tallyId)
    .where('batchId', '=', line.batchId)
    .execute();
}

export async function updateLineReason(
  tx: TenantTx,
  tallyId: string,
  batchId: string,
  reason: string | null,
): Promise<void> {
  await tx.db
    .updateTable('stockTallyLines')
    .set({ reason })
    .where('tallyId', '=', tallyId)
    .where('batchId', '=', batchId)
    .execute();
}

export async function setLineMovement(
  tx: TenantTx,
  tallyId: string,
  batchId: string,
  movementId: string,
): Promise<void> {
  await tx.db
    .updateTable('stockTallyLines')
    .set({ movementId })
    .where('tallyId', '=', tallyId)
    .where('batchId', '=', batchId)
    .execute();
}

/** A new version of an open sheet, when `version` is still its own. */
export async function touchTally(tx: TenantTx, id: string, version: number): Promise<boolean> {
  const result = await tx.db
    .updateTable('stockTallies')
    .set({ version: sql`version + 1`, updatedAt: sql`now()` })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function closeTally(
  tx: TenantTx,
  id: string,
  close: { status: 'finalised' | 'cancelled'; reason: string | null; closedBy: string },
): Promise<void> {
  await tx.db
    .updateTable('stockTallies')
    .set({ ...close, closedAt: sql`now()`, updatedAt: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** The item's batches on the branch's finalised sheets, newest sheet first. */
export async function itemHistory(
  tx: TenantTx,
  branchId: string,
  itemId: string,
): Promise<TallyHistoryRow[]> {
  const { rows } = await sql<
    Omit<TallyHistoryRow, 'variance' | 'varianceValueCents'> & { unitCostCents: number }
  >`
    SELECT t.id AS "tallyId", t.number, extract(epoch FROM t.closed_at)::int AS "finalisedAt",
           ${userName('t.closed_by')} AS "finalisedByName", l.batch_id AS "batchId",
           b.batch_no AS "batchNo", b.expiry_date AS "expiryDate", l.expected, l.counted,
           coalesce(l.reason, t.reason) AS reason, l.unit_cost_cents AS "unitCostCents"
      FROM stock_tally_lines l
      JOIN stock_tallies t ON t.tenant_id = l.tenant_id AND t.id = l.tally_id
      JOIN stock_batches b ON b.tenant_id = l.tenant_id AND b.id = l.batch_id
     WHERE t.branch_id = ${branchId} AND l.item_id = ${itemId} AND t.status = 'finalised'
     ORDER BY t.closed_at DESC, t.number DESC, b.expiry_date NULLS LAST, b.batch_no`.execute(tx.db);
  return rows.map(({ unitCostCents, ...row }) => {
    const variance = tallyVariance(row.counted, row.expected);
    return { ...row, variance, varianceValueCents: varianceValueCents(variance, unitCostCents) };
  });
}
