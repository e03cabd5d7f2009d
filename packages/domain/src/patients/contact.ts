/** How a patient is reached: email (the spec's rule), mobile number and calling code. */
import { MOBILE_MAX, PATIENT_EMAIL_MAX, PATIENT_MESSAGES } from './patient-rules.ts';

/** Characters an email local part must not hold (beyond '@', space and '.'). */
const EMAIL_LOCAL_PATTERN = /^[^\s@."<>(),;:\\[\]]+$/;
const EMAIL_DOMAIN_PATTERN = /^((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+)([a-z]+)$/i;

/**
 * The spec's email rule (doc 1 section 5), or null when the address passes: at most 100
 * characters; a basic 'local@domain.suffix' shape; no '.' before the '@' (the spec says
 * exactly that, though it refuses 'first.last@...'); and a suffix of 2 or 3 letters after
 * the last '.'. The spec gives one text for the rule, 'Email cannot have more than 3
 * letters after "."'; it is kept for the suffix, the other failures say what is wrong.
 */
export function patientEmailProblem(email: string): string | null {
  if (email.length > PATIENT_EMAIL_MAX) return PATIENT_MESSAGES.emailTooLong;
  const at = email.indexOf('@');
  if (at < 1 || at !== email.lastIndexOf('@')) return PATIENT_MESSAGES.emailFormat;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.includes('.')) return PATIENT_MESSAGES.emailDotBeforeAt;
  if (!EMAIL_LOCAL_PATTERN.test(local)) return PATIENT_MESSAGES.emailFormat;
  const suffix = EMAIL_DOMAIN_PATTERN.exec(domain)?.[2];
  if (suffix === undefined || suffix.length < 2) return PATIENT_MESSAGES.emailFormat;
  if (suffix.length > 3) return PATIENT_MESSAGES.emailSuffix;
  return null;
}

export function isValidPatientEmail(email: string): boolean {
  return patientEmailProblem(email) === null;
}

/** Digits with the usual separators: '+65 9123 4567', '(65) 9123-4567'. */
export const MOBILE_PATTERN = /^[0-9 +()-]*[0-9][0-9 +()-]*$/;
/** A calling code, with or without '+'; some have a dash ('1-876'). */
export const TEL_CODE_PATTERN = /^\+?[0-9]{1,4}(?:-[0-9]{1,4})?$/;

export function isValidMobile(value: string): boolean {
  return value.length <= MOBILE_MAX && MOBILE_PATTERN.test(value);
}

export function isValidTelCode(value: string): boolean {
  return TEL_CODE_PATTERN.test(value);
}
