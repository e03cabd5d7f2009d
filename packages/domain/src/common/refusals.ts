import {
  DEVICE_CONFIRM_TEXTS,
  INVALID_CREDENTIALS_MESSAGE,
  SINGPASS_UNAVAILABLE,
} from '../accounts/session-texts.ts';
import { DOCUMENT_MESSAGES, DOCUMENT_REFUSAL_FORMATS } from '../documents/document-rules.ts';
import { PASSWORD_MESSAGES } from '../accounts/password.ts';
import { ID_NUMBER_REQUIRED, ID_NUMBER_TOO_LONG } from '../patients/identity.ts';
import { CATALOG_MESSAGES } from '../catalogs/catalog-rules.ts';
import { ALLERGY_MESSAGES } from '../allergies/allergy-rules.ts';
import { DIAGNOSIS_MESSAGES } from '../diagnoses/diagnosis-rules.ts';
import { PATIENT_MESSAGES } from '../patients/patient-rules.ts';
import { QUEUE_DISPLAY_MESSAGES, QUEUE_MESSAGES } from '../queue/queue-rules.ts';
import { VITALS_MESSAGES } from '../vitals/vitals-rules.ts';
import { MC_MESSAGES } from '../medical-certificates/mc-rules.ts';
import { REFERRAL_MESSAGES } from '../referrals/referral-rules.ts';
import { VISIT_MESSAGES } from '../visits/consult-time.ts';
import { PRESCRIPTION_MESSAGES } from '../prescriptions/prescription-line.ts';
import { PRESCRIBING_MESSAGES, PRESCRIBING_REFUSAL_FORMATS } from '../prescriptions/prescribing.ts';
import { INVENTORY_MESSAGES, INVENTORY_REFUSAL_FORMATS } from '../inventory/fefo.ts';
import { STOCK_MESSAGES, STOCK_REFUSAL_FORMATS } from '../inventory/inventory-rules.ts';
import { DISPENSING_MESSAGES, DISPENSING_REFUSAL_FORMATS } from '../dispensing/dispensing-rules.ts';
import {
  REQUISITION_MESSAGES,
  REQUISITION_REFUSAL_FORMATS,
  TALLY_MESSAGES,
  TALLY_REFUSAL_FORMATS,
} from '../inventory/stock-counts-rules.ts';
import { PURCHASE_MESSAGES, PURCHASE_REFUSAL_FORMATS } from '../inventory/purchasing-rules.ts';
import {
  INVOICE_MESSAGES,
  PAYMENT_MESSAGES,
  PAYMENT_REFUSAL_FORMATS,
} from '../billing/billing-rules.ts';
import { SUBSIDY_MESSAGES } from '../billing/subsidies.ts';
import { PRINT_MESSAGES } from '../billing/billing-prints.ts';
import { SEARCH_REFUSAL_FORMATS } from '../billing-search/billing-search-rules.ts';
import { BILLING_SETTINGS_MESSAGES } from '../billing/billing-settings-rules.ts';
import { SERVICE_LINE_MESSAGES } from '../billing/service-lines.ts';
import { COMPANY_MESSAGES } from '../companies/company-rules.ts';
import {
  CREDIT_NOTE_MESSAGES,
  CREDIT_REFUSAL_FORMATS,
  DEPOSIT_MESSAGES,
} from '../billing/credit-notes-rules.ts';
import { FIELD_REFUSALS } from './field-refusals.ts';
import { messageCatalogue } from './messages.ts';

type Prefixed<P extends string, T> = { readonly [K in keyof T & string as `${P}.${K}`]: T[K] };

/** A group of keyed texts as refusals: `patient.nricTaken` for PATIENT_MESSAGES.nricTaken. */
function prefixed<P extends string, T extends Record<string, string>>(
  prefix: P,
  texts: T,
): Prefixed<P, T> {
  const entries = Object.entries(texts).map(([key, text]) => [`${prefix}.${key}`, text]);
  return Object.fromEntries(entries) as Prefixed<P, T>;
}

