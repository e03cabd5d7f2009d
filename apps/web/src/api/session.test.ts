import type { SessionInfo } from '@clinic/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE, deviceId, sessionStore } from './session.ts';
import { testSessionInfo } from '../app/test-session.ts';

const infoFor = (token: string): SessionInfo => testSessionInfo({ token });

/** What the browser does in this tab when another tab writes a key of the storage. */
function anotherTabWrites(key: string, value: string | null) {
  const oldValue = localStorage.getItem(key);
  if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, value);
  window.dispatchEvent(
    new StorageEvent('storage', { key, oldValue, newValue: value, storageArea: localStorage }),
  );
}

describe('session across tabs', () => {
  const changes = vi.fn();
  const userChanges = vi.fn();
  let unsubscribe: () => void;

  beforeEach(() => {
    localStorage.clear();
    sessionStore.signIn(infoFor('token-a'), 'clinic');
    unsubscribe = sessionStore.subscribe(changes);
    sessionStore.onUserChange(userChanges);
    changes.mockClear();
    userChanges.mockClear();
  });
  afterEach(() => {
    unsubscribe();
    sessionStore.onUserChange(null);
    localStorage.clear();
  });

  it('follows a sign-out in another tab', () => {
    anotherTabWrites(STORAGE.token, null);
    expect(sessionStore.get()).toBeNull();
    expect(changes).toHaveBeenCalled();
    expect(userChanges).toHaveBeenCalledWith(null);
    // The user comes back to the page they were on.
    expect(sessionStore.endedByUser()).toBe(false);

    anotherTabWrites(STORAGE.kind, null);
    expect(userChanges).toHaveBeenCalledTimes(1);
  });

  it("follows another user's sign-in in another tab", () => {
    anotherTabWrites(STORAGE.token, JSON.stringify(infoFor('token-b')));
    expect(sessionStore.get()?.info.token).toBe('token-b');
    expect(sessionStore.token()).toBe('token-b');
    expect(userChanges).toHaveBeenCalledTimes(1);
    expect(userChanges.mock.calls[0]?.[0]).toMatchObject({ info: { token: 'token-b' } });
  });

  it('follows a sign-out and sign-in as someone else, key by key', () => {
    anotherTabWrites(STORAGE.token, null);
    anotherTabWrites(STORAGE.kind, null);
    anotherTabWrites(STORAGE.token, JSON.stringify(infoFor('token-b')));
    expect(sessionStore.get()).toBeNull();
    anotherTabWrites(STORAGE.kind, 'tenant');
    expect(sessionStore.get()).toMatchObject({ kind: 'tenant', info: { token: 'token-b' } });
    expect(userChanges.mock.calls.map(([session]) => session?.info.token ?? null)).toEqual([
      null,
      'token-b',
    ]);
  });

  it('keeps the user when another tab only changes the same session', () => {
    const changed = infoFor('token-a');
    changed.user.mustChangePassword = true;
    anotherTabWrites(STORAGE.token, JSON.stringify(changed));
    expect(sessionStore.get()?.info.user.mustChangePassword).toBe(true);
    expect(changes).toHaveBeenCalled();
    expect(userChanges).not.toHaveBeenCalled();
  });

  it('ignores the other keys', () => {
    anotherTabWrites(STORAGE.lastClickTime, String(Date.now()));
    anotherTabWrites('queueColumns', '[]');
    expect(changes).not.toHaveBeenCalled();
    expect(sessionStore.token()).toBe('token-a');
  });

  it('reads a session saved without the clinic time zone as signed out', () => {
    const old = infoFor('token-b') as Partial<SessionInfo> & { tenant: object };
    delete (old.tenant as Partial<SessionInfo['tenant']>).timezoneOffset;
    anotherTabWrites(STORAGE.token, JSON.stringify(old));
    expect(sessionStore.get()).toBeNull();
  });
});

describe('a session ended by the server', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStore.signIn(infoFor('token-a'), 'clinic');
  });
  afterEach(() => localStorage.clear());

  it('clears the storage when it still holds the refused token', () => {
    sessionStore.signOut('server', 'token-a');
    expect(localStorage.getItem(STORAGE.token)).toBeNull();
    expect(localStorage.getItem(STORAGE.kind)).toBeNull();
    expect(sessionStore.get()).toBeNull();
    expect(sessionStore.endedByUser()).toBe(false);
  });

  it("keeps another tab's newer sign-in, and this tab follows it", () => {
    // Another tab signed in as someone else; its storage event has not reached us yet.
    localStorage.setItem(STORAGE.token, JSON.stringify(infoFor('token-b')));
    sessionStore.signOut('server', 'token-a');
    expect(JSON.parse(localStorage.getItem(STORAGE.token)!)).toMatchObject({ token: 'token-b' });
    expect(localStorage.getItem(STORAGE.kind)).toBe('clinic');
    expect(sessionStore.token()).toBe('token-b');
  });

  it('ends nothing for a token that is no longer the session', () => {
    sessionStore.signIn(infoFor('token-b'), 'clinic');
    sessionStore.signOut('server', 'token-a');
    expect(sessionStore.token()).toBe('token-b');
    expect(localStorage.getItem(STORAGE.token)).not.toBeNull();
  });

  it('still ends the session on a user sign-out', () => {
    sessionStore.signOut('user');
    expect(sessionStore.get()).toBeNull();
    expect(localStorage.getItem(STORAGE.token)).toBeNull();
    expect(sessionStore.endedByUser()).toBe(true);
  });
});

describe('the device id sent at sign-in', () => {
  afterEach(() => localStorage.clear());

  it('is 128 random bits, made once and kept across sign-out', () => {
    localStorage.clear();
    const id = deviceId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    sessionStore.signIn(infoFor('token-d'), 'clinic');
    sessionStore.signOut();
    expect(deviceId()).toBe(id);
    localStorage.clear();
    expect(deviceId()).not.toBe(id);
  });
});
