import {
  basisPointsOfPercent,
  formatCents,
  INVOICE_QUANTITY_MAX,
  parseMoney,
  type DiscountInput,
  type Invoice,
  type billingApi,
  type CallInput,
  type RoundingMode,
  type SchemeVisitKind,
} from '@clinic/domain';

/**
 * The draft invoice's form, as plain functions of what the inputs hold (text as typed:
 * money in dollars, discounts in dollars or percent), tested without rendering. `draftBody`
 * gives the `PUT /invoices/{id}` body in cents and basis points, or the problems by field
 * path (`lines.0.quantity`) as text keys; the server checks the same again.
 */

/** The body as sent (the schema's input). */
export type InvoiceUpdateBody = CallInput<typeof billingApi.invoiceUpdate>['body'];

export type DiscountKind = DiscountInput['kind'];

export type DraftRuleKey =
  | 'billing.rules.quantityWhole'
  | 'billing.rules.moneyDollars'
  | 'billing.rules.percent'
  | 'billing.rules.taxOption'
  | 'billing.rules.billToName';

export type DraftProblems = Record<string, DraftRuleKey>;

export interface DraftLine {
  id: string;
  quantity: string;
  /** Dollars as typed. */
  unitPrice: string;
  discountKind: DiscountKind;
  /** Dollars or percent as typed; empty for none. */
  discount: string;
}

export type DraftValues = {
  lines: DraftLine[];
  discountKind: DiscountKind;
  discount: string;
  roundingMode: RoundingMode;
  /** Null: the clinic's default option (the first), filled in when read. */
  taxOptionCode: string | null;
  billToCompany: boolean;
  /** The company of the clinic picked (its id), or null for a name typed. */
  billToCompanyId: string | null;
  billToName: string;
  billToAddress: string;
  remarks: string;
  /** YYYY-MM-DD or null. */
  dueDate: string | null;
  /** The scheme visit kind (features/subsidies), or no subsidy. */
  subsidyVisitKind: SchemeVisitKind | 'none';
};

/** A stored discount as typed: dollars, or percent from basis points. */
function discountText(discount: Invoice['discount']): string {
  if (!discount) return '';
  return discount.kind === 'amount' ? formatCents(discount.value) : String(discount.value / 100);
}

/** The form's values of a saved draft. */
export function draftValues(invoice: Invoice): DraftValues {
  const company = invoice.billTo.kind === 'company';
  return {
    lines: invoice.lines.map((line) => ({
      id: line.id,
      quantity: String(line.quantity),
      unitPrice: formatCents(line.unitPriceCents),
      discountKind: line.discount?.kind ?? 'amount',
      discount: discountText(line.discount),
    })),
    discountKind: invoice.discount?.kind ?? 'amount',
    discount: discountText(invoice.discount),
    roundingMode: invoice.roundingMode,
    taxOptionCode: invoice.taxOption.code,
    billToCompany: company,
    billToCompanyId: company ? invoice.billTo.companyId : null,
    billToName: company ? invoice.billTo.name : '',
    billToAddress: company ? (invoice.billTo.address ?? '') : '',
    remarks: invoice.remarks ?? '',
    dueDate: invoice.dueDate,
    subsidyVisitKind: invoice.subsidy?.visitKind ?? 'none',
  };
}

type Parsed<T> = { ok: true; value: T } | { ok: false; problem: DraftRuleKey };

function discountOf(kind: DiscountKind, text: string): Parsed<DiscountInput | null> {
  if (text.trim() === '') return { ok: true, value: null };
  if (kind === 'amount') {
    const money = parseMoney(text);
    return money.ok
      ? { ok: true, value: { kind, value: money.cents } }
      : { ok: false, problem: 'billing.rules.moneyDollars' };
  }
  const points = /^\s*\d+(\.\d+)?\s*$/.test(text) ? basisPointsOfPercent(Number(text)) : null;
  return points === null
    ? { ok: false, problem: 'billing.rules.percent' }
    : { ok: true, value: { kind, value: points } };
}

function quantityOf(text: string): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const quantity = Number(text);
  return quantity <= INVOICE_QUANTITY_MAX ? quantity : null;
}

/** The body of `PUT /invoices/{id}` from the form, or what is wrong by field. */
export function draftBody(
  values: DraftValues,
  version: number,
  defaultTaxOption: string | null,
): { ok: true; body: InvoiceUpdateBody } | { ok: false; problems: DraftProblems } {
  const problems: DraftProblems = {};
  const lineEdits = values.lines.map((line, index) => {
    const quantity = quantityOf(line.quantity);
    if (quantity === null) problems[`lines.${index}.quantity`] = 'billing.rules.quantityWhole';
    const price = parseMoney(line.unitPrice);
    if (!price.ok) problems[`lines.${index}.unitPrice`] = 'billing.rules.moneyDollars';
    const discount = discountOf(line.discountKind, line.discount);
    if (!discount.ok) problems[`lines.${index}.discount`] = discount.problem;
    return {
      id: line.id,
      quantity: quantity ?? 0,
      unitPriceCents: price.ok ? price.cents : 0,
      discount: discount.ok ? discount.value : null,
    };
  });
  const invoiceDiscount = discountOf(values.discountKind, values.discount);
  if (!invoiceDiscount.ok) problems.discount = invoiceDiscount.problem;
  const taxOptionCode = values.taxOptionCode ?? defaultTaxOption;
  if (!taxOptionCode) problems.taxOptionCode = 'billing.rules.taxOption';
  const billToName = values.billToName.trim();
  if (values.billToCompany && !billToName) problems.billToName = 'billing.rules.billToName';
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  const address = values.billToAddress.trim();
  return {
    ok: true,
    body: {
      version,
      lineEdits,
      invoiceDiscount: invoiceDiscount.ok ? invoiceDiscount.value : null,
      billTo: values.billToCompany
        ? {
            ...(values.billToCompanyId ? { companyId: values.billToCompanyId } : {}),
            name: billToName,
            ...(address ? { address } : {}),
          }
        : null,
      ...(values.remarks.trim() ? { remarks: values.remarks.trim() } : {}),
      dueDate: values.dueDate,
      roundingMode: values.roundingMode,
      taxOptionCode: taxOptionCode ?? '',
      subsidyVisitKind: values.subsidyVisitKind === 'none' ? null : values.subsidyVisitKind,
    },
  };
}

const SERVER_FIELDS: ReadonlyArray<[RegExp, (match: RegExpExecArray) => string]> = [
  [/^lineEdits\.(\d+)\.quantity/, (m) => `lines.${m[1]}.quantity`],
  [/^lineEdits\.(\d+)\.unitPriceCents/, (m) => `lines.${m[1]}.unitPrice`],
  [/^lineEdits\.(\d+)\.discount/, (m) => `lines.${m[1]}.discount`],
  [/^invoiceDiscount/, () => 'discount'],
  [/^billTo\.companyId/, () => 'billToCompanyId'],
  [/^billTo\.name/, () => 'billToName'],
  [/^billTo\.address/, () => 'billToAddress'],
  [/^(dueDate|taxOptionCode|remarks|roundingMode|subsidyVisitKind)$/, (m) => m[1] ?? ''],
];

/**
 * The form's field of a field the server named in a refusal (`lineEdits.0.unitPriceCents`
 * is `lines.0.unitPrice`: every line is sent, in the form's order); null when it has none.
 */
export function formFieldOf(serverField: string): string | null {
  for (const [pattern, field] of SERVER_FIELDS) {
    const match = pattern.exec(serverField);
    if (match) return field(match);
  }
  return null;
}
