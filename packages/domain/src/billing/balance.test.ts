import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  creditNoteAmountProblem,
  finalisedInvoiceStatus,
  INVOICE_STATUS,
  invoiceBalance,
  invoiceStatusLabel,
  maxCreditNoteCents,
  maxPaymentCents,
  PAYMENT_STATUS,
  paymentAmountProblem,
  paymentStatusLabel,
  settledPaymentsCents,
  type FinalisedInvoice,
} from './balance.ts';

const invoice = (partial: Partial<FinalisedInvoice>): FinalisedInvoice => ({
  grandTotalCents: 10_000,
  paidCents: 0,
  creditedCents: 0,
  voided: false,
  dueDate: '2024-05-15',
  today: '2024-05-01',
  ...partial,
});

describe('invoice balance and status', () => {
  it('keeps the spec’s status numbers and labels', () => {
    expect(INVOICE_STATUS).toEqual({
      Overdue: -2,
      Voided: -1,
      Draft: 0,
      Issued: 1,
      PartiallyPaid: 3,
      FullyPaid: 4,
      FOC: 5,
    });
    expect([-2, -1, 0, 1, 3, 4, 5, 2].map(invoiceStatusLabel)).toEqual([
      'OVERDUE',
      'VOIDED',
      'DRAFT',
      'ISSUED',
      'PARTIALLY',
      'FULLY',
      'FOC',
      'UNKNOWN',
    ]);
    expect(PAYMENT_STATUS).toEqual({ Voided: -1, Paid: 0 });
    expect([-1, 0, 1].map(paymentStatusLabel)).toEqual(['VOIDED', 'SETTLED', 'UNKNOWN']);
  });

  it('a $100 invoice with $60 paid and a $10 credit note has $30 left; overpaid is 0', () => {
    expect(invoiceBalance(invoice({ paidCents: 6_000, creditedCents: 1_000 }))).toBe(3_000);
    expect(invoiceBalance(invoice({ paidCents: 10_000, creditedCents: 1_000 }))).toBe(0);
    expect(() => invoiceBalance(invoice({ paidCents: -1 }))).toThrow(RangeError);
  });

  it('counts settled payments only', () => {
    expect(
      settledPaymentsCents([
        { amountCents: 2_000, status: PAYMENT_STATUS.Paid },
        { amountCents: 5_000, status: PAYMENT_STATUS.Voided },
        { amountCents: 500, status: PAYMENT_STATUS.Paid },
      ]),
    ).toBe(2_500);
  });

  it('answers the status of a finalised invoice from its figures', () => {
    expect(finalisedInvoiceStatus(invoice({}))).toBe(INVOICE_STATUS.Issued);
    expect(finalisedInvoiceStatus(invoice({ paidCents: 1 }))).toBe(INVOICE_STATUS.PartiallyPaid);
    expect(finalisedInvoiceStatus(invoice({ paidCents: 10_000 }))).toBe(INVOICE_STATUS.FullyPaid);
    expect(finalisedInvoiceStatus(invoice({ paidCents: 9_000, creditedCents: 1_000 }))).toBe(
      INVOICE_STATUS.FullyPaid,
    );
    expect(finalisedInvoiceStatus(invoice({ grandTotalCents: 0 }))).toBe(INVOICE_STATUS.FOC);
    expect(finalisedInvoiceStatus(invoice({ voided: true, paidCents: 10_000 }))).toBe(
      INVOICE_STATUS.Voided,
    );
    expect(finalisedInvoiceStatus(invoice({ today: '2024-05-15' }))).toBe(INVOICE_STATUS.Issued);
    expect(finalisedInvoiceStatus(invoice({ today: '2024-05-16', paidCents: 1 }))).toBe(
      INVOICE_STATUS.Overdue,
    );
    expect(finalisedInvoiceStatus(invoice({ today: '2024-05-16', paidCents: 10_000 }))).toBe(
      INVOICE_STATUS.FullyPaid,
    );
    expect(finalisedInvoiceStatus(invoice({ dueDate: null, today: '2099-01-01' }))).toBe(
      INVOICE_STATUS.Issued,
    );
  });

  it('a payment takes at most the balance; a credit note at most what was paid less earlier notes', () => {
    const money = { grandTotalCents: 10_000, paidCents: 6_000, creditedCents: 1_000 };
    expect(maxPaymentCents(money)).toBe(3_000);
    expect(paymentAmountProblem(3_000, money)).toBeNull();
    expect(paymentAmountProblem(3_001, money)).toBe('amountAboveBalance');
    expect(paymentAmountProblem(0, money)).toBe('amountNotPositive');
    expect(paymentAmountProblem(10.5, money)).toBe('amountNotPositive');
    expect(maxCreditNoteCents(money)).toBe(5_000);
    expect(creditNoteAmountProblem(5_000, money)).toBeNull();
    expect(creditNoteAmountProblem(5_001, money)).toBe('amountAbovePaid');
    expect(creditNoteAmountProblem(-1, money)).toBe('amountNotPositive');
    expect(maxCreditNoteCents({ paidCents: 0, creditedCents: 0 })).toBe(0);
  });

  it('payments up to the most allowed never leave a negative balance (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 1, max: 200_000 }), { maxLength: 10 }),
        (grandTotalCents, attempts) => {
          let paidCents = 0;
          for (const amount of attempts) {
            const money = { grandTotalCents, paidCents, creditedCents: 0 };
            if (paymentAmountProblem(amount, money) === null) paidCents += amount;
          }
          expect(paidCents).toBeLessThanOrEqual(grandTotalCents);
          const balance = invoiceBalance({ grandTotalCents, paidCents, creditedCents: 0 });
          expect(balance).toBe(grandTotalCents - paidCents);
        },
      ),
    );
  });
});
