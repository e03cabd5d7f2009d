import {
  UserType,
  mayUseConsole,
  passwordProblem,
  type DeviceConfirmResult,
  type PasswordChangeBody,
  type SessionInfo,
  type SignInBody,
  type TimeoutInfo,
} from '@clinic/domain';
import { withTenant, type TenantTx } from '../../db/tenant-db.ts';
import type { AppContext } from '../../platform/app-context.ts';
import { signInTarget, tenantIdOfUser, type Principal } from '../../platform/directory.ts';
import {
  AppError,
  badRequest,
  fieldError,
  fieldProblem,
  forbidden,
  notFound,
  rateLimited,
} from '../../platform/errors.ts';
import { hashSecret, verifySecret } from '../../platform/passwords.ts';
import { ACTIVITY_GRAIN_SECONDS, activityDue } from '../../platform/session-activity.ts';
import { newSessionToken } from '../../platform/tokens.ts';
import type { ThrottleRule } from '../../platform/throttle.ts';
import { withRole } from '../roles/roles.service.ts';
import * as repo from './accounts.repo.ts';
import { rememberDevice } from './known-devices.repo.ts';
import {
  KNOWN_DEVICE_DAYS,
  UNKNOWN_DEVICE,
  forgiveDevice,
  reserveSignIn,
  signInDevice,
  type SignInDevice,
} from './sign-in-limits.ts';

export interface Caller {
  ip: string;
  userAgent: string | null;
}

function minutes(seconds: number): string {
  const count = Math.ceil(seconds / 60);
  return `${count} minute${count === 1 ? '' : 's'}`;
}

const invalidCredentials = () => badRequest('session.invalidCredentials');

type SignInOutcome = { session: SessionInfo } | { refused: AppError; countsAsFailure: boolean };

/** Spends the time a password check takes, so a wrong username cannot be told from a wrong password. */
async function unknownUsername(password: string): Promise<SignInOutcome> {
  await verifySecret(null, password);
  return { refused: invalidCredentials(), countsAsFailure: true };
}

/**
 * Signs in by username and password. Failures are limited per device the account knows,
 * else per account and per address (`sign-in-limits.ts`); a successful sign-in makes the
 * sending device (`whiteList`) known to the account.
 */
export async function signIn(
  ctx: AppContext,
  body: SignInBody,
  caller: Caller,
): Promise<SessionInfo> {
  const target = await signInTarget(ctx.db, body.username);
  const device = target ? await signInDevice(ctx, target, body.whiteList) : UNKNOWN_DEVICE;
  const attempt = await reserveSignIn(ctx, { username: body.username, ip: caller.ip, device });
  const outcome = target
    ? await withTenant(ctx.db, target.tenantId, (tx) =>
        attemptSignIn(ctx, tx, target.userId, body, caller, device),
      )
    : await unknownUsername(body.password);
  if ('session' in outcome) {
    await ctx.throttle.release(attempt);
    await forgiveDevice(ctx, device);
    return outcome.session;
  }
  if (!outcome.countsAsFailure) await ctx.throttle.release(attempt);
  throw outcome.refused;
}

