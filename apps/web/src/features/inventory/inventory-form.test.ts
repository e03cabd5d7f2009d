import { describe, expect, it } from 'vitest';
import {
  centsOfTyped,
  checkAdjustment,
  checkReceipt,
  checkReorderLevel,
  checkSupplier,
  EMPTY_SUPPLIER,
  emptyAdjustment,
  emptyReceipt,
} from './inventory-form.ts';

const ITEM = '00000000-0000-4000-8000-000000000001';
const BATCH = '00000000-0000-4000-8000-0000000000b1';

describe('the receipt form', () => {
  it('names every missing field, the expiry date included unless the item does not expire', () => {
    const checked = checkReceipt(emptyReceipt());
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(Object.keys(checked.errors).toSorted()).toEqual([
      'batchNo',
      'expiryDate',
      'itemId',
      'quantity',
    ]);
    expect(checked.errors.expiryDate).toBe(
      'Please enter the expiry date, or tick that the item does not expire.',
    );
    const noExpiry = checkReceipt({ ...emptyReceipt(ITEM), noExpiry: true });
    expect(noExpiry.ok ? {} : noExpiry.errors).not.toHaveProperty('expiryDate');
  });

  it('sends the cost typed in dollars as cents, and refuses more than 2 decimals', () => {
    const form = {
      ...emptyReceipt(ITEM),
      batchNo: 'AMX-1',
      expiryDate: '2031-12-31',
      quantity: '50',
      unitCost: '0.35',
    };
    expect(checkReceipt(form)).toEqual({
      ok: true,
      body: {
        itemId: ITEM,
        batchNo: 'AMX-1',
        expiryDate: '2031-12-31',
        quantity: 50,
        unitCostCents: 35,
        supplierId: null,
        remark: null,
      },
    });
    const refused = checkReceipt({ ...form, unitCost: '0.355' });
    expect(refused.ok ? {} : refused.errors).toEqual({
      unitCost: 'Please enter an amount in dollars, e.g. 12.50',
    });
    expect(centsOfTyped('')).toEqual({ cents: 0 });
    expect(centsOfTyped('1250.5')).toEqual({ cents: 125_050 });
    expect(checkReceipt({ ...form, quantity: '0' }).ok).toBe(false);
    expect(checkReceipt({ ...form, quantity: '2.5' }).ok).toBe(false);
  });
});

describe('the adjustment form', () => {
  const filled = { ...emptyAdjustment(BATCH), quantity: '5', reason: 'Broken strip' };

  it('takes stock away by default and adds it when asked, with the reason', () => {
    expect(checkAdjustment(filled, 50)).toEqual({
      ok: true,
      body: { batchId: BATCH, quantity: -5, reason: 'Broken strip' },
    });
    expect(checkAdjustment({ ...filled, direction: 'add' }, 50)).toMatchObject({
      ok: true,
      body: { quantity: 5 },
    });
  });

  it('refuses no reason, no batch, 0 units, and taking a batch below zero', () => {
    const none = checkAdjustment(emptyAdjustment(), null);
    expect(none.ok ? {} : none.errors).toMatchObject({
      batchId: 'batchId is required',
      reason: 'Please give the reason for the adjustment.',
    });
    expect(checkAdjustment({ ...filled, quantity: '0' }, 50).ok).toBe(false);
    const below = checkAdjustment({ ...filled, quantity: '60' }, 50);
    expect(below.ok ? {} : below.errors).toEqual({
      quantity: 'This batch holds 50; an adjustment may not take it below zero.',
    });
    expect(checkAdjustment({ ...filled, quantity: '60', direction: 'add' }, 50).ok).toBe(true);
  });
});

describe('the supplier and reorder level forms', () => {
  it('requires code and name and checks the email', () => {
    const empty = checkSupplier(EMPTY_SUPPLIER);
    expect(empty.ok ? {} : empty.errors).toEqual({
      code: 'Code is required',
      name: 'Name is required',
    });
    const email = checkSupplier({ ...EMPTY_SUPPLIER, code: 'Z', name: 'Z', email: 'not-mail' });
    expect(email.ok ? {} : email.errors).toEqual({ email: 'Please enter a valid email address' });
  });

  it('takes a whole reorder level with its version', () => {
    expect(checkReorderLevel('12', 3)).toEqual({
      ok: true,
      body: { reorderLevel: 12, version: 3 },
    });
    expect(checkReorderLevel('-1', 0).ok).toBe(false);
    expect(checkReorderLevel('', 0).ok).toBe(false);
  });
});
