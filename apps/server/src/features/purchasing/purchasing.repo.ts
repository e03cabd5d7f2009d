import {
  PURCHASE_STATUS,
  type PurchaseStatus,
  type ReceivedLine,
  type ReceivedSummary,
  type Vendor,
} from '@clinic/domain';
import { sql } from 'kysely';
import type { TenantTx } from '../../db/tenant-db.ts';
import { toUnix, toUnixOrNull } from '../../platform/scope.ts';

/** `%` and `_` typed by a user match themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);
const STOCKED_TYPES = ['Med', 'Vaccine'];

const STATUS_BY_CODE = new Map(
  (Object.entries(PURCHASE_STATUS) as Array<[PurchaseStatus, number]>).map(([name, code]) => [
    code,
    name,
  ]),
);
export function statusOf(code: number): PurchaseStatus {
  const status = STATUS_BY_CODE.get(code);
  if (!status) throw new Error(`Unknown purchase status ${code}`);
  return status;
}

// --- Numbers --------------------------------------------------------------------------

/**
 * The branch's next number of a kind: the upsert locks the counter row until the
 * transaction ends, so concurrent orders in one branch take consecutive numbers and a
 * rolled-back one gives its number back (gapless).
 */
export async function nextNumber(
  tx: TenantTx,
  branchId: string,
  kind: 'purchase' | 'received',
): Promise<number> {
  const row = await tx.db
    .insertInto('purchaseCounters')
    .values({ tenantId: tx.tenantId, branchId, kind, lastValue: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['tenantId', 'branchId', 'kind'])
        .doUpdateSet({ lastValue: sql<number>`purchase_counters.last_value + 1` }),
    )
    .returning('lastValue')
    .executeTakeFirstOrThrow();
  return row.lastValue;
}

// --- Reference data -------------------------------------------------------------------

/** Stocked catalog items (not deleted) with the tax rate an order line defaults to. */
export async function orderableItems(tx: TenantTx, ids: string[]) {
  if (ids.length === 0) return [];
  return tx.db
    .selectFrom('catalogItems')
    .select(['id', 'name', 'taxBasisPoints'])
    .where('id', 'in', ids)
    .where('deletedAt', 'is', null)
    .where('type', 'in', STOCKED_TYPES)
    .execute();
}

export async function findVendor(tx: TenantTx, id: string): Promise<Vendor | undefined> {
  const [vendor] = await listVendors(tx, { id });
  return vendor;
}

/** The clinic's live suppliers in doc 3's vendor shape (fax is not kept: null). */
export async function listVendors(
  tx: TenantTx,
  filter: { id?: string; keyword?: string | null; activeOnly?: boolean },
): Promise<Vendor[]> {
  let query = tx.db.selectFrom('suppliers').where('deletedAt', 'is', null);
  if (filter.id) query = query.where('id', '=', filter.id);
  if (filter.activeOnly) query = query.where('isActive', '=', true);
  if (filter.keyword) {
    const text = escapeLike(filter.keyword.toLowerCase());
    query = query.where(
      sql<boolean>`(lower(code) LIKE ${`${text}%`} OR lower(name) LIKE ${`%${text}%`})`,
    );
  }
  const rows = await query
    .select([
      'id',
      'code',
      'name',
      'address',
      'contactNo as phone',
      'contactPerson as salesRep',
      'email',
      'isActive',
    ])
    .orderBy(sql`lower(name)`)
    .orderBy('code')
    .execute();
  return rows.map((row) => ({ ...row, fax: null }));
}

// --- Orders ---------------------------------------------------------------------------

export interface OrderValues {
  supplierId: string;
  orderDate: string;
  supplierPo: string | null;
  terms: string | null;
  remark: string | null;
}

export interface LineValues {
  itemId: string;
  quantity: number;
  unitCostCents: number;
  taxRateBasisPoints: number;
}

export async function insertPurchase(
  tx: TenantTx,
  keys: { branchId: string; purchaseNo: string; createdBy: string },
  values: OrderValues,
): Promise<string> {
  const row = await tx.db
    .insertInto('purchaseOrders')
    .values({ tenantId: tx.tenantId, ...keys, ...values, status: PURCHASE_STATUS.DRAFT })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The order's lines become these (a draft's lines are replaced whole). */
export async function replaceLines(
  tx: TenantTx,
  purchaseId: string,
  lines: LineValues[],
): Promise<void> {
  await tx.db.deleteFrom('purchaseOrderLines').where('purchaseId', '=', purchaseId).execute();
  if (lines.length === 0) return;
  await tx.db
    .insertInto('purchaseOrderLines')
    .values(
      lines.map((line, index) => ({
        tenantId: tx.tenantId,
        purchaseId,
        lineNo: index + 1,
        ...line,
      })),
    )
    .execute();
}

