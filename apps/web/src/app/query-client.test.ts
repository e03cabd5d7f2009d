import type { SessionInfo } from '@clinic/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initApi } from '../api/clients.ts';
import { createQueryClient, dropCacheOnUserChange } from './query-client.ts';
import { STORAGE, sessionStore } from './session.ts';
import { signOutAndLeave } from './sign-out.ts';

function infoFor(token: string): SessionInfo {
  return {
    token,
    expiresAt: Math.floor(Date.now() / 1000) + 3600,
    kind: 'clinic',
    user: {
      id: '0b7e3f7a-1111-4a2b-8c3d-4e5f60718293',
      username: `${token}@clinic.test`,
      firstName: 'Front',
      lastName: 'Desk',
      fullName: 'Front Desk',
      email: `${token}@clinic.test`,
      type: 'Front Desk',
      mcr: null,
      mustChangePassword: false,
    },
    modules: ['clinic.queue'],
    branches: [],
    hciCode: null,
    tenant: {
      id: '9a8b7c6d-2222-4e5f-8a9b-0c1d2e3f4a5b',
      subdomain: 'tanclinic',
      clinicName: 'Tan Clinic',
      status: 'active',
      trialEndsAt: null,
      timezoneOffset: 480,
    },
  };
}

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
