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

/**
 * The signed-in session, kept in local storage so a reload keeps the user signed in.
 * The current branch is not stored: it is the branch code in the address.
 */
class SessionStore {
  #session: Session | null = SessionStore.#read();
  #endedBy: 'user' | 'server' | null = null;
  readonly #listeners = new Set<Listener>();

  static #read(): Session | null {
    try {
      const token = localStorage.getItem(STORAGE.token);
      const kind = localStorage.getItem(STORAGE.kind) as SessionKind | null;
      if (!token || !kind) return null;
      const info = JSON.parse(token) as SessionInfo;
      if (info.expiresAt * 1000 < Date.now()) return null;
      return { info, kind };
    } catch {
      return null;
    }
  }

  get = (): Session | null => this.#session;

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
    this.#session = { info, kind };
    this.#endedBy = null;
    this.#emit();
  }

  /** Clears token, kind and the stored patient and user markers. */
  signOut(endedBy: 'user' | 'server' = 'user'): void {
    this.#endedBy = endedBy;
    for (const key of [STORAGE.token, STORAGE.kind, STORAGE.currentPatient, STORAGE.user]) {
      localStorage.removeItem(key);
    }
    this.#session = null;
    this.#emit();
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

/** A device id kept in the browser, sent as `whiteList` at sign-in. */
export function deviceId(): string {
  let id = localStorage.getItem(STORAGE.deviceId);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(STORAGE.deviceId, id);
  }
  return id;
}
