import type { NotificationEvent } from '@clinic/domain';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { TenantTx } from '../db/tenant-db.ts';

/** An event for the screens of one branch (queue lists, display boards), as published. */
export type PublishedEvent = NotificationEvent & { branchId: string };

/** An event for the screens of one branch of one tenant, as the bus carries it. */
export type BranchEvent = PublishedEvent & {
  tenantId: string;
  /** When it was published (Unix ms): delivery lag is a metric. Never sent to sockets. */
  publishedAt?: number;
};

export type BranchEventHandler = (event: BranchEvent) => void;

/**
 * A clinic's data that cached answers show was changed: sent at commit by the triggers of
 * migration 2026-11-25T0900 (to every instance), and by this instance right after it
 * commits a branch event (so its own next read never sees the answer from before).
 * `tenantId` null: anything may have changed (the bus was not listening for a while, so
 * notices may have been missed). With `branchId`, only that branch's data changed.
 */
export interface DataChange {
  tenantId: string | null;
  branchId?: string;
  table: string | null;
}

export type DataChangeHandler = (change: DataChange) => void;

/**
 * Someone's access changed (sent at commit by the triggers of migration 2026-11-25T1100):
 * a session or display link (`sessionId`) ended, or a user (`userId`) was disabled or lost
 * or changed a branch. Their open sockets check again at once.
 */
export interface AccessChange {
  tenantId: string;
  sessionId?: string;
  userId?: string;
}

export type AccessChangeHandler = (change: AccessChange) => void;

/**
 * Events are published with the transaction that causes them and delivered only if it
 * commits. Subscribers of every API instance receive them and filter by tenant and branch.
 */
export interface EventBus {
  publish(tx: TenantTx, event: PublishedEvent): Promise<void>;
  subscribe(handler: BranchEventHandler): () => void;
  /**
   * Data changes of every clinic, from the database itself; only a bus that hears the
   * database (`hearsDataChanges`) calls `handler`.
   */
  onDataChange(handler: DataChangeHandler): () => void;
  /** Access changes from the database itself; only a bus that hears the database calls it. */
  onAccessChange(handler: AccessChangeHandler): () => void;
  /** Whether the database's change notices reach `onDataChange` handlers while listening. */
  readonly hearsDataChanges: boolean;
  /** Whether events published now would be delivered (readiness). */
  readonly listening: boolean;
  /** Tells `listener` the seconds from each event's publication to its delivery here. */
  observeLag(listener: (seconds: number) => void): () => void;
  close(): Promise<void>;
}

/** Lag listeners of one bus. */
class LagListeners {
  readonly #listeners = new Set<(seconds: number) => void>();