/** Deeper than any request of the API; deeper input is refused before anything walks it. */
export const MAX_REQUEST_NESTING = 32;

const waitFor = (what: string) => (wait: string) => `${what} Please wait ${wait} and try again.`;

/** The API's own refusals: access, sessions, accounts and each feature's rules. */
export const API_REFUSALS = {
  'request.invalid': 'The request is not valid.',
  'request.invalidJson': 'The request body is not valid JSON.',
  'request.emptyJson': 'The request body is empty; JSON was expected.',
  'request.tooLarge': 'The request body is too large.',
  'request.mediaType': 'This content type is not accepted; send application/json.',
  'request.contentLength': 'The request body length does not match its Content-Length.',
  'request.badUrl': 'The address is not valid: a part of it cannot be decoded.',
  'request.tooDeep': `The request is nested more than ${MAX_REQUEST_NESTING} levels deep.`,
  'request.timedOut':
    'This took too long and was stopped. Please try again in a moment; if it keeps happening, make the search more specific.',
  'request.abandoned': 'The request was abandoned while it waited for its turn.',
  'request.refused': (message: string) => message,
  'route.notFound': (method: string, path: string) => `There is no ${method} ${path}.`,
  'server.failed': (reference: string) =>
    `Something went wrong on our side. Please try again; if it keeps happening, quote reference ${reference}.`,
  'clinic.busy':
    'Your clinic is sending more requests than the server can take at once. Please wait a moment and try again.',
  'record.notFound': 'Not found.',
  'record.changed': 'This record was changed by someone else. Please reload it and try again.',
  'session.signInFirst': 'Please sign in first.',
  'session.ended': 'Your session has ended. Please sign in again.',
  'session.idle':
    'You were signed out because Clinic Manager was not used for a while. Please sign in again.',
  'session.temporaryPassword': 'Please change your temporary password first.',
  'session.invalidCredentials': INVALID_CREDENTIALS_MESSAGE,
  'session.accountLocked': waitFor('Too many failed sign-in attempts for this account.'),
  'session.networkLocked': waitFor('Too many failed sign-in attempts from your network.'),
  'session.clinicNotActivated':
    'This clinic is not activated yet. Please enter the activation code we emailed you.',
  'session.trialEnded': 'The trial of this clinic has ended. Please contact us to continue.',
  'session.accountDisabled': 'This account is disabled. Please contact your clinic administrator.',
  'session.authorizedDevicesOnly':
    'This clinic only allows authorized devices. Please sign in from the staff sign-in page.',
  'session.deviceNotAuthorized':
    'This device is not authorized yet. We have emailed you a link to authorize it.',
  'session.singpassUnavailable': SINGPASS_UNAVAILABLE,
  'session.consoleRefused':
    'The console is for clinic administrators. Please sign in at the staff sign-in page.',
  'device.tooManyMails': (wait: string) =>
    `We have emailed you several device links already. Please use one of them, or wait ${wait} and try again.`,
  'device.authorizationFailed': DEVICE_CONFIRM_TEXTS.failure,
  'password.currentWrong': 'The current password is not correct.',
  'password.currentAttempts': waitFor('Too many wrong current passwords.'),
  'password.unchanged': 'The new password must be different from the current one.',
  'access.moduleNotBought': 'Your clinic has not subscribed to this feature.',
  'access.branchHeaderInvalid': 'The BranchId header must be a branch id.',
  'access.branchHeaderRequired': 'The BranchId header is required: choose a branch first.',
  'access.branchNotAllowed': 'You do not have access to this branch.',
  'access.roleRefusal': 'Your role does not allow this. Please ask your clinic administrator.',
  'access.consoleOnly': 'The console is for clinic administrators only.',
  'metrics.tokenMissing': 'The metrics need a bearer token.',
  'metrics.tokenWrong': 'This token may not read the metrics.',
  'tenant.registrationLimit':
    'Too many clinics were registered from your network. Please try again later.',
  'tenant.activationLimit':
    'Too many activation codes were tried from your network. Please wait and try again.',
  'tenant.notFound': 'No clinic is registered at this subdomain. Please check your link.',
  'tenant.alreadyActive': 'This clinic is already activated. Please sign in.',
  'tenant.resendWait': (seconds: number) =>
    `A code was sent a moment ago. Please wait ${seconds} seconds before asking again.`,
  'tenant.codeAttemptsUsed': 'Too many wrong codes. Please ask for a new activation code.',
  'tenant.codeExpired': 'This activation code has expired. Please ask for a new one.',
  'tenant.codeWrong': (left: number) =>
    `The activation code is not correct. ${left} attempt${left === 1 ? '' : 's'} left.`,
  'tenant.codeWrongLast':
    'The activation code is not correct. Please ask for a new activation code.',
  'branch.notFound': 'This branch does not exist.',
  'report.noLogo': 'This branch has no logo.',
  'option.notFound': 'This option does not exist.',
  'option.codeTaken': 'This code is already in the list.',
  'option.ruleStatus':
    'Pending, Consult In and Consult Out are part of the queue rules: they can be recoloured, not renamed, switched off or removed.',
  'patient.notFound': 'This patient does not exist.',
  'patient.idTypeUnknown': 'Please choose an ID type from the list.',
  'patient.genderNotListed': 'Please choose a gender from the list.',
  'patient.nationalityUnknown': 'Please choose a nationality from the list.',
  'patient.idNumberRequired': ID_NUMBER_REQUIRED,
  'patient.idNumberTooLong': ID_NUMBER_TOO_LONG,
  'patient.noIdNumber': 'This patient has no ID number (ID type NA): change the ID type first.',
  'patient.trialLimit': (perDay: number) =>
    `A clinic on trial may register ${perDay} patients a day. Please try again tomorrow, or contact us to end the trial.`,
  'queue.entryNotFound': 'This queue entry does not exist.',
  'queue.entryDeleted': 'This queue entry has been deleted.',
  'queue.anotherBranch':
    "Current visit is from another branch. Please make sure you've selected the correct branch. ",
  'queue.doctorNotHere': 'Please choose a doctor of this branch.',
  'queue.visitPurposeUnknown': (codes: string) => `Unknown visit purpose: ${codes}.`,
  'queue.statusUnknown': 'Please choose a status from the list.',
  'queue.roomServiceNotHere': 'Please choose a room service of this branch.',
  'queue.visitTimeOtherDay': 'The visit time must stay on the day of the queue entry.',
  'queue.callInFirst': 'Please call the patient in first.',
  'queue.swapWithItself': 'An entry cannot swap places with itself.',
  'queue.swapOtherDay': 'Entries of different days cannot swap places.',
  'queueDisplay.linkNotFound': 'This display link does not exist.',
  'queueDisplay.linkExpired': 'This display link has expired.',
  'queueDisplay.linkEnded':
    'This display link has been revoked or has expired. Please create a new one.',
  'queueDisplay.expiryPast': 'The expiry must be in the future.',
  'queueDisplay.linkNameRequired': 'The name field is required.',
  'queueDisplay.doctorNotHere': 'This doctor does not work in this branch.',
  'queueDisplay.areaNotHere': 'Please choose a waiting area of this branch.',
} as const;

