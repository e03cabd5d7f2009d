import { z } from 'zod';
import { clinicalRecords } from '../accounts/clinical.ts';
import {
  cacheBusters,
  isoDate,
  optionalId,
  requiredId,
  requiredText,
  versionField,
} from '../common/fields.ts';
import { singleLineString } from '../common/text.ts';
import {
  ALLERGY_MESSAGES as M,
  ALLERGY_REACTION_CODES,
  ALLERGY_REMARK_MAX,
  ALLERGY_TYPES,
} from './allergy-rules.ts';

/** `POST /allergies` (doc 2 section 3 'Allergy payload'); every field of the form required. */
export const AllergyCreateBody = z.strictObject({
  /** The branch's HCI code as the client knows it; the server takes the branch's own. */
  hciCode: singleLineString().nullish(),
  patientID: requiredId(M.patientRequired, M.patientId),
  /** The visit the allergy was noted in, when noted in one. */
  visitID: optionalId(M.visitId).optional(),
  allergyType: z.enum(ALLERGY_TYPES, { error: M.allergyTypeRequired }),
  allergyDrugID: singleLineString({ error: M.allergyRequired })
    .trim()
    .min(1, M.allergyRequired)
    .max(100, M.allergenUnknown),
  /** Sent by the form from the option; the server keeps the list's own code and name. */
  allergyDrugCode: singleLineString().nullish(),
  allergyDrugName: singleLineString().nullish(),
  allergyReaction: z.enum(ALLERGY_REACTION_CODES, { error: M.reactionRequired }),
  allergyRemark: requiredText(M.remarkRequired, ALLERGY_REMARK_MAX, M.remarkTooLong, 'multi'),
  onsetDate: isoDate(M.onsetDateRequired, M.onsetDateInvalid),
});
export type AllergyCreateBody = z.infer<typeof AllergyCreateBody>;

/** `GET /allergies?patientId`: the patient's allergies (removed ones left out). */
export const AllergyListQuery = z.strictObject({
  patientId: requiredId(M.patientRequired, 'patientId must be a patient id'),
  ...cacheBusters,
});

export const AllergyIdParams = z.strictObject({ id: z.uuid('id must be an allergy id') });
export const AllergyDeleteBody = z.strictObject({ version: versionField() });

export const AllergyRecord = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  visitId: z.uuid().nullable(),
  allergyType: z.enum(ALLERGY_TYPES),
  allergyDrugID: z.string(),
  allergyDrugCode: z.string(),
  allergyDrugName: z.string(),
  allergyReaction: z.enum(ALLERGY_REACTION_CODES),
  allergyReactionName: z.string(),
  allergyRemark: z.string(),
  /** 'YYYY-MM-DD'. */
  onsetDate: z.string(),
  /** Unix seconds. */
  createdAt: z.int(),
  createdByName: z.string(),
  isVoided: z.boolean(),
  version: z.int(),
});
export type AllergyRecord = z.infer<typeof AllergyRecord>;
clinicalRecords.add(AllergyRecord, { resource: 'allergies' });

/** `GET /patients/{patientId}/allergies-and-alert`: what the patient header's badges show. */
export const AllergyPatientParams = z.strictObject({
  patientId: z.uuid('patientId must be a patient id'),
});
export const AllergiesAndAlert = z.object({
  alertMessage: z.string().nullable(),
  allergies: z.array(AllergyRecord),
});
export type AllergiesAndAlert = z.infer<typeof AllergiesAndAlert>;

/** `GET /allergies/options?keyword&allergyType`: the allergen search. */
export const AllergenOptionsQuery = z.strictObject({
  keyword: singleLineString().max(100).optional(),
  allergyType: z.enum(ALLERGY_TYPES, { error: M.allergyTypeRequired }).optional(),
  ...cacheBusters,
});
export const AllergenOption = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  type: z.enum(ALLERGY_TYPES),
});
export type AllergenOption = z.infer<typeof AllergenOption>;

export const NoQuery = z.strictObject({ ...cacheBusters });
export const ReactionOption = z.object({ code: z.enum(ALLERGY_REACTION_CODES), name: z.string() });
export type ReactionOption = z.infer<typeof ReactionOption>;
