import type {
  DispenseReportRow,
  InventoryItem,
  ItemLogRow,
  StockMovementKind,
  StockMovementRecord,
  Supplier,
} from '@clinic/domain';
import { sql } from 'kysely';
import type { TenantTx } from '../../db/tenant-db.ts';
import { toUnix } from '../../platform/scope.ts';

/** `%` and `_` typed by a user match themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);
/** Catalog types that are kept in stock. */
const STOCKED_TYPES = ['Med', 'Vaccine'];

// --- Items ----------------------------------------------------------------------------

export interface ItemFilter {
  branchId: string;
  keyword: string | null;
  clinicDate: string;
  itemIds?: string[];
  lowStockOnly?: boolean;
  pageIndex: number;
  pageSize: number;
}

/** Stocked catalog items with the branch's on-hand (the ledger's sum) and reorder level. */
export async function listItems(
  tx: TenantTx,
  filter: ItemFilter,
): Promise<{ items: InventoryItem[]; total: number }> {
  const keyword = filter.keyword ? escapeLike(filter.keyword.toLowerCase()) : null;
  const where = sql.join(
    [
      sql`i.deleted_at IS NULL`,
      sql`i.type IN (${sql.join(STOCKED_TYPES)})`,
      keyword
        ? sql`(lower(i.code) LIKE ${`${keyword}%`} OR lower(i.name) LIKE ${`%${keyword}%`})`
        : sql`true`,
      filter.itemIds ? sql`i.id = ANY(${filter.itemIds}::uuid[])` : sql`true`,
      filter.lowStockOnly
        ? sql`r.reorder_level IS NOT NULL AND s.on_hand < r.reorder_level`
        : sql`true`,
    ],
    sql` AND `,
  );
  const from = sql`
      FROM catalog_items i
      LEFT JOIN inventory_branch_items r
        ON r.tenant_id = i.tenant_id AND r.item_id = i.id AND r.branch_id = ${filter.branchId}
      CROSS JOIN LATERAL (
        SELECT coalesce(sum(m.quantity), 0) AS on_hand,
               coalesce(sum(m.quantity) FILTER (
                 WHERE b.expiry_date IS NOT NULL AND b.expiry_date <= ${filter.clinicDate}::date), 0)
                 AS expired_on_hand
          FROM stock_movements m
          JOIN stock_batches b ON b.tenant_id = m.tenant_id AND b.id = m.batch_id
         WHERE m.tenant_id = i.tenant_id AND m.branch_id = ${filter.branchId} AND m.item_id = i.id
      ) s
     WHERE ${where}`;
  const rows = await sql<{
    id: string;
    code: string;
    name: string;
    type: string;
    dispensingUnit: string | null;
    onHand: number;
    expiredOnHand: number;
    reorderLevel: number | null;
    reorderVersion: number | null;
  }>`
    SELECT i.id, i.code, i.name, i.type, i.dispensing_unit AS "dispensingUnit",
           s.on_hand::int AS "onHand", s.expired_on_hand::int AS "expiredOnHand",
           r.reorder_level AS "reorderLevel", r.version AS "reorderVersion"
      ${from}
     ORDER BY lower(i.name), i.code
     LIMIT ${filter.pageSize} OFFSET ${(filter.pageIndex - 1) * filter.pageSize}
  `.execute(tx.db);
  const count = await sql<{ total: string }>`SELECT count(*) AS total ${from}`.execute(tx.db);
  return {
    items: rows.rows.map(({ id, reorderVersion, ...row }) => ({
      itemId: id,
      ...row,
      reorderVersion: reorderVersion ?? 0,
    })),
    total: Number(count.rows[0]?.total ?? 0),
  };
}

/** A stocked item of the catalog (not deleted): its name and unit, or undefined. */
export async function stockedItem(tx: TenantTx, id: string) {
  return tx.db
    .selectFrom('catalogItems')
    .select(['id', 'code', 'name', 'dispensingUnit'])
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .where('type', 'in', STOCKED_TYPES)
    .executeTakeFirst();
}