/**
 * Every refusal of the API, by a stable code per rule, with its English message: a text,
 * or a function of the values the message names (a wait, the attempts left). The spec's
 * own keys and words come from its catalogue (`messages.ts`) and the rule groups. The
 * server refuses by code (`platform/errors.ts`); the web decides by code and shows the
 * message through i18n (`refusal` namespace, one key per code).
 */
export const REFUSALS = {
  ...messageCatalogue,
  ...FIELD_REFUSALS,
  ...prefixed('patient', PATIENT_MESSAGES),
  ...prefixed('queue', QUEUE_MESSAGES),
  ...prefixed('queueDisplay', QUEUE_DISPLAY_MESSAGES),
  ...prefixed('password', PASSWORD_MESSAGES),
  ...prefixed('vitals', VITALS_MESSAGES),
  ...prefixed('diagnosis', DIAGNOSIS_MESSAGES),
  ...prefixed('allergy', ALLERGY_MESSAGES),
  ...prefixed('mc', MC_MESSAGES),
  ...prefixed('referral', REFERRAL_MESSAGES),
  ...prefixed('document', DOCUMENT_MESSAGES),
  ...DOCUMENT_REFUSAL_FORMATS,
  ...prefixed('visit', VISIT_MESSAGES),
  ...prefixed('prescription', PRESCRIPTION_MESSAGES),
  ...prefixed('prescription', PRESCRIBING_MESSAGES),
  ...PRESCRIBING_REFUSAL_FORMATS,
  ...prefixed('inventory', INVENTORY_MESSAGES),
  ...INVENTORY_REFUSAL_FORMATS,
  ...prefixed('stock', STOCK_MESSAGES),
  ...STOCK_REFUSAL_FORMATS,
  ...prefixed('dispensing', DISPENSING_MESSAGES),
  ...DISPENSING_REFUSAL_FORMATS,
  ...prefixed('tally', TALLY_MESSAGES),
  ...TALLY_REFUSAL_FORMATS,
  ...prefixed('requisition', REQUISITION_MESSAGES),
  ...REQUISITION_REFUSAL_FORMATS,
  ...prefixed('purchase', PURCHASE_MESSAGES),
  ...PURCHASE_REFUSAL_FORMATS,
  ...prefixed('catalog', CATALOG_MESSAGES),
  ...prefixed('invoice', INVOICE_MESSAGES),
  ...prefixed('payment', PAYMENT_MESSAGES),
  ...prefixed('subsidy', SUBSIDY_MESSAGES),
  ...prefixed('print', PRINT_MESSAGES),
  ...PAYMENT_REFUSAL_FORMATS,
  ...SEARCH_REFUSAL_FORMATS,
  ...prefixed('invoice', SERVICE_LINE_MESSAGES),
  ...prefixed('company', COMPANY_MESSAGES),
  ...prefixed('billingSettings', BILLING_SETTINGS_MESSAGES),
  ...prefixed('creditNote', CREDIT_NOTE_MESSAGES),
  ...prefixed('deposit', DEPOSIT_MESSAGES),
  ...CREDIT_REFUSAL_FORMATS,
  ...API_REFUSALS,
} as const;

