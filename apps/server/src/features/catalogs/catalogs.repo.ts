import type {
  BranchTerms,
  CatalogItemRecord,
  CatalogOption,
  CatalogType,
  MappedDrug,
  PrescriptionSetting,
  PrescriptionSettingList,
  Procurement,
  UpcOption,
  WhitelistDrug,
} from '@clinic/domain';
import { sql, type Selectable } from 'kysely';
import type { CatalogItems, PrescriptionSettings, WhitelistDrugs } from '../../db/schema.ts';
import type { TenantTx } from '../../db/tenant-db.ts';
import { toUnix } from '../../platform/scope.ts';

/** `%` and `_` typed by a user match themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);
const numberOrNull = (value: string | null) => (value === null ? null : Number(value));

// --- Catalog items ----------------------------------------------------------------------

/** What an item is written with (the body's fields, components and barcodes apart). */
export interface ItemValues {
  type: CatalogType;
  code: string;
  name: string;
  category: string | null;
  strength: number | null;
  strengthUnit: string | null;
  dispensingUnit: string | null;
  defaultDose: number | null;
  defaultDoseUnit: string | null;
  defaultConsumeMethod: string | null;
  defaultFrequency: string | null;
  defaultDurationDays: number | null;
  defaultInstructions: string | null;
  sellingPriceCents: number;
  costCents: number | null;
  procurement: Procurement | null;
  taxBasisPoints: number;
  whitelistDrugId: string | null;
  isActive: boolean;
}

type ItemRow = Selectable<CatalogItems> & {
  brandDrugName: string | null;
  branchPrice: number | null;
  branchActive: boolean | null;
  branchVersion: number | null;
};

/** Items not deleted, with the mapped whitelist drug and (when asked) the branch's terms. */
function selectItems(tx: TenantTx, branchId: string | null) {
  return tx.db
    .selectFrom('catalogItems as i')
    .leftJoin('whitelistDrugs as w', (join) =>
      join.onRef('w.tenantId', '=', 'i.tenantId').onRef('w.id', '=', 'i.whitelistDrugId'),
    )
    .leftJoin('catalogBranchItems as b', (join) =>
      join
        .onRef('b.tenantId', '=', 'i.tenantId')
        .onRef('b.itemId', '=', 'i.id')
        .on('b.branchId', '=', branchId ?? '00000000-0000-0000-0000-000000000000'),
    )
    .selectAll('i')
    .select([
      'w.name as brandDrugName',
      'b.sellingPriceCents as branchPrice',
      'b.isActive as branchActive',
      'b.version as branchVersion',
    ])
    .where('i.deletedAt', 'is', null);
}

function branchTermsOf(row: ItemRow): BranchTerms | null {
  if (row.branchVersion === null || row.branchActive === null) return null;
  return {
    sellingPriceCents: row.branchPrice,
    isActive: row.branchActive,
    version: row.branchVersion,
  };
}

function toRecord(
  row: ItemRow,
  components: CatalogItemRecord['components'],
  upcCodes: string[],
): CatalogItemRecord {
  const branch = branchTermsOf(row);
  return {
    id: row.id,
    type: row.type as CatalogType,
    code: row.code,
    name: row.name,
    category: row.category,
    strength: numberOrNull(row.strength),
    strengthUnit: row.strengthUnit,
    dispensingUnit: row.dispensingUnit,
    defaultDose: numberOrNull(row.defaultDose),
    defaultDoseUnit: row.defaultDoseUnit,
    defaultConsumeMethod: row.defaultConsumeMethod,
    defaultFrequency: row.defaultFrequency,
    defaultDurationDays: row.defaultDurationDays,
    defaultInstructions: row.defaultInstructions,
    sellingPriceCents: row.sellingPriceCents,
    costCents: row.costCents,
    procurement: row.procurement as Procurement | null,
    taxBasisPoints: row.taxBasisPoints,
    whitelistDrugId: row.whitelistDrugId,
    brandDrugName: row.brandDrugName,
    isActive: row.isActive,
    components,
    upcCodes,
    version: row.version,
    updatedAt: toUnix(row.updatedAt),
    branch,
    priceCents: branch?.sellingPriceCents ?? row.sellingPriceCents,
    available: row.isActive && (branch?.isActive ?? true),
  };
}

