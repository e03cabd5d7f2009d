/**
 * Coded diagnoses (doc 2 sections 2.8, 3 'Diagnosis', 5 'Diagnosis') and the SNOMED CT
 * search that feeds them. The spec's own words are kept as written.
 */

/** Searches need at least this many characters (doc 2 section 9). */
export const SNOMED_FILTER_MIN = 2;
/** A filter longer than this is cut: no term needs more to be found. */
export const SNOMED_FILTER_MAX = 100;
/** How many terms a search answers at most. */
export const SNOMED_SEARCH_LIMIT = 20;
export const DIAGNOSIS_REMARK_MAX = 500;

export const DIAGNOSIS_MESSAGES = {
  noDiagnosis: 'No diagnosis',
  alreadyInList: 'Already in list',
  // The spec says a visit must be known, without words: these are ours, after 'No patient selected'.
  noVisit: 'No visit selected',
  visitId: 'visitId must be a visit id',
  patientRequired: 'No patient selected',
  patientId: 'patientId must be a patient id',
  visitOfAnotherPatient: 'This visit is not of this patient.',
  notFound: 'This diagnosis does not exist.',
  alreadyVoided: 'This diagnosis has been removed already.',
  codeUnknown: 'Please choose a diagnosis from the list.',
  remarkTooLong: `Remark cannot exceed ${DIAGNOSIS_REMARK_MAX} characters`,
  filterTooShort: `Please type at least ${SNOMED_FILTER_MIN} characters to search.`,
} as const;

/**
 * The words of a search filter: lower case, split on anything but letters and digits,
 * longest first (the most selective word drives the search), duplicates dropped.
 */
export function filterWords(filter: string): string[] {
  const words = filter
    .slice(0, SNOMED_FILTER_MAX)
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
  return [...new Set(words)].sort((a, b) => b.length - a.length || a.localeCompare(b));
}

/** Whether a filter may be searched: at least 2 characters once trimmed. */
export function isSearchable(filter: string): boolean {
  return filter.trim().length >= SNOMED_FILTER_MIN && filterWords(filter).length > 0;
}
