import { isNotificationEvent, notificationsApi, type NotificationEvent } from '@clinic/domain';
import { useEffect, useEffectEvent } from 'react';
import { useParams } from 'react-router';
import { useSession } from './session.ts';
import { api, endSession } from './clients.ts';

/** Doc 2 section 9: reconnect 7 s after a close, at most 10 attempts in a row. */
export const RECONNECT_DELAY_MS = 7_000;
export const MAX_RECONNECT_ATTEMPTS = 10;
/** The server's close code for a session that ended (signed out, revoked display link). */
export const SESSION_ENDED_CLOSE = 4401;

/** The part of the browser's WebSocket this client uses (a fake stands in for it in tests). */
export interface SocketLike {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  close(): void;
}

export interface NotificationSocketOptions {
  url: string;
  onEvent: (event: NotificationEvent) => void;
  /** Each time the connection opens (first time and after a reconnection). */
  onOpen?: () => void;
  /** Each time the connection closes. */
  onClose?: () => void;
  /**
   * The server closed the connection because the session ended (close code 4401: signed
   * out elsewhere, display link revoked); no reconnection follows.
   */
  onSessionEnded?: () => void;
  /** Reconnections in a row before giving up; 10 by default (doc 2 section 9). */
  maxAttempts?: number;
  createSocket?: (url: string) => SocketLike;
}

function parseEvent(raw: unknown): NotificationEvent | null {
  if (typeof raw !== 'string') return null;
  try {
    const event: unknown = JSON.parse(raw);
    return isNotificationEvent(event) ? event : null;
  } catch {
    return null;
  }
}

/**
 * One connection to the notification socket that comes back after a close: 7 s later, up
 * to 10 attempts in a row by default (a successful open starts the count again).
 * `stop()` ends it for good (sign-out, another branch, the page going away), and so does
 * the server closing it for an ended session (4401), which `onSessionEnded` reports.
 */
export class NotificationSocket {
  readonly #options: NotificationSocketOptions;
  readonly #maxAttempts: number;
  readonly #createSocket: (url: string) => SocketLike;
  #socket: SocketLike | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #attempts = 0;
  #stopped = false;

  constructor(options: NotificationSocketOptions) {
    this.#options = options;
    this.#maxAttempts = options.maxAttempts ?? MAX_RECONNECT_ATTEMPTS;
    this.#createSocket = options.createSocket ?? ((url) => new WebSocket(url));
    this.#connect();
  }

  #connect(): void {
    const socket = this.#createSocket(this.#options.url);
    socket.onopen = () => {
      this.#attempts = 0;
      this.#options.onOpen?.();
    };
    socket.onmessage = (message) => {
      const event = parseEvent(message.data);
      if (event) this.#options.onEvent(event);
    };
    socket.onclose = (event) => {
      if (this.#stopped) return;
      this.#options.onClose?.();
      if (event.code === SESSION_ENDED_CLOSE) {
        this.#stopped = true;
        this.#options.onSessionEnded?.();
        return;
      }
      if (this.#attempts >= this.#maxAttempts) return;
      this.#attempts += 1;
      this.#timer = setTimeout(() => this.#connect(), RECONNECT_DELAY_MS);
    };
    this.#socket = socket;
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#socket?.close();
  }
}

/** The socket's address: the v1 API address with ws(s) for http(s). */
export function notificationsUrl(branchId: string, token: string): string {
  return api().url(notificationsApi.socket, { query: { branchId, token } }).replace(/^http/, 'ws');
}

/**
 * Listens to the branch's notifications while the component is mounted: opened for the
 * branch in the address, closed on sign-out, reopened for another branch, never opened in
 * portal mode. The server closing it for an ended session ends the session here as a 401
 * does.
 */
export function useQueueEvents(onEvent: (event: NotificationEvent) => void): void {
  const session = useSession();
  const { branchCode } = useParams();
  const branchId = session?.info.branches.find((branch) => branch.code === branchCode)?.id;
  const token = session?.info.token;
  const portal = session?.kind === 'tenant';
  const handle = useEffectEvent(onEvent);

  useEffect(() => {
    if (!token || !branchId || portal) return;
    const socket = new NotificationSocket({
      url: notificationsUrl(branchId, token),
      onEvent: (event) => handle(event),
      onSessionEnded: () => endSession(token),
    });
    return () => socket.stop();
  }, [token, branchId, portal]);
}