/** Components and barcodes of the rows, then the records. */
async function withDetails(tx: TenantTx, rows: ItemRow[]): Promise<CatalogItemRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [components, upcs] = await Promise.all([
    tx.db
      .selectFrom('catalogComboComponents as c')
      .innerJoin('catalogItems as i', (join) =>
        join.onRef('i.tenantId', '=', 'c.tenantId').onRef('i.id', '=', 'c.itemId'),
      )
      .select(['c.comboId', 'c.itemId', 'c.quantity', 'i.code', 'i.name', 'i.sellingPriceCents'])
      .where('c.comboId', 'in', ids)
      .orderBy('c.comboId')
      .orderBy('c.sortOrder')
      .execute(),
    tx.db
      .selectFrom('catalogUpcCodes')
      .select(['itemId', 'code'])
      .where('itemId', 'in', ids)
      .orderBy('code')
      .execute(),
  ]);
  return rows.map((row) =>
    toRecord(
      row,
      components
        .filter((component) => component.comboId === row.id)
        .map(({ itemId, code, name, quantity, sellingPriceCents }) => ({
          itemId,
          code,
          name,
          quantity,
          sellingPriceCents,
        })),
      upcs.filter((upc) => upc.itemId === row.id).map((upc) => upc.code),
    ),
  );
}

export interface ItemFilter {
  type?: CatalogType;
  keyword: string | null;
  isActive?: boolean;
  pageIndex: number;
  pageSize: number;
  branchId: string | null;
}

/** A keyword matches the start of the code or any part of the name (case-insensitive). */
function keywordMatch(keyword: string) {
  const text = escapeLike(keyword.toLowerCase());
  return sql<boolean>`(lower(i.code) LIKE ${`${text}%`} OR lower(i.name) LIKE ${`%${text}%`})`;
}

