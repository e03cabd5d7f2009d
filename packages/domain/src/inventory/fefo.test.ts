import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  batchExpiryStatus,
  compareByExpiry,
  INVENTORY_REFUSAL_FORMATS,
  isBatchDispensable,
  pickBatchesFefo,
  type StockBatch,
} from './fefo.ts';

const batch = (id: string, expiryDate: string | null, quantityOnHand: number): StockBatch => ({
  id,
  batchNo: `B-${id}`,
  expiryDate,
  quantityOnHand,
});

const today = '2026-11-25';
const stock = [
  batch('late', '2027-06-30', 100),
  batch('today', '2026-11-25', 40),
  batch('expired', '2026-10-31', 30),
  batch('soon', '2026-12-31', 8),
  batch('none', null, 500),
  batch('empty', '2026-12-01', 0),
];

describe('FEFO batch selection', () => {
  it('takes the earliest unexpired expiry first, then the next', () => {
    expect(pickBatchesFefo(stock, 20, today)).toEqual({
      kind: 'picked',
      picks: [
        { batchId: 'soon', batchNo: 'B-soon', expiryDate: '2026-12-31', quantity: 8 },
        { batchId: 'late', batchNo: 'B-late', expiryDate: '2027-06-30', quantity: 12 },
      ],
    });
  });

  it('never dispenses a batch expiring today or earlier; undated batches come last', () => {
    expect(isBatchDispensable({ expiryDate: today }, today)).toBe(false);
    expect(isBatchDispensable({ expiryDate: '2026-11-26' }, today)).toBe(true);
    expect(isBatchDispensable({ expiryDate: null }, today)).toBe(true);
    const result = pickBatchesFefo(stock, 110, today);
    expect(result.kind === 'picked' && result.picks.map((p) => [p.batchId, p.quantity])).toEqual([
      ['soon', 8],
      ['late', 100],
      ['none', 2],
    ]);
  });

  it('refuses a shortage naming what can be dispensed and what is expired', () => {
    const dated = stock.filter((b) => b.expiryDate !== null);
    expect(pickBatchesFefo(dated, 109, today)).toEqual({
      kind: 'short',
      shortage: { requested: 109, available: 108, expiredOnHand: 70 },
    });
    expect(
      INVENTORY_REFUSAL_FORMATS['inventory.stockShort']('Paracetamol 500mg', 108, 109, 'TAB'),
    ).toBe('Only 108 TAB of Paracetamol 500mg left in unexpired stock; 109 asked for.');
    expect(pickBatchesFefo([batch('x', '2026-01-01', 5)], 1, today)).toEqual({
      kind: 'short',
      shortage: { requested: 1, available: 0, expiredOnHand: 5 },
    });
    expect(
      INVENTORY_REFUSAL_FORMATS['inventory.stockShort']('Paracetamol 500mg', 0, 1, 'TAB'),
    ).toBe('Paracetamol 500mg is out of stock: no unexpired TAB left (1 asked for).');
  });

  it('refuses a quantity that is not a whole number above 0, and a bad date, by field', () => {
    expect(pickBatchesFefo(stock, 0, today)).toEqual({
      kind: 'invalid',
      problems: [{ field: 'quantity', key: 'quantityWhole' }],
    });
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(pickBatchesFefo(stock, bad, today).kind).toBe('invalid');
    }
    expect(pickBatchesFefo(stock, null, '2026-13-01')).toEqual({
      kind: 'invalid',
      problems: [
        { field: 'quantity', key: 'quantityRequired' },
        { field: 'clinicDate', key: 'clinicDateInvalid' },
      ],
    });
  });

  it('throws on a batch with a negative or fractional on-hand (the ledger never gives one)', () => {
    expect(() => pickBatchesFefo([batch('bad', null, -1)], 1, today)).toThrow(RangeError);
    expect(() => pickBatchesFefo([batch('bad', null, 0.5)], 1, today)).toThrow(RangeError);
    expect(() => pickBatchesFefo([batch('bad', '2026-02-30', 1)], 1, today)).toThrow(RangeError);
  });

  it('breaks ties of expiry by batch number, then id', () => {
    const tied = [
      batch('b', '2027-01-01', 1),
      { ...batch('a', '2027-01-01', 1), batchNo: 'B-b' },
      batch('c', '2027-01-01', 1),
    ];
    expect([...tied].sort(compareByExpiry).map((b) => b.id)).toEqual(['a', 'b', 'c']);
  });

  it('tells expired, near expiry, unexpired and undated batches apart', () => {
    expect(batchExpiryStatus('2026-11-25', today, 90)).toBe('expired');
    expect(batchExpiryStatus('2026-11-26', today, 90)).toBe('nearExpiry');
    expect(batchExpiryStatus('2027-02-23', today, 90)).toBe('nearExpiry');
    expect(batchExpiryStatus('2027-02-24', today, 90)).toBe('unexpired');
    expect(batchExpiryStatus(null, today, 90)).toBe('noExpiry');
  });
});

