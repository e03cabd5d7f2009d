import { DIAGNOSIS_MESSAGES, type DiagnosisRecord, type SnomedTerm } from '@clinic/domain';

/** The diagnosis editor's values (doc 2 section 2.8). */
export interface DiagnosisForm {
  diagnosis: SnomedTerm | null;
  remark: string;
}

export const EMPTY_DIAGNOSIS: DiagnosisForm = { diagnosis: null, remark: '' };

/** The query parameter that opens the editor (doc 2 section 2.1): 'new' creates one. */
export const DIAGNOSIS_EDITOR_PARAM = 'diagnosisEditor';
export const NEW_EDITOR = 'new';

/**
 * The rules the browser applies before saving (doc 2 section 5 'Diagnosis'): a diagnosis
 * must be chosen ('No diagnosis'), and not one the visit lists already ('Already in list').
 * The server applies them again.
 */
export function checkDiagnosis(
  values: DiagnosisForm,
  listed: readonly DiagnosisRecord[],
): { diagnosis?: string } {
  if (!values.diagnosis) return { diagnosis: DIAGNOSIS_MESSAGES.noDiagnosis };
  const code = values.diagnosis.id;
  if (listed.some((item) => !item.isVoided && item.code === code))
    return { diagnosis: DIAGNOSIS_MESSAGES.alreadyInList };
  return {};
}
