import { z } from 'zod';
import { cacheBusters, optionalText, requiredId, versionField } from '../common/fields.ts';
import { singleLineString } from '../common/text.ts';
import { DiagnosisRecord } from '../visits/visits.ts';
import { DIAGNOSIS_MESSAGES as M, DIAGNOSIS_REMARK_MAX, isSearchable } from './diagnosis-rules.ts';

/** `GET /snomed-ct?filter=`: terms whose words start with every word of the filter. */
export const SnomedSearchQuery = z.strictObject({
  filter: singleLineString({ error: M.filterTooShort }).refine(isSearchable, {
    message: M.filterTooShort,
  }),
  ...cacheBusters,
});
export type SnomedSearchQuery = z.infer<typeof SnomedSearchQuery>;

/** A coded diagnosis as the editor picks it: the concept id and its term. */
export const SnomedTerm = z.object({
  /** SNOMED CT concept id. */
  id: z.string(),
  name: z.string(),
});
export type SnomedTerm = z.infer<typeof SnomedTerm>;

/** The chosen diagnosis with its remark (doc 2 section 3: `model`). */
export const DiagnosisModel = z.strictObject(
  {
    id: singleLineString({ error: M.noDiagnosis })
      .trim()
      .min(1, M.noDiagnosis)
      .max(40, M.codeUnknown),
    name: singleLineString().trim().max(500).nullish(),
    remark: optionalText(DIAGNOSIS_REMARK_MAX, M.remarkTooLong, 'multi'),
  },
  { error: M.noDiagnosis },
);

/** `POST /diagnosis` (doc 2 section 3). */
export const DiagnosisCreateBody = z.strictObject({
  visitId: requiredId(M.noVisit, M.visitId),
  patientId: requiredId(M.patientRequired, M.patientId),
  model: DiagnosisModel,
});
export type DiagnosisCreateBody = z.infer<typeof DiagnosisCreateBody>;

export const DiagnosisIdParams = z.strictObject({ id: z.uuid('id must be a diagnosis id') });

/** `DELETE /diagnosis/{id}`: removes (voids) it, with the version read. */
export const DiagnosisDeleteBody = z.strictObject({ version: versionField() });

export { DiagnosisRecord };
