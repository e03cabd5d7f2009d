/**
 * The prescribing API's schemas (issue 12 'Prescribing'; doc 2 sections 2.10, 3 and 7
 * `visits/{visitId}/prescriptions/medication`): a line as the editor sends it, a saved
 * line as the API answers it, the referral's medication list, the visit's totals.
 *
 * Decisions where the spec is silent (ours):
 * - The body names the catalog item; the code, name, strength unit, dispensing unit, unit
 *   price and tax come from the catalog (the caller's branch's price), never from the
 *   client. The consume unit and method default to the item's and must be active codes of
 *   the clinic's lists.
 * - Numbers the rules refuse (a negative dose, a quantity of 2.5) pass the schema as
 *   numbers and are refused by the line rules with their own words, by field.
 * - A combo item expands into one line per component, each from the component's default
 *   dosing, dispensing the combo's quantity.
 */
import { z } from 'zod';
import { clinicalRecords } from '../accounts/clinical.ts';
import { cacheBusters, optionalText, requiredId, versionField } from '../common/fields.ts';
import { singleLineString } from '../common/text.ts';
import {
  CYCLE_UNITS,
  OVERRIDE_REASON_MAX,
  PRESCRIPTION_MESSAGES as M,
  PRESCRIPTION_TEXT_MAX,
} from './prescription-line.ts';

/** Words of the prescribing API's own refusals (ours: the spec names none). */
export const PRESCRIBING_MESSAGES = {
  notFound: 'This prescription line does not exist.',
  itemRequired: 'Please choose an item from the catalog.',
  itemUnknown: 'This item is not in the catalog.',
  itemNotPrescribable: 'Only medications, vaccines and combo items can be prescribed.',
  itemUnavailable: 'This item is switched off in the catalog of this branch.',
  consumeUmUnknown: 'Please choose a unit from the list.',
  consumeMethodUnknown: 'Please choose a consume method from the list.',
  comboIncomplete:
    'A medicine of this combo has no default dose, frequency or duration in the catalog: please prescribe it on its own.',
  noEarlierPrescription: 'This patient has no earlier visit with a prescription to repeat.',
  nothingToRepeat: 'None of the last prescription can be prescribed again.',
} as const;

/** The 400 of a line with a warning and no reason: the warnings' words, then the rule. */
export const PRESCRIBING_REFUSAL_FORMATS = {
  'prescription.warnings': (warnings: string) =>
    `${warnings} Please give the reason for prescribing it anyway.`,
} as const;

const decimal = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .nullish()
    .transform((v) => v ?? null);

/** What the dose editor sends for one line (doc 2 section 3, with ours). */
const lineFields = {
  startDate: singleLineString({ error: M.dateInvalid })
    .trim()
    .nullish()
    .transform((v) => v || null),
  prescriptMode: z.int({ error: M.prescriptModeInvalid }),
  doseNum: decimal('doseNum'),
  consumeQuantity: decimal('consumeQuantity'),
  consumeUm: singleLineString()
    .trim()
    .max(20)
    .nullish()
    .transform((v) => v || null),
  consumeMethod: singleLineString()
    .trim()
    .max(20)
    .nullish()
    .transform((v) => v || null),
  frequency: singleLineString({ error: M.frequencyRequired })
    .trim()
    .max(20)
    .nullish()
    .transform((v) => v ?? null),
  duration: decimal('duration'),
  cycle: singleLineString({ error: M.cycleRequired })
    .trim()
    .max(10)
    .nullish()
    .transform((v) => v || null),
  /** As typed by the doctor; null keeps what the doses need. */
  dispenseQuantity: decimal('dispenseQuantity'),
  precaution: optionalText(PRESCRIPTION_TEXT_MAX, M.textTooLong),
  indication: optionalText(PRESCRIPTION_TEXT_MAX, M.textTooLong),
  overrideReason: optionalText(OVERRIDE_REASON_MAX, M.overrideReasonTooLong, 'multi'),
};