export type RefusalCode = keyof typeof REFUSALS;

/** The values a refusal's message names, in order (none for a fixed text). */
export type RefusalValues<C extends RefusalCode> = (typeof REFUSALS)[C] extends (
  ...values: infer V
) => string
  ? V
  : [];

/** A refusal whose message names no values. */
export type FixedRefusalCode = {
  [C in RefusalCode]: (typeof REFUSALS)[C] extends string ? C : never;
}[RefusalCode];

/** The English message of a refusal. */
export function refusalMessage<C extends RefusalCode>(
  code: C,
  ...values: RefusalValues<C>
): string {
  const text = REFUSALS[code];
  if (typeof text === 'string') return text;
  // The compiler cannot tie `values` to this code's function; RefusalValues<C> does.
  const format = text as unknown as (...values: RefusalValues<C>) => string;
  return format(...values);
}

/** Each fixed text's code; null for a text several rules share (its code would be a guess). */
const codeByText = new Map<string, RefusalCode | null>();
for (const [code, text] of Object.entries(REFUSALS)) {
  if (typeof text !== 'string' || !isRefusalCode(code)) continue;
  codeByText.set(text, codeByText.has(text) ? null : code);
}

/**
 * The code of a fixed refusal text (a schema's message), when it is one of the catalogue's
 * and only one rule words it so.
 */
export function refusalCodeOf(text: string): RefusalCode | undefined {
  return codeByText.get(text) ?? undefined;
}

/** Whether a code (from an answer) is one of the catalogue's. */
export function isRefusalCode(code: unknown): code is RefusalCode {
  return typeof code === 'string' && Object.hasOwn(REFUSALS, code);
}
