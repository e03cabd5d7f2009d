import type { DataChange, EventBus } from '../../platform/event-bus.ts';

export interface QueueDayCacheOptions {
  /** Answers kept at most (least recently used go first); a 300-entry day is ~220 KB. */
  maxEntries: number;
  /** An answer older than this is read again even without a change notice (safety net). */
  maxAgeMs: number;
}

export const QUEUE_DAY_CACHE_DEFAULTS: QueueDayCacheOptions = {
  maxEntries: 256,
  maxAgeMs: 30_000,
};

interface Stored {
  answer: string;
  storedAt: number;
}

type Load = () => Promise<string | undefined>;

/**
 * The day's queue list answers (GET /queue, JSON text) of each branch, kept in memory
 * until something they show changes. Every desk of a branch re-reads the list after each
 * queue event, so without this one change costs a 220 KB read per desk.
 *
 * An answer is dropped when its branch publishes a queue event, or when the database says
 * a clinic's patients, companies, doctors or time zone changed (`onDataChange`); both
 * reach every API instance at commit, and the instance that committed a queue change
 * drops its answer before it replies. A read that began before such a change is never
 * stored (its stamp no longer matches), and requests after the change never join it.
 * Nothing is kept while the event bus is not listening, nor on a bus that does not hear
 * the database (the embedded one).
 */
export class QueueDayCache {
  readonly #events: EventBus;
  readonly #options: QueueDayCacheOptions;
  readonly #stored = new Map<string, Stored>();
  readonly #loading = new Map<string, { stamp: string; answer: Promise<string | undefined> }>();
  /** Bumped on each change: per clinic, per branch of a clinic, and for everything. */
  readonly #versions = new Map<string, number>();
  #everything = 0;
  readonly #unsubscribe: Array<() => void>;

  constructor(events: EventBus, options: QueueDayCacheOptions = QUEUE_DAY_CACHE_DEFAULTS) {
    this.#events = events;
    this.#options = options;
    this.#unsubscribe = [
      events.subscribe((event) => this.#forget(`${event.tenantId}/${event.branchId}/`)),
      events.onDataChange((change) => this.#dataChanged(change)),
    ];
  }

  /** The stored answer, or `load()`'s (shared by concurrent callers, kept when current). */
  async answer(
    tenantId: string,
    branchId: string,
    visitDate: number,
    load: Load,
  ): Promise<string | undefined> {
    if (!this.#events.hearsDataChanges || !this.#events.listening) return load();
    const key = `${tenantId}/${branchId}/${visitDate}`;
    const stored = this.#fresh(key);
    if (stored !== undefined) return stored;
    const pending = this.#loading.get(key);
    if (pending) return pending.answer;
    return this.#load(key, tenantId, branchId, load);
  }

  close(): void {
    for (const unsubscribe of this.#unsubscribe) unsubscribe();
    this.#stored.clear();
    this.#loading.clear();
  }

  #fresh(key: string): string | undefined {
    const stored = this.#stored.get(key);
    if (!stored) return undefined;
    this.#stored.delete(key);
    if (Date.now() - stored.storedAt > this.#options.maxAgeMs) return undefined;
    this.#stored.set(key, stored); // most recently used last
    return stored.answer;
  }

  async #load(key: string, tenantId: string, branchId: string, load: Load) {
    const stamp = this.#stamp(tenantId, branchId);
    const answer = load();
    this.#loading.set(key, { stamp, answer });
    try {
      const result = await answer;
      if (result !== undefined && stamp === this.#stamp(tenantId, branchId)) {
        this.#store(key, result);
      }
      return result;
    } finally {
      if (this.#loading.get(key)?.answer === answer) this.#loading.delete(key);
    }
  }

  #store(key: string, answer: string): void {
    this.#stored.set(key, { answer, storedAt: Date.now() });
    if (this.#stored.size > this.#options.maxEntries) {
      const oldest = this.#stored.keys().next().value;
      if (oldest !== undefined) this.#stored.delete(oldest);
    }
  }

  #stamp(tenantId: string, branchId: string): string {
    const tenant = this.#versions.get(`${tenantId}/`) ?? 0;
    const branch = this.#versions.get(`${tenantId}/${branchId}/`) ?? 0;
    return `${this.#everything}:${tenant}:${branch}`;
  }

  #dataChanged(change: DataChange): void {
    if (change.tenantId === null) {
      this.#everything += 1;
      this.#stored.clear();
      this.#loading.clear();
      return;
    }
    this.#forget(
      `${change.tenantId}/${change.branchId === undefined ? '' : `${change.branchId}/`}`,
    );
  }

  /** Drops the answers under a clinic or branch prefix and makes reads in flight stale. */
  #forget(prefix: string): void {
    this.#versions.set(prefix, (this.#versions.get(prefix) ?? 0) + 1);
    for (const key of this.#stored.keys()) if (key.startsWith(prefix)) this.#stored.delete(key);
    for (const key of this.#loading.keys()) if (key.startsWith(prefix)) this.#loading.delete(key);
  }
}