/** Dates around the clinic's date, as 'YYYY-MM-DD'. */
const day0 = Date.UTC(2026, 10, 25) / 86_400_000;
const dateOf = (offset: number) =>
  new Date((day0 + offset) * 86_400_000).toISOString().slice(0, 10);
const batches = fc
  .array(
    fc.record({
      batchNo: fc.constantFrom('A1', 'A2', 'B7', 'C3'),
      expiry: fc.option(fc.integer({ min: -60, max: 400 }), { nil: null }),
      quantityOnHand: fc.integer({ min: 0, max: 60 }),
    }),
    { maxLength: 12 },
  )
  .map((list) =>
    list.map((b, i) => ({
      id: `batch-${i}`,
      batchNo: b.batchNo,
      expiryDate: b.expiry === null ? null : dateOf(b.expiry),
      quantityOnHand: b.quantityOnHand,
    })),
  );
const clinicOffsets = fc.integer({ min: -10, max: 10 });
const expiryKey = (date: string | null) => date ?? '9999-12-31';

describe('FEFO batch selection: properties', () => {
  it('picks exactly the request, never more than on hand, never an expired batch, earliest first', () => {
    fc.assert(
      fc.property(
        batches,
        fc.integer({ min: 1, max: 400 }),
        clinicOffsets,
        (stockList, quantity, offset) => {
          const clinicDate = dateOf(offset);
          const result = pickBatchesFefo(stockList, quantity, clinicDate);
          const byId = new Map(stockList.map((b) => [b.id, b]));
          const available = stockList
            .filter((b) => isBatchDispensable(b, clinicDate))
            .reduce((sum, b) => sum + b.quantityOnHand, 0);
          if (result.kind === 'short') {
            expect(result.shortage.available).toBe(available);
            expect(available).toBeLessThan(quantity);
            return;
          }
          expect(result.kind).toBe('picked');
          if (result.kind !== 'picked') return;
          expect(available).toBeGreaterThanOrEqual(quantity);
          const picks = result.picks;
          // The sum equals the request; each pick is of a real batch, at least 1, at most its on-hand.
          expect(picks.reduce((sum, p) => sum + p.quantity, 0)).toBe(quantity);
          expect(new Set(picks.map((p) => p.batchId)).size).toBe(picks.length);
          for (const pick of picks) {
            const source = byId.get(pick.batchId)!;
            expect(pick.quantity).toBeGreaterThanOrEqual(1);
            expect(pick.quantity).toBeLessThanOrEqual(source.quantityOnHand);
            expect(pick.expiryDate).toBe(source.expiryDate);
            // Never an expired batch (nor one expiring on the clinic's date).
            expect(pick.expiryDate === null || pick.expiryDate > clinicDate).toBe(true);
          }
          // Earliest expiry first: the picks are in expiry order, and any unexpired batch not
          // emptied expires no earlier than every batch picked.
          for (let i = 1; i < picks.length; i += 1) {
            expect(expiryKey(picks[i - 1]!.expiryDate) <= expiryKey(picks[i]!.expiryDate)).toBe(
              true,
            );
          }
          const taken = new Map(picks.map((p) => [p.batchId, p.quantity]));
          const latestPicked = expiryKey(picks[picks.length - 1]!.expiryDate);
          for (const b of stockList) {
            if (!isBatchDispensable(b, clinicDate)) continue;
            if ((taken.get(b.id) ?? 0) < b.quantityOnHand) {
              expect(expiryKey(b.expiryDate) >= latestPicked).toBe(true);
            }
          }
          // Only the last batch picked may be left partly used.
          for (const pick of picks.slice(0, -1)) {
            expect(pick.quantity).toBe(byId.get(pick.batchId)!.quantityOnHand);
          }
        },
      ),
    );
  });

  it('does not depend on the order the batches come in', () => {
    fc.assert(
      fc.property(
        batches,
        fc.integer({ min: 1, max: 200 }),
        clinicOffsets,
        (stockList, quantity, offset) => {
          const clinicDate = dateOf(offset);
          expect(pickBatchesFefo([...stockList].reverse(), quantity, clinicDate)).toEqual(
            pickBatchesFefo(stockList, quantity, clinicDate),
          );
        },
      ),
    );
  });

  it('never answers a quantity that is not a whole number above 0 with picks', () => {
    fc.assert(
      fc.property(
        batches,
        fc.oneof(fc.integer({ max: 0 }), fc.double({ noInteger: true }), fc.constant(Number.NaN)),
        (stockList, bad) => {
          expect(pickBatchesFefo(stockList, bad, today)).toEqual({
            kind: 'invalid',
            problems: [{ field: 'quantity', key: 'quantityWhole' }],
          });
        },
      ),
    );
  });
});
