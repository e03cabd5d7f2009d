import {
  CATALOG_MESSAGES,
  VaccinePlanCreateBody,
  vaccineDoseProblems,
  type CycleUnit,
  type VaccinePlan,
} from '@clinic/domain';
import { checkWith, type Checked, type FieldErrors } from '../../components/form/field-errors.ts';
import { i18n } from '../../i18n/index.ts';
import '../../i18n/catalogs/index.ts';

/** A dose as its inputs hold it ('' for empty). */
export interface DoseRow {
  name: string;
  intervalValue: string;
  intervalUnit: CycleUnit | null;
  ageMonths: string;
}

export interface VaccinePlanForm {
  name: string;
  itemId: string | null;
  isActive: boolean;
  doses: DoseRow[];
}

export const newDose = (number: number): DoseRow => ({
  name: i18n.t('catalog.plans.form.defaultDoseName', { number }),
  intervalValue: '',
  intervalUnit: null,
  ageMonths: '',
});

export function emptyPlanForm(): VaccinePlanForm {
  return { name: '', itemId: null, isActive: true, doses: [newDose(1)] };
}

const text = (value: number | null) => (value === null ? '' : String(value));

export function planFormOf(plan: VaccinePlan): VaccinePlanForm {
  return {
    name: plan.name,
    itemId: plan.itemId,
    isActive: plan.isActive,
    doses: plan.doses.map((dose) => ({
      name: dose.name,
      intervalValue: text(dose.intervalValue),
      intervalUnit: dose.intervalUnit,
      ageMonths: text(dose.ageMonths),
    })),
  };
}

/** A typed whole number ('' is null); anything else is left to the schema's message. */
function typed(value: string): number | string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** A typed value as the timing rules see it: given or not (a wrong one is the schema's). */
const given = (value: number | string | null) =>
  value === null ? null : typeof value === 'number' ? value : Number.NaN;

/**
 * Every message of the plan at once, or the body to send: the domain's schema and the
 * rules between the doses' fields (`vaccineDoseProblems`), both worded as the server.
 */
export function checkVaccinePlan(values: VaccinePlanForm): Checked<VaccinePlanCreateBody> {
  const doses = values.doses.map((dose) => ({
    name: dose.name,
    intervalValue: typed(dose.intervalValue),
    intervalUnit: dose.intervalUnit,
    ageMonths: typed(dose.ageMonths),
  }));
  const checked = checkWith(VaccinePlanCreateBody, {
    name: values.name,
    itemId: values.itemId ?? '',
    isActive: values.isActive,
    doses,
  });
  const errors: FieldErrors = checked.ok ? {} : { ...checked.errors };
  const timing = doses.map((dose) => ({
    intervalValue: given(dose.intervalValue),
    intervalUnit: dose.intervalUnit,
    ageMonths: given(dose.ageMonths),
  }));
  for (const problem of vaccineDoseProblems(timing))
    errors[`doses.${problem.index}.${problem.field}`] ??= CATALOG_MESSAGES[problem.message];
  if (Object.keys(errors).length > 0 || !checked.ok) return { ok: false, errors };
  return { ok: true, body: checked.body };
}
