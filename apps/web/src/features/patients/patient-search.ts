import {
  PATIENT_SEARCH_FILTERS,
  SEARCH_MIN_LENGTH,
  type PatientPickerOption,
  type PatientSearchFilter,
} from '@clinic/domain';

/** Whether a keyword is long enough to search with (trimmed, 2 characters or more). */
export function isSearchable(keyword: string): boolean {
  return keyword.trim().length >= SEARCH_MIN_LENGTH;
}

/** The filter beside `current` (shift+left/right), wrapping around the ends. */
export function nextFilter(current: PatientSearchFilter, step: 1 | -1): PatientSearchFilter {
  const count = PATIENT_SEARCH_FILTERS.length;
  const index = PATIENT_SEARCH_FILTERS.indexOf(current);
  return PATIENT_SEARCH_FILTERS[(index + step + count) % count] ?? current;
}

/**
 * The highlighted result after up (-1) or down (+1), wrapping around; -1 means none is
 * highlighted (no results, or before the first key press).
 */
export function moveHighlight(index: number, count: number, step: 1 | -1): number {
  if (count === 0) return -1;
  if (index < 0) return step === 1 ? 0 : count - 1;
  return (index + step + count) % count;
}

/**
 * The result's extra row for the chosen filter (its card, contact number, postal code or
 * address); name and ID number are always shown, so those filters add nothing.
 */
export function filterDetail(
  patient: PatientPickerOption,
  filter: PatientSearchFilter,
): string | null {
  switch (filter) {
    case 'patient_name':
    case 'nric':
      return null;
    case 'card_no':
      return patient.cardNo;
    case 'contact_no':
      return patient.contactNo
        ? [patient.telCode, patient.contactNo].filter(Boolean).join(' ')
        : null;
    case 'home_postal':
      return patient.homePostal;
    case 'home_address':
      return patient.homeAddress;
  }
}
