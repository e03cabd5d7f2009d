import {
  isPermission,
  mayUseConsole,
  moduleOfPermission,
  type ModuleName,
  type Permission,
} from '@clinic/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { withTenant, type TenantTx } from '../db/tenant-db.ts';
import { writeDeclaredAudit, type RouteAudit } from './audit.ts';
import {
  isDisplayLinkExpired,
  principalOfDisplayLink,
  principalOfToken,
  type Principal,
} from './directory.ts';
import { badRequest, forbidden, unauthorized } from './errors.ts';
import { isIdle, isUserActivity } from './session-activity.ts';
import { hashToken } from './tokens.ts';

/** A route any signed-in user may call whatever their role (sign-out, their branches, ...). */
export const SIGNED_IN = 'signedIn';

/**
 * Who may call a route. Every API route declares one (checked when routes register):
 * - 'public': no session needed;
 * - a session, optionally a bought module, whether the BranchId header is required, and
 *   the permission the caller's role must hold (in the BranchId branch; in any of their
 *   branches when none is sent), or SIGNED_IN for routes every signed-in user may call.
 *   A BranchId header that is sent is always checked against the caller's branches.
 */
export type RouteAccess =
  | 'public'
  | {
      module: ModuleName | null;
      branch: 'required' | 'optional';
      /** What the caller's role must allow; its resource's module is `module`. */
      permission: Permission | typeof SIGNED_IN;
      /** A WebSocket: the token and branch come as `token` and `branchId` query parameters. */
      socket?: boolean;
      /** A queue display link may call it too (read-only board routes). */
      display?: boolean;
      /** Callable before a temporary password is changed (the password change itself, sign-out, the shell's start). */
      temporaryPassword?: boolean;
      /** A tenant console route: only console users (`mayUseConsole`) may call it. Required of `tenant.*` modules. */
      console?: boolean;
    };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    principal: Principal | undefined;
    branchId: string | undefined;
    /** The hash of the token the caller authenticated with (sockets re-check it). */
    tokenHash: Buffer | undefined;
  }
  interface FastifyInstance {
    /** Every API route with its access rule, as registered: for sweeps over the whole API. */
    routeTable: ApiRoute[];
  }
}

export interface ApiRoute {
  method: string;
  url: string;
  access: RouteAccess;
  /** The audit row it writes (or why none), for routes that touch a patient's data. */
  audit: RouteAudit | undefined;
  /** The route validates a request body. */
  hasBody: boolean;
  /** Its zod schemas, for sweeps that build requests from them (and read answers). */
  schemas: { body?: unknown; querystring?: unknown; params?: unknown; response?: unknown };
  /** A WebSocket route. */
  websocket: boolean;
}

/** Display link tokens start with this, so only they are looked up as links. */
export const DISPLAY_TOKEN_PREFIX = 'dsp_';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

function branchHeader(request: FastifyRequest): string | undefined {
  const value = request.headers.branchid;
  const text = Array.isArray(value) ? value[0] : value;
  return text && text.trim() !== '' ? text.trim() : undefined;
}

