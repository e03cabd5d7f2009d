import { SEEDED_PAYMENT_METHODS } from '@clinic/domain';
import { describe, expect, it } from 'vitest';
import { draftBody, type DraftValues } from './invoice-form.ts';
import { tenderSummary, type TenderRow } from './tender-form.ts';

const LINE = '44444444-0000-4000-8000-000000000001';

const values = (overrides: Partial<DraftValues> = {}): DraftValues => ({
  lines: [{ id: LINE, quantity: '3', unitPrice: '12.5', discountKind: 'amount', discount: '' }],
  discountKind: 'percent',
  discount: '',
  roundingMode: 'none',
  taxOptionCode: null,
  billToCompany: false,
  billToCompanyId: null,
  billToName: '',
  billToAddress: '',
  remarks: '  ',
  dueDate: null,
  subsidyVisitKind: 'none',
  ...overrides,
});

describe("the draft invoice's body", () => {
  it('is in cents and basis points, with the default tax option when none is chosen', () => {
    expect(draftBody(values({ discount: '8.25' }), 4, 'TAX')).toEqual({
      ok: true,
      body: {
        version: 4,
        lineEdits: [{ id: LINE, quantity: 3, unitPriceCents: 1250, discount: null }],
        invoiceDiscount: { kind: 'percent', value: 825 },
        billTo: null,
        dueDate: null,
        roundingMode: 'none',
        taxOptionCode: 'TAX',
        subsidyVisitKind: null,
      },
    });
  });

  it('sends the chosen subsidy visit kind, and null for no subsidy', () => {
    const chosen = draftBody(values({ subsidyVisitKind: 'chronicSimple' }), 1, 'TAX');
    expect(chosen.ok && chosen.body.subsidyVisitKind).toBe('chronicSimple');
  });

  it('bills a company of the clinic by its id, with the name and address shown', () => {
    const company = '55555555-0000-4000-8000-000000000001';
    const checked = draftBody(
      values({
        billToCompany: true,
        billToCompanyId: company,
        billToName: 'Acme Pte Ltd',
        billToAddress: '1 Raffles Pl',
      }),
      1,
      'TAX',
    );
    expect(checked.ok && checked.body.billTo).toEqual({
      companyId: company,
      name: 'Acme Pte Ltd',
      address: '1 Raffles Pl',
    });
  });

  it('bills a company by name and address', () => {
    const checked = draftBody(
      values({ billToCompany: true, billToName: ' Acme Pte Ltd ', billToAddress: '1 Raffles Pl' }),
      1,
      'TAX',
    );
    expect(checked.ok && checked.body.billTo).toEqual({
      name: 'Acme Pte Ltd',
      address: '1 Raffles Pl',
    });
  });

  it('names each field that is wrong, never rounding a fraction of a cent', () => {
    const checked = draftBody(
      values({
        lines: [
          {
            id: LINE,
            quantity: '-1',
            unitPrice: '1.005',
            discountKind: 'percent',
            discount: '101',
          },
        ],
        discountKind: 'amount',
        discount: 'ten',
        billToCompany: true,
      }),
      1,
      null,
    );
    expect(checked).toEqual({
      ok: false,
      problems: {
        'lines.0.quantity': 'billing.rules.quantityWhole',
        'lines.0.unitPrice': 'billing.rules.moneyDollars',
        'lines.0.discount': 'billing.rules.percent',
        discount: 'billing.rules.moneyDollars',
        taxOptionCode: 'billing.rules.taxOption',
        billToName: 'billing.rules.billToName',
      },
    });
  });
});

const rows = (...tenders: Array<[string, string]>): TenderRow[] =>
  tenders.map(([method, amount], key) => ({ key, method, amount }));

describe('the tenders of a payment', () => {
  it('gives change from cash only, after the other methods', () => {
    expect(
      tenderSummary(rows(['nets', '25'], ['cash', '30']), 5000, SEEDED_PAYMENT_METHODS),
    ).toEqual({
      ok: true,
      tenders: [
        { method: 'nets', amountCents: 2500 },
        { method: 'cash', amountCents: 3000 },
      ],
      tenderedCents: 5500,
      appliedCents: 5000,
      changeCents: 500,
      balanceAfterCents: 0,
    });
  });

  it('leaves out empty rows and says why it would be refused', () => {
    const methods = SEEDED_PAYMENT_METHODS;
    expect(tenderSummary(rows(['cash', '']), 5000, methods)).toMatchObject({
      ok: false,
      problem: 'nothingTendered',
    });
    expect(tenderSummary(rows(['card', '50.01']), 5000, methods)).toMatchObject({
      ok: false,
      problem: 'nonCashAboveBalance',
      tenderedCents: 5001,
    });
    expect(tenderSummary(rows(['cash', '1.234']), 5000, methods)).toMatchObject({
      ok: false,
      problem: 'amountInvalid',
      tenderedCents: null,
    });
  });
});
