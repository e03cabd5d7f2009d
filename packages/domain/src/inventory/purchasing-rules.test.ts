import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refusalMessage } from '../common/refusals.ts';
import {
  formatPurchaseNo,
  formatReceivedNo,
  PURCHASE_STATUS,
  purchaseActions,
  purchaseLineAmounts,
  purchaseTotals,
  purchaseTransition,
  receiptProblems,
  statusAfterReceipt,
  type OrderedLine,
} from './purchasing-rules.ts';

const none = { lineCount: 1, receivedQuantity: 0 };

describe('purchase order transitions', () => {
  it('keeps the spec numbers of the statuses', () => {
    expect(PURCHASE_STATUS).toEqual({
      VOIDED: -1,
      DRAFT: 1,
      STOCKED: 2,
      CONFIRMED: 3,
      PARTIALLY: 4,
    });
  });

  it('edits and confirms only a draft, and confirms only one with lines', () => {
    expect(purchaseTransition('DRAFT', 'edit', none)).toEqual({ ok: true, to: 'DRAFT' });
    expect(purchaseTransition('DRAFT', 'confirm', none)).toEqual({ ok: true, to: 'CONFIRMED' });
    expect(purchaseTransition('DRAFT', 'confirm', { lineCount: 0, receivedQuantity: 0 })).toEqual({
      ok: false,
      reason: 'noLines',
    });
    for (const status of ['CONFIRMED', 'PARTIALLY', 'STOCKED', 'VOIDED'] as const) {
      expect(purchaseTransition(status, 'edit', none)).toEqual({ ok: false, reason: 'notDraft' });
      expect(purchaseTransition(status, 'confirm', none)).toEqual({
        ok: false,
        reason: 'notDraft',
      });
    }
  });

  it('receives only a confirmed or partly received order', () => {
    expect(purchaseTransition('CONFIRMED', 'receive', none).ok).toBe(true);
    expect(purchaseTransition('PARTIALLY', 'receive', none).ok).toBe(true);
    for (const status of ['DRAFT', 'STOCKED', 'VOIDED'] as const) {
      expect(purchaseTransition(status, 'receive', none)).toEqual({
        ok: false,
        reason: 'notReceivable',
      });
    }
  });

  it('voids only while nothing has been received', () => {
    expect(purchaseTransition('DRAFT', 'void', none)).toEqual({ ok: true, to: 'VOIDED' });
    expect(purchaseTransition('CONFIRMED', 'void', none)).toEqual({ ok: true, to: 'VOIDED' });
    expect(purchaseTransition('PARTIALLY', 'void', { lineCount: 1, receivedQuantity: 3 })).toEqual({
      ok: false,
      reason: 'receivedCannotVoid',
    });
    expect(purchaseTransition('STOCKED', 'void', none).ok).toBe(false);
    expect(purchaseTransition('VOIDED', 'void', none)).toEqual({
      ok: false,
      reason: 'alreadyVoided',
    });
  });

  it('offers the buttons of each status', () => {
    expect(purchaseActions('DRAFT', none)).toEqual({
      edit: true,
      confirm: true,
      receive: false,
      void: true,
    });
    expect(purchaseActions('PARTIALLY', { lineCount: 1, receivedQuantity: 1 })).toEqual({
      edit: false,
      confirm: false,
      receive: true,
      void: false,
    });
  });

  it('is stocked once every line is received in full, partly otherwise', () => {
    expect(statusAfterReceipt([{ quantity: 10, receivedQuantity: 10 }])).toBe('STOCKED');
    expect(
      statusAfterReceipt([
        { quantity: 10, receivedQuantity: 10 },
        { quantity: 5, receivedQuantity: 4 },
      ]),
    ).toBe('PARTIALLY');
  });
});

