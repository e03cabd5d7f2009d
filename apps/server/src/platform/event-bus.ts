import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { EventEmitter } from 'node:events';
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
}

export type BranchEventHandler = (event: BranchEvent) => void;

/**
 * Events are published with the transaction that causes them and delivered only if it
 * commits. Subscribers of every API instance receive them and filter by tenant and branch.
 */
export interface EventBus {
  publish(tx: TenantTx, event: Omit<BranchEvent, 'tenantId'>): Promise<void>;
  subscribe(handler: BranchEventHandler): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'clinic_events';

/** One process (the embedded database): events are emitted after commit. */
export class InProcessEventBus implements EventBus {
  readonly #emitter = new EventEmitter().setMaxListeners(0);

  async publish(tx: TenantTx, event: Omit<BranchEvent, 'tenantId'>): Promise<void> {
    const full = { ...event, tenantId: tx.tenantId };
    tx.afterCommit(() => {
      this.#emitter.emit(CHANNEL, full);
    });
  }

  subscribe(handler: BranchEventHandler): () => void {
    this.#emitter.on(CHANNEL, handler);
    return () => this.#emitter.off(CHANNEL, handler);
  }

  async close(): Promise<void> {
    this.#emitter.removeAllListeners();
  }
}

/**
 * Several API instances on one PostgreSQL: NOTIFY inside the transaction (PostgreSQL
 * delivers it at commit, never on rollback), LISTEN on one dedicated connection per
 * instance, reconnecting if it drops.
 */
export class PostgresEventBus implements EventBus {
  readonly #emitter = new EventEmitter().setMaxListeners(0);
  readonly #connectionString: string;
  readonly #log: FastifyBaseLogger;
  #client: pg.Client | undefined;
  #closed = false;

  constructor(connectionString: string, log: FastifyBaseLogger) {
    this.#connectionString = connectionString;
    this.#log = log;
  }

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.#connectionString });
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        this.#emitter.emit(CHANNEL, JSON.parse(message.payload) as BranchEvent);
      } catch (error) {
        this.#log.warn({ err: error }, 'unreadable event');
      }
    });
    client.on('error', (error) => {
      this.#log.warn({ err: error }, 'event connection failed; reconnecting');
      this.#reconnect(client);
    });
    client.on('end', () => this.#reconnect(client));
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.#client = client;
  }

  #reconnect(client: pg.Client): void {
    if (this.#closed || this.#client !== client) return;
    this.#client = undefined;
    setTimeout(() => {
      if (!this.#closed)
        this.start().catch((error: unknown) =>
          this.#log.error({ err: error }, 'event connection lost'),
        );
    }, 1000).unref();
  }

  async publish(tx: TenantTx, event: Omit<BranchEvent, 'tenantId'>): Promise<void> {
    const payload = JSON.stringify({ ...event, tenantId: tx.tenantId });
    await sql`SELECT pg_notify(${CHANNEL}, ${payload})`.execute(tx.db);
  }

  subscribe(handler: BranchEventHandler): () => void {
    this.#emitter.on(CHANNEL, handler);
    return () => this.#emitter.off(CHANNEL, handler);
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#emitter.removeAllListeners();
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => {});
  }
}