/** A page of the catalog by type and name, with the number of items matching. */
export async function listItems(
  tx: TenantTx,
  filter: ItemFilter,
): Promise<{ items: CatalogItemRecord[]; total: number }> {
  let query = selectItems(tx, filter.branchId);
  if (filter.type) query = query.where('i.type', '=', filter.type);
  if (filter.keyword) query = query.where(keywordMatch(filter.keyword));
  if (filter.isActive !== undefined) query = query.where('i.isActive', '=', filter.isActive);
  const [rows, count] = await Promise.all([
    query
      .orderBy(sql`lower(i.name)`)
      .orderBy('i.code')
      .limit(filter.pageSize)
      .offset((filter.pageIndex - 1) * filter.pageSize)
      .execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: await withDetails(tx, rows), total: Number(count.total) };
}

/** The clinic's active combos with their items (`GET /medication/comboItems`), by name. */
export async function activeCombos(
  tx: TenantTx,
  branchId: string | null,
): Promise<CatalogItemRecord[]> {
  const rows = await selectItems(tx, branchId)
    .where('i.type', '=', 'Combo')
    .where('i.isActive', '=', true)
    .orderBy(sql`lower(i.name)`)
    .orderBy('i.code')
    .execute();
  return withDetails(tx, rows);
}

export async function findItem(
  tx: TenantTx,
  id: string,
  branchId: string | null,
): Promise<CatalogItemRecord | undefined> {
  const row = await selectItems(tx, branchId).where('i.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const [record] = await withDetails(tx, [row]);
  return record;
}

export interface OptionFilter {
  keyword: string | null;
  type?: CatalogType;
  procurements?: Procurement[];
  branchId: string | null;
  limit: number;
}

/**
 * Active items not switched off in the branch, of the type and procurements (deleted ones
 * too: the callers choose how to leave them out).
 */
function pickerItems(tx: TenantTx, filter: OptionFilter) {
  let query = tx.db
    .selectFrom('catalogItems as i')
    .leftJoin('catalogBranchItems as b', (join) =>
      join
        .onRef('b.tenantId', '=', 'i.tenantId')
        .onRef('b.itemId', '=', 'i.id')
        .on('b.branchId', '=', filter.branchId ?? '00000000-0000-0000-0000-000000000000'),
    )
    .select([
      'i.id',
      'i.type',
      'i.code',
      'i.name',
      'i.sellingPriceCents',
      'i.strength',
      'i.strengthUnit',
      'i.dispensingUnit',
      'i.defaultDose',
      'i.defaultDoseUnit',
      'i.defaultConsumeMethod',
      'i.defaultFrequency',
      'i.defaultDurationDays',
      'i.defaultInstructions',
      'i.procurement',
      'b.sellingPriceCents as branchPrice',
    ])
    .where('i.isActive', '=', true)
    .where((eb) => eb.or([eb('b.isActive', 'is', null), eb('b.isActive', '=', true)]));
  if (filter.type) query = query.where('i.type', '=', filter.type);
  if (filter.procurements) {
    const wanted = filter.procurements;
    query = query.where((eb) =>
      wanted.length === 0
        ? eb('i.procurement', 'is', null)
        : eb.or([eb('i.procurement', 'is', null), eb('i.procurement', 'in', wanted)]),
    );
  }
  return query;
}

/** The picker's items that are not deleted (the partial indexes' rows). */
const liveItems = (tx: TenantTx, filter: OptionFilter) =>
  pickerItems(tx, filter).where('i.deletedAt', 'is', null);

type PickerQuery = ReturnType<typeof pickerItems>;
type PickerRow = Awaited<ReturnType<PickerQuery['execute']>>[number];

function toOption(row: PickerRow): CatalogOption {
  return {
    id: row.id,
    type: row.type as CatalogType,
    code: row.code,
    name: row.name,
    priceCents: row.branchPrice ?? row.sellingPriceCents,
    strength: numberOrNull(row.strength),
    strengthUnit: row.strengthUnit,
    dispensingUnit: row.dispensingUnit,
    defaultDose: numberOrNull(row.defaultDose),
    defaultDoseUnit: row.defaultDoseUnit,
    defaultConsumeMethod: row.defaultConsumeMethod,
    defaultFrequency: row.defaultFrequency,
    defaultDurationDays: row.defaultDurationDays,
    defaultInstructions: row.defaultInstructions,
    procurement: row.procurement as Procurement | null,
  };
}

/** In the picker's order within a tier: by lower-cased name, then code. */
const byName = (query: PickerQuery, limit: number) =>
  query
    .orderBy(sql`lower(i.name)`)
    .orderBy('i.code')
    .limit(limit)
    .execute();

/**
 * The gram of the keyword (lower-cased, over 3 characters) with the fewest rows, each
 * counted up to 500 from the key; null when one has none (no name contains the keyword).
 * Only the first 8 grams are counted (a pasted long name would otherwise count dozens):
 * any of them finds every match, the name itself being checked.
 */
async function rarestGram(tx: TenantTx, keyword: string): Promise<string | null> {
  const { rows } = await sql<{ gram: string; found: string }>`
    SELECT k.gram,
           (SELECT count(*) FROM (SELECT 1 FROM catalog_name_grams g
                                   WHERE g.gram = k.gram LIMIT 500) AS counted) AS found
      FROM (SELECT DISTINCT substr(${keyword}::text, at, 3) AS gram
              FROM generate_series(1, least(char_length(${keyword}::text) - 2, 8)) AS at) AS k
     ORDER BY found, k.gram
     LIMIT 1`.execute(tx.db);
  const rarest = rows[0];
  return rarest && Number(rarest.found) > 0 ? rarest.gram : null;
}

/**
 * Items whose name contains the keyword and whose code does not start with it: the gram's
 * rows in name order, each item looked up by key and kept when available, until `limit`.
 * The lateral lookup (LIMIT 1, deletion checked outside it, so only the primary key fits)
 * fixes that order of work: without statistics the planner would otherwise probe the
 * gram's rows for every item of the clinic, or an item by another index and a filter.
 */
async function nameMatches(
  tx: TenantTx,
  filter: OptionFilter,
  keyword: string,
  limit: number,
): Promise<PickerRow[]> {
  const gram = [...keyword].length <= 3 ? keyword : await rarestGram(tx, keyword);
  if (gram === null) return [];
  const named = tx.db
    .selectFrom('catalogNameGrams as g')
    .select(['g.itemId', 'g.nameKey', 'g.code'])
    .where('g.gram', '=', gram)
    .where(sql<boolean>`strpos(g.name_key, ${keyword}) > 0`)
    .where(sql<boolean>`NOT starts_with(lower(g.code), ${keyword})`)
    .orderBy('g.nameKey')
    .orderBy('g.code');
  const available = pickerItems(tx, filter)
    .select('i.deletedAt')
    .where('i.id', '=', sql<string>`g.item_id`)
    .limit(1);
  return tx.db
    .selectFrom(named.as('g'))
    .innerJoinLateral(available.as('item'), (join) => join.onTrue())
    .selectAll('item')
    .where('item.deletedAt', 'is', null)
    .orderBy('g.nameKey')
    .orderBy('g.code')
    .limit(limit)
    .execute();
}

/**
 * The picker: available items; with a keyword, the exact code first, then codes starting
 * with it, then names containing it, each tier by name and code (case-insensitive matches).
 * Each tier is read from its index and only for the places left, so a common keyword never
 * sorts the catalog (migration `2026-11-27T1350_catalog_picker_index`).
 */
export async function itemOptions(tx: TenantTx, filter: OptionFilter): Promise<CatalogOption[]> {
  if (!filter.keyword) return (await byName(liveItems(tx, filter), filter.limit)).map(toOption);
  const keyword = filter.keyword.toLowerCase();
  // One live item at most: code_key is unique among them.
  const found = await liveItems(tx, filter).where('i.codeKey', '=', keyword).execute();
  if (found.length < filter.limit) {
    const prefixed = liveItems(tx, filter)
      .where(sql<boolean>`starts_with(i.code_key, ${keyword})`)
      .where('i.codeKey', '<>', keyword);
    found.push(...(await byName(prefixed, filter.limit - found.length)));
  }
  if (found.length < filter.limit)
    found.push(...(await nameMatches(tx, filter, keyword, filter.limit - found.length)));
  return found.map(toOption);
}

export async function insertItem(
  tx: TenantTx,
  values: ItemValues,
  userId: string,
): Promise<string> {
  const row = await tx.db
    .insertInto('catalogItems')
    .values({ tenantId: tx.tenantId, ...values, createdBy: userId, updatedBy: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Changes the item when `version` is current; false otherwise (or when gone). */
export async function updateItem(
  tx: TenantTx,
  id: string,
  version: number,
  values: ItemValues,
  userId: string,
): Promise<boolean> {
  const result = await tx.db
    .updateTable('catalogItems')
    .set({
      ...values,
      updatedBy: userId,
      updatedAt: sql`now()`,
      version: sql`version + 1`,
    })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Marks the item deleted (its code is free again) and drops its barcodes. */
export async function deleteItem(
  tx: TenantTx,
  id: string,
  version: number,
  userId: string,
): Promise<boolean> {
  const result = await tx.db
    .updateTable('catalogItems')
    .set({ deletedAt: sql`now()`, deletedBy: userId, version: sql`version + 1` })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return false;
  await tx.db.deleteFrom('catalogUpcCodes').where('itemId', '=', id).execute();
  return true;
}

/** Whether an item exists at all (deleted ones included): 409 or 404 after a refused change. */
export async function itemExists(tx: TenantTx, id: string): Promise<boolean> {
  const row = await tx.db
    .selectFrom('catalogItems')
    .select('id')
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function itemTypes(tx: TenantTx, ids: string[]): Promise<Map<string, CatalogType>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.db
    .selectFrom('catalogItems')
    .select(['id', 'type'])
    .where('id', 'in', ids)
    .where('deletedAt', 'is', null)
    .execute();
  return new Map(rows.map((row) => [row.id, row.type as CatalogType]));
}

/** How many combos (not deleted) hold the item. */
export async function combosHolding(tx: TenantTx, itemId: string): Promise<number> {
  const row = await tx.db
    .selectFrom('catalogComboComponents as c')
    .innerJoin('catalogItems as i', (join) =>
      join.onRef('i.tenantId', '=', 'c.tenantId').onRef('i.id', '=', 'c.comboId'),
    )
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('c.itemId', '=', itemId)
    .where('i.deletedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function replaceComponents(
  tx: TenantTx,
  comboId: string,
  components: Array<{ itemId: string; quantity: number }>,
): Promise<void> {
  await tx.db.deleteFrom('catalogComboComponents').where('comboId', '=', comboId).execute();
  if (components.length === 0) return;
  await tx.db
    .insertInto('catalogComboComponents')
    .values(
      components.map((component, index) => ({
        tenantId: tx.tenantId,
        comboId,
        itemId: component.itemId,
        quantity: component.quantity,
        sortOrder: index,
      })),
    )
    .execute();
}

/** The first of `codes` another item holds. */
export async function upcHeldElsewhere(
  tx: TenantTx,
  codes: string[],
  itemId: string | null,
): Promise<string | undefined> {
  if (codes.length === 0) return undefined;
  let query = tx.db.selectFrom('catalogUpcCodes').select('code').where('code', 'in', codes);
  if (itemId) query = query.where('itemId', '<>', itemId);
  return (await query.orderBy('code').executeTakeFirst())?.code;
}

export async function replaceUpcCodes(tx: TenantTx, itemId: string, codes: string[]) {
  await tx.db.deleteFrom('catalogUpcCodes').where('itemId', '=', itemId).execute();
  if (codes.length === 0) return;
  await tx.db
    .insertInto('catalogUpcCodes')
    .values(codes.map((code) => ({ tenantId: tx.tenantId, code, itemId })))
    .execute();
}

/** Sets the branch's terms when `version` is theirs (0: none yet); false otherwise. */
export async function setBranchTerms(
  tx: TenantTx,
  branchId: string,
  itemId: string,
  version: number,
  terms: { sellingPriceCents: number | null; isActive: boolean },
  userId: string,
): Promise<boolean> {
  if (version === 0) {
    const inserted = await tx.db
      .insertInto('catalogBranchItems')
      .values({ tenantId: tx.tenantId, branchId, itemId, ...terms, updatedBy: userId })
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst();
    return (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n;
  }
  const result = await tx.db
    .updateTable('catalogBranchItems')
    .set({ ...terms, updatedBy: userId, updatedAt: sql`now()`, version: sql`version + 1` })
    .where('branchId', '=', branchId)
    .where('itemId', '=', itemId)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

// --- Prescription settings ------------------------------------------------------------

function toSetting(row: Selectable<PrescriptionSettings>): PrescriptionSetting {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    dosesPerCycle: row.dosesPerCycle,
    cycleDays: row.cycleDays,
    isSystem: row.isSystem,
    isActive: row.isActive,
    sortOrder: row.sortOrder,
    version: row.version,
  };
}

/** The product's starter lists for the current clinic (a new clinic's, at registration). */
export async function seedSettings(tx: TenantTx): Promise<void> {
  await sql`SELECT seed_prescription_settings(${tx.tenantId}::uuid)`.execute(tx.db);
}

export async function listSettings(
  tx: TenantTx,
  list: PrescriptionSettingList,
  options: { activeOnly: boolean; keyword?: string | null },
): Promise<PrescriptionSetting[]> {
  let query = tx.db.selectFrom('prescriptionSettings').selectAll().where('list', '=', list);
  if (options.activeOnly) query = query.where('isActive', '=', true);
  if (options.keyword) {
    const text = escapeLike(options.keyword.toLowerCase());
    query = query.where(
      sql<boolean>`(lower(code) LIKE ${`${text}%`} OR lower(description) LIKE ${`%${text}%`})`,
    );
  }
  const rows = await query.orderBy('sortOrder').orderBy('code').execute();
  return rows.map(toSetting);
}

export async function findSetting(
  tx: TenantTx,
  list: PrescriptionSettingList,
  id: string,
): Promise<PrescriptionSetting | undefined> {
  const row = await tx.db
    .selectFrom('prescriptionSettings')
    .selectAll()
    .where('list', '=', list)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toSetting(row);
}

/** Which of `codes` are active entries of the list (compared case-insensitively). */
export async function activeSettingCodes(
  tx: TenantTx,
  list: PrescriptionSettingList,
  codes: string[],
): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await tx.db
    .selectFrom('prescriptionSettings')
    .select('code')
    .where('list', '=', list)
    .where('isActive', '=', true)
    .where(sql<boolean>`lower(code) IN (${sql.join(codes.map((code) => code.toLowerCase()))})`)
    .execute();
  return new Set(rows.map((row) => row.code.toLowerCase()));
}

export interface SettingValues {
  code: string;
  description: string;
  dosesPerCycle: number | null;
  cycleDays: number | null;
  isActive: boolean;
  sortOrder: number;
}

export async function insertSetting(
  tx: TenantTx,
  list: PrescriptionSettingList,
  values: SettingValues,
): Promise<PrescriptionSetting> {
  const row = await tx.db
    .insertInto('prescriptionSettings')
    .values({ tenantId: tx.tenantId, list, ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toSetting(row);
}

/** Changes a clinic's own entry when `version` is current. */
export async function updateSetting(
  tx: TenantTx,
  list: PrescriptionSettingList,
  id: string,
  version: number,
  values: SettingValues,
): Promise<PrescriptionSetting | undefined> {
  const row = await tx.db
    .updateTable('prescriptionSettings')
    .set({ ...values, updatedAt: sql`now()`, version: sql`version + 1` })
    .where('list', '=', list)
    .where('id', '=', id)
    .where('version', '=', version)
    .where('isSystem', '=', false)
    .returningAll()
    .executeTakeFirst();
  return row && toSetting(row);
}

export async function deleteSetting(
  tx: TenantTx,
  list: PrescriptionSettingList,
  id: string,
  version: number,
): Promise<boolean> {
  const result = await tx.db
    .deleteFrom('prescriptionSettings')
    .where('list', '=', list)
    .where('id', '=', id)
    .where('version', '=', version)
    .where('isSystem', '=', false)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

// --- Whitelist drugs, mapped drugs, barcodes ----------------------------------------

function toWhitelist(row: Selectable<WhitelistDrugs>): WhitelistDrug {
  return {
    id: row.id,
    brandDrugSDD: row.sddCode,
    brandDrugName: row.name,
    isActive: row.isActive,
    version: row.version,
  };
}

export async function listWhitelist(
  tx: TenantTx,
  filter: { keyword: string | null; pageIndex: number; pageSize: number },
): Promise<{ items: WhitelistDrug[]; total: number }> {
  let query = tx.db.selectFrom('whitelistDrugs');
  if (filter.keyword) {
    const text = escapeLike(filter.keyword.toLowerCase());
    query = query.where(
      sql<boolean>`(lower(sdd_code) LIKE ${`${text}%`} OR lower(name) LIKE ${`%${text}%`})`,
    );
  }
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy(sql`lower(name)`)
      .orderBy('sddCode')
      .limit(filter.pageSize)
      .offset((filter.pageIndex - 1) * filter.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toWhitelist), total: Number(count.total) };
}

export async function findWhitelist(tx: TenantTx, id: string): Promise<WhitelistDrug | undefined> {
  const row = await tx.db
    .selectFrom('whitelistDrugs')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toWhitelist(row);
}

export interface WhitelistValues {
  brandDrugSDD: string;
  brandDrugName: string;
  isActive: boolean;
}

export async function insertWhitelist(
  tx: TenantTx,
  values: WhitelistValues,
): Promise<WhitelistDrug> {
  const row = await tx.db
    .insertInto('whitelistDrugs')
    .values({
      tenantId: tx.tenantId,
      sddCode: values.brandDrugSDD,
      name: values.brandDrugName,
      isActive: values.isActive,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toWhitelist(row);
}

export async function updateWhitelist(
  tx: TenantTx,
  id: string,
  version: number,
  values: WhitelistValues,
): Promise<WhitelistDrug | undefined> {
  const row = await tx.db
    .updateTable('whitelistDrugs')
    .set({
      sddCode: values.brandDrugSDD,
      name: values.brandDrugName,
      isActive: values.isActive,
      updatedAt: sql`now()`,
      version: sql`version + 1`,
    })
    .where('id', '=', id)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
  return row && toWhitelist(row);
}

export async function deleteWhitelist(tx: TenantTx, id: string, version: number) {
  const result = await tx.db
    .deleteFrom('whitelistDrugs')
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Whether any item (deleted ones too: their rows keep the key) maps to the drug. */
export async function whitelistMapped(tx: TenantTx, id: string): Promise<boolean> {
  const row = await tx.db
    .selectFrom('catalogItems')
    .select('id')
    .where('whitelistDrugId', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Clears the mapping of deleted items, so a whitelist drug no live item uses can go. */
export async function unmapDeletedItems(tx: TenantTx, whitelistDrugId: string): Promise<void> {
  await tx.db
    .updateTable('catalogItems')
    .set({ whitelistDrugId: null })
    .where('whitelistDrugId', '=', whitelistDrugId)
    .where('deletedAt', 'is not', null)
    .execute();
}

/** Catalog medications mapped to a whitelist drug, by keyword on either side. */
export async function mappedDrugs(tx: TenantTx, keyword: string | null): Promise<MappedDrug[]> {
  let query = tx.db
    .selectFrom('catalogItems as i')
    .innerJoin('whitelistDrugs as w', (join) =>
      join.onRef('w.tenantId', '=', 'i.tenantId').onRef('w.id', '=', 'i.whitelistDrugId'),
    )
    .select(['i.id', 'i.code', 'i.name', 'w.sddCode', 'w.name as brandDrugName'])
    .where('i.deletedAt', 'is', null)
    .where('i.isActive', '=', true);
  if (keyword) {
    const text = escapeLike(keyword.toLowerCase());
    query = query.where(
      sql<boolean>`(lower(i.code) LIKE ${`${text}%`} OR lower(i.name) LIKE ${`%${text}%`}
        OR lower(w.sdd_code) LIKE ${`${text}%`} OR lower(w.name) LIKE ${`%${text}%`})`,
    );
  }
  const rows = await query
    .orderBy(sql`lower(i.name)`)
    .limit(50)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    name: row.name,
    brandDrugSDD: row.sddCode,
    brandDrugName: row.brandDrugName,
  }));
}

/** Barcodes starting with the keyword (a scan is the whole code), of available items. */
export async function upcOptions(tx: TenantTx, keyword: string | null): Promise<UpcOption[]> {
  let query = tx.db
    .selectFrom('catalogUpcCodes as u')
    .innerJoin('catalogItems as i', (join) =>
      join.onRef('i.tenantId', '=', 'u.tenantId').onRef('i.id', '=', 'u.itemId'),
    )
    .select(['i.id', 'u.code', 'i.name as itemName'])
    .where('i.deletedAt', 'is', null)
    .where('i.isActive', '=', true);
  if (keyword) query = query.where('u.code', 'like', `${escapeLike(keyword)}%`);
  return query.orderBy('u.code').limit(50).execute();
}
