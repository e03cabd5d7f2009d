import { singleLineString } from '../common/text.ts';
import { z } from 'zod';
import { ALL_MODULES } from './modules.ts';
import { PASSWORD_MAX } from './password.ts';
import { ALL_PERMISSIONS } from './permissions.ts';
import { USER_TYPES } from './users.ts';

// The texts and limits import no zod, so pages that need only them skip the schemas.
export * from './session-texts.ts';

export const SignInBody = z.strictObject({
  username: singleLineString({ error: 'Please enter your username.' })
    .trim()
    .min(1, 'Please enter your username.')
    .max(320, 'The username is at most 320 characters.'),
  password: z
    .string({ error: 'Please enter your password.' })
    .min(1, 'Please enter your password.')
    .max(PASSWORD_MAX, `The password is at most ${PASSWORD_MAX} characters.`),
  timezone: z.int('timezone must be whole minutes from UTC').min(-720).max(840).optional(),
  /** Signing in at the tenant console (`/login`): only console users may (`mayUseConsole`). */
  console: z.boolean({ error: 'console must be true or false' }).optional(),
  /** Device fingerprint kept in the browser; asked for when the clinic authorizes devices. */
  whiteList: singleLineString().trim().max(200, 'whiteList is at most 200 characters').optional(),
});
export type SignInBody = z.infer<typeof SignInBody>;

/** The role a user holds in a branch. */
export const RoleRef = z.object({ id: z.uuid(), name: z.string() });
export type RoleRef = z.infer<typeof RoleRef>;

export const BranchOption = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  isDefault: z.boolean(),
  /** The user's role in this branch, and what it allows there (the web hides the rest). */
  role: RoleRef,
  permissions: z.array(z.enum(ALL_PERMISSIONS)),
});
export type BranchOption = z.infer<typeof BranchOption>;

export const SessionUser = z.object({
  id: z.uuid(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  type: z.enum(USER_TYPES),
  mcr: z.string().nullable(),
  mustChangePassword: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const SessionInfo = z.object({
  token: z.string(),
  /** Unix seconds. */
  expiresAt: z.int(),
  kind: z.enum(['clinic', 'member', 'tenant']),
  user: SessionUser,
  modules: z.array(z.enum(ALL_MODULES)),
  branches: z.array(BranchOption),
  hciCode: z.string().nullable(),
  tenant: z.object({
    id: z.uuid(),
    subdomain: z.string(),
    clinicName: z.string(),
    status: z.enum(['trial', 'active']),
    /** Unix seconds, null once the clinic is on a paid plan. */
    trialEndsAt: z.int().nullable(),
    /** The clinic's time zone, minutes from UTC: its days (queue, board) are counted in it. */
    timezoneOffset: z.int(),
  }),
});
export type SessionInfo = z.infer<typeof SessionInfo>;

export const PasswordChangeBody = z.strictObject({
  currentPassword: z
    .string({ error: 'Please enter your current password.' })
    .min(1, 'Please enter your current password.')
    .max(PASSWORD_MAX),
  newPassword: z
    .string({ error: 'Please enter a new password.' })
    .min(1, 'Please enter a new password.')
    .max(PASSWORD_MAX, `The password must be at most ${PASSWORD_MAX} characters.`),
});
export type PasswordChangeBody = z.infer<typeof PasswordChangeBody>;

export const TimeoutInfo = z.object({
  /** Inactivity time-out in minutes. */
  timeout: z.int(),
  clinicName: z.string(),
  clinicType: z.string(),
  clinicServiceLicenseNumber: z.string().nullable(),
});
export type TimeoutInfo = z.infer<typeof TimeoutInfo>;

export const CurrentBranch = BranchOption.extend({
  currency: z.string(),
  /** True when the branch prints through a print server. */
  printer: z.boolean(),
  address: z.string().nullable(),
  postal: z.string().nullable(),
  country: z.string(),
  phone: z.string().nullable(),
  fax: z.string().nullable(),
  hciCode: z.string().nullable(),
  companyRegistrationNo: z.string().nullable(),
  taxRegistrationNo: z.string().nullable(),
  hasLogo: z.boolean(),
});
export type CurrentBranch = z.infer<typeof CurrentBranch>;

export const DeviceConfirmParams = z.strictObject({ uid: z.uuid('uid must be a user id') });
export const DeviceConfirmBody = z.strictObject({
  visitorId: z.uuid('visitorId must be the id from the authorization link'),
});
export const DeviceConfirmResult = z.object({ status: z.enum(['success', 'repeat']) });
export type DeviceConfirmResult = z.infer<typeof DeviceConfirmResult>;

/** `POST /sp-state`: where the identity provider should send the user back. */
export const SingpassStateBody = z.strictObject({
  redirectUri: singleLineString({ error: 'redirectUri is required' }).max(
    2000,
    'redirectUri is at most 2000 characters',
  ),
});

/** `POST /sp-sign-in`: the identity provider's code and the browser's device id. */
export const SingpassSignInBody = z.strictObject({
  code: singleLineString({ error: 'code is required' }).max(
    2000,
    'code is at most 2000 characters',
  ),
  whiteList: singleLineString().max(200, 'whiteList is at most 200 characters').optional(),
});
