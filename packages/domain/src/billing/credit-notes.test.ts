import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditNoteAmountProblem, invoiceBalance, maxCreditNoteCents } from './balance.ts';
import {
  creditNoteTypeName,
  CREDIT_NOTE_TYPE_BY_NAME,
  formatCreditNoteNo,
  formatDepositNo,
} from './credit-notes-rules.ts';
import {
  depositApplicationProblem,
  depositRefundProblem,
  depositRemainderCents,
  linePayableCents,
  maxDepositApplicationCents,
  returnableQuantity,
  returnedBefore,
  returnedValueCents,
  voidKeepsCreditCovered,
  type ReturnableLine,
} from './credit-notes.ts';

describe('deposits and credit notes', () => {
  it('numbers CN-000001 and DEP-000001; types keep doc 3’s numbers', () => {
    expect(formatCreditNoteNo(1)).toBe('CN-000001');
    expect(formatDepositNo(42)).toBe('DEP-000042');
    expect(CREDIT_NOTE_TYPE_BY_NAME).toEqual({ deposit: 1, goodsReturn: 2, invoice: 3 });
    expect([1, 2, 3].map((type) => creditNoteTypeName(type as 1 | 2 | 3))).toEqual([
      'deposit',
      'goodsReturn',
      'invoice',
    ]);
  });

  it('a $100 deposit with $30 applied and $20 given back has $50 left', () => {
    expect(
      depositRemainderCents({ amountCents: 10_000, appliedCents: 3_000, refundedCents: 2_000 }),
    ).toBe(5_000);
    expect(() =>
      depositRemainderCents({ amountCents: 100, appliedCents: 80, refundedCents: 30 }),
    ).toThrow(RangeError);
    expect(() =>
      depositRemainderCents({ amountCents: 100.5, appliedCents: 0, refundedCents: 0 }),
    ).toThrow(RangeError);
  });

  it('an application takes at most the remainder and the balance; refunds the remainder', () => {
    const limits = { remainderCents: 5_000, balanceCents: 3_000 };
    expect(maxDepositApplicationCents(limits)).toBe(3_000);
    expect(depositApplicationProblem(3_000, limits)).toBeNull();
    expect(depositApplicationProblem(3_001, limits)).toBe('aboveBalance');
    expect(depositApplicationProblem(5_001, limits)).toBe('aboveRemainder');
    expect(depositApplicationProblem(0, limits)).toBe('amountNotPositive');
    expect(depositApplicationProblem(-5, limits)).toBe('amountNotPositive');
    expect(depositApplicationProblem(1.5, limits)).toBe('amountNotPositive');
    expect(depositRefundProblem(5_000, 5_000)).toBeNull();
    expect(depositRefundProblem(5_001, 5_000)).toBe('aboveRemainder');
    expect(depositRefundProblem(0, 5_000)).toBe('amountNotPositive');
  });

  it('a void is refused when what stays paid would not cover the credit notes', () => {
    expect(
      voidKeepsCreditCovered({ paidCents: 10_000, creditedCents: 4_000, voidedCents: 6_000 }),
    ).toBe(true);
    expect(
      voidKeepsCreditCovered({ paidCents: 10_000, creditedCents: 4_000, voidedCents: 6_001 }),
    ).toBe(false);
    expect(() =>
      voidKeepsCreditCovered({ paidCents: 100, creditedCents: 0, voidedCents: 101 }),
    ).toThrow(RangeError);
  });

  it('applications and refunds never take a deposit below zero (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(
          fc.record({
            kind: fc.constantFrom('apply', 'refund'),
            amount: fc.integer({ min: -10, max: 400_000 }),
            balance: fc.integer({ min: 0, max: 400_000 }),
          }),
          { maxLength: 12 },
        ),
        (amountCents, attempts) => {
          let appliedCents = 0;
          let refundedCents = 0;
          for (const { kind, amount, balance } of attempts) {
            const remainderCents = depositRemainderCents({
              amountCents,
              appliedCents,
              refundedCents,
            });
            if (kind === 'apply') {
              const problem = depositApplicationProblem(amount, {
                remainderCents,
                balanceCents: balance,
              });
              if (problem === null) {
                expect(amount).toBeLessThanOrEqual(
                  maxDepositApplicationCents({ remainderCents, balanceCents: balance }),
                );
                appliedCents += amount;
              }
            } else if (depositRefundProblem(amount, remainderCents) === null) {
              refundedCents += amount;
            }
          }
          const left = depositRemainderCents({ amountCents, appliedCents, refundedCents });
          expect(left + appliedCents + refundedCents).toBe(amountCents);
          expect(left).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('credit notes allowed by the rule never credit more than was paid (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.array(fc.integer({ min: -5, max: 500_000 }), { maxLength: 10 }),
        (grandTotalCents, paidShare, attempts) => {
          const paidCents = Math.floor((grandTotalCents * paidShare) / 100);
          let creditedCents = 0;
          for (const amount of attempts) {
            if (creditNoteAmountProblem(amount, { paidCents, creditedCents }) === null) {
              creditedCents += amount;
            }
          }
          expect(creditedCents).toBeLessThanOrEqual(paidCents);
          expect(maxCreditNoteCents({ paidCents, creditedCents })).toBe(paidCents - creditedCents);
          const balance = invoiceBalance({ grandTotalCents, paidCents, creditedCents });
          expect(balance).toBe(Math.max(0, grandTotalCents - paidCents - creditedCents));
          // A void allowed by the rule keeps the credit notes covered by what stays paid.
          if (voidKeepsCreditCovered({ paidCents, creditedCents, voidedCents: paidCents })) {
            expect(creditedCents).toBe(0);
          }
        },
      ),
    );
  });
});

