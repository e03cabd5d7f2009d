import { queueApi, type SessionInfo } from '@clinic/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, initApi } from '../api/clients.ts';
import {
  createQueryClient,
  dropCacheOnUserChange,
  refreshPermissionsOnForbidden,
} from './query-client.ts';
import { STORAGE, sessionStore } from '../api/session.ts';
import { testSessionInfo } from './test-session.ts';
import { signOutAndLeave } from './sign-out.ts';

const infoFor = (token: string): SessionInfo => testSessionInfo({ token });

const A_TIMEOUT = { timeout: 3, clinicName: "A's clinic" };

describe('the query cache follows the signed-in user', () => {
  beforeEach(() => {
    localStorage.clear();
    initApi({ apiBaseURI: 'http://127.0.0.1:9/api/v1', apiBaseURI2: undefined });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{}'))),
    );
    sessionStore.signIn(infoFor('token-a'), 'clinic');
  });
  afterEach(() => {
    sessionStore.onUserChange(null);
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('keeps nothing of the user who signed out', async () => {
    const client = createQueryClient();
    dropCacheOnUserChange(client);
    client.setQueryData(['timeout'], A_TIMEOUT);
    await signOutAndLeave(vi.fn(), false);
    expect(client.getQueryData(['timeout'])).toBeUndefined();
    expect(client.getQueryCache().getAll()).toHaveLength(0);

    sessionStore.signIn(infoFor('token-b'), 'clinic');
    expect(client.getQueryData(['timeout'])).toBeUndefined();
  });

  it("drops the last user's data when another user signs in in another tab", () => {
    const client = createQueryClient();
    dropCacheOnUserChange(client);
    client.setQueryData(['timeout'], A_TIMEOUT);
    localStorage.setItem(STORAGE.token, JSON.stringify(infoFor('token-b')));
    window.dispatchEvent(
      new StorageEvent('storage', { key: STORAGE.token, storageArea: localStorage }),
    );
    expect(sessionStore.token()).toBe('token-b');
    expect(client.getQueryData(['timeout'])).toBeUndefined();
  });

  it('keeps the data while the same user stays signed in', () => {
    const client = createQueryClient();
    dropCacheOnUserChange(client);
    client.setQueryData(['timeout'], A_TIMEOUT);
    sessionStore.markPasswordChanged();
    expect(client.getQueryData(['timeout'])).toEqual(A_TIMEOUT);
  });
});

describe('the permissions follow a 403', () => {
  beforeEach(() => {
    localStorage.clear();
    initApi({ apiBaseURI: 'http://127.0.0.1:9/api/v1', apiBaseURI2: undefined });
    sessionStore.signIn(infoFor('token-a'), 'clinic');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('asks for the current branch (and its permissions) again after a 403', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(
            JSON.stringify({
              code: 'access.roleRefusal',
              message: 'Your role does not allow this.',
            }),
            {
              status: 403,
            },
          ),
        ),
      ),
    );
    const client = createQueryClient();
    const stop = refreshPermissionsOnForbidden(client);
    client.setQueryData(['current-branch', 'branch-a'], { permissions: ['queue:create'] });
    client.setQueryData(['timeout'], A_TIMEOUT);
    await expect(api().call(queueApi.callIn, { params: { id: 'entry-1' } })).rejects.toMatchObject({
      status: 403,
    });
    expect(client.getQueryState(['current-branch', 'branch-a'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['timeout'])?.isInvalidated).toBe(false);
    stop();
  });
});
