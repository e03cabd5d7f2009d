/**
 * The patient constants, messages and small rules that need no zod, so that screens (and
 * the English texts, which every page loads) can use them without the patient schemas
 * (patient-create.ts, patient-search.ts and the others).
 */

/** Title options, in the spec's order. */
export const TITLES = [
  'Mr',
  'Miss',
  'Ms',
  'Doctor',
  'Sir',
  'Mrs',
  'Madam',
  'Reverend',
  'Professor',
  'The Venerable',
  'Master',
] as const;
export type Title = (typeof TITLES)[number];

/**
 * Gender codes: 'M' and 'F'. The spec names no codes; the new-patient drawer of doc 2
 * speaks of MALE and FEMALE, so those words (any letter case) are accepted as well and
 * stored as their code.
 */
export const Gender = { male: 'M', female: 'F' } as const;
export type Gender = (typeof Gender)[keyof typeof Gender];
export const GENDERS = [
  { code: Gender.male, name: 'Male' },
  { code: Gender.female, name: 'Female' },
] as const;

export function toGender(value: string): Gender | null {
  switch (value.trim().toUpperCase()) {
    case 'M':
    case 'MALE':
      return Gender.male;
    case 'F':
    case 'FEMALE':
      return Gender.female;
    default:
      return null;
  }
}

export const MOBILE_MAX = 32;
export const PARENT_NAME_MAX = 140;
/** `EMAIL_MAX` (319) is the registration limit; a patient's email is at most 100. */
export const PATIENT_EMAIL_MAX = 100;
/** The spec gives no limit for names; 200 holds the longest names on Singapore records. */
export const PATIENT_NAME_MAX = 200;
export const ID_TYPE_MAX = 20;
export const CARD_NO_MAX = 30;
export const CARD_PREFIX_MAX = 20;
export const NATIONALITY_MAX = 100;
/** Birth time is asked for a baby born today or up to 28 days ago. */
export const NEWBORN_DAYS = 28;
/** Under 16 years a patient needs a father's or a mother's name. */
export const MINOR_AGE = 16;
/** No birth date earlier than this is believed. */
export const BIRTH_DATE_MIN = '1900-01-01';
/** The card prefix entry whose number is typed by hand (id -1 in the picker). */
export const CUSTOM_CARD_PREFIX = 'Custom';
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_KEYWORD_MAX = 100;

/** Nationalities pinned to the top of the picker, in this order. */
export const PINNED_NATIONALITIES = [
  'Singapore',
  'Malaysia',
  'India',
  'Indonesia',
  'Thailand',
  'Taiwan',
] as const;

export const PATIENT_MESSAGES = {
  nameRequired: 'The name field is required.',
  nameTooLong: `Name cannot exceed ${PATIENT_NAME_MAX} characters`,
  nameNotEnglish: 'Please enter the english name',
  titleUnknown: `Title must be one of: ${TITLES.join(', ')}.`,
  genderRequired: 'The gender field is required.',
  genderUnknown: 'Gender must be M (male) or F (female).',
  birthDateRequired: 'The birth date field is required.',
  birthDateFormat: 'Birth date must be a date in YYYY-MM-DD format.',
  birthDateTooEarly: `Birth date cannot be earlier than ${BIRTH_DATE_MIN}.`,
  birthDateFuture: 'Birth date cannot be later than today.',
  birthTimeFormat: 'Birth time must be a time in HH:MM format.',
  birthTimeRequired: `The birth time field is required for a baby up to ${NEWBORN_DAYS} days old.`,
  idTypeRequired: 'The ID type field is required.',
  idTypeTooLong: `ID type cannot exceed ${ID_TYPE_MAX} characters`,
  cardNoRequired: 'The card number field is required when a custom prefix is used.',
  cardNoTooLong: `Card number cannot exceed ${CARD_NO_MAX} characters`,
  cardPrefixTooLong: `Card number prefix cannot exceed ${CARD_PREFIX_MAX} characters`,
  mobileRequired: 'The mobile field is required.',
  mobileTooLong: `Mobile cannot exceed ${MOBILE_MAX} characters`,
  mobileFormat: 'Mobile can only contain digits, spaces and + - ( ).',
  telCodeRequired: 'The tel code field is required.',
  telCodeFormat: 'Tel code must be a calling code such as 65 or +65.',
  nationalityRequired: 'The nationality field is required.',
  nationalityTooLong: `Nationality cannot exceed ${NATIONALITY_MAX} characters`,
  emailTooLong: `Email cannot exceed ${PATIENT_EMAIL_MAX} characters`,
  emailFormat: 'Please enter a valid email address.',
  emailDotBeforeAt: 'Email cannot have a "." before "@".',
  emailSuffix: 'Email cannot have more than 3 letters after "."',
  fatherTooLong: `Father name cannot exceed ${PARENT_NAME_MAX} characters`,
  motherTooLong: `Mother name cannot exceed ${PARENT_NAME_MAX} characters`,
  fatherRequired: `The father name field is required for a patient under ${MINOR_AGE} when the mother name is empty.`,
  motherRequired: `The mother name field is required for a patient under ${MINOR_AGE} when the father name is empty.`,
  ignoreNameCheck: 'ignoreNameCheck must be true or false',
  keywordTooShort: `Please enter at least ${SEARCH_MIN_LENGTH} characters to search.`,
  keywordTooLong: `The search keyword cannot exceed ${SEARCH_KEYWORD_MAX} characters.`,
  filterUnknown:
    'filter must be one of: patient_name, nric, card_no, contact_no, home_postal, home_address',
  patientId: 'id must be a patient id',
  /** Texts the server answers and the client reacts to (doc 1 section 8). */
  nricInvalid: 'NRIC is invalid',
  nricTaken: 'Patient nric already in used',
  cardNoTaken: 'Patient card number already in used',
  nameTaken: 'Patient name already in used',
  noPatientSelected: 'No patient selected',
  searchEmpty: 'NO RESULT',
  searchHint: 'At least 2 character or try search with different criteria',
} as const;
