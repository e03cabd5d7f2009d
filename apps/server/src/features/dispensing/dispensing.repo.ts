import { sql } from 'kysely';
import type { TenantTx } from '../../db/tenant-db.ts';
import { toUnix } from '../../platform/scope.ts';

/** Catalog types that are kept in stock (as the inventory feature's). */
const STOCKED_TYPES = ['Med', 'Vaccine'];

/** The visit a dispensing or a label print is for: its branch, patient and state. */
export async function visitFacts(tx: TenantTx, visitId: string) {
  return tx.db
    .selectFrom('visits as v')
    .innerJoin('patients as p', (join) =>
      join.onRef('p.tenantId', '=', 'v.tenantId').onRef('p.id', '=', 'v.patientId'),
    )
    .select(['v.id', 'v.branchId', 'v.patientId', 'p.name as patientName', 'p.birthDate'])
    .where('v.id', '=', visitId)
    .executeTakeFirst();
}

/**
 * Locks the visit's prescription lines FOR UPDATE (in id order), so two dispensings of a
 * line, or a dispensing and an edit of it, take turns; the reads after the lock see what
 * the other committed.
 */
export async function lockVisitLines(tx: TenantTx, visitId: string): Promise<void> {
  await tx.db
    .selectFrom('prescriptions')
    .select('id')
    .where('visitId', '=', visitId)
    .orderBy('id')
    .forUpdate()
    .execute();
}

export interface LineRow {
  prescriptionId: string;
  visitId: string;
  catalogItemId: string | null;
  code: string;
  name: string;
  quantity: number;
  unit: string;
  consumeQuantity: number;
  consumeUm: string;
  consumeMethod: string | null;
  frequency: string;
  duration: number;
  cycle: string;
  durationDays: number;
  indication: string | null;
  precaution: string | null;
  itemRemark: string | null;
  dispensable: boolean;
  dispenseId: string | null;
  dispensedAt: number | null;
  dispensedById: string | null;
  dispensedByName: string | null;
  dispensedBranchId: string | null;
}

/** Prescription lines (of a visit, or by id) with the item's stock status and whether they are dispensed. */
export async function lines(
  tx: TenantTx,
  filter: { visitId: string } | { ids: readonly string[] },
): Promise<LineRow[]> {
  const where =
    'visitId' in filter
      ? sql`p.visit_id = ${filter.visitId}`
      : sql`p.id = ANY(${[...filter.ids]}::uuid[])`;
  const result = await sql<Omit<LineRow, 'dispensedAt'> & { dispensedAt: Date | null }>`
    SELECT p.id AS "prescriptionId", p.visit_id AS "visitId",
           p.catalog_item_id AS "catalogItemId", p.item_code AS code, p.item_name AS name,
           coalesce(p.dispense_quantity, 0) AS quantity, coalesce(p.dispense_um, '') AS unit,
           coalesce(p.consume_quantity, 0) AS "consumeQuantity",
           coalesce(p.consume_um, '') AS "consumeUm", p.consume_method AS "consumeMethod",
           coalesce(p.frequency, '') AS frequency, coalesce(p.duration, 1) AS duration,
           coalesce(p.cycle, 'day') AS cycle, coalesce(p.duration_days, 1) AS "durationDays",
           p.indication, p.precaution, i.default_instructions AS "itemRemark",
           (i.id IS NOT NULL AND i.deleted_at IS NULL AND i.type IN (${sql.join(STOCKED_TYPES)})
             AND coalesce(p.dispense_quantity, 0) > 0) AS dispensable,
           d.dispense_record_id AS "dispenseId", d.created_at AS "dispensedAt",
           d.created_by AS "dispensedById",
           nullif(concat_ws(' ', u.first_name, u.last_name), '') AS "dispensedByName",
           r.branch_id AS "dispensedBranchId"
      FROM prescriptions p
      LEFT JOIN catalog_items i ON i.tenant_id = p.tenant_id AND i.id = p.catalog_item_id
      LEFT JOIN dispensed_prescriptions d
        ON d.tenant_id = p.tenant_id AND d.prescription_id = p.id
      LEFT JOIN dispense_records r ON r.tenant_id = d.tenant_id AND r.id = d.dispense_record_id
      LEFT JOIN users u ON u.tenant_id = d.tenant_id AND u.id = d.created_by
     WHERE ${where}
     ORDER BY p.created_at, p.id
  `.execute(tx.db);
  return result.rows.map((row) => ({
    ...row,
    dispensedAt: row.dispensedAt ? toUnix(row.dispensedAt) : null,
  }));
}

export interface LineBatch {
  prescriptionId: string;
  batchId: string;
  batchNo: string;
  expiryDate: string | null;
  quantity: number;
}

/** The batches dispensed lines took, earliest expiry first. */
export async function lineBatches(
  tx: TenantTx,
  prescriptionIds: readonly string[],
): Promise<LineBatch[]> {
  if (prescriptionIds.length === 0) return [];
  return tx.db
    .selectFrom('dispensedPrescriptionBatches as d')
    .innerJoin('stockBatches as b', (join) =>
      join.onRef('b.tenantId', '=', 'd.tenantId').onRef('b.id', '=', 'd.batchId'),
    )
    .select(['d.prescriptionId', 'd.batchId', 'b.batchNo', 'b.expiryDate', 'd.quantity'])
    .where('d.prescriptionId', 'in', [...prescriptionIds])
    .orderBy(sql`b.expiry_date NULLS LAST`)
    .orderBy('b.batchNo')
    .execute();
}

/** Per item, the branch's on-hand (the ledger's sum) and what may be dispensed (unexpired). */
export async function itemStock(
  tx: TenantTx,
  branchId: string,
  itemIds: readonly string[],
  clinicDate: string,
): Promise<Map<string, { onHand: number; available: number }>> {
  if (itemIds.length === 0) return new Map();
  const result = await sql<{ itemId: string; onHand: number; available: number }>`
    SELECT m.item_id AS "itemId", sum(m.quantity)::int AS "onHand",
           coalesce(sum(m.quantity) FILTER (
             WHERE b.expiry_date IS NULL OR b.expiry_date > ${clinicDate}::date), 0)::int
             AS available
      FROM stock_movements m
      JOIN stock_batches b ON b.tenant_id = m.tenant_id AND b.id = m.batch_id
     WHERE m.branch_id = ${branchId} AND m.item_id = ANY(${[...itemIds]}::uuid[])
     GROUP BY m.item_id
  `.execute(tx.db);
  return new Map(result.rows.map(({ itemId, ...stock }) => [itemId, stock]));
}

export interface DispensedLine {
  prescriptionId: string;
  dispenseRecordId: string;
  visitId: string;
  itemId: string;
  quantity: number;
  createdBy: string;
  batches: Array<{ batchId: string; quantity: number }>;
}

/** Records which prescription line each dispensed quantity belongs to, with its batches. */
export async function insertDispensedLines(tx: TenantTx, dispensed: DispensedLine[]) {
  if (dispensed.length === 0) return;
  await tx.db
    .insertInto('dispensedPrescriptions')
    .values(dispensed.map(({ batches: _batches, ...line }) => ({ tenantId: tx.tenantId, ...line })))
    .execute();
  const batches = dispensed.flatMap((line) =>
    line.batches.map((batch) => ({
      tenantId: tx.tenantId,
      prescriptionId: line.prescriptionId,
      ...batch,
    })),
  );
  if (batches.length > 0) {
    await tx.db.insertInto('dispensedPrescriptionBatches').values(batches).execute();
  }
}
