import { accountsApi } from '@clinic/domain';
import type { NavigateFunction } from 'react-router';
import { api } from '../api/clients.ts';
import { STAFF_LOGIN, TENANT_LOGIN } from './landing.ts';
import { sessionStore } from '../api/session.ts';

/**
 * Clears the session (protected pages then go to login with the logout flag; the query
 * cache is emptied, see query-client.ts), then revokes the token on the server; a failure
 * there is only recorded. In this order no call of the page being left can meet a revoked
 * token and be taken for an ended session.
 */
export async function signOutAndLeave(navigate: NavigateFunction, portal: boolean): Promise<void> {
  const token = sessionStore.token();
  sessionStore.signOut('user');
  await navigate(`${portal ? TENANT_LOGIN : STAFF_LOGIN}?logout=1`, { replace: true });
  if (!token) return;
  try {
    await api().call(accountsApi.signOut, {}, { token });
  } catch (error) {
    console.warn('Sign-out failed on the server', error);
  }
}
