/**
 * The document rules' limits and words, zod-free: the web's texts import them, and the
 * sign-in page must not carry zod.
 */

/** Default largest upload (the server's UPLOAD_MAX_BYTES may change it). */
export const DOCUMENT_MAX_BYTES_DEFAULT = 10 * 1024 * 1024;
export const DOCUMENT_NAME_MAX = 255;
export const DOCUMENT_REMARK_MAX = 1000;
export const DOCUMENT_CATEGORY_MAX = 100;

/** The categories a clinic starts with (its list: `document_categories`). */
export const DEFAULT_DOCUMENT_CATEGORIES = [
  'Lab result',
  'Imaging',
  'Referral letter',
  'Discharge summary',
  'Consent',
  'Other',
] as const;

/** The document rules' words (the spec gives none but the generic failure). */
export const DOCUMENT_MESSAGES = {
  notFound: 'This document does not exist.',
  fileRequired: 'Please choose a file.',
  fileEmpty: 'The file is empty. Please choose another one.',
  oneFile: 'Please upload one file at a time.',
  fileType: 'Only an image (JPEG, PNG, GIF or WebP) or a PDF can be uploaded.',
  nameRequired: 'The file name is required.',
  nameTooLong: `The file name cannot exceed ${DOCUMENT_NAME_MAX} characters.`,
  categoryRequired: 'Please choose a category.',
  categoryUnknown: 'Please choose a category from the list.',
  categoryTooLong: `The category cannot exceed ${DOCUMENT_CATEGORY_MAX} characters.`,
  remarkTooLong: `The remark cannot exceed ${DOCUMENT_REMARK_MAX} characters.`,
  visitNotPatients: "This visit is not one of the patient's visits.",
  otherBranch:
    "This document was uploaded in another branch. Please make sure you've selected the correct branch.",
  notMultipart: 'Please send the file as multipart/form-data.',
} as const;

/** The document refusals whose words name a value. */
export const DOCUMENT_REFUSAL_FORMATS = {
  'document.tooLarge': (max: string) => `The file is too large: the largest accepted is ${max}.`,
} as const;

/** The spec's answer when a document or the category list comes back empty. */
export const DOCUMENT_LOAD_FAILED = 'Something wrong, please try again';
