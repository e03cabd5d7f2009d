/** Changes to a registered patient: a new ID number or card number (doc 1 section 2.13). */
import { z } from 'zod';
import { requiredText } from '../common/fields.ts';
import { ID_NUMBER_MAX, ID_NUMBER_REQUIRED, ID_NUMBER_TOO_LONG } from './identity.ts';
import { CARD_NO_MAX, PATIENT_MESSAGES } from './patient-rules.ts';

/**
 * `PATCH /patients/{id}/nric`. The checksum depends on the patient's ID type, which the
 * server knows: it calls `idNumberProblem(idType, nric)` after this schema.
 */
export const PatientNricPatchBody = z.strictObject({
  nric: requiredText(ID_NUMBER_REQUIRED, ID_NUMBER_MAX, ID_NUMBER_TOO_LONG),
});
export type PatientNricPatchBody = z.infer<typeof PatientNricPatchBody>;

/** `PATCH /patients/{id}/card-no`. */
export const PatientCardNoPatchBody = z.strictObject({
  cardNo: requiredText(
    'The card number field is required.',
    CARD_NO_MAX,
    PATIENT_MESSAGES.cardNoTooLong,
  ),
});
export type PatientCardNoPatchBody = z.infer<typeof PatientCardNoPatchBody>;
