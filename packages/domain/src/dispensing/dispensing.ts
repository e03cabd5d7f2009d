/**
 * Dispensing a visit's prescription (issue 12 'Dispensing and inventory'; doc 2 section
 * 2.14) and the medication labels (doc 3 sections 2.1, 3.2, 7.1): requests and answers.
 *
 * Decisions where the spec is silent (ours):
 * - The spec's dispense call hangs off a payment (`PATCH /payments/{id}/dispense`); the
 *   billing issue wires it to the same service. Ours is `POST /visits/{id}/dispense`
 *   naming the lines, or none for every line not yet dispensed.
 * - A prescription line is dispensed once, whole (its dispensing quantity).
 * - The label answer carries the visit it prints for (`visitId`, one visit a print), the
 *   dose instructions in words (`instructions`) and the patient's age.
 */
import { z } from 'zod';
import { clinicalRecords } from '../accounts/clinical.ts';
import { cacheBusters } from '../common/fields.ts';
import { singleLineString } from '../common/text.ts';
import { DISPENSE_PRESCRIPTIONS_MAX, DISPENSING_MESSAGES as M } from './dispensing-rules.ts';

export const DispensingVisitParams = z.strictObject({ id: z.uuid('id must be a visit id') });
export const DispensingNoQuery = z.strictObject({ ...cacheBusters });

const prescriptionId = z.uuid('prescriptionIds must be prescription ids');

/** `POST /visits/{id}/dispense`: the lines to dispense; none named is every line not yet dispensed. */
export const DispenseLinesBody = z.strictObject({
  prescriptionIds: z
    .array(prescriptionId, { error: 'prescriptionIds must be a list of prescription ids' })
    .min(1, 'Please choose at least one line to dispense')
    .max(
      DISPENSE_PRESCRIPTIONS_MAX,
      `A dispensing names at most ${DISPENSE_PRESCRIPTIONS_MAX} lines`,
    )
    .nullish()
    .transform((ids) => ids ?? null),
});
export type DispenseLinesBody = z.infer<typeof DispenseLinesBody>;

export const DispensedBatch = z.object({
  batchId: z.uuid(),
  batchNo: z.string(),
  expiryDate: z.string().nullable(),
  quantity: z.int(),
});
export type DispensedBatch = z.infer<typeof DispensedBatch>;

/** A prescription line as the desk dispenses it: drug, quantity, instructions, state, stock. */
export const DispensingLine = z.object({
  prescriptionId: z.uuid(),
  /** Null for a line that names no catalog item (written before the catalog existed). */
  catalogItemId: z.uuid().nullable(),
  code: z.string(),
  name: z.string(),
  /** The line's dispensing quantity, in `unit`. */
  quantity: z.int(),
  unit: z.string(),
  /** The dose instructions in words ('Take 2 tablets by mouth three times a day for 5 days.'). */
  instructions: z.string(),
  /** The item is kept in stock: the line can be dispensed. */
  dispensable: z.boolean(),
  /** Units of the item in the caller's branch that may be dispensed (unexpired); null when not dispensable. */
  available: z.int().nullable(),
  /** Every unit of the item on hand in the caller's branch (expired batches included). */
  onHand: z.int().nullable(),
  /** Null until the line is dispensed. */
  dispensed: z
    .object({
      dispenseId: z.uuid(),
      dispensedAt: z.int(),
      dispensedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
      branchId: z.uuid(),
      batches: z.array(DispensedBatch),
    })
    .nullable(),
});
export type DispensingLine = z.infer<typeof DispensingLine>;
clinicalRecords.add(DispensingLine, { resource: 'dispensing' });

/** `GET /visits/{id}/dispensing`: the visit's lines with their dispensing state. */
export const VisitDispensing = z.object({
  visitId: z.uuid(),
  /** The visit's branch (dispensed from its stock only). */
  branchId: z.uuid(),
  items: z.array(DispensingLine),
  total: z.int(),
});
export type VisitDispensing = z.infer<typeof VisitDispensing>;

/** What a dispensing wrote: its record and lines, and the visit's lines after it. */
export const DispenseResult = VisitDispensing.extend({
  dispenseId: z.uuid(),
  /** The lines this dispensing dispensed, in the visit's order. */
  prescriptionIds: z.array(z.uuid()),
});
export type DispenseResult = z.infer<typeof DispenseResult>;

// --- Medication labels (doc 3 sections 2.1, 3.2, 7.1) ------------------------------------

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `GET /reports/labels/medication?ids=`: comma-joined prescription ids (doc 3 section 7.1). */
export const MedicationLabelQuery = z.strictObject({
  ids: singleLineString({ error: M.labelIdsRequired })
    .transform((text) =>
      text
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .refine((ids) => ids.length > 0, M.labelIdsRequired)
    .refine((ids) => ids.every((id) => UUID.test(id)), M.labelIdsInvalid)
    .refine(
      (ids) => ids.length <= DISPENSE_PRESCRIPTIONS_MAX,
      `At most ${DISPENSE_PRESCRIPTIONS_MAX} lines a print`,
    )
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
  ...cacheBusters,
});
export type MedicationLabelQuery = z.infer<typeof MedicationLabelQuery>;

/** Doc 3 section 3.2 'Medication label item', with ours after. */
export const MedicationLabelItem = z.object({
  prescriptionId: z.uuid(),
  code: z.string(),
  patientName: z.string(),
  /** 'YYYY-MM-DD': the clinic's date of the dispensing, else today's. */
  date: z.string(),
  qty: z.int(),
  um: z.string(),
  itemName: z.string(),
  /** The supply in days. */
  duration: z.int(),
  specification: z.object({
    consumeMethod: z.string().nullable(),
    consumeQty: z.number(),
    consumeUM: z.string(),
    frequency: z.string(),
    indication: z.string().nullable(),
    precaution: z.string().nullable(),
    /** The catalog keeps no drug warning yet: null. */
    warningMessage: z.string().nullable(),
    /** The catalog item's default instructions. */
    remark: z.string().nullable(),
  }),
  /** The batches the line was dispensed from (none before it is dispensed). */
  batches: z.array(z.object({ batchNumber: z.string(), expiryDate: z.string().nullable() })),
  // Ours.
  instructions: z.string(),
  patientAge: z.object({ years: z.int(), months: z.int() }).nullable(),
  dispensed: z.boolean(),
});
export type MedicationLabelItem = z.infer<typeof MedicationLabelItem>;
clinicalRecords.add(MedicationLabelItem, { resource: 'dispensing' });

export const MedicationLabels = z.object({
  /** The visit whose lines these are (a print is of one visit). */
  visitId: z.uuid(),
  items: z.array(MedicationLabelItem),
});
export type MedicationLabels = z.infer<typeof MedicationLabels>;
