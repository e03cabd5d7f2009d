import {
  CATALOG_MESSAGES,
  CATALOG_PRICE_MAX_CENTS,
  CatalogItemCreateBody,
  comboItemsTotalCents,
  DISPENSED_TYPES,
  type CatalogItemRecord,
  type CatalogType,
  type Procurement,
} from '@clinic/domain';
import { checkWith, type Checked, type FieldErrors } from '../../components/form/field-errors.ts';
import { i18n } from '../../i18n/index.ts';
import '../../i18n/catalogs/index.ts';
import { centsToDollars } from './money.ts';

export { centsToDollars };

/** A combo's item as the form holds it: who it is, its price, and the quantity as typed. */
export interface ComboRow {
  itemId: string;
  code: string;
  name: string;
  sellingPriceCents: number;
  quantity: string;
}

/** The catalog item form's values: what its inputs hold ('' for empty text, null for no choice). */
export type CatalogForm = {
  type: CatalogType;
  code: string;
  name: string;
  category: string;
  strength: string;
  strengthUnit: string | null;
  dispensingUnit: string | null;
  defaultDose: string;
  defaultDoseUnit: string | null;
  defaultConsumeMethod: string | null;
  defaultFrequency: string | null;
  defaultDurationDays: string;
  defaultInstructions: string;
  /** Dollars as typed ('12.50'); sent in cents. */
  sellingPrice: string;
  cost: string;
  procurement: Procurement | null;
  /** Percent as typed ('9'); sent in basis points. */
  taxPercent: string;
  whitelistDrugId: string | null;
  isActive: boolean;
  /** One barcode a line. */
  upcCodes: string;
  /** A combo's items, in order. */
  components: ComboRow[];
};

export function emptyCatalogForm(type: CatalogType): CatalogForm {
  return {
    type,
    code: '',
    name: '',
    category: '',
    strength: '',
    strengthUnit: null,
    dispensingUnit: null,
    defaultDose: '',
    defaultDoseUnit: null,
    defaultConsumeMethod: null,
    defaultFrequency: null,
    defaultDurationDays: '',
    defaultInstructions: '',
    sellingPrice: '',
    cost: '',
    procurement: null,
    taxPercent: '0',
    whitelistDrugId: null,
    isActive: true,
    upcCodes: '',
    components: [],
  };
}

const numberText = (value: number | null): string => (value === null ? '' : String(value));

/** The form's values for an item read from the server. */
export function catalogFormOf(item: CatalogItemRecord): CatalogForm {
  return {
    type: item.type,
    code: item.code,
    name: item.name,
    category: item.category ?? '',
    strength: numberText(item.strength),
    strengthUnit: item.strengthUnit,
    dispensingUnit: item.dispensingUnit,
    defaultDose: numberText(item.defaultDose),
    defaultDoseUnit: item.defaultDoseUnit,
    defaultConsumeMethod: item.defaultConsumeMethod,
    defaultFrequency: item.defaultFrequency,
    defaultDurationDays: numberText(item.defaultDurationDays),
    defaultInstructions: item.defaultInstructions ?? '',
    sellingPrice: centsToDollars(item.sellingPriceCents),
    cost: item.costCents === null ? '' : centsToDollars(item.costCents),
    procurement: item.procurement,
    taxPercent: String(item.taxBasisPoints / 100),
    whitelistDrugId: item.whitelistDrugId,
    isActive: item.isActive,
    upcCodes: item.upcCodes.join('\n'),
    components: item.components.map((component) => ({
      itemId: component.itemId,
      code: component.code,
      name: component.name,
      sellingPriceCents: component.sellingPriceCents,
      quantity: String(component.quantity),
    })),
  };
}

export function isDispensed(type: CatalogType): boolean {
  return DISPENSED_TYPES.includes(type);
}

type Parsed = { value: number | null } | { error: string };

/** Dollars with at most 2 decimals, as whole cents; '' is null. */
export function dollarsToCents(text: string, field: string): Parsed {
  const typed = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (typed === '') return { value: null };
  if (!/^\d+(\.\d{1,2})?$/.test(typed))
    return { error: i18n.t('catalog.money.invalid', { field }) };
  const cents = Math.round(Number(typed) * 100);
  if (cents > CATALOG_PRICE_MAX_CENTS)
    return { error: i18n.t('catalog.money.tooLarge', { field }) };
  return { value: cents };
}

/** A percentage with at most 2 decimals, as basis points ('9' is 900). */
export function percentToBasisPoints(text: string): Parsed {
  const typed = text.trim().replace(/%$/, '').trim();
  if (typed === '') return { value: 0 };
  if (!/^\d+(\.\d{1,2})?$/.test(typed) || Number(typed) > 100)
    return { error: i18n.t('catalog.tax.invalid') };
  return { value: Math.round(Number(typed) * 100) };
}

/** A typed number ('' is null); what is not a number is left to the schema's message. */
function typedNumber(text: string): number | null | string {
  const typed = text.trim();
  if (typed === '') return null;
  const value = Number(typed);
  return Number.isFinite(value) ? value : typed;
}

