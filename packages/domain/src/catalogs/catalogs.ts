import { z } from 'zod';
import { singleLineString } from '../common/text.ts';
import {
  cacheBusters,
  fromQuery,
  optionalId,
  optionalText,
  requiredId,
  requiredText,
  versionField,
  wholeNumber,
} from '../common/fields.ts';
import {
  CATALOG_PAGE_SIZE,
  CATALOG_PAGE_SIZE_MAX,
  CATALOG_PRICE_MAX_CENTS,
  CATALOG_TAX_MAX_BASIS_POINTS,
  CATALOG_TYPES,
  COMBO_COMPONENTS_MAX,
  COMBO_QUANTITY_MAX,
  PRESCRIPTION_SETTING_LISTS,
  PRESCRIPTION_SETTING_LIST_NAMES,
  PROCUREMENTS,
  UPC_CODES_MAX,
} from './catalog-rules.ts';

const TYPE_TEXT = `type must be one of ${CATALOG_TYPES.join(', ')}`;
const PROCUREMENT_TEXT = `procurement must be one of ${PROCUREMENTS.join(', ')}`;

/** A positive quantity with at most 3 decimals (strength 0.125 mg, a dose of 2.5 ml). */
function measure(field: string) {
  const wrong = `${field} must be a number above 0 with at most 3 decimals`;
  return z
    .number({ error: wrong })
    .positive(wrong)
    .max(1_000_000, wrong)
    .refine((value) => Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6, wrong)
    .nullable()
    .default(null);
}

/** A unit, consume method or frequency code of the prescription settings lists. */
const settingCode = (field: string) => optionalText(20, `${field} cannot exceed 20 characters`);

const cents = (field: string) => wholeNumber(field, 0, CATALOG_PRICE_MAX_CENTS);

export const ComboComponentInput = z.strictObject({
  itemId: requiredId('itemId is required', 'itemId must be a catalog item id'),
  quantity: wholeNumber('quantity', 1, COMBO_QUANTITY_MAX),
});

const UPC_TEXT = 'A barcode (UPC/EAN) has 8 to 14 digits';

const itemFields = {
  type: z.enum(CATALOG_TYPES, { error: TYPE_TEXT }),
  code: requiredText('Code is required', 50, 'Code cannot exceed 50 characters'),
  name: requiredText('Name is required', 200, 'Name cannot exceed 200 characters'),
  /** The item's group (e.g. Analgesics, Antibiotics, Consultation). */
  category: optionalText(100, 'Category cannot exceed 100 characters'),
  strength: measure('strength'),
  strengthUnit: settingCode('strengthUnit'),
  dispensingUnit: settingCode('dispensingUnit'),
  defaultDose: measure('defaultDose'),
  defaultDoseUnit: settingCode('defaultDoseUnit'),
  defaultConsumeMethod: settingCode('defaultConsumeMethod'),
  defaultFrequency: settingCode('defaultFrequency'),
  defaultDurationDays: wholeNumber('defaultDurationDays', 1, 365).nullable().default(null),
  defaultInstructions: optionalText(
    500,
    'Default instructions cannot exceed 500 characters',
    'multi',
  ),
  sellingPriceCents: cents('sellingPriceCents'),
  costCents: cents('costCents').nullable().default(null),
  procurement: z.enum(PROCUREMENTS, { error: PROCUREMENT_TEXT }).nullable().default(null),
  taxBasisPoints: wholeNumber('taxBasisPoints', 0, CATALOG_TAX_MAX_BASIS_POINTS).default(0),
  whitelistDrugId: optionalId('whitelistDrugId must be a whitelist drug id'),
  isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
  /** A combo's items with their quantities; empty for other types. */
  components: z
    .array(ComboComponentInput, { error: 'components must be a list of items' })
    .max(COMBO_COMPONENTS_MAX, `A combo has at most ${COMBO_COMPONENTS_MAX} items`)
    .default([]),
  /** Barcodes scanned at dispensing (doc 2 section 7 `upc-codes`). */
  upcCodes: z
    .array(
      singleLineString({ error: UPC_TEXT })
        .trim()
        .regex(/^\d{8,14}$/, UPC_TEXT),
      {
        error: 'upcCodes must be a list of barcodes',
      },
    )
    .max(UPC_CODES_MAX, `An item has at most ${UPC_CODES_MAX} barcodes`)
    .default([]),
};

export const CatalogItemCreateBody = z.strictObject(itemFields);
export type CatalogItemCreateBody = z.infer<typeof CatalogItemCreateBody>;
export const CatalogItemUpdateBody = z.strictObject({ ...itemFields, version: versionField() });
export type CatalogItemUpdateBody = z.infer<typeof CatalogItemUpdateBody>;
export const CatalogDeleteBody = z.strictObject({ version: versionField() });

export const CatalogIdParams = z.strictObject({ id: z.uuid('id must be a catalog item id') });

