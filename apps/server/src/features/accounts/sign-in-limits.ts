import { normalizeUsername } from '@clinic/domain';
import { createHash } from 'node:crypto';
import { withTenant } from '../../db/tenant-db.ts';
import type { AppContext } from '../../platform/app-context.ts';
import { rateLimited } from '../../platform/errors.ts';
import type { ThrottleLimit, ThrottleRule } from '../../platform/throttle.ts';
import { isKnownDevice } from './known-devices.repo.ts';

/*
 * Failed sign-ins are limited so that guessing is slow, but an attacker cannot use the
 * limits to keep the real user out (OWASP's device-cookie scheme). A browser that has
 * signed in to the account before (its `whiteList` id, remembered by hash at a successful
 * sign-in) is limited only by its own failures. Every other attempt counts against the
 * account and against the caller's address, which the attacker's failures fill.
 */

/** Failures of the account from devices it has not signed in from: slowed, then blocked. */
export const FAILURES_PER_ACCOUNT: ThrottleRule = {
  limit: 8,
  windowSeconds: 900,
  slowDown: { after: 3, firstDelaySeconds: 10 },
};
/**
 * Failures from one address on devices unknown to the account tried. High enough for a
 * whole clinic behind one router (or one proxy): its known devices do not count.
 */
export const FAILURES_PER_ADDRESS: ThrottleRule = { limit: 100, windowSeconds: 900 };
/** Failures of one known device on its account: a little more room than a new device. */
export const FAILURES_PER_KNOWN_DEVICE: ThrottleRule = {
  limit: 10,
  windowSeconds: 900,
  slowDown: { after: 5, firstDelaySeconds: 10 },
};
/** A device stays known this long after its last sign-in. */
export const KNOWN_DEVICE_DAYS = 90;
/** A shorter `whiteList` is guessable: it never makes a device known. */
export const DEVICE_ID_MIN_LENGTH = 16;

/**
 * The device a sign-in comes from, as far as the account it names goes: `hash` is the
 * account's hash of the device's id (null without a usable id or account), and `known`
 * says the account has signed in from it before.
 */
export type SignInDevice =
  { known: false; hash: Buffer | null } | { known: true; hash: Buffer; userId: string };

export const UNKNOWN_DEVICE: SignInDevice = { known: false, hash: null };

/** The device id hashed with the user: the stored hash names neither, and fits no other user. */
function deviceHash(userId: string, whiteList: string | undefined): Buffer | null {
  if (!whiteList || whiteList.length < DEVICE_ID_MIN_LENGTH) return null;
  return createHash('sha256').update(`${userId}\n${whiteList}`).digest();
}

/** Whether the account has signed in from the device that sent `whiteList`. */
export async function signInDevice(
  ctx: AppContext,
  account: { tenantId: string; userId: string },
  whiteList: string | undefined,
): Promise<SignInDevice> {
  const hash = deviceHash(account.userId, whiteList);
  if (!hash) return UNKNOWN_DEVICE;
  const known = await withTenant(ctx.db, account.tenantId, (tx) =>
    isKnownDevice(tx, account.userId, hash, KNOWN_DEVICE_DAYS),
  );
  return known ? { known, hash, userId: account.userId } : { known, hash };
}

/** "10 seconds", "1 minute", "15 minutes": how long to wait, as the refusal says it. */
export function waitText(seconds: number): string {
  const [count, unit] = seconds < 60 ? [seconds, 'second'] : [Math.ceil(seconds / 60), 'minute'];
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

export const accountKey = (username: string) => `sign-in:user:${normalizeUsername(username)}`;
export const addressKey = (ip: string) => `sign-in:ip:${ip}`;
export const deviceKey = (userId: string, hash: Buffer) =>
  `sign-in:device:${userId}:${hash.toString('hex')}`;

/** The limits an attempt counts against: its known device's own, else account and address. */
function limitsOf(username: string, ip: string, device: SignInDevice): ThrottleLimit[] {
  const accountLocked = (wait: number) =>
    rateLimited(wait, 'session.accountLocked', waitText(wait));
  if (device.known) {
    const key = deviceKey(device.userId, device.hash);
    return [{ key, rule: FAILURES_PER_KNOWN_DEVICE, refusal: accountLocked }];
  }
  return [
    { key: accountKey(username), rule: FAILURES_PER_ACCOUNT, refusal: accountLocked },
    {
      key: addressKey(ip),
      rule: FAILURES_PER_ADDRESS,
      refusal: (wait) => rateLimited(wait, 'session.networkLocked', waitText(wait)),
    },
  ];
}

/**
 * Reserves this attempt against its limits, or throws the 429 of the first one it is over.
 * A correct password gives the reservation back.
 */
export function reserveSignIn(
  ctx: AppContext,
  attempt: { username: string; ip: string; device: SignInDevice },
): Promise<string[]> {
  return ctx.throttle.reserve(limitsOf(attempt.username, attempt.ip, attempt.device));
}

/** After a sign-in from a known device, its own earlier failures are forgiven. */
export async function forgiveDevice(ctx: AppContext, device: SignInDevice): Promise<void> {
  if (device.known) await ctx.throttle.clear(deviceKey(device.userId, device.hash));
}
