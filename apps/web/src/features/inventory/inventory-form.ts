import {
  AdjustmentBody,
  ReceiptBody,
  ReorderLevelBody,
  SupplierCreateBody,
  UNIT_COST_MAX_CENTS,
  type Supplier,
} from '@clinic/domain';
import { checkWith, type Checked } from '../../components/form/field-errors.ts';
import { i18n } from '../../i18n/index.ts';
import '../../i18n/inventory/index.ts';

/**
 * The inventory forms as typed (text fields hold what was typed) and their checks: the
 * domain's schemas word the messages as the server does; a few rules between fields are
 * the form's own (an expiry date unless the item does not expire, a direction for an
 * adjustment). Money is typed in dollars and sent in cents.
 */

/** '' is nothing; a number as typed; other text is left for the schema to refuse. */
function typed(text: string): number | string | null {
  const value = text.trim();
  if (value === '') return null;
  return Number.isFinite(Number(value)) ? Number(value) : value;
}

const DOLLARS = /^\d+(\.\d{1,2})?$/;

/** Dollars with at most 2 decimals as whole cents; a message otherwise. */
export function centsOfTyped(text: string): { cents: number } | { message: string } {
  const value = text.trim();
  if (value === '') return { cents: 0 };
  if (!DOLLARS.test(value)) return { message: 'Please enter an amount in dollars, e.g. 12.50' };
  const cents = Math.round(Number(value) * 100);
  if (cents > UNIT_COST_MAX_CENTS)
    return { message: `The amount cannot exceed ${UNIT_COST_MAX_CENTS / 100} dollars` };
  return { cents };
}

export interface ReceiptForm {
  itemId: string | null;
  batchNo: string;
  expiryDate: string | null;
  noExpiry: boolean;
  quantity: string;
  /** Dollars as typed. */
  unitCost: string;
  supplierId: string | null;
  remark: string;
}

export const emptyReceipt = (itemId: string | null = null): ReceiptForm => ({
  itemId,
  batchNo: '',
  expiryDate: null,
  noExpiry: false,
  quantity: '',
  unitCost: '',
  supplierId: null,
  remark: '',
});

export function checkReceipt(form: ReceiptForm): Checked<ReceiptBody> {
  const cost = centsOfTyped(form.unitCost);
  const checked = checkWith(ReceiptBody, {
    itemId: form.itemId ?? '',
    batchNo: form.batchNo,
    expiryDate: form.noExpiry ? null : (form.expiryDate ?? null),
    quantity: typed(form.quantity),
    unitCostCents: 'cents' in cost ? cost.cents : 0,
    supplierId: form.supplierId,
    remark: form.remark,
  });
  const errors = checked.ok ? {} : { ...checked.errors };
  if (!form.noExpiry && !form.expiryDate)
    errors.expiryDate ??= i18n.t('inventory.receive.expiryRequired');
  if ('message' in cost) errors.unitCost = cost.message;
  if ('unitCostCents' in errors) {
    errors.unitCost ??= errors.unitCostCents;
    delete errors.unitCostCents;
  }
  if (!checked.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return checked;
}

export interface AdjustmentForm {
  batchId: string | null;
  direction: 'add' | 'remove';
  /** Units, always positive as typed; the direction gives the sign. */
  quantity: string;
  reason: string;
}

export const emptyAdjustment = (batchId: string | null = null): AdjustmentForm => ({
  batchId,
  direction: 'remove',
  quantity: '',
  reason: '',
});

/** The adjustment's body; a batch holding `onHand` may not be taken below zero. */
export function checkAdjustment(
  form: AdjustmentForm,
  onHand: number | null,
): Checked<AdjustmentBody> {
  const units = typed(form.quantity);
  const signed = typeof units === 'number' && form.direction === 'remove' ? -units : units;
  const checked = checkWith(AdjustmentBody, {
    batchId: form.batchId ?? '',
    quantity: signed,
    reason: form.reason,
  });
  const errors = checked.ok ? {} : { ...checked.errors };
  if (typeof units === 'number' && units < 0)
    errors.quantity = 'Please enter the units as a positive number and choose the direction.';
  if (typeof units === 'number' && form.direction === 'remove' && onHand !== null && units > onHand)
    errors.quantity ??= `This batch holds ${onHand}; an adjustment may not take it below zero.`;
  if (!checked.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return checked;
}

export interface SupplierForm {
  code: string;
  name: string;
  contactPerson: string;
  contactNo: string;
  email: string;
  address: string;
  isActive: boolean;
}

export const EMPTY_SUPPLIER: SupplierForm = {
  code: '',
  name: '',
  contactPerson: '',
  contactNo: '',
  email: '',
  address: '',
  isActive: true,
};

export function supplierFormOf(supplier: Supplier): SupplierForm {
  return {
    code: supplier.code,
    name: supplier.name,
    contactPerson: supplier.contactPerson ?? '',
    contactNo: supplier.contactNo ?? '',
    email: supplier.email ?? '',
    address: supplier.address ?? '',
    isActive: supplier.isActive,
  };
}

export function checkSupplier(form: SupplierForm): Checked<SupplierCreateBody> {
  return checkWith(SupplierCreateBody, form);
}

export function checkReorderLevel(
  text: string,
  version: number,
): Checked<{ reorderLevel: number; version: number }> {
  return checkWith(ReorderLevelBody, { reorderLevel: typed(text), version });
}
