import type { NotificationEvent } from '@clinic/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initApi } from './clients.ts';
import {
  MAX_RECONNECT_ATTEMPTS,
  NotificationSocket,
  RECONNECT_DELAY_MS,
  SESSION_ENDED_CLOSE,
  notificationsUrl,
  type NotificationSocketOptions,
  type SocketLike,
} from './socket.ts';

/** Stands in for the browser's WebSocket: the test opens, closes and speaks for the server. */
class FakeSocket implements SocketLike {
  static made: FakeSocket[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  closedByClient = false;
  readonly url: string;

  constructor(url: string) {
    this.url = url;
    FakeSocket.made.push(this);
  }
  close() {
    this.closedByClient = true;
    this.onclose?.(new Event('close') as CloseEvent);
  }
  serverOpens() {
    this.onopen?.(new Event('open'));
  }
  serverCloses(code = 1006) {
    this.onclose?.(new CloseEvent('close', { code }));
  }
  serverSends(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data }));
  }
}

const latest = () => FakeSocket.made.at(-1)!;

function connect(options: Partial<NotificationSocketOptions> = {}) {
  return new NotificationSocket({
    url: 'ws://clinic.test/api/v1/notifications/ws',
    onEvent: () => {},
    createSocket: (url) => new FakeSocket(url),
    ...options,
  });
}

describe('notification socket', () => {
  beforeEach(() => {
    FakeSocket.made = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('reconnects 7 seconds after a close, not sooner', () => {
    connect();
    latest().serverOpens();
    latest().serverCloses();
    vi.advanceTimersByTime(RECONNECT_DELAY_MS - 1);
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(2);
    expect(latest().url).toBe('ws://clinic.test/api/v1/notifications/ws');
  });

  it('gives up after 10 attempts in a row', () => {
    connect();
    for (let attempt = 1; attempt <= MAX_RECONNECT_ATTEMPTS; attempt += 1) {
      latest().serverCloses();
      vi.advanceTimersByTime(RECONNECT_DELAY_MS);
      expect(FakeSocket.made).toHaveLength(1 + attempt);
    }
    latest().serverCloses();
    vi.advanceTimersByTime(RECONNECT_DELAY_MS * 10);
    expect(FakeSocket.made).toHaveLength(1 + MAX_RECONNECT_ATTEMPTS);
  });

  it('starts counting again after a successful open', () => {
    connect();
    for (let attempt = 1; attempt <= MAX_RECONNECT_ATTEMPTS - 1; attempt += 1) {
      latest().serverCloses();
      vi.advanceTimersByTime(RECONNECT_DELAY_MS);
    }
    latest().serverOpens();
    for (let attempt = 1; attempt <= MAX_RECONNECT_ATTEMPTS; attempt += 1) {
      latest().serverCloses();
      vi.advanceTimersByTime(RECONNECT_DELAY_MS);
    }
    expect(FakeSocket.made).toHaveLength(1 + 2 * MAX_RECONNECT_ATTEMPTS - 1);
  });

  it('stays closed once stopped, even with a reconnect pending', () => {
    const socket = connect();
    latest().serverCloses();
    socket.stop();
    vi.advanceTimersByTime(RECONNECT_DELAY_MS * 2);
    expect(FakeSocket.made).toHaveLength(1);

    const other = connect();
    other.stop();
    expect(latest().closedByClient).toBe(true);
    vi.advanceTimersByTime(RECONNECT_DELAY_MS * 2);
    expect(FakeSocket.made).toHaveLength(2);
  });

  it('tells when the connection opens and closes, and takes another attempt limit', () => {
    const seen: string[] = [];
    connect({ onOpen: () => seen.push('open'), onClose: () => seen.push('close'), maxAttempts: 1 });
    latest().serverOpens();
    latest().serverCloses();
    vi.advanceTimersByTime(RECONNECT_DELAY_MS);
    latest().serverCloses();
    vi.advanceTimersByTime(RECONNECT_DELAY_MS * 5);
    expect(seen).toEqual(['open', 'close', 'close']);
    expect(FakeSocket.made).toHaveLength(2);
  });

  it('stops for good and says so when the server closes it for an ended session', () => {
    const seen: string[] = [];
    connect({
      onClose: () => seen.push('close'),
      onSessionEnded: () => seen.push('session ended'),
      maxAttempts: Infinity,
    });
    latest().serverOpens();
    latest().serverCloses(SESSION_ENDED_CLOSE);
    vi.advanceTimersByTime(RECONNECT_DELAY_MS * 10);
    expect(FakeSocket.made).toHaveLength(1);
    expect(seen).toEqual(['close', 'session ended']);
  });

  it('reconnects after other closes without speaking of the session', () => {
    const ended = vi.fn();
    connect({ onSessionEnded: ended });
    latest().serverCloses(1001);
    vi.advanceTimersByTime(RECONNECT_DELAY_MS);
    latest().serverCloses(4000);
    vi.advanceTimersByTime(RECONNECT_DELAY_MS);
    // 1012 "service restart": the server is shutting down (a deploy); the client comes back.
    latest().serverCloses(1012);
    vi.advanceTimersByTime(RECONNECT_DELAY_MS);
    expect(FakeSocket.made).toHaveLength(4);
    expect(ended).not.toHaveBeenCalled();
  });

  it('passes on queue events and ignores anything else', () => {
    const events: NotificationEvent[] = [];
    connect({ onEvent: (event) => events.push(event) });
    const called = {
      eventCode: 'queueCalledIn',
      data: { id: 'q1', queueNum: '003', patientName: 'Tan Ah Kow', branchId: 'b1' },
      message: 'Queue 003 called in',
    };
    latest().serverSends(JSON.stringify(called));
    latest().serverSends(JSON.stringify({ eventCode: 'somethingElse' }));
    latest().serverSends('not json');
    expect(events).toEqual([called]);
  });
});

describe('notification socket address', () => {
  it('is the v1 API address with ws for http, carrying the branch and token', () => {
    initApi({ apiBaseURI: 'http://127.0.0.1:9/api/v1', apiBaseURI2: undefined });
    expect(notificationsUrl('b-1', 'tok')).toBe(
      'ws://127.0.0.1:9/api/v1/notifications/ws?branchId=b-1&token=tok',
    );
    initApi({ apiBaseURI: 'https://clinic.example/api/v1', apiBaseURI2: undefined });
    expect(notificationsUrl('b-1', 'tok')).toBe(
      'wss://clinic.example/api/v1/notifications/ws?branchId=b-1&token=tok',
    );
  });
});
