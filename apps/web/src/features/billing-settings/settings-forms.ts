import { basisPointsOfPercent, type TaxOptionRecord } from '@clinic/domain';
import type {
  PaymentMethodCreate,
  PaymentMethodUpdate,
  TaxOptionCreate,
  TaxOptionUpdate,
} from './billing-settings-api.ts';

/**
 * The tax option and payment method forms as plain functions (tested without rendering):
 * rates typed in percent (up to 2 decimals), sent in basis points; texts trimmed. The
 * server checks every field again and names it when it refuses.
 */
export type FormRuleKey =
  | 'billingSettings.rules.codeRequired'
  | 'billingSettings.rules.nameRequired'
  | 'billingSettings.rules.percent'
  | 'billingSettings.rules.dateRequired'
  | 'billingSettings.rules.rateRequired';

type Checked<Body> =
  { ok: true; body: Body } | { ok: false; problems: Record<string, FormRuleKey> };

const checked = <Body>(problems: Record<string, FormRuleKey>, body: () => Body): Checked<Body> =>
  Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, body: body() };

/** '7', '8.25' → 700, 825; null for anything else or outside 0 to 100. */
export function basisPointsOfText(text: string): number | null {
  if (!/^\s*\d{1,3}(\.\d{1,2})?\s*$/.test(text)) return null;
  return basisPointsOfPercent(Number(text));
}

/** 700 → '7%', 825 → '8.25%'; '—' for no rate. */
export function percentText(basisPoints: number | null): string {
  return basisPoints === null ? '—' : `${basisPoints / 100}%`;
}

export type NewTaxValues = {
  code: string;
  name: string;
  ratePercent: string;
  effectiveFrom: string | null;
};

export function newTaxBody(values: NewTaxValues): Checked<TaxOptionCreate> {
  const problems: Record<string, FormRuleKey> = {};
  if (!values.code.trim()) problems.code = 'billingSettings.rules.codeRequired';
  if (!values.name.trim()) problems.name = 'billingSettings.rules.nameRequired';
  const rate = basisPointsOfText(values.ratePercent);
  if (rate === null) problems.ratePercent = 'billingSettings.rules.percent';
  if (!values.effectiveFrom) problems.effectiveFrom = 'billingSettings.rules.dateRequired';
  return checked(problems, () => ({
    code: values.code.trim(),
    name: values.name.trim(),
    rates: [{ effectiveFrom: values.effectiveFrom ?? '', rateBasisPoints: rate ?? 0 }],
  }));
}

export type TaxEditValues = {
  name: string;
  isActive: boolean;
  /** A new rate, with the date it takes effect: both empty adds none. */
  ratePercent: string;
  effectiveFrom: string | null;
};

export const taxEditValues = (option: TaxOptionRecord): TaxEditValues => ({
  name: option.name,
  isActive: option.isActive,
  ratePercent: '',
  effectiveFrom: null,
});

export function taxEditBody(values: TaxEditValues, version: number): Checked<TaxOptionUpdate> {
  const problems: Record<string, FormRuleKey> = {};
  if (!values.name.trim()) problems.name = 'billingSettings.rules.nameRequired';
  const rateTyped = values.ratePercent.trim() !== '';
  const rate = basisPointsOfText(values.ratePercent);
  if (rateTyped && rate === null) problems.ratePercent = 'billingSettings.rules.percent';
  if (rateTyped && !values.effectiveFrom)
    problems.effectiveFrom = 'billingSettings.rules.dateRequired';
  if (!rateTyped && values.effectiveFrom)
    problems.ratePercent = 'billingSettings.rules.rateRequired';
  return checked(problems, () => ({
    name: values.name.trim(),
    isActive: values.isActive,
    addRates:
      rate !== null && values.effectiveFrom
        ? [{ effectiveFrom: values.effectiveFrom, rateBasisPoints: rate }]
        : [],
    version,
  }));
}

/** The options with the one at `index` moved one place up (-1) or down (+1). */
export function movedOne<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

export type PaymentMethodValues = {
  code: string;
  name: string;
  givesChange: boolean;
  isActive: boolean;
};

export function paymentMethodBody(values: PaymentMethodValues): Checked<PaymentMethodCreate> {
  const problems: Record<string, FormRuleKey> = {};
  if (!values.code.trim()) problems.code = 'billingSettings.rules.codeRequired';
  if (!values.name.trim()) problems.name = 'billingSettings.rules.nameRequired';
  return checked(problems, () => ({
    code: values.code.trim(),
    name: values.name.trim(),
    givesChange: values.givesChange,
  }));
}

export function paymentMethodEditBody(
  values: PaymentMethodValues,
  version: number,
): Checked<PaymentMethodUpdate> {
  const problems: Record<string, FormRuleKey> = {};
  if (!values.name.trim()) problems.name = 'billingSettings.rules.nameRequired';
  return checked(problems, () => ({
    name: values.name.trim(),
    givesChange: values.givesChange,
    isActive: values.isActive,
    version,
  }));
}
