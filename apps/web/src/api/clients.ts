import { sessionStore } from '../app/session.ts';
import type { RuntimeConfig } from './config.ts';
import { HttpClient } from './http.ts';

export const CLIENT_ID = 'clinic-web';

interface AuthHandlers {
  onUnauthorized: () => void;
  onForbidden: (message: string) => void;
}

/** Set by the app once its router and dialogs exist. */
const handlers: AuthHandlers = {
  onUnauthorized: () => sessionStore.signOut(),
  onForbidden: () => {},
};

export function setAuthHandlers(next: AuthHandlers): void {
  Object.assign(handlers, next);
}

function client(baseUrl: string, clientId: string): HttpClient {
  return new HttpClient({
    baseUrl,
    clientId,
    getToken: () => sessionStore.token(),
    getBranchId: () => sessionStore.branchId(),
    onUnauthorized: () => handlers.onUnauthorized(),
    onForbidden: (message) => handlers.onForbidden(message),
  });
}

let v1: HttpClient | undefined;
let v2: HttpClient | undefined;

export function initApi(config: RuntimeConfig): void {
  v1 = client(config.apiBaseURI, CLIENT_ID);
  v2 = config.apiBaseURI2 ? client(config.apiBaseURI2, `${CLIENT_ID}-v2`) : undefined;
}

/** The first (v1) API client. */
export function api(): HttpClient {
  if (!v1) throw new Error('The API is not configured yet');
  return v1;
}

/** The second (v2) client, absent when its address could not be read. */
export function api2(): HttpClient | undefined {
  return v2;
}
