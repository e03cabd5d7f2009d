import {
  CATALOG_OPTIONS_LIMIT,
  DISPENSED_TYPES,
  PRESCRIPTION_SETTING_LISTS,
  type BranchItemBody,
  type CatalogItemCreateBody,
  type CatalogItemRecord,
  type CatalogItemUpdateBody,
  type CatalogListQuery,
  type CatalogOption,
  type CatalogOptionsQuery,
  type MappedDrug,
  type PrescriptionSetting,
  type PrescriptionSettingList,
  type PrescriptionSettingType,
  type SettingCreateBody,
  type SettingUpdateBody,
  type UpcOption,
  type WhitelistCreateBody,
  type WhitelistDrug,
  type WhitelistQuery,
  type WhitelistUpdateBody,
} from '@clinic/domain';
import type { TenantTx } from '../../db/tenant-db.ts';
import type { TenantRunner } from '../../platform/access.ts';
import {
  badRequest,
  conflict,
  fieldError,
  isUniqueViolation,
  notFound,
} from '../../platform/errors.ts';
import * as repo from './catalogs.repo.ts';
import { plansOfItem } from './vaccine-plans.repo.ts';

/** A new clinic's prescription settings lists (registration calls it). */
export { seedSettings as seedCatalogSettings } from './catalogs.repo.ts';
/** Reads for other features inside their own transaction (prescribing, dispensing). */
export { findItem, itemOptions, listSettings } from './catalogs.repo.ts';

/** Who asks and where: the catalog is the clinic's; a branch (when named) has its own terms. */
export interface CatalogScope {
  userId: string;
  /** The BranchId of the call, when one was sent. */
  branchId: string | null;
  run: TenantRunner;
}

/** A branch-scoped call: the branch's terms are changed only from that branch. */
export interface BranchCatalogScope extends CatalogScope {
  branchId: string;
}

// --- Catalog items ----------------------------------------------------------------------

export function listItems(
  scope: CatalogScope,
  query: CatalogListQuery,
): Promise<{ items: CatalogItemRecord[]; total: number }> {
  return scope.run((tx) =>
    repo.listItems(tx, {
      type: query.type,
      keyword: query.keyword,
      isActive: query.isActive,
      pageIndex: query.pageIndex,
      pageSize: query.pageSize,
      branchId: scope.branchId,
    }),
  );
}

export function itemPicker(
  scope: CatalogScope,
  query: CatalogOptionsQuery,
): Promise<CatalogOption[]> {
  return scope.run((tx) =>
    repo.itemOptions(tx, {
      keyword: query.keyword,
      type: query.typeEnum,
      procurements: query.procurements,
      branchId: scope.branchId,
      limit: CATALOG_OPTIONS_LIMIT,
    }),
  );
}

/** The clinic's active combos with their items, and the branch's terms when one is named. */
export function comboItems(scope: CatalogScope): Promise<CatalogItemRecord[]> {
  return scope.run((tx) => repo.activeCombos(tx, scope.branchId));
}

export function getItem(scope: CatalogScope, id: string): Promise<CatalogItemRecord> {
  return scope.run(async (tx) => {
    const item = await repo.findItem(tx, id, scope.branchId);
    if (!item) throw notFound('catalog.notFound');
    return item;
  });
}

type ItemBody = CatalogItemCreateBody;