describe('goods returned', () => {
  const line = (quantity: number, billed: Partial<ReturnableLine> = {}): ReturnableLine => ({
    id: 'line-1',
    quantity,
    subtotalCents: 1000,
    invoiceDiscountShareCents: 0,
    taxCents: 70,
    subsidyCents: 0,
    ...billed,
  });

  it('3 of 10 tablets billed $10.00 + $0.70 tax are worth $3.21 (half a cent up)', () => {
    expect(returnedValueCents(line(10), 3)).toBe(321);
    expect(returnedValueCents(line(10), 10)).toBe(1070);
    expect(returnedValueCents(line(10), 0)).toBe(0);
  });

  it('a line billed less its discount share and subsidy is worth what it billed', () => {
    const covered = line(4, { invoiceDiscountShareCents: 100, subsidyCents: 500 });
    expect(linePayableCents(covered)).toBe(470);
    expect(returnedValueCents(covered, 2)).toBe(235);
    expect(linePayableCents(line(1, { subsidyCents: 5000 }))).toBe(0);
  });

  it('never offers more than the line billed, and all its units are worth exactly that', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        (quantity, subtotalCents, returned) => {
          const billed = line(quantity, { subtotalCents, taxCents: 0 });
          const value = returnedValueCents(billed, returned);
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(subtotalCents);
          expect(returnedValueCents(billed, quantity)).toBe(subtotalCents);
        },
      ),
    );
  });

  it('counts earlier returns of notes not voided; what is left never goes below 0', () => {
    const before = returnedBefore([
      { type: 'goodsReturn', status: 'ISSUED', lines: [{ lineId: 'line-1', quantity: 2 }] },
      { type: 'goodsReturn', status: 'VOIDED', lines: [{ lineId: 'line-1', quantity: 5 }] },
      { type: 'goodsReturn', status: 'ISSUED', lines: [{ lineId: 'line-1', quantity: 1 }] },
      { type: 'invoice', status: 'ISSUED', lines: [] },
    ]);
    expect(before.get('line-1')).toBe(3);
    expect(returnableQuantity({ id: 'line-1', quantity: 10 }, before)).toBe(7);
    expect(returnableQuantity({ id: 'line-1', quantity: 2 }, before)).toBe(0);
    expect(returnableQuantity({ id: 'line-2', quantity: 4 }, before)).toBe(4);
  });
});
