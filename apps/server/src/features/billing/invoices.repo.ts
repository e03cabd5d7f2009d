import {
  INVOICE_STATUS,
  type Discount,
  type InvoiceLineKind,
  type InvoiceStatus,
  type LineCategory,
  type RoundingMode,
} from '@clinic/domain';
import { sql } from 'kysely';
import type { TenantTx } from '../../db/tenant-db.ts';

// --- Numbers --------------------------------------------------------------------------

/**
 * The branch's next invoice or receipt number: the upsert locks the counter row until the
 * transaction ends, so concurrent finalisations in one branch take consecutive numbers and
 * a rolled-back one gives its number back (gapless).
 */
export async function nextNumber(
  tx: TenantTx,
  branchId: string,
  kind: 'invoice' | 'receipt',
): Promise<number> {
  const row = await tx.db
    .insertInto('billingCounters')
    .values({ tenantId: tx.tenantId, branchId, kind, lastValue: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['tenantId', 'branchId', 'kind'])
        .doUpdateSet({ lastValue: sql<number>`billing_counters.last_value + 1` }),
    )
    .returning('lastValue')
    .executeTakeFirstOrThrow();
  return row.lastValue;
}

// --- Reference data -------------------------------------------------------------------

export interface TaxOptionRow {
  code: string;
  name: string;
  rates: Array<{ effectiveFrom: string; rateBasisPoints: number }>;
}

/** The clinic's active tax options, the default (lowest sort order) first. */
export async function taxOptions(tx: TenantTx): Promise<TaxOptionRow[]> {
  const options = await tx.db
    .selectFrom('taxOptions')
    .select(['id', 'code', 'name'])
    .where('isActive', '=', true)
    .orderBy('sortOrder')
    .orderBy('code')
    .execute();
  if (options.length === 0) return [];
  const rates = await tx.db
    .selectFrom('taxOptionRates')
    .select(['taxOptionId', 'effectiveFrom', 'rateBasisPoints'])
    .where(
      'taxOptionId',
      'in',
      options.map((option) => option.id),
    )
    .orderBy('effectiveFrom')
    .execute();
  return options.map((option) => ({
    code: option.code,
    name: option.name,
    rates: rates
      .filter((rate) => rate.taxOptionId === option.id)
      .map(({ effectiveFrom, rateBasisPoints }) => ({ effectiveFrom, rateBasisPoints })),
  }));
}

// --- Invoices -------------------------------------------------------------------------

export interface DraftLine {
  kind: InvoiceLineKind;
  catalogItemId: string | null;
  prescriptionId: string | null;
  code: string;
  name: string;
  quantity: number;
  unit: string | null;
  unitPriceCents: number;
  category: LineCategory;
  claimable: boolean;
  isWhitelistDrug: boolean;
}

/** The visit's prescription lines as invoice lines, priced as prescribed. */
export async function prescriptionLines(tx: TenantTx, visitId: string): Promise<DraftLine[]> {
  const rows = await tx.db
    .selectFrom('prescriptions as p')
    .leftJoin('catalogItems as i', (join) =>
      join.onRef('i.tenantId', '=', 'p.tenantId').onRef('i.id', '=', 'p.catalogItemId'),
    )
    .select([
      'p.id',
      'p.catalogItemId',
      'p.itemCode',
      'p.itemName',
      'p.dispenseQuantity',
      'p.dispenseUm',
      'p.unitPriceCents',
      'i.whitelistDrugId',
    ])
    .where('p.visitId', '=', visitId)
    .orderBy('p.createdAt')
    .orderBy('p.id')
    .execute();
  return rows.map((row) => ({
    kind: 'medication',
    catalogItemId: row.catalogItemId,
    prescriptionId: row.id,
    code: row.itemCode,
    name: row.itemName,
    quantity: row.dispenseQuantity ?? 0,
    unit: row.dispenseUm,
    unitPriceCents: row.unitPriceCents ?? 0,
    category: 'medication',
    claimable: true,
    isWhitelistDrug: row.whitelistDrugId !== null,
  }));
}

/** Locks the visit's row until the transaction ends: one draft is made at a time. */
export async function lockVisit(tx: TenantTx, visitId: string): Promise<void> {
  await tx.db.selectFrom('visits').select('id').where('id', '=', visitId).forUpdate().execute();
}

/** The visit's invoice that is not voided, if any. */
export async function currentInvoiceOfVisit(
  tx: TenantTx,
  visitId: string,
): Promise<string | undefined> {
  const row = await tx.db
    .selectFrom('invoices')
    .select('id')
    .where('visitId', '=', visitId)
    .where('status', '<>', INVOICE_STATUS.Voided)
    .executeTakeFirst();
  return row?.id;
}