/** The rules of an item's fields that need no database. */
function checkShape(body: ItemBody): void {
  const dispensed = DISPENSED_TYPES.includes(body.type);
  if (!dispensed) {
    const medicationFields = [
      'strength',
      'strengthUnit',
      'dispensingUnit',
      'defaultDose',
      'defaultDoseUnit',
      'defaultConsumeMethod',
      'defaultFrequency',
      'defaultDurationDays',
    ] as const;
    const given = medicationFields.find((field) => body[field] !== null);
    if (given) throw fieldError(given, 'catalog.onlyDispensed');
  } else if (!body.dispensingUnit) {
    throw fieldError('dispensingUnit', 'catalog.dispensingUnitRequired');
  }
  if ((body.strength === null) !== (body.strengthUnit === null)) {
    throw fieldError(
      body.strength === null ? 'strength' : 'strengthUnit',
      'catalog.strengthIncomplete',
    );
  }
  if ((body.defaultDose === null) !== (body.defaultDoseUnit === null)) {
    throw fieldError(
      body.defaultDose === null ? 'defaultDose' : 'defaultDoseUnit',
      'catalog.doseIncomplete',
    );
  }
  if (body.type === 'Combo' && body.components.length === 0) {
    throw fieldError('components', 'catalog.componentsRequired');
  }
  if (body.type !== 'Combo' && body.components.length > 0) {
    throw fieldError('components', 'catalog.componentsOnlyCombo');
  }
  const itemIds = body.components.map((component) => component.itemId);
  if (new Set(itemIds).size !== itemIds.length) {
    throw fieldError('components', 'catalog.componentTwice');
  }
  if (new Set(body.upcCodes).size !== body.upcCodes.length) {
    throw fieldError('upcCodes', 'catalog.upcTwice');
  }
  if (body.whitelistDrugId && body.type !== 'Med') {
    throw fieldError('whitelistDrugId', 'catalog.whitelistOnlyMedication');
  }
}

/** Units, consume method and frequency must be active entries of their lists. */
async function checkSettingCodes(tx: TenantTx, body: ItemBody): Promise<void> {
  const checks: Array<[keyof ItemBody, PrescriptionSettingList, string | null]> = [
    ['strengthUnit', 'unitMeasurement', body.strengthUnit],
    ['dispensingUnit', 'unitMeasurement', body.dispensingUnit],
    ['defaultDoseUnit', 'unitMeasurement', body.defaultDoseUnit],
    ['defaultConsumeMethod', 'consumeMethod', body.defaultConsumeMethod],
    ['defaultFrequency', 'frequency', body.defaultFrequency],
  ];
  for (const [field, list, code] of checks) {
    if (code === null) continue;
    const known = await repo.activeSettingCodes(tx, list, [code]);
    if (known.has(code.toLowerCase())) continue;
    if (list === 'unitMeasurement') throw fieldError(field, 'catalog.unitUnknown');
    if (list === 'consumeMethod') throw fieldError(field, 'catalog.consumeMethodUnknown');
    throw fieldError(field, 'catalog.frequencyUnknown');
  }
}

/** A combo's items are live, not combos themselves, and not the combo. */
async function checkComponents(tx: TenantTx, body: ItemBody, selfId: string | null) {
  if (body.components.length === 0) return;
  const ids = body.components.map((component) => component.itemId);
  const types = await repo.itemTypes(tx, ids);
  for (const id of ids) {
    const type = types.get(id);
    if (!type || id === selfId) throw fieldError('components', 'catalog.componentUnknown');
    if (type === 'Combo') throw fieldError('components', 'catalog.componentIsCombo');
  }
}

async function checkReferences(tx: TenantTx, body: ItemBody, selfId: string | null) {
  await checkSettingCodes(tx, body);
  await checkComponents(tx, body, selfId);
  if (body.whitelistDrugId && !(await repo.findWhitelist(tx, body.whitelistDrugId))) {
    throw fieldError('whitelistDrugId', 'catalog.whitelistUnknown');
  }
  if (await repo.upcHeldElsewhere(tx, body.upcCodes, selfId)) {
    throw fieldError('upcCodes', 'catalog.upcTaken');
  }
}

function valuesOf(body: ItemBody): repo.ItemValues {
  return {
    type: body.type,
    code: body.code,
    name: body.name,
    category: body.category,
    strength: body.strength,
    strengthUnit: body.strengthUnit,
    dispensingUnit: body.dispensingUnit,
    defaultDose: body.defaultDose,
    defaultDoseUnit: body.defaultDoseUnit,
    defaultConsumeMethod: body.defaultConsumeMethod,
    defaultFrequency: body.defaultFrequency,
    defaultDurationDays: body.defaultDurationDays,
    defaultInstructions: body.defaultInstructions,
    sellingPriceCents: body.sellingPriceCents,
    costCents: body.costCents,
    procurement: body.procurement,
    taxBasisPoints: body.taxBasisPoints,
    whitelistDrugId: body.whitelistDrugId,
    isActive: body.isActive,
  };
}