export async function upsertReorderLevel(
  tx: TenantTx,
  branchId: string,
  itemId: string,
  reorderLevel: number,
  version: number,
): Promise<boolean> {
  if (version === 0) {
    const inserted = await tx.db
      .insertInto('inventoryBranchItems')
      .values({ tenantId: tx.tenantId, branchId, itemId, reorderLevel })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const updated = await tx.db
    .updateTable('inventoryBranchItems')
    .set({ reorderLevel, version: sql`version + 1`, updatedAt: sql`now()` })
    .where('branchId', '=', branchId)
    .where('itemId', '=', itemId)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

// --- Batches --------------------------------------------------------------------------

export interface BatchRow {
  id: string;
  itemId: string;
  itemCode: string;
  itemName: string;
  batchNo: string;
  expiryDate: string | null;
  unitCostCents: number;
  supplierId: string | null;
  onHand: number;
  createdAt: number;
}

export interface BatchFilter {
  branchId: string;
  itemId?: string;
  batchId?: string;
  itemIds?: readonly string[];
  batchIds?: readonly string[];
  includeEmpty: boolean;
  /** Only batches expiring on or before this date (near-expiry list). */
  expiringBy?: string;
}

/** Batches of the branch with their on-hand, earliest expiry first. */
export async function listBatches(tx: TenantTx, filter: BatchFilter): Promise<BatchRow[]> {
  const where = sql.join(
    [
      sql`b.branch_id = ${filter.branchId}`,
      filter.itemId ? sql`b.item_id = ${filter.itemId}` : sql`true`,
      filter.batchId ? sql`b.id = ${filter.batchId}` : sql`true`,
      filter.itemIds ? sql`b.item_id = ANY(${filter.itemIds}::uuid[])` : sql`true`,
      filter.batchIds ? sql`b.id = ANY(${filter.batchIds}::uuid[])` : sql`true`,
      filter.expiringBy ? sql`b.expiry_date <= ${filter.expiringBy}::date` : sql`true`,
      filter.includeEmpty ? sql`true` : sql`s.on_hand > 0`,
    ],
    sql` AND `,
  );
  const result = await sql<Omit<BatchRow, 'createdAt'> & { createdAt: Date }>`
    SELECT b.id, b.item_id AS "itemId", i.code AS "itemCode", i.name AS "itemName",
           b.batch_no AS "batchNo", b.expiry_date AS "expiryDate",
           b.unit_cost_cents AS "unitCostCents", b.supplier_id AS "supplierId",
           s.on_hand::int AS "onHand", b.created_at AS "createdAt"
      FROM stock_batches b
      JOIN catalog_items i ON i.tenant_id = b.tenant_id AND i.id = b.item_id
      CROSS JOIN LATERAL (
        SELECT coalesce(sum(m.quantity), 0) AS on_hand FROM stock_movements m
         WHERE m.tenant_id = b.tenant_id AND m.batch_id = b.id
      ) s
     WHERE ${where}
     ORDER BY b.expiry_date NULLS LAST, b.batch_no, b.id
  `.execute(tx.db);
  return result.rows.map((row) => ({ ...row, createdAt: toUnix(row.createdAt) }));
}

/** The item's batches in the branch, locked FOR UPDATE (in id order: no deadlocks). */
export async function lockItemBatches(tx: TenantTx, branchId: string, itemId: string) {
  await tx.db
    .selectFrom('stockBatches')
    .select('id')
    .where('branchId', '=', branchId)
    .where('itemId', '=', itemId)
    .orderBy('id')
    .forUpdate()
    .execute();
  return listBatches(tx, { branchId, itemId, includeEmpty: true });
}

/**
 * Batches of the branches, locked FOR UPDATE in the order every writer takes them: by
 * item, then batch id (dispensing locks item by item, each item's batches by id), so two
 * writers never wait on each other in a circle.
 */
export async function lockBatches(
  tx: TenantTx,
  filter: {
    branchIds: readonly string[];
    itemIds?: readonly string[];
    batchIds?: readonly string[];
  },
): Promise<void> {
  let query = tx.db
    .selectFrom('stockBatches')
    .select('id')
    .where('branchId', 'in', filter.branchIds);
  if (filter.itemIds) query = query.where('itemId', 'in', filter.itemIds);
  if (filter.batchIds) query = query.where('id', 'in', filter.batchIds);
  await query.orderBy('itemId').orderBy('id').forUpdate().execute();
}

/** One batch of the branch, locked FOR UPDATE. */
export async function lockBatch(tx: TenantTx, branchId: string, batchId: string) {
  const locked = await tx.db
    .selectFrom('stockBatches')
    .select('id')
    .where('branchId', '=', branchId)
    .where('id', '=', batchId)
    .forUpdate()
    .executeTakeFirst();
  if (!locked) return undefined;
  const [batch] = await listBatches(tx, { branchId, batchId, includeEmpty: true });
  return batch;
}

/** The batch of that number for the item in the branch, locked FOR UPDATE. */
export async function lockBatchByNumber(
  tx: TenantTx,
  branchId: string,
  itemId: string,
  batchNo: string,
) {
  const row = await tx.db
    .selectFrom('stockBatches')
    .select('id')
    .where('branchId', '=', branchId)
    .where('itemId', '=', itemId)
    .where(sql<boolean>`lower(batch_no) = lower(${batchNo})`)
    .forUpdate()
    .executeTakeFirst();
  return row ? lockBatch(tx, branchId, row.id) : undefined;
}

export interface NewBatch {
  branchId: string;
  itemId: string;
  batchNo: string;
  expiryDate: string | null;
  unitCostCents: number;
  supplierId: string | null;
  createdBy: string;
}

export async function insertBatch(tx: TenantTx, batch: NewBatch): Promise<string> {
  const row = await tx.db
    .insertInto('stockBatches')
    .values({ tenantId: tx.tenantId, ...batch })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

// --- Ledger ---------------------------------------------------------------------------

export interface NewMovement {
  branchId: string;
  itemId: string;
  batchId: string;
  quantity: number;
  kind: StockMovementKind;
  reason: string | null;
  referenceId: string | null;
  createdBy: string;
}

export async function insertMovements(tx: TenantTx, movements: NewMovement[]): Promise<string[]> {
  if (movements.length === 0) return [];
  const rows = await tx.db
    .insertInto('stockMovements')
    .values(movements.map((movement) => ({ tenantId: tx.tenantId, ...movement })))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

export interface MovementFilter {
  branchId: string;
  itemId?: string;
  batchId?: string;
  ids?: string[];
  kind?: StockMovementKind;
  /** Start and end (exclusive) of the period, as times. */
  from?: Date;
  to?: Date;
  pageIndex: number;
  pageSize: number;
}

/** A page of the branch's ledger, newest first. */
export async function listMovements(
  tx: TenantTx,
  filter: MovementFilter,
): Promise<{ items: StockMovementRecord[]; total: number }> {
  let query = tx.db
    .selectFrom('stockMovements as m')
    .innerJoin('stockBatches as b', (join) =>
      join.onRef('b.tenantId', '=', 'm.tenantId').onRef('b.id', '=', 'm.batchId'),
    )
    .innerJoin('catalogItems as i', (join) =>
      join.onRef('i.tenantId', '=', 'm.tenantId').onRef('i.id', '=', 'm.itemId'),
    )
    .where('m.branchId', '=', filter.branchId);
  if (filter.itemId) query = query.where('m.itemId', '=', filter.itemId);
  if (filter.batchId) query = query.where('m.batchId', '=', filter.batchId);
  if (filter.ids) query = query.where('m.id', 'in', filter.ids);
  if (filter.kind) query = query.where('m.kind', '=', filter.kind);
  if (filter.from) query = query.where('m.createdAt', '>=', filter.from);
  if (filter.to) query = query.where('m.createdAt', '<', filter.to);
  const [rows, count] = await Promise.all([
    query
      .select([
        'm.id',
        'm.itemId',
        'i.name as itemName',
        'm.batchId',
        'b.batchNo',
        'm.quantity',
        'm.kind',
        'm.reason',
        'm.referenceId',
        'm.createdBy',
        'm.createdAt',
      ])
      .orderBy('m.createdAt', 'desc')
      .orderBy('m.id')
      .limit(filter.pageSize)
      .offset((filter.pageIndex - 1) * filter.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({
      ...row,
      kind: row.kind as StockMovementKind,
      createdAt: toUnix(row.createdAt),
    })),
    total: Number(count.total),
  };
}

// --- Dispensing -----------------------------------------------------------------------

export async function insertDispenseRecord(
  tx: TenantTx,
  record: { branchId: string; visitId: string; createdBy: string },
): Promise<{ id: string; createdAt: number }> {
  const row = await tx.db
    .insertInto('dispenseRecords')
    .values({ tenantId: tx.tenantId, ...record })
    .returning(['id', 'createdAt'])
    .executeTakeFirstOrThrow();
  return { id: row.id, createdAt: toUnix(row.createdAt) };
}

/** The branch's dispensed batches in a period (the batch dispensing report). */
export async function dispenseReport(
  tx: TenantTx,
  filter: { branchId: string; from?: Date; to?: Date; itemId?: string },
): Promise<DispenseReportRow[]> {
  let query = tx.db
    .selectFrom('dispenseRecords as d')
    .innerJoin('stockMovements as m', (join) =>
      join.onRef('m.tenantId', '=', 'd.tenantId').onRef('m.referenceId', '=', 'd.id'),
    )
    .innerJoin('stockBatches as b', (join) =>
      join.onRef('b.tenantId', '=', 'm.tenantId').onRef('b.id', '=', 'm.batchId'),
    )
    .innerJoin('catalogItems as i', (join) =>
      join.onRef('i.tenantId', '=', 'm.tenantId').onRef('i.id', '=', 'm.itemId'),
    )
    .where('d.branchId', '=', filter.branchId)
    .where('m.kind', '=', 'dispense');
  if (filter.from) query = query.where('d.createdAt', '>=', filter.from);
  if (filter.to) query = query.where('d.createdAt', '<', filter.to);
  if (filter.itemId) query = query.where('m.itemId', '=', filter.itemId);
  const rows = await query
    .select([
      'd.id as dispenseId',
      'd.visitId',
      'd.createdAt',
      'm.itemId',
      'i.code as itemCode',
      'i.name as itemName',
      'm.batchId',
      'b.batchNo',
      'b.expiryDate',
      'm.quantity',
    ])
    .orderBy('d.createdAt')
    .orderBy('d.id')
    .orderBy('i.name')
    .orderBy('b.expiryDate')
    .execute();
  return rows.map(({ createdAt, quantity, ...row }) => ({
    ...row,
    dispensedAt: toUnix(createdAt),
    quantity: -quantity,
  }));
}

// --- Suppliers ------------------------------------------------------------------------

const supplierColumns = [
  'id',
  'code',
  'name',
  'contactPerson',
  'contactNo',
  'email',
  'address',
  'isActive',
  'version',
  'updatedAt',
] as const;

type SupplierRow = Omit<Supplier, 'updatedAt'> & { updatedAt: Date };
const toSupplier = (row: SupplierRow): Supplier => ({ ...row, updatedAt: toUnix(row.updatedAt) });

export async function listSuppliers(
  tx: TenantTx,
  filter: { keyword: string | null; pageIndex: number; pageSize: number },
): Promise<{ items: Supplier[]; total: number }> {
  let query = tx.db.selectFrom('suppliers').where('deletedAt', 'is', null);
  if (filter.keyword) {
    const text = escapeLike(filter.keyword.toLowerCase());
    query = query.where(
      sql<boolean>`(lower(code) LIKE ${`${text}%`} OR lower(name) LIKE ${`%${text}%`})`,
    );
  }
  const [rows, count] = await Promise.all([
    query
      .select(supplierColumns)
      .orderBy(sql`lower(name)`)
      .orderBy('code')
      .limit(filter.pageSize)
      .offset((filter.pageIndex - 1) * filter.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toSupplier), total: Number(count.total) };
}

export async function findSupplier(tx: TenantTx, id: string): Promise<Supplier | undefined> {
  const row = await tx.db
    .selectFrom('suppliers')
    .select(supplierColumns)
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return row && toSupplier(row);
}

export interface SupplierValues {
  code: string;
  name: string;
  contactPerson: string | null;
  contactNo: string | null;
  email: string | null;
  address: string | null;
  isActive: boolean;
}

export async function insertSupplier(tx: TenantTx, values: SupplierValues): Promise<Supplier> {
  const row = await tx.db
    .insertInto('suppliers')
    .values({ tenantId: tx.tenantId, ...values })
    .returning(supplierColumns)
    .executeTakeFirstOrThrow();
  return toSupplier(row);
}

export async function updateSupplier(
  tx: TenantTx,
  id: string,
  version: number,
  values: SupplierValues,
): Promise<Supplier | undefined> {
  const row = await tx.db
    .updateTable('suppliers')
    .set({ ...values, version: sql`version + 1`, updatedAt: sql`now()` })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('deletedAt', 'is', null)
    .returning(supplierColumns)
    .executeTakeFirst();
  return row && toSupplier(row);
}

export async function deleteSupplier(tx: TenantTx, id: string, version: number): Promise<boolean> {
  const result = await tx.db
    .updateTable('suppliers')
    .set({ deletedAt: sql`now()`, version: sql`version + 1`, updatedAt: sql`now()` })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// --- Item log -------------------------------------------------------------------------

/** Stocked items with their ledger before, in and by the end of [from, to). */
export async function itemLog(
  tx: TenantTx,
  filter: {
    branchId: string;
    keyword: string | null;
    from: Date;
    to: Date;
    pageIndex: number;
    pageSize: number;
  },
): Promise<{ items: ItemLogRow[]; total: number }> {
  const keyword = filter.keyword ? escapeLike(filter.keyword.toLowerCase()) : null;
  const where = sql.join(
    [
      sql`i.deleted_at IS NULL`,
      sql`i.type IN (${sql.join(STOCKED_TYPES)})`,
      keyword
        ? sql`(lower(i.code) LIKE ${`${keyword}%`} OR lower(i.name) LIKE ${`%${keyword}%`})`
        : sql`true`,
    ],
    sql` AND `,
  );
  const from = sql`
      FROM catalog_items i
      CROSS JOIN LATERAL (
        SELECT coalesce(sum(m.quantity) FILTER (WHERE m.created_at < ${filter.from}), 0) AS opening,
               coalesce(sum(m.quantity) FILTER (
                 WHERE m.created_at >= ${filter.from} AND m.created_at < ${filter.to}
                   AND m.quantity > 0), 0) AS ins,
               coalesce(-sum(m.quantity) FILTER (
                 WHERE m.created_at >= ${filter.from} AND m.created_at < ${filter.to}
                   AND m.quantity < 0), 0) AS outs
          FROM stock_movements m
         WHERE m.tenant_id = i.tenant_id AND m.branch_id = ${filter.branchId} AND m.item_id = i.id
      ) s
     WHERE ${where}`;
  const [rows, count] = await Promise.all([
    sql<ItemLogRow>`
      SELECT i.id AS "itemId", i.code, i.name, i.dispensing_unit AS "dispensingUnit",
             s.opening::int AS opening, s.ins::int AS ins, s.outs::int AS outs,
             (s.opening + s.ins - s.outs)::int AS closing
        ${from}
       ORDER BY lower(i.name), i.code
       LIMIT ${filter.pageSize} OFFSET ${(filter.pageIndex - 1) * filter.pageSize}
    `.execute(tx.db),
    sql<{ total: string }>`SELECT count(*) AS total ${from}`.execute(tx.db),
  ]);
  return { items: rows.rows, total: Number(count.rows[0]?.total ?? 0) };
}

/** What the `return` rows naming `referenceId` still hold back in each batch (their sum, when not 0). */
export async function returnedByReference(
  tx: TenantTx,
  referenceId: string,
): Promise<Array<{ branchId: string; itemId: string; batchId: string; quantity: number }>> {
  const rows = await tx.db
    .selectFrom('stockMovements')
    .select(['branchId', 'itemId', 'batchId', sql<number>`sum(quantity)::int`.as('quantity')])
    .where('referenceId', '=', referenceId)
    .where('kind', '=', 'return')
    .groupBy(['branchId', 'itemId', 'batchId'])
    .orderBy('itemId')
    .orderBy('batchId')
    .execute();
  return rows.filter((row) => row.quantity !== 0);
}
