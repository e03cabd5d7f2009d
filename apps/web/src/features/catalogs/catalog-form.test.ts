import { CATALOG_MESSAGES, type CatalogItemRecord } from '@clinic/domain';
import { describe, expect, it } from 'vitest';
import {
  catalogFormOf,
  checkCatalogItem,
  dollarsToCents,
  emptyCatalogForm,
  percentToBasisPoints,
  type CatalogForm,
} from './catalog-form.ts';

const LABELS = { sellingPrice: 'Selling price ($)', cost: 'Cost ($)' };

function medication(overrides: Partial<CatalogForm> = {}): CatalogForm {
  return {
    ...emptyCatalogForm('Med'),
    code: 'PCM500',
    name: 'Paracetamol 500 mg tablet',
    strength: '500',
    strengthUnit: 'MG',
    dispensingUnit: 'TAB',
    sellingPrice: '0.20',
    ...overrides,
  };
}

function errorsOf(values: CatalogForm) {
  const checked = checkCatalogItem(values, LABELS);
  return checked.ok ? {} : checked.errors;
}

describe('catalog item form: money typed in dollars, sent in cents', () => {
  it('reads dollars with up to 2 decimals, a $ sign and thousands commas', () => {
    expect(dollarsToCents('12.5', 'Price')).toEqual({ value: 1250 });
    expect(dollarsToCents('$1,234.05', 'Price')).toEqual({ value: 123405 });
    expect(dollarsToCents(' 0.10 ', 'Price')).toEqual({ value: 10 });
    expect(dollarsToCents('', 'Price')).toEqual({ value: null });
  });

  it('refuses a third decimal, a sign, words and more than $1,000,000', () => {
    for (const typed of ['1.005', '-1', 'ten', '1e3'])
      expect(dollarsToCents(typed, 'Price')).toEqual({
        error: 'Price must be an amount in dollars with at most 2 decimals',
      });
    expect(dollarsToCents('1000000.01', 'Price')).toEqual({
      error: 'Price cannot exceed $1,000,000.00',
    });
  });

  it('reads tax in percent as basis points', () => {
    expect(percentToBasisPoints('9')).toEqual({ value: 900 });
    expect(percentToBasisPoints('8.25%')).toEqual({ value: 825 });
    expect(percentToBasisPoints('')).toEqual({ value: 0 });
    expect(percentToBasisPoints('101')).toHaveProperty('error');
  });

  it('sends the price, cost and tax of a valid medication in cents and basis points', () => {
    const checked = checkCatalogItem(
      medication({ sellingPrice: '12.50', cost: '3.2', taxPercent: '9' }),
      LABELS,
    );
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.body).toMatchObject({
      type: 'Med',
      code: 'PCM500',
      sellingPriceCents: 1250,
      costCents: 320,
      taxBasisPoints: 900,
      strength: 500,
      strengthUnit: 'MG',
      dispensingUnit: 'TAB',
      category: null,
    });
  });
});

describe('catalog item form: the rules, in the server words', () => {
  it('needs a code, a name and a selling price', () => {
    expect(errorsOf({ ...emptyCatalogForm('Service') })).toEqual({
      code: 'Code is required',
      name: 'Name is required',
      sellingPrice: 'Selling price ($) must be an amount in dollars with at most 2 decimals',
    });
  });

  it('needs a dispensing unit for a medication or a vaccine', () => {
    expect(errorsOf(medication({ dispensingUnit: null }))).toEqual({
      dispensingUnit: CATALOG_MESSAGES.dispensingUnitRequired,
    });
    expect(
      errorsOf({ ...medication({ dispensingUnit: null }), type: 'Vaccine' }).dispensingUnit,
    ).toBe(CATALOG_MESSAGES.dispensingUnitRequired);
  });

  it('flags the missing half of a strength or a default dose, as the server does', () => {
    expect(errorsOf(medication({ strengthUnit: null }))).toEqual({
      strengthUnit: CATALOG_MESSAGES.strengthIncomplete,
    });
    expect(errorsOf(medication({ strength: '' }))).toEqual({
      strength: CATALOG_MESSAGES.strengthIncomplete,
    });
    expect(errorsOf(medication({ defaultDose: '2' }))).toEqual({
      defaultDoseUnit: CATALOG_MESSAGES.doseIncomplete,
    });
  });

  it('refuses a strength that is not a positive number with at most 3 decimals', () => {
    expect(errorsOf(medication({ strength: '0.1234' })).strength).toBe(
      'strength must be a number above 0 with at most 3 decimals',
    );
    expect(errorsOf(medication({ strength: 'abc' })).strength).toBeDefined();
    expect(errorsOf(medication({ defaultDurationDays: '0' })).defaultDurationDays).toBe(
      'defaultDurationDays must be a whole number from 1 to 365',
    );
  });

  it('checks barcodes: 8 to 14 digits, each once', () => {
    expect(errorsOf(medication({ upcCodes: '1234567' })).upcCodes).toBe(
      'A barcode (UPC/EAN) has 8 to 14 digits',
    );
    expect(errorsOf(medication({ upcCodes: '12345678\n12345678' })).upcCodes).toBe(
      CATALOG_MESSAGES.upcTwice,
    );
    const checked = checkCatalogItem(medication({ upcCodes: '12345678\n 9555000000012 ' }), LABELS);
    expect(checked.ok && checked.body.upcCodes).toEqual(['12345678', '9555000000012']);
  });

  it('sends no dosing fields for a service, whatever the form held', () => {
    const checked = checkCatalogItem(
      { ...medication(), type: 'Service', whitelistDrugId: 'x', code: 'CONS', name: 'Consult' },
      LABELS,
    );
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.body).toMatchObject({
      type: 'Service',
      strength: null,
      strengthUnit: null,
      dispensingUnit: null,
      whitelistDrugId: null,
    });
  });

  it('gives back what it read: an item read from the server saves unchanged', () => {
    const item: CatalogItemRecord = {
      id: '00000000-0000-4000-8000-000000000001',
      type: 'Med',
      code: 'AMX500',
      name: 'Amoxicillin 500 mg capsule',
      category: 'Antibiotics',
      strength: 500,
      strengthUnit: 'MG',
      dispensingUnit: 'CAP',
      defaultDose: 1,
      defaultDoseUnit: 'CAP',
      defaultConsumeMethod: 'PO',
      defaultFrequency: 'TDS',
      defaultDurationDays: 5,
      defaultInstructions: 'Finish the course',
      sellingPriceCents: 45,
      costCents: 12,
      procurement: 'Private',
      taxBasisPoints: 900,
      whitelistDrugId: null,
      brandDrugName: null,
      isActive: true,
      components: [],
      upcCodes: ['9555000000012'],
      version: 3,
      updatedAt: 0,
      branch: null,
      priceCents: 45,
      available: true,
    };
    const form = catalogFormOf(item);
    expect(form.sellingPrice).toBe('0.45');
    expect(form.taxPercent).toBe('9');
    const checked = checkCatalogItem(form, LABELS);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    const { id, brandDrugName, version, updatedAt, branch, priceCents, available, ...fields } =
      item;
    expect(checked.body).toEqual(fields);
    expect([id, brandDrugName, version, updatedAt, branch, priceCents, available]).toHaveLength(7);
  });
});
