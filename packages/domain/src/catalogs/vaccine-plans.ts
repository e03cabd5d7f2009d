import { z } from 'zod';
import {
  cacheBusters,
  fromQuery,
  optionalText,
  requiredId,
  requiredText,
  versionField,
  wholeNumber,
} from '../common/fields.ts';
import { CYCLE_UNITS } from '../prescriptions/prescription-line.ts';
import {
  CATALOG_PAGE_SIZE,
  CATALOG_PAGE_SIZE_MAX,
  VACCINE_PLAN_AGE_MONTHS_MAX,
  VACCINE_PLAN_DOSES_MAX,
  VACCINE_PLAN_INTERVAL_MAX,
} from './catalog-rules.ts';

/**
 * Vaccine plans (doc 1 sections 2.4, 2.5 `catalogs/vaccine-plans`): a vaccine of the
 * clinic's catalog and its doses, each due an interval after the previous one or at an
 * age. The chronic-care issue schedules a patient's doses from them.
 */

const UNIT_TEXT = `intervalUnit must be one of ${CYCLE_UNITS.join(', ')}`;

export const VaccineDoseInput = z.strictObject({
  name: requiredText('Dose name is required', 100, 'Dose name cannot exceed 100 characters'),
  intervalValue: wholeNumber('intervalValue', 1, VACCINE_PLAN_INTERVAL_MAX)
    .nullable()
    .default(null),
  intervalUnit: z.enum(CYCLE_UNITS, { error: UNIT_TEXT }).nullable().default(null),
  ageMonths: wholeNumber('ageMonths', 0, VACCINE_PLAN_AGE_MONTHS_MAX).nullable().default(null),
});
export type VaccineDoseInput = z.infer<typeof VaccineDoseInput>;

const planFields = {
  name: requiredText('Name is required', 200, 'Name cannot exceed 200 characters'),
  /** The vaccine (a catalog item of type Vaccine). */
  itemId: requiredId('itemId is required', 'itemId must be a catalog item id'),
  isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
  doses: z
    .array(VaccineDoseInput, { error: 'doses must be a list of doses' })
    .min(1, 'A vaccine plan needs at least one dose')
    .max(VACCINE_PLAN_DOSES_MAX, `A vaccine plan has at most ${VACCINE_PLAN_DOSES_MAX} doses`),
};

export const VaccinePlanCreateBody = z.strictObject(planFields);
export type VaccinePlanCreateBody = z.infer<typeof VaccinePlanCreateBody>;
export const VaccinePlanUpdateBody = z.strictObject({ ...planFields, version: versionField() });
export type VaccinePlanUpdateBody = z.infer<typeof VaccinePlanUpdateBody>;

export const VaccinePlanIdParams = z.strictObject({ id: z.uuid('id must be a vaccine plan id') });

export const VaccinePlanListQuery = z.strictObject({
  keyword: optionalText(100, 'keyword cannot exceed 100 characters'),
  isActive: fromQuery(
    z
      .enum(['true', 'false'], { error: 'isActive must be true or false' })
      .transform((value) => value === 'true')
      .optional(),
  ),
  pageIndex: fromQuery(wholeNumber('pageIndex', 1).default(1)),
  pageSize: fromQuery(wholeNumber('pageSize', 1, CATALOG_PAGE_SIZE_MAX).default(CATALOG_PAGE_SIZE)),
  ...cacheBusters,
});
export type VaccinePlanListQuery = z.infer<typeof VaccinePlanListQuery>;

export const VaccineDose = z.object({
  /** 1 for the first dose, in order. */
  doseNumber: z.int(),
  name: z.string(),
  intervalValue: z.int().nullable(),
  intervalUnit: z.enum(CYCLE_UNITS).nullable(),
  ageMonths: z.int().nullable(),
});
export type VaccineDose = z.infer<typeof VaccineDose>;

export const VaccinePlan = z.object({
  id: z.uuid(),
  name: z.string(),
  itemId: z.uuid(),
  itemCode: z.string(),
  itemName: z.string(),
  isActive: z.boolean(),
  doses: z.array(VaccineDose),
  version: z.int(),
  updatedAt: z.int(),
});
export type VaccinePlan = z.infer<typeof VaccinePlan>;