/** The branch's own terms for a tenant item: its price (null: the tenant's) and availability. */
export const BranchItemBody = z.strictObject({
  sellingPriceCents: cents('sellingPriceCents').nullable(),
  isActive: z.boolean({ error: 'isActive must be true or false' }),
  /** The branch terms' version: 0 when the branch has none yet. */
  version: versionField(),
});
export type BranchItemBody = z.infer<typeof BranchItemBody>;

export const BranchTerms = z.object({
  sellingPriceCents: z.int().nullable(),
  isActive: z.boolean(),
  version: z.int(),
});
export type BranchTerms = z.infer<typeof BranchTerms>;

export const ComboComponent = z.object({
  itemId: z.uuid(),
  code: z.string(),
  name: z.string(),
  quantity: z.int(),
  /** The item's own price in the clinic (the combo is charged its own price). */
  sellingPriceCents: z.int(),
});

export const CatalogItemRecord = z.object({
  id: z.uuid(),
  type: z.enum(CATALOG_TYPES),
  code: z.string(),
  name: z.string(),
  category: z.string().nullable(),
  strength: z.number().nullable(),
  strengthUnit: z.string().nullable(),
  dispensingUnit: z.string().nullable(),
  defaultDose: z.number().nullable(),
  defaultDoseUnit: z.string().nullable(),
  defaultConsumeMethod: z.string().nullable(),
  defaultFrequency: z.string().nullable(),
  defaultDurationDays: z.int().nullable(),
  defaultInstructions: z.string().nullable(),
  /** The clinic's price. */
  sellingPriceCents: z.int(),
  costCents: z.int().nullable(),
  procurement: z.enum(PROCUREMENTS).nullable(),
  taxBasisPoints: z.int(),
  whitelistDrugId: z.uuid().nullable(),
  brandDrugName: z.string().nullable(),
  isActive: z.boolean(),
  components: z.array(ComboComponent),
  upcCodes: z.array(z.string()),
  version: z.int(),
  updatedAt: z.int(),
  /** The BranchId branch's terms (null: none set, or no branch asked). */
  branch: BranchTerms.nullable(),
  /** What the item costs a patient where asked: the branch's price, else the clinic's. */
  priceCents: z.int(),
  /** Active in the clinic and, where a branch was asked, not switched off there. */
  available: z.boolean(),
});
export type CatalogItemRecord = z.infer<typeof CatalogItemRecord>;

const keyword = optionalText(100, 'keyword cannot exceed 100 characters');

const typeQuery = fromQuery(z.enum(CATALOG_TYPES, { error: TYPE_TEXT }).optional());

export const CatalogListQuery = z.strictObject({
  type: typeQuery,
  keyword,
  isActive: fromQuery(
    z
      .enum(['true', 'false'], { error: 'isActive must be true or false' })
      .transform((value) => value === 'true')
      .optional(),
  ),
  pageIndex: fromQuery(wholeNumber('pageIndex', 1).default(1)),
  pageSize: fromQuery(wholeNumber('pageSize', 1, CATALOG_PAGE_SIZE_MAX).default(CATALOG_PAGE_SIZE)),
  ...cacheBusters,
});
export type CatalogListQuery = z.infer<typeof CatalogListQuery>;

/** `procurements` arrives as a JSON list (`["Maf","Private"]`) or comma-separated. */
const procurementList = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    if (text === '') return undefined;
    if (text.startsWith('[')) {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return value;
      }
    }
    return text.split(',').map((part) => part.trim());
  },
  z
    .array(z.enum(PROCUREMENTS, { error: PROCUREMENT_TEXT }), {
      error: 'procurements must be a list such as ["Maf","Private"]',
    })
    .optional(),
);

/** `GET /catalogs/options` (doc 1 section 7): the prescription item picker. */
export const CatalogOptionsQuery = z.strictObject({
  keyword,
  typeEnum: typeQuery,
  procurements: procurementList,
  ...cacheBusters,
});
export type CatalogOptionsQuery = z.infer<typeof CatalogOptionsQuery>;

/** Catalogue item option (doc 2 section 3): id, code, name, price, with the item's defaults. */
export const CatalogOption = z.object({
  id: z.uuid(),
  type: z.enum(CATALOG_TYPES),
  code: z.string(),
  name: z.string(),
  priceCents: z.int(),
  strength: z.number().nullable(),
  strengthUnit: z.string().nullable(),
  dispensingUnit: z.string().nullable(),
  defaultDose: z.number().nullable(),
  defaultDoseUnit: z.string().nullable(),
  defaultConsumeMethod: z.string().nullable(),
  defaultFrequency: z.string().nullable(),
  defaultDurationDays: z.int().nullable(),
  defaultInstructions: z.string().nullable(),
  procurement: z.enum(PROCUREMENTS).nullable(),
});
export type CatalogOption = z.infer<typeof CatalogOption>;

// --- Prescription settings lists ------------------------------------------------------

