import { singleLineString } from '../common/text.ts';
import { z } from 'zod';
import { message } from '../common/messages.ts';
import { isCountryCode } from './countries.ts';

export const SUBDOMAIN_MIN = 5;
export const SUBDOMAIN_MAX = 63;
export const CLINIC_NAME_MIN = 5;
export const CLINIC_NAME_MAX = 255;
export const EMAIL_MAX = 319;
export const PERSON_NAME_MAX = 100;

const SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
/** Local part, '@', and a domain of dot-separated labels ending in a 2+ letter top level. */
const EMAIL_PATTERN = /^[^\s@"<>(),;:\\[\]]+@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i;

/**
 * Addresses the product itself uses or may use (its own pages, the API, mail and support
 * hosts): no clinic may register them, so no clinic's link can pose as the product's.
 */
export const RESERVED_SUBDOMAINS: ReadonlySet<string> = new Set([
  'about',
  'account',
  'accounts',
  'admin',
  'administrator',
  'assets',
  'billing',
  'clinic',
  'clinics',
  'config',
  'console',
  'dashboard',
  'display',
  'files',
  'forgot-password',
  'healthz',
  'help',
  'login',
  'logout',
  'mailer',
  'metrics',
  'portal',
  'postmaster',
  'privacy',
  'public',
  'readyz',
  'register',
  'security',
  'signin',
  'sign-in',
  'signout',
  'sign-out',
  'signup',
  'sign-up',
  'static',
  'status',
  'support',
  'system',
  'terms',
  'tenant',
  'tenants',
  'validate',
  'webmaster',
]);

export function isReservedSubdomain(value: string): boolean {
  return RESERVED_SUBDOMAINS.has(value.toLowerCase());
}

export function isValidSubdomain(value: string): boolean {
  return (
    value.length >= SUBDOMAIN_MIN && value.length <= SUBDOMAIN_MAX && SUBDOMAIN_PATTERN.test(value)
  );
}

export function isValidClinicName(value: string): boolean {
  return value.length >= CLINIC_NAME_MIN && value.length <= CLINIC_NAME_MAX;
}

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);
}

/** Minutes from UTC: UTC-12:00 to UTC+14:00. */
export function isValidTimezoneOffset(value: number): boolean {
  return Number.isInteger(value) && value >= -720 && value <= 840;
}

/** A trimmed text field whose every failure (missing, wrong type, rule) gives one message. */
function ruledText(text: string, rule: (value: string) => boolean) {
  return singleLineString({ error: text }).trim().refine(rule, { message: text });
}

const personName = ruledText(
  message('tenant.message.fullName'),
  (value) => value.length > 0 && value.length <= PERSON_NAME_MAX,
);

export const TenantRegistrationBody = z.strictObject({
  subdomain: ruledText(message('tenant.message.subdomain'), isValidSubdomain).transform((value) =>
    value.toLowerCase(),
  ),
  clinic: ruledText(message('tenant.message.clinicName'), isValidClinicName),
  firstName: personName,
  lastName: personName,
  email: ruledText(message('tenant.message.email'), isValidEmail).transform((value) =>
    value.toLowerCase(),
  ),
  country: ruledText(message('tenant.message.country'), (value) => isCountryCode(value)),
  timezone: z
    .number({ error: message('tenant.message.timezone') })
    .refine(isValidTimezoneOffset, { message: message('tenant.message.timezone') }),
});
export type TenantRegistrationBody = z.infer<typeof TenantRegistrationBody>;

export const TenantRegistrationResult = z.object({
  tenantId: z.uuid(),
  subdomain: z.string(),
  email: z.string(),
});
export type TenantRegistrationResult = z.infer<typeof TenantRegistrationResult>;

export const SubdomainParams = z.strictObject({
  subdomain: ruledText(
    message('tenant.message.subdomainMissing'),
    (value) => value.length > 0,
  ).transform((value) => value.toLowerCase()),
});

/** The activation code as typed: spaces are removed before it is checked. */
export const TenantConfirmBody = z.strictObject({
  activeCode: singleLineString({ error: message('tenant.message.activeCodeRequired') })
    .max(64, 'The activation code is at most 64 characters.')
    .transform((value) => value.replace(/\s+/g, ''))
    .refine((value) => value.length > 0, { message: message('tenant.message.activeCodeRequired') }),
});
export type TenantConfirmBody = z.infer<typeof TenantConfirmBody>;

export const TenantConfirmResult = z.object({
  subdomain: z.string(),
  activated: z.boolean(),
});

export const CountryOption = z.object({ countryCode: z.string(), countryName: z.string() });
export type CountryOption = z.infer<typeof CountryOption>;