/** `POST /visits/{id}/prescriptions`: a line of a catalog item (a combo adds its lines). */
export const PrescriptionCreateBody = z.strictObject({
  catalogItemId: requiredId(PRESCRIBING_MESSAGES.itemRequired, PRESCRIBING_MESSAGES.itemUnknown),
  ...lineFields,
  // A combo's lines take their items' defaults: the dose fields may be left out.
  prescriptMode: z.int({ error: M.prescriptModeInvalid }).optional().default(1),
});
export type PrescriptionCreateBody = z.infer<typeof PrescriptionCreateBody>;

/** `PUT /prescriptions/{id}`: the line's fields again, with the version read. */
export const PrescriptionUpdateBody = z.strictObject({ ...lineFields, version: versionField() });
export type PrescriptionUpdateBody = z.infer<typeof PrescriptionUpdateBody>;

export const PrescriptionDeleteBody = z.strictObject({ version: versionField() });

/** `POST /visits/{id}/prescriptions/repeat-last`: one reason for any warnings. */
export const PrescriptionRepeatBody = z.strictObject({
  overrideReason: optionalText(OVERRIDE_REASON_MAX, M.overrideReasonTooLong, 'multi'),
});

export const PrescriptionIdParams = z.strictObject({ id: z.uuid('id must be a prescription id') });
export const PrescriptionVisitParams = z.strictObject({ id: z.uuid('id must be a visit id') });
export const PrescriptionNoQuery = z.strictObject({ ...cacheBusters });

/** A warning the line was prescribed through (kept on the line with the reason). */
export const PrescriptionWarningRecord = z.object({
  kind: z.enum(['allergy', 'duplicate']),
  message: z.string(),
});

/** A saved line: every field of doc 2 section 3, then ours. Prices in cents. */
export const PrescriptionLineRecord = z.object({
  id: z.uuid(),
  visitId: z.uuid(),
  patientId: z.uuid(),
  startDate: z.string(),
  endDate: z.string(),
  prescriptMode: z.int(),
  doseNum: z.number().nullable(),
  strengthUm: z.string().nullable(),
  consumeUm: z.string(),
  consumeMethod: z.string().nullable(),
  consumeQuantity: z.number(),
  frequency: z.string(),
  dispenseQuantity: z.int(),
  dispenseUm: z.string(),
  unitPrice: z.int(),
  totalPrice: z.int(),
  precaution: z.string().nullable(),
  indication: z.string().nullable(),
  catalogItemId: z.uuid(),
  comboItemId: z.uuid().nullable(),
  code: z.string(),
  name: z.string(),
  duration: z.int(),
  cycle: z.enum(CYCLE_UNITS),
  durationDays: z.int(),
  taxAmount: z.int(),
  overrideReason: z.string().nullable(),
  warnings: z.array(PrescriptionWarningRecord),
  version: z.int(),
});
export type PrescriptionLineRecord = z.infer<typeof PrescriptionLineRecord>;
clinicalRecords.add(PrescriptionLineRecord, { resource: 'prescriptions' });

/** A visit's lines with their totals in cents. */
export const VisitPrescription = z.object({
  items: z.array(PrescriptionLineRecord),
  total: z.int(),
  subtotal: z.int(),
  taxAmount: z.int(),
  totalWithTax: z.int(),
});
export type VisitPrescription = z.infer<typeof VisitPrescription>;

/** Doc 2 section 7: the referral's medication list (`spec` holds the consume fields). */
export const MedicationItem = z.object({
  code: z.string(),
  name: z.string(),
  dispenseQty: z.int(),
  um: z.string(),
  consumeQty: z.number(),
  consumeUM: z.string(),
  frequency: z.string(),
  spec: z.object({
    consumeMethod: z.string().nullable(),
    consumeQty: z.number(),
    consumeUM: z.string(),
    frequency: z.string(),
  }),
});
export type MedicationItem = z.infer<typeof MedicationItem>;
clinicalRecords.add(MedicationItem, { resource: 'prescriptions' });
