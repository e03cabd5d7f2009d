import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { AppError } from './errors.ts';

export interface ThrottleRule {
  /** Events allowed within the window; at the limit the key waits for its oldest to leave. */
  limit: number;
  windowSeconds: number;
  /**
   * Slowing before the block: once `after` events are in the window, the next one must come
   * `firstDelaySeconds` after the newest, and each further one twice as long again.
   */
  slowDown?: { after: number; firstDelaySeconds: number };
}

export interface ThrottleLimit {
  key: string;
  rule: ThrottleRule;
  /** The error to answer when the key is over its limit, given the seconds to wait. */
  refusal: (retryAfterSeconds: number) => AppError;
}

/**
 * Counts events per key in the database, so limits hold across several API instances.
 * Keys are not tenant data (an address, a normalised username, a tenant id).
 *
 * An attempt is reserved before the work it limits (a password check, a mail): checking
 * and recording happen together under an advisory lock per key, so a burst of parallel
 * requests cannot all pass a check that only the first few should.
 */
export class Throttle {
  readonly #db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  /** Records one event per limit, or throws the first limit's refusal and records nothing. */
  async reserve(limits: ThrottleLimit[]): Promise<string[]> {
    const ordered = [...limits].sort((a, b) => a.key.localeCompare(b.key));
    return this.#db.transaction().execute(async (trx) => {
      for (const limit of ordered) {
        await sql`SELECT pg_advisory_xact_lock(hashtext(${limit.key}))`.execute(trx);
        const wait = await retryAfter(trx, limit.key, limit.rule);
        if (wait > 0) throw limit.refusal(wait);
      }
      const rows = await trx
        .insertInto('throttleEvents')
        .values(ordered.map((limit) => ({ key: limit.key })))
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    });
  }

  /** Gives reserved events back: the attempt turned out not to count (a correct password). */
  async release(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.#db.deleteFrom('throttleEvents').where('id', 'in', ids).execute();
  }

  async clear(key: string): Promise<void> {
    await this.#db.deleteFrom('throttleEvents').where('key', '=', key).execute();
  }

  /** Drops events older than a day; no rule looks further back. */
  async prune(): Promise<void> {
    await this.#db
      .deleteFrom('throttleEvents')
      .where('happenedAt', '<', sql<Date>`now() - interval '1 day'`)
      .execute();
  }
}

/** Seconds until the key is allowed again, or 0 when it is allowed now. */
async function retryAfter(trx: Transaction<DB>, key: string, rule: ThrottleRule): Promise<number> {
  const window = await trx
    .selectFrom('throttleEvents')
    .select([
      sql<number>`count(*)::int`.as('count'),
      sql<number>`extract(epoch from min(happened_at))::float8`.as('oldest'),
      sql<number>`extract(epoch from max(happened_at))::float8`.as('newest'),
      // The database's clock, which stamped the events, not this instance's.
      sql<number>`extract(epoch from clock_timestamp())::float8`.as('now'),
    ])
    .where('key', '=', key)
    .where('happenedAt', '>', sql<Date>`now() - make_interval(secs => ${rule.windowSeconds})`)
    .executeTakeFirstOrThrow();
  return secondsToWait(rule, window, window.now);
}

/**
 * Seconds a key must wait, given the events in its window (times in epoch seconds): until
 * the oldest leaves the window at the limit, or until the slowing delay after the newest.
 */
export function secondsToWait(
  rule: ThrottleRule,
  window: { count: number; oldest: number; newest: number },
  now: number,
): number {
  const { count, oldest, newest } = window;
  const secondsUntil = (time: number) => Math.max(1, Math.ceil(time - now));
  if (count >= rule.limit) return secondsUntil(oldest + rule.windowSeconds);
  if (!rule.slowDown || count < rule.slowDown.after) return 0;
  const { after, firstDelaySeconds } = rule.slowDown;
  const allowedAt = newest + firstDelaySeconds * 2 ** (count - after);
  return allowedAt > now ? secondsUntil(allowedAt) : 0;
}