/** Unique keys answered as the field they guard (a race the checks above did not see). */
async function refusingTaken<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'catalog_items_code_key')) {
      throw fieldError('code', 'catalog.codeTaken');
    }
    if (isUniqueViolation(error, 'catalog_upc_codes_pkey')) {
      throw fieldError('upcCodes', 'catalog.upcTaken');
    }
    throw error;
  }
}

export function createItem(
  scope: CatalogScope,
  body: CatalogItemCreateBody,
): Promise<CatalogItemRecord> {
  checkShape(body);
  return refusingTaken(() =>
    scope.run(async (tx) => {
      await checkReferences(tx, body, null);
      const id = await repo.insertItem(tx, valuesOf(body), scope.userId);
      await repo.replaceComponents(tx, id, body.components);
      await repo.replaceUpcCodes(tx, id, body.upcCodes);
      const item = await repo.findItem(tx, id, scope.branchId);
      if (!item) throw notFound('catalog.notFound');
      return item;
    }),
  );
}

/** Changes an item when `version` is current: 409 when it changed meanwhile, 404 when gone. */
export function updateItem(
  scope: CatalogScope,
  id: string,
  body: CatalogItemUpdateBody,
): Promise<CatalogItemRecord> {
  checkShape(body);
  return refusingTaken(() =>
    scope.run(async (tx) => {
      const current = await repo.findItem(tx, id, null);
      if (!current) throw notFound('catalog.notFound');
      if (current.version !== body.version) throw conflict();
      if (current.type !== body.type) throw fieldError('type', 'catalog.typeFixed');
      await checkReferences(tx, body, id);
      if (!(await repo.updateItem(tx, id, body.version, valuesOf(body), scope.userId))) {
        throw conflict();
      }
      await repo.replaceComponents(tx, id, body.components);
      await repo.replaceUpcCodes(tx, id, body.upcCodes);
      const item = await repo.findItem(tx, id, scope.branchId);
      if (!item) throw notFound('catalog.notFound');
      return item;
    }),
  );
}

export function deleteItem(scope: CatalogScope, id: string, version: number): Promise<void> {
  return scope.run(async (tx) => {
    if (!(await repo.itemExists(tx, id))) throw notFound('catalog.notFound');
    if ((await repo.combosHolding(tx, id)) > 0) throw badRequest('catalog.inCombo');
    if ((await plansOfItem(tx, id)) > 0) throw badRequest('catalog.inVaccinePlan');
    if (!(await repo.deleteItem(tx, id, version, scope.userId))) throw conflict();
  });
}

/** The branch's price (null: the clinic's) and availability of a clinic item. */
export function setBranchTerms(
  scope: BranchCatalogScope,
  id: string,
  body: BranchItemBody,
): Promise<CatalogItemRecord> {
  return scope.run(async (tx) => {
    if (!(await repo.itemExists(tx, id))) throw notFound('catalog.notFound');
    const terms = { sellingPriceCents: body.sellingPriceCents, isActive: body.isActive };
    const done = await repo.setBranchTerms(
      tx,
      scope.branchId,
      id,
      body.version,
      terms,
      scope.userId,
    );
    if (!done) throw conflict();
    const item = await repo.findItem(tx, id, scope.branchId);
    if (!item) throw notFound('catalog.notFound');
    return item;
  });
}

// --- Prescription settings ------------------------------------------------------------

export function settingOptions(
  scope: CatalogScope,
  type: PrescriptionSettingType,
  keyword: string | null,
): Promise<PrescriptionSetting[]> {
  return scope.run((tx) =>
    repo.listSettings(tx, PRESCRIPTION_SETTING_LISTS[type], { activeOnly: true, keyword }),
  );
}

export function allSettings(
  scope: CatalogScope,
  list: PrescriptionSettingList,
): Promise<PrescriptionSetting[]> {
  return scope.run((tx) => repo.listSettings(tx, list, { activeOnly: false }));
}

function settingValues(list: PrescriptionSettingList, body: SettingCreateBody) {
  if (list !== 'frequency' && (body.dosesPerCycle !== null || body.cycleDays !== null)) {
    throw fieldError(
      body.dosesPerCycle !== null ? 'dosesPerCycle' : 'cycleDays',
      'catalog.settingCycleOnlyFrequency',
    );
  }
  if ((body.dosesPerCycle === null) !== (body.cycleDays === null)) {
    throw fieldError(
      body.dosesPerCycle === null ? 'dosesPerCycle' : 'cycleDays',
      'catalog.settingCycleIncomplete',
    );
  }
  return {
    code: body.code,
    description: body.description,
    dosesPerCycle: body.dosesPerCycle,
    cycleDays: body.cycleDays,
    isActive: body.isActive,
    sortOrder: body.sortOrder,
  };
}