const SETTING_TYPE_TEXT = `type must be one of ${Object.keys(PRESCRIPTION_SETTING_LISTS).join(', ')}`;
const SETTING_LIST_TEXT = `settingList must be one of ${PRESCRIPTION_SETTING_LIST_NAMES.join(', ')}`;

export const SettingOptionsQuery = z.strictObject({
  type: z.enum(
    Object.keys(PRESCRIPTION_SETTING_LISTS) as [keyof typeof PRESCRIPTION_SETTING_LISTS],
    { error: SETTING_TYPE_TEXT },
  ),
  keyword,
  ...cacheBusters,
});

export const SettingListParams = z.strictObject({
  settingList: z.enum(
    PRESCRIPTION_SETTING_LIST_NAMES as [
      (typeof PRESCRIPTION_SETTING_LIST_NAMES)[number],
      ...(typeof PRESCRIPTION_SETTING_LIST_NAMES)[number][],
    ],
    { error: SETTING_LIST_TEXT },
  ),
});
export const SettingItemParams = SettingListParams.extend({
  id: z.uuid('id must be an entry id'),
});

/** An entry of a prescription settings list (a frequency also says how often). */
export const PrescriptionSetting = z.object({
  id: z.uuid(),
  code: z.string(),
  description: z.string(),
  /** Frequency only: doses in each cycle of `cycleDays` days (TDS: 3 per 1 day); null for PRN. */
  dosesPerCycle: z.int().nullable(),
  cycleDays: z.int().nullable(),
  /** Seeded with the product: read-only. */
  isSystem: z.boolean(),
  isActive: z.boolean(),
  sortOrder: z.int(),
  version: z.int(),
});
export type PrescriptionSetting = z.infer<typeof PrescriptionSetting>;

const settingFields = {
  code: requiredText('Code is required', 20, 'Code cannot exceed 20 characters'),
  description: requiredText(
    'Description is required',
    200,
    'Description cannot exceed 200 characters',
  ),
  dosesPerCycle: wholeNumber('dosesPerCycle', 1, 100).nullable().default(null),
  cycleDays: wholeNumber('cycleDays', 1, 365).nullable().default(null),
  isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
  sortOrder: wholeNumber('sortOrder', 0, 100_000).default(0),
};
export const SettingCreateBody = z.strictObject(settingFields);
export type SettingCreateBody = z.infer<typeof SettingCreateBody>;
export const SettingUpdateBody = z.strictObject({ ...settingFields, version: versionField() });
export type SettingUpdateBody = z.infer<typeof SettingUpdateBody>;

export const NoCatalogQuery = z.strictObject({ ...cacheBusters });

// --- Whitelist drugs, mapped drugs, barcodes -----------------------------------------

/** `GET /settings/whitelist-drug?pageIndex&pageSize&keywords` (doc 2 section 7). */
export const WhitelistQuery = z.strictObject({
  pageIndex: fromQuery(wholeNumber('pageIndex', 1).default(1)),
  pageSize: fromQuery(wholeNumber('pageSize', 1, 999).default(CATALOG_PAGE_SIZE)),
  keywords: keyword,
  ...cacheBusters,
});
export type WhitelistQuery = z.infer<typeof WhitelistQuery>;

/** A whitelist drug (doc 3 section 3.6): brandDrugSDD is its code in the drug dictionary. */
export const WhitelistDrug = z.object({
  id: z.uuid(),
  brandDrugSDD: z.string(),
  brandDrugName: z.string(),
  isActive: z.boolean(),
  version: z.int(),
});
export type WhitelistDrug = z.infer<typeof WhitelistDrug>;

const whitelistFields = {
  brandDrugSDD: requiredText(
    'brandDrugSDD is required',
    50,
    'brandDrugSDD cannot exceed 50 characters',
  ),
  brandDrugName: requiredText(
    'brandDrugName is required',
    200,
    'brandDrugName cannot exceed 200 characters',
  ),
  isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
};
export const WhitelistCreateBody = z.strictObject(whitelistFields);
export type WhitelistCreateBody = z.infer<typeof WhitelistCreateBody>;
export const WhitelistUpdateBody = z.strictObject({ ...whitelistFields, version: versionField() });
export type WhitelistUpdateBody = z.infer<typeof WhitelistUpdateBody>;
export const WhitelistIdParams = z.strictObject({ id: z.uuid('id must be a whitelist drug id') });

export const KeywordOnlyQuery = z.strictObject({ keyword, ...cacheBusters });

/** A catalog medication mapped to a whitelist drug (`GET /settings/mapped-drug`). */
export const MappedDrug = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  brandDrugSDD: z.string(),
  brandDrugName: z.string(),
});
export type MappedDrug = z.infer<typeof MappedDrug>;

/** UPC option (doc 3 section 3.6): the barcode, the item's name and the item's id. */
export const UpcOption = z.object({ id: z.uuid(), code: z.string(), itemName: z.string() });
export type UpcOption = z.infer<typeof UpcOption>;
