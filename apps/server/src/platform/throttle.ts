import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export interface ThrottleRule {
  /** Events allowed within the window. */
  limit: number;
  windowSeconds: number;
}

/**
 * Counts events per key in the database, so limits hold across several API instances.
 * Keys are not tenant data (an address, a lowercased username, a subdomain).
 */
export class Throttle {
  readonly #db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  /** Seconds until the key is allowed again, or 0 when it is allowed now. */
  async retryAfter(key: string, rule: ThrottleRule): Promise<number> {
    const row = await this.#db
      .selectFrom('throttleEvents')
      .select([
        sql<number>`count(*)::int`.as('count'),
        sql<number>`extract(epoch from min(happened_at))::float8`.as('oldest'),
      ])
      .where('key', '=', key)
      .where('happenedAt', '>', sql<Date>`now() - make_interval(secs => ${rule.windowSeconds})`)
      .executeTakeFirstOrThrow();
    if (row.count < rule.limit) return 0;
    return Math.max(1, Math.ceil(row.oldest + rule.windowSeconds - Date.now() / 1000));
  }

  async record(...keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.#db
      .insertInto('throttleEvents')
      .values(keys.map((key) => ({ key })))
      .execute();
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