export async function updateDraft(
  tx: TenantTx,
  id: string,
  version: number,
  values: OrderValues,
): Promise<boolean> {
  const result = await tx.db
    .updateTable('purchaseOrders')
    .set({ ...values, version: sql`version + 1`, updatedAt: sql`now()` })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('status', '=', PURCHASE_STATUS.DRAFT)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves the order to a status; at `version` when given (a caller's change), else as it is. */
export async function setStatus(
  tx: TenantTx,
  id: string,
  change: {
    status: PurchaseStatus;
    version?: number;
    confirmedBy?: string;
    voidedBy?: string;
    voidReason?: string;
  },
): Promise<boolean> {
  let query = tx.db
    .updateTable('purchaseOrders')
    .set({
      status: PURCHASE_STATUS[change.status],
      version: sql`version + 1`,
      updatedAt: sql`now()`,
      ...(change.confirmedBy ? { confirmedBy: change.confirmedBy, confirmedAt: sql`now()` } : {}),
      ...(change.voidedBy
        ? { voidedBy: change.voidedBy, voidedAt: sql`now()`, voidReason: change.voidReason }
        : {}),
    })
    .where('id', '=', id);
  if (change.version !== undefined) query = query.where('version', '=', change.version);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The branch's order, locked FOR UPDATE until the transaction ends. */
export async function lockPurchase(tx: TenantTx, branchId: string, id: string) {
  const row = await tx.db
    .selectFrom('purchaseOrders')
    .select(['id', 'status', 'version', 'supplierId'])
    .where('branchId', '=', branchId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row && { ...row, status: statusOf(row.status) };
}

export interface PurchaseLineRow {
  id: string;
  lineNo: number;
  itemId: string;
  itemCode: string;
  itemName: string;
  dispensingUnit: string | null;
  quantity: number;
  receivedQuantity: number;
  unitCostCents: number;
  taxRateBasisPoints: number;
}

export async function purchaseLines(tx: TenantTx, purchaseId: string): Promise<PurchaseLineRow[]> {
  const result = await sql<PurchaseLineRow>`
    SELECT l.id, l.line_no AS "lineNo", l.item_id AS "itemId", i.code AS "itemCode",
           i.name AS "itemName", i.dispensing_unit AS "dispensingUnit", l.quantity,
           coalesce((SELECT sum(g.quantity) FROM goods_received_lines g
                      WHERE g.tenant_id = l.tenant_id AND g.purchase_line_id = l.id), 0)::int
             AS "receivedQuantity",
           l.unit_cost_cents AS "unitCostCents",
           l.tax_rate_basis_points AS "taxRateBasisPoints"
      FROM purchase_order_lines l
      JOIN catalog_items i ON i.tenant_id = l.tenant_id AND i.id = l.item_id
     WHERE l.purchase_id = ${purchaseId}
     ORDER BY l.line_no
  `.execute(tx.db);
  return result.rows;
}

export interface PurchaseHeaderRow {
  id: string;
  purchaseNo: string;
  supplier: { id: string; code: string; name: string };
  status: PurchaseStatus;
  orderDate: string;
  supplierPo: string | null;
  terms: string | null;
  remark: string | null;
  voidReason: string | null;
  version: number;
  createdAt: number;
  updatedAt: number;
  confirmedAt: number | null;
  voidedAt: number | null;
}

export interface PurchaseFilter {
  branchId: string;
  id?: string;
  status?: PurchaseStatus;
  supplierId?: string;
  fromDate?: string;
  toDate?: string;
  keyword?: string | null;
  pageIndex: number;
  pageSize: number;
}

function purchaseWhere(filter: PurchaseFilter) {
  const keyword = filter.keyword ? escapeLike(filter.keyword.toLowerCase()) : null;
  return sql.join(
    [
      sql`p.branch_id = ${filter.branchId}`,
      filter.id ? sql`p.id = ${filter.id}` : sql`true`,
      filter.status ? sql`p.status = ${PURCHASE_STATUS[filter.status]}` : sql`true`,
      filter.supplierId ? sql`p.supplier_id = ${filter.supplierId}` : sql`true`,
      filter.fromDate ? sql`p.order_date >= ${filter.fromDate}::date` : sql`true`,
      filter.toDate ? sql`p.order_date <= ${filter.toDate}::date` : sql`true`,
      keyword
        ? sql`(lower(p.purchase_no) LIKE ${`%${keyword}%`}
               OR lower(s.name) LIKE ${`%${keyword}%`}
               OR lower(coalesce(p.supplier_po, '')) LIKE ${`%${keyword}%`})`
        : sql`true`,
    ],
    sql` AND `,
  );
}

type HeaderSqlRow = Omit<
  PurchaseHeaderRow,
  'status' | 'createdAt' | 'updatedAt' | 'confirmedAt' | 'voidedAt' | 'supplier'
> & {
  status: number;
  supplierId: string;
  supplierCode: string;
  supplierName: string;
  createdAt: Date;
  updatedAt: Date;
  confirmedAt: Date | null;
  voidedAt: Date | null;
};

/** A page of the branch's orders (newest first) with their header fields. */
export async function listPurchases(
  tx: TenantTx,
  filter: PurchaseFilter,
): Promise<{ items: PurchaseHeaderRow[]; total: number }> {
  const from = sql`
      FROM purchase_orders p
      JOIN suppliers s ON s.tenant_id = p.tenant_id AND s.id = p.supplier_id
     WHERE ${purchaseWhere(filter)}`;
  const rows = await sql<HeaderSqlRow>`
    SELECT p.id, p.purchase_no AS "purchaseNo", p.status, p.order_date AS "orderDate",
           p.supplier_po AS "supplierPo", p.terms, p.remark, p.void_reason AS "voidReason",
           p.version, p.created_at AS "createdAt", p.updated_at AS "updatedAt",
           p.confirmed_at AS "confirmedAt", p.voided_at AS "voidedAt",
           s.id AS "supplierId", s.code AS "supplierCode", s.name AS "supplierName"
      ${from}
     ORDER BY p.order_date DESC, p.purchase_no DESC
     LIMIT ${filter.pageSize} OFFSET ${(filter.pageIndex - 1) * filter.pageSize}
  `.execute(tx.db);
  const count = await sql<{ total: string }>`SELECT count(*) AS total ${from}`.execute(tx.db);
  return {
    items: rows.rows.map(({ supplierId, supplierCode, supplierName, ...row }) => ({
      ...row,
      supplier: { id: supplierId, code: supplierCode, name: supplierName },
      status: statusOf(row.status),
      createdAt: toUnix(row.createdAt),
      updatedAt: toUnix(row.updatedAt),
      confirmedAt: toUnixOrNull(row.confirmedAt),
      voidedAt: toUnixOrNull(row.voidedAt),
    })),
    total: Number(count.rows[0]?.total ?? 0),
  };
}

/** The lines of several orders at once (for a page of the list). */
export async function linesOfPurchases(
  tx: TenantTx,
  purchaseIds: string[],
): Promise<Map<string, PurchaseLineRow[]>> {
  const byPurchase = new Map<string, PurchaseLineRow[]>();
  for (const id of purchaseIds) byPurchase.set(id, await purchaseLines(tx, id));
  return byPurchase;
}

// --- Goods received -------------------------------------------------------------------

export async function insertReceived(
  tx: TenantTx,
  values: {
    branchId: string;
    receivedNo: string;
    purchaseId: string;
    receivedDate: string;
    supplierInvoiceNo: string | null;
    supplierGrnNo: string | null;
    remark: string | null;
    createdBy: string;
  },
): Promise<string> {
  const row = await tx.db
    .insertInto('goodsReceived')
    .values({ tenantId: tx.tenantId, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertReceivedLines(
  tx: TenantTx,
  receivedId: string,
  lines: Array<{
    purchaseLineId: string;
    batchId: string;
    movementId: string;
    quantity: number;
    unitCostCents: number;
  }>,
): Promise<void> {
  await tx.db
    .insertInto('goodsReceivedLines')
    .values(
      lines.map((line, index) => ({
        tenantId: tx.tenantId,
        receivedId,
        lineNo: index + 1,
        ...line,
      })),
    )
    .execute();
}

export interface ReceivedFilter {
  branchId: string;
  id?: string;
  purchaseId?: string;
  supplierId?: string;
  fromDate?: string;
  toDate?: string;
  keyword?: string | null;
  pageIndex: number;
  pageSize: number;
}

export type ReceivedSummaryRow = ReceivedSummary & { remark: string | null };

/** A page of the branch's goods received notes (newest first) with their totals. */
export async function listReceived(
  tx: TenantTx,
  filter: ReceivedFilter,
): Promise<{ items: ReceivedSummaryRow[]; total: number }> {
  const keyword = filter.keyword ? escapeLike(filter.keyword.toLowerCase()) : null;
  const where = sql.join(
    [
      sql`r.branch_id = ${filter.branchId}`,
      filter.id ? sql`r.id = ${filter.id}` : sql`true`,
      filter.purchaseId ? sql`r.purchase_id = ${filter.purchaseId}` : sql`true`,
      filter.supplierId ? sql`p.supplier_id = ${filter.supplierId}` : sql`true`,
      filter.fromDate ? sql`r.received_date >= ${filter.fromDate}::date` : sql`true`,
      filter.toDate ? sql`r.received_date <= ${filter.toDate}::date` : sql`true`,
      keyword
        ? sql`(lower(r.received_no) LIKE ${`%${keyword}%`}
               OR lower(p.purchase_no) LIKE ${`%${keyword}%`}
               OR lower(s.name) LIKE ${`%${keyword}%`}
               OR lower(coalesce(r.supplier_invoice_no, '')) LIKE ${`%${keyword}%`}
               OR lower(coalesce(r.supplier_grn_no, '')) LIKE ${`%${keyword}%`})`
        : sql`true`,
    ],
    sql` AND `,
  );
  const from = sql`
      FROM goods_received r
      JOIN purchase_orders p ON p.tenant_id = r.tenant_id AND p.id = r.purchase_id
      JOIN suppliers s ON s.tenant_id = p.tenant_id AND s.id = p.supplier_id
     WHERE ${where}`;
  const rows = await sql<
    Omit<ReceivedSummaryRow, 'supplier' | 'createdAt'> & {
      supplierId: string;
      supplierCode: string;
      supplierName: string;
      createdAt: Date;
    }
  >`
    SELECT r.id, r.received_no AS "receivedNo", r.received_date AS "receivedDate",
           r.supplier_invoice_no AS "supplierInvoiceNo", r.supplier_grn_no AS "supplierGrnNo",
           r.remark, r.purchase_id AS "purchaseId", p.purchase_no AS "purchaseNo",
           s.id AS "supplierId", s.code AS "supplierCode", s.name AS "supplierName",
           t.line_count::int AS "lineCount", t.quantity::int AS "quantity",
           t.total_cost::float8 AS "totalCostCents", r.created_at AS "createdAt"
      FROM goods_received r
      JOIN purchase_orders p ON p.tenant_id = r.tenant_id AND p.id = r.purchase_id
      JOIN suppliers s ON s.tenant_id = p.tenant_id AND s.id = p.supplier_id
      CROSS JOIN LATERAL (
        SELECT count(*) AS line_count, coalesce(sum(g.quantity), 0) AS quantity,
               coalesce(sum(g.quantity::bigint * g.unit_cost_cents), 0) AS total_cost
          FROM goods_received_lines g
         WHERE g.tenant_id = r.tenant_id AND g.received_id = r.id
      ) t
     WHERE ${where}
     ORDER BY r.received_date DESC, r.received_no DESC
     LIMIT ${filter.pageSize} OFFSET ${(filter.pageIndex - 1) * filter.pageSize}
  `.execute(tx.db);
  const count = await sql<{ total: string }>`SELECT count(*) AS total ${from}`.execute(tx.db);
  return {
    items: rows.rows.map(({ supplierId, supplierCode, supplierName, createdAt, ...row }) => ({
      ...row,
      totalCostCents: Number(row.totalCostCents),
      supplier: { id: supplierId, code: supplierCode, name: supplierName },
      createdAt: toUnix(createdAt),
    })),
    total: Number(count.rows[0]?.total ?? 0),
  };
}

export async function receivedLines(tx: TenantTx, receivedId: string): Promise<ReceivedLine[]> {
  const result = await sql<ReceivedLine>`
    SELECT g.id, g.purchase_line_id AS "purchaseLineId", l.item_id AS "itemId",
           i.code AS "itemCode", i.name AS "itemName", g.batch_id AS "batchId",
           b.batch_no AS "batchNo", b.expiry_date AS "expiryDate", g.quantity,
           g.unit_cost_cents AS "unitCostCents", g.movement_id AS "movementId"
      FROM goods_received_lines g
      JOIN purchase_order_lines l ON l.tenant_id = g.tenant_id AND l.id = g.purchase_line_id
      JOIN catalog_items i ON i.tenant_id = l.tenant_id AND i.id = l.item_id
      JOIN stock_batches b ON b.tenant_id = g.tenant_id AND b.id = g.batch_id
     WHERE g.received_id = ${receivedId}
     ORDER BY g.line_no
  `.execute(tx.db);
  return result.rows;
}