async function attemptSignIn(
  ctx: AppContext,
  tx: TenantTx,
  userId: string,
  body: SignInBody,
  caller: Caller,
  device: SignInDevice,
): Promise<SignInOutcome> {
  const user = await repo.findUser(tx, userId);
  const tenant = await repo.findTenant(tx);
  if (!user || !tenant || !(await verifySecret(user.passwordHash, body.password))) {
    return { refused: invalidCredentials(), countsAsFailure: true };
  }
  // The password was right: from here on the refusals may say why.
  if (!tenant.activatedAt) {
    return {
      refused: forbidden('session.clinicNotActivated'),
      countsAsFailure: false,
    };
  }
  if (
    tenant.status === 'trial' &&
    tenant.trialEndsAt &&
    tenant.trialEndsAt.getTime() < Date.now()
  ) {
    return {
      refused: forbidden('session.trialEnded'),
      countsAsFailure: false,
    };
  }
  if (!user.isActive) {
    return {
      refused: forbidden('session.accountDisabled'),
      countsAsFailure: false,
    };
  }
  if (body.console && !mayUseConsole(user.type)) {
    return { refused: forbidden('session.consoleRefused'), countsAsFailure: false };
  }
  if (tenant.requireDeviceAuthorization) {
    const refusal = await checkDevice(ctx, tx, user, body.whiteList);
    if (refusal) return { refused: refusal, countsAsFailure: false };
  }
  const { token, hash } = newSessionToken();
  const expiresAt = new Date(Date.now() + ctx.config.sessionHours * 3600_000);
  const kind = user.type === UserType.tenantCatalog ? 'tenant' : 'clinic';
  await repo.insertSession(tx, {
    userId,
    tokenHash: hash,
    kind,
    expiresAt,
    ip: caller.ip,
    userAgent: caller.userAgent,
  });
  if (device.hash) await rememberDevice(tx, userId, device.hash, KNOWN_DEVICE_DAYS);
  const branches = (await repo.accessibleBranches(tx, userId)).map(withRole);
  return {
    session: {
      token,
      expiresAt: Math.floor(expiresAt.getTime() / 1000),
      kind,
      user: repo.toSessionUser(user),
      modules: (await repo.tenantModules(tx)) as SessionInfo['modules'],
      branches: branches.map(({ id, code, name, isDefault, role, permissions }) => ({
        id,
        code,
        name,
        isDefault,
        role,
        permissions,
      })),
      hciCode: branches[0]?.hciCode ?? null,
      tenant: {
        id: tenant.id,
        subdomain: tenant.subdomain,
        clinicName: tenant.clinicName,
        status: tenant.status,
        trialEndsAt:
          tenant.status === 'trial' && tenant.trialEndsAt
            ? Math.floor(tenant.trialEndsAt.getTime() / 1000)
            : null,
        timezoneOffset: tenant.timezoneOffset,
      },
    },
  };
}

/** A refusal when the clinic authorizes devices and this one is not yet; mails a link once. */
/** Mails authorizing a new device, per user per hour: a stolen password cannot flood a mailbox. */
export const DEVICE_MAILS_PER_USER: ThrottleRule = { limit: 5, windowSeconds: 3600 };