describe('receipts against the order', () => {
  const ordered: OrderedLine[] = [
    { id: 'a', itemName: 'Paracetamol', quantity: 100, receivedQuantity: 60 },
    { id: 'b', itemName: 'Amoxicillin', quantity: 20, receivedQuantity: 20 },
  ];

  it('accepts what remains, in one batch or several', () => {
    expect(receiptProblems([{ purchaseLineId: 'a', quantity: 40 }], ordered)).toEqual([]);
    expect(
      receiptProblems(
        [
          { purchaseLineId: 'a', quantity: 25 },
          { purchaseLineId: 'a', quantity: 15 },
        ],
        ordered,
      ),
    ).toEqual([]);
  });

  it('refuses over-receipt naming the line, and lines not on the order', () => {
    expect(
      receiptProblems(
        [
          { purchaseLineId: 'a', quantity: 30 },
          { purchaseLineId: 'x', quantity: 1 },
          { purchaseLineId: 'a', quantity: 11 },
          { purchaseLineId: 'b', quantity: 1 },
        ],
        ordered,
      ),
    ).toEqual([
      { field: 'lines.1.purchaseLineId', code: 'purchase.lineUnknown' },
      { field: 'lines.2.quantity', code: 'purchase.overReceipt', values: ['Paracetamol', 40, 41] },
      { field: 'lines.3.quantity', code: 'purchase.overReceipt', values: ['Amoxicillin', 0, 1] },
    ]);
    expect(refusalMessage('purchase.overReceipt', 'Paracetamol', 40, 41)).toBe(
      'Only 40 of Paracetamol remain to be received on this order; 41 asked for.',
    );
    expect(refusalMessage('purchase.overReceipt', 'Amoxicillin', 0, 1)).toBe(
      'Amoxicillin has been received in full on this order; 1 more asked for.',
    );
  });

  it('never lets a series of accepted receipts exceed the order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.array(fc.integer({ min: 1, max: 200 }), { maxLength: 20 }),
        (quantity, deliveries) => {
          const line: OrderedLine = { id: 'a', itemName: 'X', quantity, receivedQuantity: 0 };
          for (const delivery of deliveries) {
            const problems = receiptProblems([{ purchaseLineId: 'a', quantity: delivery }], [line]);
            const fits = line.receivedQuantity + delivery <= quantity;
            expect(problems.length === 0).toBe(fits);
            if (fits) line.receivedQuantity += delivery;
          }
          expect(line.receivedQuantity).toBeLessThanOrEqual(quantity);
        },
      ),
    );
  });
});

describe('purchase money', () => {
  it('rounds each line tax half up and sums the lines', () => {
    const a = purchaseLineAmounts({ quantity: 3, unitCostCents: 333, taxRateBasisPoints: 900 });
    expect(a).toEqual({ subtotalCents: 999, taxCents: 90, totalCents: 1089 });
    const b = purchaseLineAmounts({ quantity: 1, unitCostCents: 50, taxRateBasisPoints: 900 });
    expect(b).toEqual({ subtotalCents: 50, taxCents: 5, totalCents: 55 });
    expect(purchaseTotals([a, b])).toEqual({
      subtotalCents: 1049,
      taxCents: 95,
      grandTotalCents: 1144,
    });
    expect(purchaseTotals([])).toEqual({ subtotalCents: 0, taxCents: 0, grandTotalCents: 0 });
  });

  it('keeps the grand total the sum of the line totals', () => {
    const line = fc.record({
      quantity: fc.integer({ min: 1, max: 10_000 }),
      unitCostCents: fc.integer({ min: 0, max: 1_000_000 }),
      taxRateBasisPoints: fc.integer({ min: 0, max: 10_000 }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const amounts = lines.map(purchaseLineAmounts);
        const totals = purchaseTotals(amounts);
        expect(totals.grandTotalCents).toBe(
          amounts.reduce((sum, amount) => sum + amount.totalCents, 0),
        );
      }),
    );
  });
});

describe('document numbers', () => {
  it('pads the branch sequence to six digits', () => {
    expect(formatPurchaseNo(1)).toBe('PO-000001');
    expect(formatPurchaseNo(1234567)).toBe('PO-1234567');
    expect(formatReceivedNo(42)).toBe('GRN-000042');
  });
});