function queryValue(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * Checks the session, bought module and branch of every request, before its body is read.
 * `recordActivity` notes that a session was used by a call the user made (the accounts
 * feature owns sessions; platform code imports no feature).
 */
export function installAccessGuard(
  app: FastifyInstance,
  db: Kysely<DB>,
  recordActivity: (principal: Principal) => Promise<void>,
): void {
  app.decorateRequest('principal', undefined);
  app.decorateRequest('branchId', undefined);
  app.decorateRequest('tokenHash', undefined);
  const routeTable: ApiRoute[] = [];
  app.decorate('routeTable', routeTable);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    const name = `Route ${[route.method].flat().join(',')} ${route.url}`;
    if (!access) throw new Error(`${name} declares no access rule`);
    if (access !== 'public') {
      const { permission } = access as { permission?: string };
      if (!permission) throw new Error(`${name} declares no permission`);
      if (access.module?.startsWith('tenant.') && !access.console)
        throw new Error(
          `${name} is of the console (${access.module}) and declares no console: true`,
        );
      if (permission !== SIGNED_IN) {
        if (!isPermission(permission)) throw new Error(`${name}: unknown permission ${permission}`);
        if (moduleOfPermission(permission) !== access.module)
          throw new Error(
            `${name}: permission ${permission} belongs to ${moduleOfPermission(permission)}, the route to ${access.module ?? 'no module'}`,
          );
      }
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') {
        routeTable.push({
          method,
          url: route.url,
          access,
          audit: route.config?.audit,
          hasBody: Boolean(route.schema?.body),
          schemas: {
            body: route.schema?.body,
            querystring: route.schema?.querystring,
            params: route.schema?.params,
            response: route.schema?.response,
          },
          websocket: Boolean((route as { websocket?: boolean }).websocket),
        });
      }
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    const token =
      bearerToken(request) ?? (access.socket ? queryValue(request, 'token') : undefined);
    if (!token) throw unauthorized('session.signInFirst');
    const asked =
      branchHeader(request) ?? (access.socket ? queryValue(request, 'branchId') : undefined);
    const hash = hashToken(token);
    // One call: the session's holder and their permissions in the branch asked about (a
    // malformed one is refused below, once the caller is known).
    const asDisplay = access.display && token.startsWith(DISPLAY_TOKEN_PREFIX);
    const principal =
      (await principalOfToken(db, hash, asked && UUID.test(asked) ? asked : undefined)) ??
      (asDisplay ? await principalOfDisplayLink(db, hash) : undefined);
    if (!principal) {
      // A board whose link expired says so, rather than that it was revoked.
      if (asDisplay && (await isDisplayLinkExpired(db, hash))) {
        throw unauthorized('queueDisplay.linkExpired');
      }
      throw unauthorized('session.ended');
    }
    // Unused past the clinic's time-out and the warning: over, whatever the call.
    if (isIdle(principal)) throw unauthorized('session.idle');
    if (isUserActivity(request, access.socket === true)) await recordActivity(principal);
    request.principal = principal;
    request.tokenHash = hash;

    if (principal.mustChangePassword && !access.temporaryPassword) {
      throw forbidden('session.temporaryPassword');
    }
    if (access.console && !mayUseConsole(principal.userType)) {
      throw forbidden('access.consoleOnly');
    }
    if (access.module && !principal.modules.has(access.module)) {
      throw forbidden('access.moduleNotBought');
    }
    const branchId =
      asked ??
      // A display link works in its one branch without being told.
      (principal.kind === 'display' ? [...principal.branchIds][0] : undefined);
    if (branchId) {
      if (!UUID.test(branchId)) throw badRequest('access.branchHeaderInvalid');
      if (!principal.branchIds.has(branchId)) {
        throw forbidden('access.branchNotAllowed');
      }
      request.branchId = branchId;
    } else if (access.branch === 'required') {
      throw badRequest('access.branchHeaderRequired');
    }
    if (access.permission !== SIGNED_IN && !principal.permissions.has(access.permission)) {
      throw forbidden('access.roleRefusal');
    }
  });
}

/** The signed-in caller; only for routes whose access rule requires a session. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized('session.ended');
  return request.principal;
}

/** The checked BranchId of a route that requires one. */
export function branchOf(request: FastifyRequest): string {
  if (!request.branchId) throw badRequest('access.branchHeaderRequired');
  return request.branchId;
}

export type TenantRunner = <T>(work: (tx: TenantTx) => Promise<T>) => Promise<T>;

/**
 * Runs work in a transaction bound to the caller's tenant, and writes the audit row the
 * route declares in that transaction once the work has answered.
 */
export function tenantRunner(db: Kysely<DB>, request: FastifyRequest): TenantRunner {
  const { tenantId, userId } = principalOf(request);
  return (work) =>
    withTenant(
      db,
      tenantId,
      async (tx) => {
        const answer = await work(tx);
        await writeDeclaredAudit(tx, request, userId, answer);
        return answer;
      },
      (error) => request.log.error({ err: error }, 'after-commit task failed'),
    );
}
