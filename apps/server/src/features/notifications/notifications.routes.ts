import { isVisitEvent, notificationsContract, type NotificationEvent } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppContext } from '../../platform/app-context.ts';
import { principalOf } from '../../platform/access.ts';
import { routeOf } from '../../platform/contract-routes.ts';
import {
  principalOfDisplayLink,
  principalOfToken,
  type Principal,
} from '../../platform/directory.ts';
import type { BranchEvent } from '../../platform/event-bus.ts';
import { isIdle } from '../../platform/session-activity.ts';

/** Pings keep idle connections open through proxies; a missed pong ends a dead one. */
const PING_MS = 30_000;

export const SESSION_ENDED_CLOSE = 4401;
/** The server is shutting down (a restart or a rolling deploy): the client reconnects. */
export const SERVICE_RESTART_CLOSE = 1012;
/** Close code of a socket beyond its session's allowance (`SOCKETS_PER_SESSION`). */
export const TOO_MANY_SOCKETS_CLOSE = 4429;
/** Open sockets one session (or display link) may hold per instance: a tab or a board each. */
export const SOCKETS_PER_SESSION = 20;

/** The longest delay a timer takes (about 24.8 days); a later end is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Past the end before checking, so that the database's clock agrees it has come. */
const END_MARGIN_MS = 250;

/** Calls `atEnd` when `end` comes (a display link's expiry); answers how to cancel. */
function whenItEnds(end: Date, atEnd: () => void): () => void {
  let timer: NodeJS.Timeout;
  const wait = () => {
    const left = Math.max(0, end.getTime() - Date.now()) + END_MARGIN_MS;
    timer = left > MAX_TIMER_MS ? setTimeout(wait, MAX_TIMER_MS) : setTimeout(atEnd, left);
  };
  wait();
  return () => clearTimeout(timer);
}

/** Open sockets per session on this instance. */
class SessionSockets {
  readonly #open = new Map<string, number>();

  /** Counts one more socket of the session, unless it already holds its allowance. */
  open(sessionId: string): boolean {
    const count = this.#open.get(sessionId) ?? 0;
    if (count >= SOCKETS_PER_SESSION) return false;
    this.#open.set(sessionId, count + 1);
    return true;
  }

  closed(sessionId: string): void {
    const count = (this.#open.get(sessionId) ?? 1) - 1;
    if (count > 0) this.#open.set(sessionId, count);
    else this.#open.delete(sessionId);
  }
}

/**
 * What a socket may see: a public board gets where to go, never who, and none of the
 * consult timer's events (they name a patient).
 */
function shownTo(principal: Principal, event: BranchEvent): NotificationEvent | null {
  const { tenantId: _tenant, branchId: _branch, publishedAt: _at, ...shown } = event;
  if (principal.kind !== 'display') return shown;
  if (isVisitEvent(shown)) return null;
  const { patientName: _name, ...data } = shown.data;
  return { ...shown, data, message: null };
}

/**
 * Whether the holder may still receive this branch's queue events: a session not idle
 * past the clinic's time-out, branch, module and a role there that may read the queue.
 */
async function stillAllowed(
  ctx: AppContext,
  principal: Principal,
  tokenHash: Buffer,
  branchId: string,
): Promise<boolean> {
  const now =
    principal.kind === 'display'
      ? await principalOfDisplayLink(ctx.db, tokenHash)
      : await principalOfToken(ctx.db, tokenHash, branchId);
  return Boolean(
    now &&
    !isIdle(now) &&
    now.branchIds.has(branchId) &&
    now.modules.has('clinic.queue') &&
    now.permissions.has('queue:read'),
  );
}

/**
 * WebSocket /notifications/ws?branchId&token (doc 2 section 4.8): the queue events of the
 * caller's tenant and branch, and nothing else; a display link's board gets them without
 * names. The access guard checks token and branch before the upgrade.
 */
export function notificationsRoutes(ctx: AppContext) {
  const sessionSockets = new SessionSockets();
  return async (app: FastifyInstance) => {
    app.get(
      notificationsContract.socket.path,
      {
        websocket: true,
        config: {
          access: {
            module: 'clinic.queue',
            branch: 'required',
            permission: 'queue:read',
            socket: true,
            display: true,
          },
        },
        schema: routeOf(notificationsContract.socket, 'notifications').schema,
      },
      (socket: WebSocket, request) => {
        const principal = principalOf(request);
        if (!sessionSockets.open(principal.sessionId)) {
          socket.close(TOO_MANY_SOCKETS_CLOSE, 'Too many open connections for this session');
          return;
        }
        const branchId = request.branchId ?? '';
        const tokenHash = request.tokenHash ?? Buffer.alloc(0);
        const kind = principal.kind === 'display' ? 'display' : 'staff';
        ctx.metrics.openSockets.inc({ kind });
        const unsubscribe = ctx.events.subscribe((event) => {
          if (event.tenantId === principal.tenantId && event.branchId === branchId) {
            const shown = shownTo(principal, event);
            if (shown) socket.send(JSON.stringify(shown));
          }
        });
        // A peer that misses a pong between two pings is gone (an unplugged TV): drop it.
        let alive = true;
        socket.on('pong', () => (alive = true));
        const ping = setInterval(() => {
          if (!alive) return socket.terminate();
          alive = false;
          socket.ping();
        }, PING_MS);
        const checkAccess = () =>
          stillAllowed(ctx, principal, tokenHash, branchId)
            .then((allowed) => {
              if (!allowed) socket.close(SESSION_ENDED_CLOSE, 'Session ended');
            })
            .catch((error: unknown) =>
              request.log.warn({ err: error }, 'socket session check failed'),
            );
        const sessionCheck = setInterval(() => void checkAccess(), ctx.config.socketSessionCheckMs);
        // A sign-out, revoked link, disabled user or lost branch is checked at once.
        const stopAccessWatch = ctx.events.onAccessChange((change) => {
          if (change.tenantId !== principal.tenantId) return;
          if (change.sessionId === principal.sessionId || change.userId === principal.userId) {
            void checkAccess();
          }
        });
        // An expiring display link's board is closed as its link expires.
        const stopExpiry = principal.expiresAt
          ? whenItEnds(principal.expiresAt, () => void checkAccess())
          : () => {};
        socket.on('close', () => {
          stopExpiry();
          sessionSockets.closed(principal.sessionId);
          ctx.metrics.openSockets.dec({ kind });
          unsubscribe();
          stopAccessWatch();
          clearInterval(ping);
          clearInterval(sessionCheck);
        });
      },
    );
  };
}
