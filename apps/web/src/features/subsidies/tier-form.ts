import {
  basisPointsOfPercent,
  formatCents,
  parseMoney,
  SCHEME_VISIT_KINDS,
  type SchemeVisitKind,
  type SubsidyTierItem,
} from '@clinic/domain';
import type { TierUpdateBody } from './subsidies-api.ts';

/**
 * The tier editor's form as plain functions (tested without rendering): caps typed in
 * dollars (empty: none), the drug subsidy in percent; the body in cents and basis points.
 */
type Caps = Record<SchemeVisitKind, string>;

export type TierValues = {
  name: string;
  perVisit: Caps;
  annual: Caps;
  drugPercent: string;
  absorbsDrugGst: boolean;
  isActive: boolean;
};

export type TierRuleKey =
  'subsidy.tiers.moneyRule' | 'subsidy.tiers.percentRule' | 'subsidy.tiers.nameRule';

const capsText = (caps: SubsidyTierItem['perVisitCapCents']): Caps =>
  Object.fromEntries(
    SCHEME_VISIT_KINDS.map((kind) => [kind, caps[kind] === null ? '' : formatCents(caps[kind])]),
  ) as Caps;

export function tierValues(tier: SubsidyTierItem): TierValues {
  return {
    name: tier.name,
    perVisit: capsText(tier.perVisitCapCents),
    annual: capsText(tier.annualCapCents),
    drugPercent: String(tier.drugSubsidyBasisPoints / 100),
    absorbsDrugGst: tier.absorbsDrugGst,
    isActive: tier.isActive,
  };
}

/** The body of `PUT /settings/subsidies/{id}`, or the problems by field path. */
export function tierBody(
  values: TierValues,
  version: number,
): { ok: true; body: TierUpdateBody } | { ok: false; problems: Record<string, TierRuleKey> } {
  const problems: Record<string, TierRuleKey> = {};
  const caps = (group: 'perVisit' | 'annual') =>
    Object.fromEntries(
      SCHEME_VISIT_KINDS.map((kind) => {
        const text = values[group][kind];
        if (text.trim() === '') return [kind, null];
        const money = parseMoney(text);
        if (!money.ok) problems[`${group}.${kind}`] = 'subsidy.tiers.moneyRule';
        return [kind, money.ok ? money.cents : null];
      }),
    ) as Record<SchemeVisitKind, number | null>;
  const perVisitCapCents = caps('perVisit');
  const annualCapCents = caps('annual');
  const percent = /^\s*\d+(\.\d+)?\s*$/.test(values.drugPercent)
    ? basisPointsOfPercent(Number(values.drugPercent))
    : null;
  if (percent === null || percent > 10_000) problems.drugPercent = 'subsidy.tiers.percentRule';
  if (!values.name.trim()) problems.name = 'subsidy.tiers.nameRule';
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return {
    ok: true,
    body: {
      version,
      name: values.name.trim(),
      perVisitCapCents,
      annualCapCents,
      drugSubsidyBasisPoints: percent ?? 0,
      absorbsDrugGst: values.absorbsDrugGst,
      isActive: values.isActive,
    },
  };
}
