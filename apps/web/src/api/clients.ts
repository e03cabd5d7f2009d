import type { RefusalCode } from '@clinic/domain';
import { sessionStore } from './session.ts';
import type { RuntimeConfig } from './config.ts';
import { HttpClient } from './http.ts';
import { refusalText } from './refusal-text.ts';

export const CLIENT_ID = 'clinic-web';

interface AuthHandlers {
  /**
   * The server refused `token` (the token the refused call carried): its session is over;
   * `code` says why (`session.idle`: unused past the clinic's time-out).
   */
  onUnauthorized: (token: string | undefined, code?: RefusalCode) => void;
  onForbidden: (message: string) => void;
}

/** Set by the app once its router and dialogs exist. */
const handlers: AuthHandlers = {
  onUnauthorized: (token) => sessionStore.signOut('server', token),
  onForbidden: () => {},
};

export function setAuthHandlers(next: AuthHandlers): void {
  Object.assign(handlers, next);
}

const forbiddenListeners = new Set<() => void>();

/** Also told of every 403 answer (after the handler's alert); returns the unsubscribe. */
export function onForbiddenAnswer(listener: () => void): () => void {
  forbiddenListeners.add(listener);
  return () => forbiddenListeners.delete(listener);
}

function forbidden(message: string): void {
  handlers.onForbidden(message);
  for (const listener of forbiddenListeners) listener();
}

/**
 * Ends the session as a 401 answer does, for a refusal that came another way (the
 * notification socket closed for an ended session). `token`: the session that ended.
 */
export function endSession(token = sessionStore.token()): void {
  handlers.onUnauthorized(token);
}

function client(baseUrl: string, clientId: string): HttpClient {
  return new HttpClient({
    baseUrl,
    clientId,
    getToken: () => sessionStore.token(),
    getBranchId: () => sessionStore.branchId(),
    onUnauthorized: (token, code) => handlers.onUnauthorized(token, code),
    onForbidden: forbidden,
    describe: refusalText,
  });
}

let v1: HttpClient | undefined;
let v2: HttpClient | undefined;
let v1Base: string | undefined;

export function initApi(config: RuntimeConfig): void {
  v1Base = config.apiBaseURI;
  v1 = client(config.apiBaseURI, CLIENT_ID);
  v2 = config.apiBaseURI2 ? client(config.apiBaseURI2, `${CLIENT_ID}-v2`) : undefined;
}

/** The first (v1) API client. */
export function api(): HttpClient {
  if (!v1) throw new Error('The API is not configured yet');
  return v1;
}

/**
 * A v1 client for a queue display link: its own long-lived token, no staff session, and
 * `onRevoked` when the link stops working.
 */
export function displayLinkApi(token: string, onRevoked: () => void): HttpClient {
  if (!v1Base) throw new Error('The API is not configured yet');
  return new HttpClient({
    baseUrl: v1Base,
    clientId: `${CLIENT_ID}-display`,
    getToken: () => token,
    getBranchId: () => undefined,
    onUnauthorized: onRevoked,
    onForbidden: () => {},
    describe: refusalText,
  });
}

/** The second (v2) client, absent when its address could not be read. */
export function api2(): HttpClient | undefined {
  return v2;
}