export async function insertDraft(
  tx: TenantTx,
  values: {
    branchId: string;
    visitId: string;
    patientId: string;
    invoiceDate: string;
    taxOptionCode: string;
    taxRateBasisPoints: number;
    createdBy: string;
  },
  lines: DraftLine[],
): Promise<string> {
  const row = await tx.db
    .insertInto('invoices')
    .values({
      tenantId: tx.tenantId,
      ...values,
      updatedBy: values.createdBy,
      status: INVOICE_STATUS.Draft,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (lines.length > 0) {
    await tx.db
      .insertInto('invoiceLines')
      .values(
        lines.map((line, index) => ({
          tenantId: tx.tenantId,
          invoiceId: row.id,
          lineNo: index + 1,
          ...line,
          taxRateBasisPoints: values.taxRateBasisPoints,
        })),
      )
      .execute();
  }
  return row.id;
}

export interface InvoiceHeaderRow {
  id: string;
  branchId: string;
  visitId: string;
  patientId: string;
  patientName: string;
  status: InvoiceStatus;
  invoiceNo: string | null;
  invoiceDate: string;
  dueDate: string | null;
  billToCompanyId: string | null;
  billToName: string | null;
  billToAddress: string | null;
  discount: Discount | null;
  roundingMode: RoundingMode;
  taxOptionCode: string;
  taxOptionName: string;
  taxRateBasisPoints: number | null;
  frozen: {
    subtotalCents: number;
    discountCents: number;
    taxCents: number;
    subsidyCents: number;
    insuranceCents: number;
    roundingCents: number;
    grandTotalCents: number;
  } | null;
  remarks: string | null;
  voidReason: string | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  finalisedAt: Date | null;
  voidedAt: Date | null;
}

type HeaderSqlRow = Omit<InvoiceHeaderRow, 'discount' | 'frozen' | 'status'> & {
  status: number;
  discountKind: 'amount' | 'percent' | null;
  discountValue: string | null;
  subtotalCents: string | null;
  discountCents: string | null;
  taxCents: string | null;
  subsidyCents: string | null;
  insuranceCents: string | null;
  roundingCents: string | null;
  grandTotalCents: string | null;
};

export function discountOf(
  kind: 'amount' | 'percent' | null,
  value: string | number | null,
): Discount | null {
  return kind === null || value === null ? null : { kind, value: Number(value) };
}

function headerOf(row: HeaderSqlRow): InvoiceHeaderRow {
  const {
    discountKind,
    discountValue,
    subtotalCents,
    discountCents,
    taxCents,
    subsidyCents,
    insuranceCents,
    roundingCents,
    grandTotalCents,
    ...rest
  } = row;
  return {
    ...rest,
    status: row.status as InvoiceStatus,
    discount: discountOf(discountKind, discountValue),
    frozen:
      grandTotalCents === null
        ? null
        : {
            subtotalCents: Number(subtotalCents ?? 0),
            discountCents: Number(discountCents ?? 0),
            taxCents: Number(taxCents ?? 0),
            subsidyCents: Number(subsidyCents ?? 0),
            insuranceCents: Number(insuranceCents ?? 0),
            roundingCents: Number(roundingCents ?? 0),
            grandTotalCents: Number(grandTotalCents),
          },
  };
}

export interface InvoiceFilter {
  id?: string;
  ids?: string[];
  patientId?: string;
  /** Stored statuses. */
  statuses?: InvoiceStatus[];
  /** Only invoices overdue on this date (true) or not (false), with `today`. */
  overdue?: { today: string; is: boolean };
  fromDate?: string;
  toDate?: string;
  pageIndex: number;
  pageSize: number;
}

function invoiceWhere(filter: InvoiceFilter) {
  const overdue = filter.overdue
    ? sql`(i.status IN (${INVOICE_STATUS.Issued}, ${INVOICE_STATUS.PartiallyPaid})
           AND i.due_date IS NOT NULL AND i.due_date < ${filter.overdue.today}::date)`
    : null;
  return sql.join(
    [
      filter.id ? sql`i.id = ${filter.id}` : sql`true`,
      filter.patientId ? sql`i.patient_id = ${filter.patientId}` : sql`true`,
      filter.statuses ? sql`i.status IN (${sql.join(filter.statuses)})` : sql`true`,
      overdue ? (filter.overdue!.is ? overdue : sql`NOT ${overdue}`) : sql`true`,
      filter.fromDate ? sql`i.invoice_date >= ${filter.fromDate}::date` : sql`true`,
      filter.toDate ? sql`i.invoice_date <= ${filter.toDate}::date` : sql`true`,
    ],
    sql` AND `,
  );
}

/** A page of the clinic's invoices (newest first) with their header fields. */
export async function listInvoices(
  tx: TenantTx,
  filter: InvoiceFilter,
): Promise<{ items: InvoiceHeaderRow[]; total: number }> {
  const from = sql`
      FROM invoices i
      JOIN patients pa ON pa.tenant_id = i.tenant_id AND pa.id = i.patient_id
      JOIN tax_options o ON o.tenant_id = i.tenant_id AND o.code = i.tax_option_code
     WHERE ${invoiceWhere(filter)}`;
  const rows = await sql<HeaderSqlRow>`
    SELECT i.id, i.branch_id AS "branchId", i.visit_id AS "visitId",
           i.patient_id AS "patientId", pa.name AS "patientName", i.status,
           i.invoice_no AS "invoiceNo", i.invoice_date AS "invoiceDate", i.due_date AS "dueDate",
           i.bill_to_company_id AS "billToCompanyId", i.bill_to_name AS "billToName",
           i.bill_to_address AS "billToAddress", i.discount_kind AS "discountKind",
           i.discount_value AS "discountValue", i.rounding_mode AS "roundingMode",
           i.tax_option_code AS "taxOptionCode", o.name AS "taxOptionName",
           i.tax_rate_basis_points AS "taxRateBasisPoints",
           i.subtotal_cents AS "subtotalCents", i.discount_cents AS "discountCents",
           i.tax_cents AS "taxCents", i.subsidy_cents AS "subsidyCents",
           i.insurance_cents AS "insuranceCents", i.rounding_cents AS "roundingCents",
           i.grand_total_cents AS "grandTotalCents", i.remarks, i.void_reason AS "voidReason",
           i.version, i.created_at AS "createdAt", i.updated_at AS "updatedAt",
           i.finalised_at AS "finalisedAt", i.voided_at AS "voidedAt"
      ${from}
     ORDER BY i.invoice_date DESC, i.created_at DESC, i.id
     LIMIT ${filter.pageSize} OFFSET ${(filter.pageIndex - 1) * filter.pageSize}
  `.execute(tx.db);
  const count = await sql<{ total: string }>`SELECT count(*) AS total ${from}`.execute(tx.db);
  return { items: rows.rows.map(headerOf), total: Number(count.rows[0]?.total ?? 0) };
}

export interface InvoiceLineRow {
  id: string;
  lineNo: number;
  kind: InvoiceLineKind;
  catalogItemId: string | null;
  prescriptionId: string | null;
  code: string;
  name: string;
  quantity: number;
  unit: string | null;
  unitPriceCents: number;
  discount: Discount | null;
  taxRateBasisPoints: number;
  category: LineCategory;
  claimable: boolean;
  isWhitelistDrug: boolean;
  /** The scheme subsidy on the line (invoice-subsidies.service.ts). */
  subsidyCents: number;
}

/** The lines of invoices, by invoice, in line order. */
export async function invoiceLines(
  tx: TenantTx,
  invoiceIds: string[],
): Promise<Map<string, InvoiceLineRow[]>> {
  const byInvoice = new Map<string, InvoiceLineRow[]>(invoiceIds.map((id) => [id, []]));
  if (invoiceIds.length === 0) return byInvoice;
  const rows = await tx.db
    .selectFrom('invoiceLines')
    .selectAll()
    .where('invoiceId', 'in', invoiceIds)
    .orderBy('invoiceId')
    .orderBy('lineNo')
    .execute();
  for (const row of rows) {
    byInvoice.get(row.invoiceId)?.push({
      id: row.id,
      lineNo: row.lineNo,
      kind: row.kind as InvoiceLineKind,
      catalogItemId: row.catalogItemId,
      prescriptionId: row.prescriptionId,
      code: row.code,
      name: row.name,
      quantity: row.quantity,
      unit: row.unit,
      unitPriceCents: Number(row.unitPriceCents),
      discount: discountOf(row.discountKind as 'amount' | 'percent' | null, row.discountValue),
      taxRateBasisPoints: row.taxRateBasisPoints,
      category: row.category as LineCategory,
      claimable: row.claimable,
      isWhitelistDrug: row.isWhitelistDrug,
      subsidyCents: Number(row.subsidyCents),
    });
  }
  return byInvoice;
}

/** The invoice row, locked FOR UPDATE until the transaction ends. */
export async function lockInvoice(tx: TenantTx, id: string) {
  const row = await tx.db
    .selectFrom('invoices')
    .select([
      'id',
      'branchId',
      'visitId',
      'patientId',
      'status',
      'version',
      'invoiceDate',
      'billToCompanyId',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row && { ...row, status: row.status as InvoiceStatus };
}

export interface DraftTerms {
  dueDate: string | null;
  billToCompanyId: string | null;
  billToName: string | null;
  billToAddress: string | null;
  discount: Discount | null;
  roundingMode: RoundingMode;
  taxOptionCode: string;
  taxRateBasisPoints: number;
  remarks: string | null;
}

/** A draft's new terms at `version`; false when the version or status moved on. */
export async function updateDraft(
  tx: TenantTx,
  id: string,
  version: number,
  terms: DraftTerms,
  updatedBy: string,
): Promise<boolean> {
  const { discount, ...rest } = terms;
  const result = await tx.db
    .updateTable('invoices')
    .set({
      ...rest,
      discountKind: discount?.kind ?? null,
      discountValue: discount?.value ?? null,
      updatedBy,
      version: sql`version + 1`,
      updatedAt: sql`now()`,
    })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('status', '=', INVOICE_STATUS.Draft)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updateLine(
  tx: TenantTx,
  id: string,
  change: {
    quantity: number;
    unitPriceCents: number;
    discount: Discount | null;
  },
): Promise<void> {
  await tx.db
    .updateTable('invoiceLines')
    .set({
      quantity: change.quantity,
      unitPriceCents: change.unitPriceCents,
      discountKind: change.discount?.kind ?? null,
      discountValue: change.discount?.value ?? null,
    })
    .where('id', '=', id)
    .execute();
}

/** Every line of the invoice at the rate (the invoice's tax option's on its date). */
export async function setLinesTaxRate(
  tx: TenantTx,
  invoiceId: string,
  taxRateBasisPoints: number,
): Promise<void> {
  await tx.db
    .updateTable('invoiceLines')
    .set({ taxRateBasisPoints })
    .where('invoiceId', '=', invoiceId)
    .execute();
}

/** Finalises a draft: its number, date, rate and figures are fixed from now on. */
export async function finalise(
  tx: TenantTx,
  id: string,
  values: {
    version: number;
    status: InvoiceStatus;
    invoiceNo: string;
    invoiceDate: string;
    taxRateBasisPoints: number;
    subtotalCents: number;
    discountCents: number;
    taxCents: number;
    subsidyCents: number;
    insuranceCents: number;
    roundingCents: number;
    grandTotalCents: number;
    finalisedBy: string;
  },
): Promise<boolean> {
  const { version, ...rest } = values;
  const result = await tx.db
    .updateTable('invoices')
    .set({
      ...rest,
      updatedBy: values.finalisedBy,
      finalisedAt: sql`now()`,
      version: sql`version + 1`,
      updatedAt: sql`now()`,
    })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('status', '=', INVOICE_STATUS.Draft)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A finalised invoice's new status (after a payment or a void of one); a new version. */
export async function setStatus(
  tx: TenantTx,
  id: string,
  status: InvoiceStatus,
  updatedBy: string,
): Promise<void> {
  await tx.db
    .updateTable('invoices')
    .set({ status, updatedBy, version: sql`version + 1`, updatedAt: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function voidInvoice(
  tx: TenantTx,
  id: string,
  values: { version: number; reason: string; voidedBy: string },
): Promise<boolean> {
  const result = await tx.db
    .updateTable('invoices')
    .set({
      status: INVOICE_STATUS.Voided,
      voidReason: values.reason,
      voidedBy: values.voidedBy,
      voidedAt: sql`now()`,
      updatedBy: values.voidedBy,
      version: sql`version + 1`,
      updatedAt: sql`now()`,
    })
    .where('id', '=', id)
    .where('version', '=', values.version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// --- Deposits and credit notes (the credit-notes feature's rows, read here) ------------

/**
 * What deposits paid and credit notes credited on each invoice, voided ones left out: a
 * deposit applied counts as paid, a credit note (invoice or goods return) as credited.
 */
export async function depositsAndCreditsOf(
  tx: TenantTx,
  invoiceIds: string[],
): Promise<Map<string, { depositPaidCents: number; creditedCents: number }>> {
  const sums = new Map(invoiceIds.map((id) => [id, { depositPaidCents: 0, creditedCents: 0 }]));
  if (invoiceIds.length === 0) return sums;
  const rows = await sql<{ invoiceId: string; deposits: string; credits: string }>`
    SELECT i.id AS "invoiceId",
           (SELECT coalesce(sum(a.amount_cents), 0) FROM deposit_applications a
             WHERE a.tenant_id = i.tenant_id AND a.invoice_id = i.id AND a.status = 0) AS deposits,
           (SELECT coalesce(sum(c.amount_cents), 0) FROM credit_notes c
             WHERE c.tenant_id = i.tenant_id AND c.invoice_id = i.id AND c.status = 0) AS credits
      FROM invoices i
     WHERE i.id IN (${sql.join(invoiceIds)})
  `.execute(tx.db);
  for (const row of rows.rows) {
    sums.set(row.invoiceId, {
      depositPaidCents: Number(row.deposits),
      creditedCents: Number(row.credits),
    });
  }
  return sums;
}
