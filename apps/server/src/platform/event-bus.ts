import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { TenantTx } from '../db/tenant-db.ts';

/** An event for the screens of one branch of one tenant (queue lists, display boards). */
export interface BranchEvent {
  tenantId: string;
  branchId: string;
  eventCode: string;
  data: Record<string, unknown>;
  /** A sentence for people, shown by the queue screen for some events. */
  message?: string;
  /** When it was published (Unix ms): delivery lag is a metric. Never sent to sockets. */
  publishedAt?: number;
}

export type BranchEventHandler = (event: BranchEvent) => void;

/**
 * Events are published with the transaction that causes them and delivered only if it
 * commits. Subscribers of every API instance receive them and filter by tenant and branch.
 */
export interface EventBus {
  publish(tx: TenantTx, event: Omit<BranchEvent, 'tenantId'>): Promise<void>;
  subscribe(handler: BranchEventHandler): () => void;
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
const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 15_000;

/** One process (the embedded database): events are emitted after commit. */
export class InProcessEventBus implements EventBus {
  readonly #handlers = new Set<BranchEventHandler>();
  readonly #lag = new LagListeners();
  readonly #log: FastifyBaseLogger | undefined;
  readonly listening = true;

  constructor(log?: FastifyBaseLogger) {
    this.#log = log;
  }

  async publish(tx: TenantTx, event: Omit<BranchEvent, 'tenantId'>): Promise<void> {
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

  async close(): Promise<void> {
    this.#handlers.clear();
  }
}

/** Calls every handler, each on its own: one that throws does not stop the others. */
function deliver(
  handlers: Set<BranchEventHandler>,
  event: BranchEvent,
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
      let event: BranchEvent;
      try {
        event = JSON.parse(message.payload) as BranchEvent;
      } catch (error) {
        this.#log.warn({ err: error }, 'unreadable event');
        return;
      }
      this.#lag.delivered(event);
      deliver(this.#handlers, event, (error) =>
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
  }

  #lost(client: pg.Client): void {
    if (this.#closed || this.#client !== client) return;
    this.#client = undefined;
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

  async publish(tx: TenantTx, event: Omit<BranchEvent, 'tenantId'>): Promise<void> {
    const payload = JSON.stringify({ ...event, tenantId: tx.tenantId, publishedAt: Date.now() });
    await sql`SELECT pg_notify(${CHANNEL}, ${payload})`.execute(tx.db);
  }

  subscribe(handler: BranchEventHandler): () => void {
    this.#handlers.add(handler);
    return () => this.#handlers.delete(handler);
  }

  observeLag(listener: (seconds: number) => void): () => void {
    return this.#lag.add(listener);
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#handlers.clear();
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => {});
  }
}
