import type {
  PaymentMethodCreateBody,
  PaymentMethodRecord,
  PaymentMethodUpdateBody,
  TaxRateInput,
} from '@clinic/domain';
import { sql } from 'kysely';
import type { TenantTx } from '../../db/tenant-db.ts';

/** The clinic's starter tax options (with their rates) and payment methods. */
export async function seedSettings(tx: TenantTx): Promise<void> {
  await sql`SELECT seed_billing_settings(${tx.tenantId}::uuid)`.execute(tx.db);
}

// --- Tax options ----------------------------------------------------------------------

export interface TaxOptionSettingRow {
  id: string;
  code: string;
  name: string;
  isActive: boolean;
  version: number;
  rates: Array<{ effectiveFrom: string; rateBasisPoints: number }>;
}

/** Every tax option, inactive ones too, in their order, each with its rates by date. */
export async function allTaxOptions(tx: TenantTx): Promise<TaxOptionSettingRow[]> {
  const options = await tx.db
    .selectFrom('taxOptions')
    .select(['id', 'code', 'name', 'isActive', 'version'])
    .orderBy('sortOrder')
    .orderBy('code')
    .execute();
  const rates = await tx.db
    .selectFrom('taxOptionRates')
    .select(['taxOptionId', 'effectiveFrom', 'rateBasisPoints'])
    .orderBy('effectiveFrom')
    .execute();
  return options.map((option) => ({
    ...option,
    rates: rates
      .filter((rate) => rate.taxOptionId === option.id)
      .map(({ effectiveFrom, rateBasisPoints }) => ({ effectiveFrom, rateBasisPoints })),
  }));
}

/** Locks every tax option row: order and active flags change one request at a time. */
export async function lockTaxOptions(tx: TenantTx): Promise<void> {
  await tx.db.selectFrom('taxOptions').select('id').forUpdate().execute();
}

export async function insertTaxOption(
  tx: TenantTx,
  values: { code: string; name: string },
): Promise<string> {
  const row = await tx.db
    .insertInto('taxOptions')
    .values({
      tenantId: tx.tenantId,
      ...values,
      sortOrder: sql`(SELECT coalesce(max(sort_order), -1) + 1 FROM tax_options)`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertTaxRates(
  tx: TenantTx,
  taxOptionId: string,
  rates: TaxRateInput[],
): Promise<void> {
  if (rates.length === 0) return;
  await tx.db
    .insertInto('taxOptionRates')
    .values(rates.map((rate) => ({ tenantId: tx.tenantId, taxOptionId, ...rate })))
    .execute();
}

/** The option's name and flag at `version`; false when the version moved on (or no such id). */
export async function updateTaxOption(
  tx: TenantTx,
  id: string,
  version: number,
  values: { name: string; isActive: boolean },
): Promise<boolean> {
  const result = await tx.db
    .updateTable('taxOptions')
    .set({ ...values, version: sql`version + 1`, updatedAt: sql`now()` })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The option's place in the order at `version`; false when the version moved on. */
export async function setTaxOptionOrder(
  tx: TenantTx,
  id: string,
  version: number,
  sortOrder: number,
): Promise<boolean> {
  const result = await tx.db
    .updateTable('taxOptions')
    .set({ sortOrder, version: sql`version + 1`, updatedAt: sql`now()` })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// --- Payment methods ------------------------------------------------------------------

const METHOD_COLUMNS = ['id', 'code', 'name', 'givesChange', 'isActive', 'version'] as const;

/** Every payment method, inactive ones too, in their order. */
export function allPaymentMethods(tx: TenantTx): Promise<PaymentMethodRecord[]> {
  return tx.db
    .selectFrom('paymentMethods')
    .select(METHOD_COLUMNS)
    .orderBy('sortOrder')
    .orderBy('code')
    .execute();
}

export function findPaymentMethod(tx: TenantTx, id: string) {
  return tx.db
    .selectFrom('paymentMethods')
    .select(METHOD_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Locks every payment method row: active flags change one request at a time. */
export async function lockPaymentMethods(tx: TenantTx): Promise<void> {
  await tx.db.selectFrom('paymentMethods').select('id').forUpdate().execute();
}

export function insertPaymentMethod(
  tx: TenantTx,
  values: PaymentMethodCreateBody,
): Promise<PaymentMethodRecord> {
  return tx.db
    .insertInto('paymentMethods')
    .values({
      tenantId: tx.tenantId,
      ...values,
      sortOrder: sql`(SELECT coalesce(max(sort_order), -1) + 1 FROM payment_methods)`,
    })
    .returning(METHOD_COLUMNS)
    .executeTakeFirstOrThrow();
}

export function updatePaymentMethod(
  tx: TenantTx,
  id: string,
  body: PaymentMethodUpdateBody,
): Promise<PaymentMethodRecord | undefined> {
  const { version, ...values } = body;
  return tx.db
    .updateTable('paymentMethods')
    .set({ ...values, version: sql`version + 1`, updatedAt: sql`now()` })
    .where('id', '=', id)
    .where('version', '=', version)
    .returning(METHOD_COLUMNS)
    .executeTakeFirst();
}
