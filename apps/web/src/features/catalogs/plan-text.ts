import type { VaccineDose, VaccinePlan } from '@clinic/domain';
import { i18n } from '../../i18n/index.ts';
import '../../i18n/catalogs/index.ts';

/** When a dose is due, in words: 'at the start', '1 month after', 'at 12 months of age'. */
export function doseTimingText(dose: VaccineDose): string {
  if (dose.intervalValue !== null && dose.intervalUnit !== null)
    return i18n.t('catalog.plans.timing.after', {
      value: dose.intervalValue,
      unit:
        dose.intervalValue === 1
          ? i18n.t(`catalog.plans.unit.${dose.intervalUnit}`)
          : i18n.t(`catalog.plans.units.${dose.intervalUnit}`),
    });
  if (dose.ageMonths !== null) return i18n.t('catalog.plans.timing.age', { value: dose.ageMonths });
  return i18n.t('catalog.plans.timing.start');
}

/** A plan's doses in one line: '1. Dose 1 (at the start); 2. Dose 2 (1 month after)'. */
export function dosesText(plan: VaccinePlan): string {
  return plan.doses
    .map((dose) =>
      i18n.t('catalog.plans.dose', {
        number: dose.doseNumber,
        name: dose.name,
        timing: doseTimingText(dose),
      }),
    )
    .join('; ');
}
