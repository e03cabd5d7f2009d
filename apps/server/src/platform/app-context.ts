import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.ts';
import type { DB } from '../db/schema.ts';
import type { EventBus } from './event-bus.ts';
import type { MailOutbox } from './mail.ts';
import type { FileStorage } from './storage/index.ts';
import type { AppMetrics } from './metrics.ts';
import type { Throttle } from './throttle.ts';

/** What features are given: built once in app.ts. */
export interface AppContext {
  readonly config: AppConfig;
  /** Runs as the API role; features reach tenant data only through withTenant. */
  readonly db: Kysely<DB>;
  readonly mail: MailOutbox;
  readonly throttle: Throttle;
  /** Queue and display events, delivered after commit to every API instance. */
  readonly events: EventBus;
  readonly log: FastifyBaseLogger;
  /** This instance's Prometheus registry and the gauges features move (open sockets). */
  readonly metrics: AppMetrics;
  /** Where files live (documents): a folder or S3-compatible storage, by the settings. */
  readonly storage: FileStorage;
}
