import type { Purchase, PurchaseCreateBody, Vendor } from '@clinic/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initApi } from '../../api/clients.ts';
import '../../i18n/index.ts';
import { checkReceipt, receiptValues } from './purchase-form.ts';
import { PurchaseEditor } from './PurchaseEditor.tsx';
import { purchasingKeys } from './purchasing-api.ts';

const vendor: Vendor = {
  id: '00000000-0000-4000-8000-0000000000a1',
  code: 'ZP',
  name: 'Zuellig Pharma',
  address: null,
  phone: null,
  fax: null,
  salesRep: null,
  email: null,
  isActive: true,
};

const line = {
  id: '00000000-0000-4000-8000-000000000011',
  lineNo: 1,
  itemId: '00000000-0000-4000-8000-000000000021',
  itemCode: 'AMX500',
  itemName: 'Amoxicillin 500 mg capsule',
  dispensingUnit: 'cap',
  quantity: 100,
  receivedQuantity: 40,
  unitCostCents: 12,
  taxRateBasisPoints: 900,
  subtotalCents: 1200,
  taxCents: 108,
  totalCents: 1308,
};

function order(overrides: Partial<Purchase> = {}): Purchase {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    purchaseNo: 'PO-000007',
    supplier: { id: vendor.id, code: vendor.code, name: vendor.name },
    status: 'DRAFT',
    statusCode: 1,
    orderDate: '2026-11-27',
    supplierPo: null,
    terms: null,
    remark: null,
    voidReason: null,
    lineCount: 1,
    quantity: 100,
    receivedQuantity: 0,
    lines: [{ ...line, receivedQuantity: 0 }],
    subtotalCents: 1200,
    taxCents: 108,
    grandTotalCents: 1308,
    receipts: [],
    version: 1,
    createdAt: 0,
    updatedAt: 0,
    confirmedAt: null,
    voidedAt: null,
    ...overrides,
  };
}

function showEditor(saved: Purchase | null, onSave: (body: PurchaseCreateBody) => Promise<void>) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  client.setQueryData(purchasingKeys.items(''), []);
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <PurchaseEditor order={saved} vendors={[vendor]} mayEdit onSave={onSave} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeEach(() => initApi({ apiBaseURI: 'http://127.0.0.1:9/api/v1', apiBaseURI2: undefined }));
afterEach(() => document.body.replaceChildren());

describe('the purchase order editor', () => {
  it('refuses to save without a supplier, naming the field, and sends nothing', async () => {
    const sent: PurchaseCreateBody[] = [];
    showEditor(null, async (body) => void sent.push(body));
    await userEvent.click(screen.getByRole('button', { name: 'Create purchase order' }));
    expect(await screen.findByText('Please choose a supplier.')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('totals the lines live in cents and sends quantities, cents and basis points', async () => {
    const sent: PurchaseCreateBody[] = [];
    showEditor(order(), async (body) => void sent.push(body));
    expect(screen.getByTestId('grand-total').textContent).toContain('13.08');
    const quantity = screen.getByRole('textbox', {
      name: 'Quantity of Amoxicillin 500 mg capsule',
    });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '250');
    const cost = screen.getByRole('textbox', {
      name: 'Unit cost of Amoxicillin 500 mg capsule (dollars)',
    });
    await userEvent.clear(cost);
    await userEvent.type(cost, '0.15');
    // 250 x 15 cents = 37.50, tax 9% = 3.375 -> 3.38 (half up), 40.88 in all.
    expect(screen.getByTestId('grand-total').textContent).toContain('40.88');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(sent).toEqual([
      expect.objectContaining({
        supplierId: vendor.id,
        lines: [{ itemId: line.itemId, quantity: 250, unitCostCents: 15, taxRateBasisPoints: 900 }],
      }),
    ]);
  });

  it('marks a quantity that is not whole and a cost that is not dollars', async () => {
    const sent: PurchaseCreateBody[] = [];
    showEditor(order(), async (body) => void sent.push(body));
    const quantity = screen.getByRole('textbox', {
      name: 'Quantity of Amoxicillin 500 mg capsule',
    });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '2.5');
    const cost = screen.getByRole('textbox', {
      name: 'Unit cost of Amoxicillin 500 mg capsule (dollars)',
    });
    await userEvent.clear(cost);
    await userEvent.type(cost, '1.234');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(screen.getByText('Please enter a whole quantity of at least 1.')).toBeTruthy();
    expect(screen.getByText('Please enter the unit cost in dollars, e.g. 1.25.')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('shows a confirmed order read-only with what was received', () => {
    showEditor(order({ status: 'PARTIALLY', statusCode: 4, lines: [line] }), async () => {});
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Add an item' })).toBeNull();
    const quantity = screen.getByRole('textbox', {
      name: 'Quantity of Amoxicillin 500 mg capsule',
    });
    expect(quantity.hasAttribute('readonly')).toBe(true);
    expect(screen.getByText('40 / 100')).toBeTruthy();
  });
});

describe('the receive rules', () => {
  it('offers what remains and refuses more, or a line without its batch', () => {
    const values = receiptValues(order({ status: 'PARTIALLY', lines: [line] }), '2026-11-28');
    expect(values.rows).toEqual([
      expect.objectContaining({ remaining: 60, quantity: '60', batchNo: '' }),
    ]);
    expect(checkReceipt(values)).toEqual({
      ok: false,
      problems: { 'rows.0.batchNo': 'purchasing.rules.batchRequired' },
    });
    const over = { ...values, rows: [{ ...values.rows[0]!, quantity: '61', batchNo: 'L1' }] };
    expect(checkReceipt(over)).toEqual({
      ok: false,
      problems: { 'rows.0.quantity': 'purchasing.rules.overReceipt' },
    });
    const fine = {
      ...values,
      rows: [{ ...values.rows[0]!, quantity: '20', batchNo: ' L1 ', expiryDate: '2028-01-31' }],
    };
    expect(checkReceipt(fine)).toEqual({
      ok: true,
      body: expect.objectContaining({
        receivedDate: '2026-11-28',
        lines: [
          {
            purchaseLineId: line.id,
            batchNo: 'L1',
            expiryDate: '2028-01-31',
            quantity: 20,
            unitCostCents: null,
          },
        ],
      }),
    });
  });
});
