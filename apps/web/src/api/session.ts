import type { BranchOption, SessionInfo } from '@clinic/domain';
import { useSyncExternalStore } from 'react';

export type SessionKind = 'clinic' | 'member' | 'tenant';

export interface Session {
  info: SessionInfo;
  kind: SessionKind;
}

/** Browser storage keys of the session (doc 1 section 3 and doc 3 section 4). */
export const STORAGE = {
  token: 'token',
  kind: 'kind',
  currentPatient: 'currentPatient',
  user: 'user',
  lastClickTime: 'lastClickTime',
  deviceId: 'deviceId',
  rememberedUsername: 'rememberedUsername',
} as const;

type Listener = () => void;

/** Told when the signed-in user changes: the new session, or null once signed out. */
export type UserChangeListener = (session: Session | null) => void;

/**
 * The signed-in session, kept in local storage so a reload keeps the user signed in, and
 * shared by the tabs: a sign-in or sign-out in another tab is followed here.
 * The current branch is not stored: it is the branch code in the address.
 */
class SessionStore {
  #session: Session | null = SessionStore.#read();
  #endedBy: 'user' | 'server' | null = null;
  readonly #listeners = new Set<Listener>();
  #onUserChange: UserChangeListener | null = null;

  constructor() {
    if (typeof window !== 'undefined') window.addEventListener('storage', this.#onStorage);
  }

  static #read(): Session | null {
    try {
      const token = localStorage.getItem(STORAGE.token);
      const kind = localStorage.getItem(STORAGE.kind) as SessionKind | null;
      if (!token || !kind) return null;
      const info = JSON.parse(token) as SessionInfo;
      if (info.expiresAt * 1000 < Date.now()) return null;
      // Saved before sessions carried the clinic's time zone: its days would be wrong.
      if (typeof (info.tenant as Partial<SessionInfo['tenant']>).timezoneOffset !== 'number') {
        return null;
      }
      return { info, kind };
    } catch {
      return null;
    }
  }

  /** The token kept in storage (this tab's or another tab's session), if any. */
  static #storedToken(): string | undefined {
    return SessionStore.#read()?.info.token;
  }

  /** Another tab changed the session's keys: follow it (a sign-out, another user's sign-in). */
  #onStorage = (event: StorageEvent): void => {
    if (event.storageArea !== null && event.storageArea !== localStorage) return;
    // A null key: the storage was cleared.
    if (event.key !== null && event.key !== STORAGE.token && event.key !== STORAGE.kind) return;
    const next = SessionStore.#read();
    if (!next && this.#session) this.#endedBy = 'server';
    this.#set(next);
  };

  /** Sets the session; a different user (or none) is told to `onUserChange` first. */
  #set(next: Session | null): void {
    const previous = this.#session;
    this.#session = next;
    if (previous?.info.token !== next?.info.token) this.#onUserChange?.(next);
    if (previous !== next) this.#emit();
  }

  get = (): Session | null => this.#session;

  /**
   * Called whenever the signed-in user changes (sign-in, sign-out, ended by the server,
   * or any of these in another tab), before the pages see the change: the app drops the
   * data it holds for the last user there.
   */
  onUserChange(listener: UserChangeListener | null): void {
    this.#onUserChange = listener;
  }

  subscribe = (listener: Listener): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #emit(): void {
    for (const listener of this.#listeners) listener();
  }

  signIn(info: SessionInfo, kind: SessionKind): void {
    localStorage.setItem(STORAGE.token, JSON.stringify(info));
    localStorage.setItem(STORAGE.kind, kind);
    localStorage.setItem(STORAGE.lastClickTime, String(Date.now()));
    this.#endedBy = null;
    this.#set({ info, kind });
  }

  /**
   * Ends the session `token` (this tab's by default): clears token, kind and the stored
   * patient and user markers. When the storage already holds another token (a sign-in in
   * another tab since the refused call was sent) that session is kept, and this tab
   * follows it; a token that is no longer this tab's session ends nothing here.
   */
  signOut(endedBy: 'user' | 'server' = 'user', token = this.token()): void {
    const stored = SessionStore.#storedToken();
    if (stored === undefined || stored === token) {
      for (const key of [STORAGE.token, STORAGE.kind, STORAGE.currentPatient, STORAGE.user]) {
        localStorage.removeItem(key);
      }
    }
    if (this.#session && this.#session.info.token !== token) return;
    const next = SessionStore.#read();
    if (!next) this.#endedBy = endedBy;
    this.#set(next);
  }

  markPasswordChanged(): void {
    if (!this.#session) return;
    const info = {
      ...this.#session.info,
      user: { ...this.#session.info.user, mustChangePassword: false },
    };
    this.signIn(info, this.#session.kind);
  }

  /** Whether the last session ended because the user signed out (then no redirect is kept). */
  endedByUser(): boolean {
    return this.#endedBy === 'user';
  }

  token(): string | undefined {
    return this.#session?.info.token;
  }

  /** The branch every call sends as BranchId: the one whose code leads the address. */
  branchId(pathname = window.location.pathname): string | undefined {
    const code = decodeURIComponent(pathname.split('/')[1] ?? '');
    return this.#session?.info.branches.find((branch) => branch.code === code)?.id;
  }
}

export const sessionStore = new SessionStore();

export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}

/** The branch flagged default, else the first (doc 3 section 4). */
export function defaultBranch(branches: readonly BranchOption[]): BranchOption | undefined {
  return branches.find((branch) => branch.isDefault) ?? branches[0];
}

export const GUEST_BRANCH = 'GUEST';

export function defaultBranchCode(session: Session | null): string {
  return (session && defaultBranch(session.info.branches)?.code) ?? GUEST_BRANCH;
}

/** Module names are prefixed `tenant` in portal mode and `clinic` otherwise. */
export function hasModule(session: Session | null, module: string): boolean {
  if (!session) return false;
  const prefix = session.kind === 'tenant' ? 'tenant' : 'clinic';
  return (session.info.modules as readonly string[]).includes(`${prefix}.${module}`);
}

/**
 * A device id kept in the browser, sent as `whiteList` at sign-in: 128 random bits, by which
 * the server knows the accounts this browser signed in to, so that other devices' failed
 * sign-ins cannot lock it out. Sign-out keeps it. From `getRandomValues`, which plain-HTTP
 * pages (a clinic's LAN address) have too, unlike `randomUUID`.
 */
export function deviceId(): string {
  let id = localStorage.getItem(STORAGE.deviceId);
  if (!id) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    id = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
    localStorage.setItem(STORAGE.deviceId, id);
  }
  return id;
}