const blank = (text: string): string | null => (text.trim() === '' ? null : text.trim());

/** The server's field names, as the form's. */
export const CATALOG_SERVER_FIELDS: Record<string, keyof CatalogForm> = {
  sellingPriceCents: 'sellingPrice',
  costCents: 'cost',
  taxBasisPoints: 'taxPercent',
};

/**
 * The form's field of a server (or schema) field path: 'upcCodes.1' is 'upcCodes'; a
 * combo item's quantity keeps its row ('components.1.quantity').
 */
export function formFieldOf(path: string): string {
  if (/^components\.\d+\.quantity$/.test(path)) return path;
  const head = path.split('.')[0] ?? path;
  return CATALOG_SERVER_FIELDS[head] ?? head;
}

/** What the combo's items cost one by one, for reference beside the combo's own price. */
export function comboRowsTotalCents(rows: readonly ComboRow[]): number {
  return comboItemsTotalCents(
    rows.map((row) => ({
      sellingPriceCents: row.sellingPriceCents,
      quantity: /^\d+$/.test(row.quantity.trim()) ? Number(row.quantity) : 0,
    })),
  );
}

/**
 * Every message of the values at once, or the body to send: the domain's schema (worded as
 * the server words it), the rules the server applies between fields (dispensing unit, a
 * value with its unit), and the form's own for money typed in dollars and tax in percent.
 */
export function checkCatalogItem(
  values: CatalogForm,
  labels: { sellingPrice: string; cost: string },
): Checked<CatalogItemCreateBody> {
  const errors: FieldErrors = {};
  const dispensed = isDispensed(values.type);
  const price = dollarsToCents(values.sellingPrice, labels.sellingPrice);
  const cost = dollarsToCents(values.cost, labels.cost);
  const tax = percentToBasisPoints(values.taxPercent);
  if ('error' in price) errors.sellingPrice = price.error;
  else if (price.value === null)
    errors.sellingPrice = i18n.t('catalog.money.invalid', { field: labels.sellingPrice });
  if ('error' in cost) errors.cost = cost.error;
  if ('error' in tax) errors.taxPercent = tax.error;

  const input = {
    type: values.type,
    code: values.code,
    name: values.name,
    category: blank(values.category),
    strength: dispensed ? typedNumber(values.strength) : null,
    strengthUnit: dispensed ? values.strengthUnit : null,
    dispensingUnit: dispensed ? values.dispensingUnit : null,
    defaultDose: dispensed ? typedNumber(values.defaultDose) : null,
    defaultDoseUnit: dispensed ? values.defaultDoseUnit : null,
    defaultConsumeMethod: dispensed ? values.defaultConsumeMethod : null,
    defaultFrequency: dispensed ? values.defaultFrequency : null,
    defaultDurationDays: dispensed ? typedNumber(values.defaultDurationDays) : null,
    defaultInstructions: dispensed ? blank(values.defaultInstructions) : null,
    sellingPriceCents: 'value' in price ? (price.value ?? 0) : 0,
    costCents: 'value' in cost ? cost.value : null,
    procurement: values.procurement,
    taxBasisPoints: 'value' in tax ? (tax.value ?? 0) : 0,
    whitelistDrugId: values.type === 'Med' ? values.whitelistDrugId : null,
    isActive: values.isActive,
    components:
      values.type === 'Combo'
        ? values.components.map((row) => ({
            itemId: row.itemId,
            quantity: typedNumber(row.quantity),
          }))
        : [],
    upcCodes: values.upcCodes
      .split(/\s+/)
      .map((code) => code.trim())
      .filter((code) => code !== ''),
  };
  const checked = checkWith(CatalogItemCreateBody, input);
  if (!checked.ok)
    for (const [path, message] of Object.entries(checked.errors)) {
      const field = formFieldOf(path);
      errors[field] ??= message;
    }
  if (dispensed) {
    if (!values.dispensingUnit) errors.dispensingUnit ??= CATALOG_MESSAGES.dispensingUnitRequired;
    if ((values.strength.trim() === '') !== (values.strengthUnit === null))
      errors[values.strengthUnit === null ? 'strengthUnit' : 'strength'] ??=
        CATALOG_MESSAGES.strengthIncomplete;
    if ((values.defaultDose.trim() === '') !== (values.defaultDoseUnit === null))
      errors[values.defaultDoseUnit === null ? 'defaultDoseUnit' : 'defaultDose'] ??=
        CATALOG_MESSAGES.doseIncomplete;
  }
  if (new Set(input.upcCodes).size !== input.upcCodes.length)
    errors.upcCodes ??= CATALOG_MESSAGES.upcTwice;
  if (values.type === 'Combo' && values.components.length === 0)
    errors.components = CATALOG_MESSAGES.componentsRequired;
  const itemIds = values.components.map((row) => row.itemId);
  if (new Set(itemIds).size !== itemIds.length)
    errors.components ??= CATALOG_MESSAGES.componentTwice;
  if (Object.keys(errors).length > 0 || !checked.ok) return { ok: false, errors };
  return { ok: true, body: checked.body };
}
