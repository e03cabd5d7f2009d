import { BACKGROUND_REQUEST_HEADER, INACTIVITY_WARNING_MINUTES } from '@clinic/domain';
import type { FastifyRequest } from 'fastify';
import type { Principal } from './directory.ts';

/**
 * Sessions end on the server after the clinic's inactivity time-out plus the web's
 * warning countdown without user activity (security issue, section 3). The access guard
 * applies these rules; the accounts feature, which owns `sessions`, writes the activity.
 *
 * A session's last activity is written at most once per `ACTIVITY_GRAIN_SECONDS`: the
 * stored time is then up to that much older than the real last activity, so the limit
 * adds one grain, and a session ends between time-out plus warning and one grain later.
 */
export const ACTIVITY_GRAIN_SECONDS = 60;

const BACKGROUND_HEADER = BACKGROUND_REQUEST_HEADER.toLowerCase();

/** The seconds without recorded activity after which a session of a clinic with this time-out ends. */
export function idleLimitSeconds(timeoutMinutes: number): number {
  return (timeoutMinutes + INACTIVITY_WARNING_MINUTES) * 60 + ACTIVITY_GRAIN_SECONDS;
}

/** Whether a staff session has been unused too long (a display link is never idle). */
export function isIdle(principal: Principal): boolean {
  const { activity } = principal;
  return (
    activity !== undefined && activity.inactiveSeconds > idleLimitSeconds(activity.timeoutMinutes)
  );
}

/** Whether the session's recorded activity is old enough to be written again. */
export function activityDue(principal: Principal): boolean {
  const { activity } = principal;
  return activity !== undefined && activity.inactiveSeconds >= ACTIVITY_GRAIN_SECONDS;
}

/**
 * A call the user made: not marked as background by the client, and not a socket (a
 * socket opens and reconnects on its own, and carries no headers from the browser).
 */
export function isUserActivity(request: FastifyRequest, socket: boolean): boolean {
  return !socket && request.headers[BACKGROUND_HEADER] !== '1';
}