  add(listener: (seconds: number) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  delivered(event: BranchEvent): void {
    if (event.publishedAt === undefined) return;
    const seconds = Math.max(0, (Date.now() - event.publishedAt) / 1000);
    for (const listener of this.#listeners) listener(seconds);
  }
}

const CHANNEL = 'clinic_events';

/** What the change triggers send on the same channel (a branch event has no `kind`). */
type Notice =
  | { kind: 'dataChanged'; tenantId: string; table: string }
  | ({ kind: 'accessChanged' } & AccessChange);
const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 15_000;

/** One process (the embedded database): events are emitted after commit. */
export class InProcessEventBus implements EventBus {
  readonly #handlers = new Set<BranchEventHandler>();
  readonly #lag = new LagListeners();
  readonly #log: FastifyBaseLogger | undefined;
  readonly listening = true;
  /** The embedded database is not listened to: nothing may cache its data. */
  readonly hearsDataChanges = false;

  constructor(log?: FastifyBaseLogger) {
    this.#log = log;
  }

  async publish(tx: TenantTx, event: PublishedEvent): Promise<void> {
    const full = { ...event, tenantId: tx.tenantId, publishedAt: Date.now() };
    tx.afterCommit(() => {
      this.#lag.delivered(full);
      deliver(this.#handlers, full, (error) =>
        this.#log?.error({ err: error }, 'event handler failed'),
      );
    });
  }

  observeLag(listener: (seconds: number) => void): () => void {
    return this.#lag.add(listener);
  }

  subscribe(handler: BranchEventHandler): () => void {
    this.#handlers.add(handler);
    return () => this.#handlers.delete(handler);
  }

  onDataChange(_handler: DataChangeHandler): () => void {
    return () => {};
  }

  onAccessChange(_handler: AccessChangeHandler): () => void {
    return () => {};
  }

  async close(): Promise<void> {
    this.#handlers.clear();
  }
}

/** Calls every handler, each on its own: one that throws does not stop the others. */
function deliver<T>(
  handlers: Set<(message: T) => void>,
  event: T,
  onError: (error: unknown) => void,
): void {
  for (const handler of handlers) {
    try {
      handler(event);
    } catch (error) {
      onError(error);
    }
  }
}

/**
 * Several API instances on one PostgreSQL: NOTIFY inside the transaction (PostgreSQL
 * delivers it at commit, never on rollback), LISTEN on one dedicated connection per
 * instance. A lost connection is reopened, again and again, with a growing pause.
 */
export class PostgresEventBus implements EventBus {
  readonly #handlers = new Set<BranchEventHandler>();
  readonly #changeHandlers = new Set<DataChangeHandler>();
  readonly #accessHandlers = new Set<AccessChangeHandler>();
  readonly hearsDataChanges = true;
  /** Set while reconnecting: notices sent meanwhile were missed. */
  #missedNotices = false;
  readonly #lag = new LagListeners();
  readonly #connectionString: string;
  readonly #log: FastifyBaseLogger;
  #client: pg.Client | undefined;
  #closed = false;
  #retryMs = RETRY_MIN_MS;
  /** Names this instance's listening connection in pg_stat_activity. */
  readonly applicationName = `clinic-events-${randomUUID().slice(0, 8)}`;

  constructor(connectionString: string, log: FastifyBaseLogger) {
    this.#connectionString = connectionString;
    this.#log = log;
  }

  /** True while events are being received. */
  get listening(): boolean {
    return this.#client !== undefined;
  }

  async start(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.#connectionString,
      application_name: this.applicationName,
    });
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      let notice: BranchEvent | Notice;
      try {
        notice = JSON.parse(message.payload) as BranchEvent | Notice;
      } catch (error) {
        this.#log.warn({ err: error }, 'unreadable event');
        return;
      }
      if ('kind' in notice) {
        this.#noticed(notice);
        return;
      }
      this.#lag.delivered(notice);
      deliver(this.#handlers, notice, (error) =>
        this.#log.error({ err: error }, 'event handler failed'),
      );
    });
    client.on('error', (error) => {
      this.#log.warn({ err: error }, 'event connection failed; reconnecting');
      this.#lost(client);
    });
    client.on('end', () => this.#lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    this.#client = client;
    this.#retryMs = RETRY_MIN_MS;
    if (this.#missedNotices) {
      this.#missedNotices = false;
      this.#changed({ tenantId: null, table: null });
    }
  }

  #noticed(notice: Notice): void {
    if (notice.kind === 'dataChanged') {
      this.#changed({ tenantId: notice.tenantId, table: notice.table });
      return;
    }
    const { kind: _kind, ...change } = notice;
    deliver(this.#accessHandlers, change, (error) =>
      this.#log.error({ err: error }, 'access change handler failed'),
    );
  }

  #changed(change: DataChange): void {
    deliver(this.#changeHandlers, change, (error) =>
      this.#log.error({ err: error }, 'data change handler failed'),
    );
  }

  #lost(client: pg.Client): void {
    if (this.#closed || this.#client !== client) return;
    this.#client = undefined;
    this.#missedNotices = true;
    this.#changed({ tenantId: null, table: null });
    this.#retry();
  }

  #retry(): void {
    if (this.#closed) return;
    setTimeout(() => {
      if (this.#closed) return;
      this.start().catch((error: unknown) => {
        this.#log.warn(
          { err: error },
          `event connection not back yet; next try in ${this.#retryMs} ms`,
        );
        this.#retryMs = Math.min(this.#retryMs * 2, RETRY_MAX_MS);
        this.#retry();
      });
    }, this.#retryMs).unref();
  }

  async publish(tx: TenantTx, event: PublishedEvent): Promise<void> {
    const payload = JSON.stringify({ ...event, tenantId: tx.tenantId, publishedAt: Date.now() });
    await sql`SELECT pg_notify(${CHANNEL}, ${payload})`.execute(tx.db);
    tx.afterCommit(() =>
      this.#changed({ tenantId: tx.tenantId, branchId: event.branchId, table: null }),
    );
  }

  subscribe(handler: BranchEventHandler): () => void {
    this.#handlers.add(handler);
    return () => this.#handlers.delete(handler);
  }

  onDataChange(handler: DataChangeHandler): () => void {
    this.#changeHandlers.add(handler);
    return () => this.#changeHandlers.delete(handler);
  }

  onAccessChange(handler: AccessChangeHandler): () => void {
    this.#accessHandlers.add(handler);
    return () => this.#accessHandlers.delete(handler);
  }

  observeLag(listener: (seconds: number) => void): () => void {
    return this.#lag.add(listener);
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#handlers.clear();
    this.#changeHandlers.clear();
    this.#accessHandlers.clear();
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => {});
  }
}