async function refusingSettingTaken<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'prescription_settings_code_key')) {
      throw fieldError('code', 'catalog.settingCodeTaken');
    }
    throw error;
  }
}

export function createSetting(
  scope: CatalogScope,
  list: PrescriptionSettingList,
  body: SettingCreateBody,
): Promise<PrescriptionSetting> {
  const values = settingValues(list, body);
  return refusingSettingTaken(() => scope.run((tx) => repo.insertSetting(tx, list, values)));
}

async function changeableSetting(
  tx: TenantTx,
  list: PrescriptionSettingList,
  id: string,
  version: number,
): Promise<void> {
  const current = await repo.findSetting(tx, list, id);
  if (!current) throw notFound('catalog.settingNotFound');
  if (current.isSystem) throw badRequest('catalog.settingReadOnly');
  if (current.version !== version) throw conflict();
}

export function updateSetting(
  scope: CatalogScope,
  list: PrescriptionSettingList,
  id: string,
  body: SettingUpdateBody,
): Promise<PrescriptionSetting> {
  const values = settingValues(list, body);
  return refusingSettingTaken(() =>
    scope.run(async (tx) => {
      await changeableSetting(tx, list, id, body.version);
      const row = await repo.updateSetting(tx, list, id, body.version, values);
      if (!row) throw conflict();
      return row;
    }),
  );
}

export function deleteSetting(
  scope: CatalogScope,
  list: PrescriptionSettingList,
  id: string,
  version: number,
): Promise<void> {
  return scope.run(async (tx) => {
    await changeableSetting(tx, list, id, version);
    if (!(await repo.deleteSetting(tx, list, id, version))) throw conflict();
  });
}

// --- Whitelist drugs, mapped drugs, barcodes ----------------------------------------

export function whitelist(
  scope: CatalogScope,
  query: WhitelistQuery,
): Promise<{ items: WhitelistDrug[]; total: number }> {
  return scope.run((tx) =>
    repo.listWhitelist(tx, {
      keyword: query.keywords,
      pageIndex: query.pageIndex,
      pageSize: query.pageSize,
    }),
  );
}

async function refusingWhitelistTaken<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'whitelist_drugs_code_key')) {
      throw fieldError('brandDrugSDD', 'catalog.whitelistCodeTaken');
    }
    throw error;
  }
}

export function createWhitelist(
  scope: CatalogScope,
  body: WhitelistCreateBody,
): Promise<WhitelistDrug> {
  return refusingWhitelistTaken(() => scope.run((tx) => repo.insertWhitelist(tx, body)));
}

export function updateWhitelist(
  scope: CatalogScope,
  id: string,
  body: WhitelistUpdateBody,
): Promise<WhitelistDrug> {
  return refusingWhitelistTaken(() =>
    scope.run(async (tx) => {
      const row = await repo.updateWhitelist(tx, id, body.version, body);
      if (row) return row;
      throw (await repo.findWhitelist(tx, id)) ? conflict() : notFound('catalog.whitelistNotFound');
    }),
  );
}

export function deleteWhitelist(scope: CatalogScope, id: string, version: number): Promise<void> {
  return scope.run(async (tx) => {
    const current = await repo.findWhitelist(tx, id);
    if (!current) throw notFound('catalog.whitelistNotFound');
    if (current.version !== version) throw conflict();
    if (await repo.whitelistMapped(tx, id)) throw badRequest('catalog.whitelistInUse');
    await repo.unmapDeletedItems(tx, id);
    if (!(await repo.deleteWhitelist(tx, id, version))) throw conflict();
  });
}

export function mappedDrugs(scope: CatalogScope, keyword: string | null): Promise<MappedDrug[]> {
  return scope.run((tx) => repo.mappedDrugs(tx, keyword));
}

export function upcCodes(scope: CatalogScope, keyword: string | null): Promise<UpcOption[]> {
  return scope.run((tx) => repo.upcOptions(tx, keyword));
}
