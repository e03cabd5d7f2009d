import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sumCents } from './money.ts';
import { applyTenders, SEEDED_PAYMENT_METHODS, type Tender } from './payments.ts';

describe('tenders across methods with change for cash', () => {
  it('seeds cash, NETS, credit card, PayNow and cheque; only cash gives change', () => {
    expect(SEEDED_PAYMENT_METHODS.map((m) => [m.code, m.name, m.givesChange])).toEqual([
      ['cash', 'Cash', true],
      ['nets', 'NETS', false],
      ['card', 'Credit Card', false],
      ['paynow', 'PayNow', false],
      ['cheque', 'Cheque', false],
    ]);
  });

  it('a $41.53 bill paid $20 by NETS and a $50 note gives $28.47 change', () => {
    expect(
      applyTenders(
        [
          { method: 'nets', amountCents: 2_000 },
          { method: 'cash', amountCents: 5_000 },
        ],
        4_153,
      ),
    ).toEqual({
      ok: true,
      applied: [
        { method: 'nets', amountCents: 2_000 },
        { method: 'cash', amountCents: 2_153 },
      ],
      appliedCents: 4_153,
      changeCents: 2_847,
    });
  });

  it('takes less than the balance as a partial payment, without change', () => {
    expect(applyTenders([{ method: 'paynow', amountCents: 1_000 }], 4_000)).toEqual({
      ok: true,
      applied: [{ method: 'paynow', amountCents: 1_000 }],
      appliedCents: 1_000,
      changeCents: 0,
    });
  });

  it('gives all the cash back as change when card pays the whole bill', () => {
    expect(
      applyTenders(
        [
          { method: 'card', amountCents: 3_000 },
          { method: 'cash', amountCents: 500 },
        ],
        3_000,
      ),
    ).toEqual({
      ok: true,
      applied: [{ method: 'card', amountCents: 3_000 }],
      appliedCents: 3_000,
      changeCents: 500,
    });
  });

  it('refuses non-cash above the balance, unknown methods, bad amounts and nothing tendered', () => {
    const refuse = (tenders: Tender[], balance = 3_000) => applyTenders(tenders, balance);
    expect(
      refuse([
        { method: 'nets', amountCents: 2_000 },
        { method: 'card', amountCents: 1_001 },
      ]),
    ).toEqual({ ok: false, problem: 'nonCashAboveBalance' });
    expect(refuse([{ method: 'bitcoin', amountCents: 100 }])).toEqual({
      ok: false,
      problem: 'unknownMethod',
    });
    expect(refuse([{ method: 'cash', amountCents: 10.5 }])).toEqual({
      ok: false,
      problem: 'amountInvalid',
    });
    expect(refuse([{ method: 'cash', amountCents: -100 }])).toEqual({
      ok: false,
      problem: 'amountInvalid',
    });
    expect(refuse([{ method: 'cash', amountCents: 0 }])).toEqual({
      ok: false,
      problem: 'nothingTendered',
    });
  });

  it('never applies more than the balance; tendered = applied + change (property)', () => {
    const tenderArb = fc.record({
      method: fc.constantFrom('cash', 'nets', 'card', 'paynow', 'cheque'),
      amountCents: fc.integer({ min: 0, max: 100_000 }),
    });
    fc.assert(
      fc.property(
        fc.array(tenderArb, { maxLength: 6 }),
        fc.integer({ min: 0, max: 200_000 }),
        (tenders, balance) => {
          const result = applyTenders(tenders, balance);
          if (!result.ok) return;
          const tendered = sumCents(tenders.map((t) => t.amountCents));
          expect(result.appliedCents + result.changeCents).toBe(tendered);
          expect(result.appliedCents).toBeLessThanOrEqual(balance);
          const cash = sumCents(
            tenders.filter((t) => t.method === 'cash').map((t) => t.amountCents),
          );
          expect(result.changeCents).toBeLessThanOrEqual(cash);
          if (tendered >= balance) expect(result.appliedCents).toBe(balance);
          else expect(result.changeCents).toBe(0);
        },
      ),
    );
  });
});