/** Counts one more device mail of the user, or answers the refusal when they had enough. */
async function reserveDeviceMail(ctx: AppContext, userId: string): Promise<AppError | undefined> {
  try {
    await ctx.throttle.reserve([
      {
        key: `device-mail:${userId}`,
        rule: DEVICE_MAILS_PER_USER,
        refusal: (wait) => rateLimited(wait, 'device.tooManyMails', minutes(wait)),
      },
    ]);
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

async function checkDevice(
  ctx: AppContext,
  tx: TenantTx,
  user: { id: string; email: string; firstName: string },
  visitorId: string | undefined,
): Promise<AppError | undefined> {
  if (!visitorId) return forbidden('session.authorizedDevicesOnly');
  const known = await repo.findDeviceAuthorization(tx, user.id, { visitorId });
  if (known?.authorizedAt) return undefined;
  if (!known) {
    const tooMany = await reserveDeviceMail(ctx, user.id);
    if (tooMany) return tooMany;
    const id = await repo.insertDeviceAuthorization(tx, user.id, visitorId);
    await ctx.mail.queue(tx, {
      to: user.email,
      subject: 'Authorize a new device',
      body: [
        `Hello ${user.firstName},`,
        '',
        'Someone signed in to your account from a device we have not seen before.',
        `If it was you, authorize the device by opening: ${ctx.config.publicUrl}/validate/${user.id}/${id}`,
        'If it was not you, change your password.',
      ].join('\n'),
    });
  }
  return forbidden('session.deviceNotAuthorized');
}

export async function signOut(ctx: AppContext, principal: Principal): Promise<void> {
  await withTenant(ctx.db, principal.tenantId, (tx) => repo.revokeSession(tx, principal.sessionId));
}

/** Changes the caller's password; their other sessions are signed out. */
/** Wrong current passwords allowed per user within 15 minutes. */
export const PASSWORD_CHECKS_PER_USER: ThrottleRule = { limit: 5, windowSeconds: 900 };

/**
 * Changes the caller's password; their other sessions are signed out. Guesses at the
 * current password are limited like sign-ins.
 */
export async function changePassword(
  ctx: AppContext,
  principal: Principal,
  body: PasswordChangeBody,
): Promise<void> {
  const attempt = await ctx.throttle.reserve([
    {
      key: `password:user:${principal.userId}`,
      rule: PASSWORD_CHECKS_PER_USER,
      refusal: (wait) => rateLimited(wait, 'password.currentAttempts', minutes(wait)),
    },
  ]);
  const user = await withTenant(ctx.db, principal.tenantId, (tx) =>
    repo.findUser(tx, principal.userId),
  );
  if (!user) throw notFound('record.notFound');
  if (!(await verifySecret(user.passwordHash, body.currentPassword))) {
    throw fieldError('currentPassword', 'password.currentWrong');
  }
  await ctx.throttle.release(attempt);
  const problem = passwordProblem(body.newPassword, user.username);
  if (problem) throw fieldProblem('newPassword', problem);
  if (body.newPassword === body.currentPassword) {
    throw fieldError('newPassword', 'password.unchanged');
  }
  const newHash = await hashSecret(body.newPassword);
  await withTenant(ctx.db, principal.tenantId, async (tx) => {
    await repo.setPassword(tx, user.id, newHash, false);
    await repo.revokeOtherSessions(tx, user.id, principal.sessionId);
  });
}

export async function timeoutInfo(
  ctx: AppContext,
  principal: Principal,
  branchId: string | undefined,
): Promise<TimeoutInfo> {
  return withTenant(ctx.db, principal.tenantId, async (tx) => {
    const tenant = await repo.findTenant(tx);
    if (!tenant) throw notFound('record.notFound');
    const branches = (await repo.accessibleBranches(tx, principal.userId)).map(withRole);
    const branch = branches.find((b) => b.id === branchId) ?? branches[0];
    return {
      timeout: tenant.inactivityTimeoutMinutes,
      clinicName: tenant.clinicName,
      clinicType: tenant.clinicType,
      clinicServiceLicenseNumber: branch?.licenceNumber ?? null,
    };
  });
}

/** A device authorization link works for a day. */
export const DEVICE_LINK_HOURS = 24;

/**
 * Completes the device authorization link sent at sign-in, `/validate/{userId}/{id}`; the
 * spec's client sends the id as `visitorId`. An unknown or day-old link is a failure.
 */
export async function confirmDevice(
  ctx: AppContext,
  userId: string,
  authorizationId: string,
): Promise<DeviceConfirmResult> {
  const tenantId = await tenantIdOfUser(ctx.db, userId);
  if (!tenantId) throw notFound('device.authorizationFailed');
  return withTenant(ctx.db, tenantId, async (tx) => {
    const device = await repo.findDeviceAuthorization(tx, userId, { id: authorizationId });
    if (!device) throw notFound('device.authorizationFailed');
    if (device.authorizedAt) return { status: 'repeat' as const };
    if (device.createdAt.getTime() < Date.now() - DEVICE_LINK_HOURS * 3600_000)
      throw notFound('device.authorizationFailed');
    await repo.authorizeDevice(tx, device.id);
    return { status: 'success' as const };
  });
}

/**
 * Records that the caller's session was used now (the access guard calls it for calls the
 * user made): one short transaction per session and minute at most, nothing otherwise.
 */
export async function recordSessionActivity(ctx: AppContext, principal: Principal): Promise<void> {
  if (!activityDue(principal)) return;
  await withTenant(ctx.db, principal.tenantId, (tx) =>
    repo.markSessionActive(tx, principal.sessionId, ACTIVITY_GRAIN_SECONDS),
  );
}
