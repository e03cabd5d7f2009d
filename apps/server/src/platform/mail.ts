import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { DB } from '../db/schema.ts';
import { withTenant, type TenantTx } from '../db/tenant-db.ts';
import { tenantsWithPendingMail } from './directory.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  body: string;
}

const MAX_ATTEMPTS = 8;

/** A slow mail server must not hold a database connection for minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** What stays in the outbox once a mail server has the mail: codes and passwords do not. */
const DELIVERED_BODY = '(delivered; the text is not kept)';

/**
 * Transactional outbox: mail is written in the same transaction as the change that
 * causes it, and sent after commit. With no SMTP server configured it is written to the
 * log instead, so someone trying the app locally can still read activation codes.
 */
export class MailOutbox {
  readonly #db: Kysely<DB>;
  readonly #transport: Transporter | undefined;
  readonly #from: string;
  readonly #log: FastifyBaseLogger;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    db: Kysely<DB>,
    options: { smtpUrl: string | undefined; from: string; log: FastifyBaseLogger },
  ) {
    this.#db = db;
    this.#transport = options.smtpUrl
      ? nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS })
      : undefined;
    this.#from = options.from;
    this.#log = options.log;
  }

  /** Queues a mail in the caller's transaction; it is sent once that commits. */
  async queue(tx: TenantTx, mail: OutgoingMail): Promise<void> {
    const { id } = await tx.db
      .insertInto('mailOutbox')
      .values({ tenantId: tx.tenantId, toAddress: mail.to, subject: mail.subject, body: mail.body })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Not awaited: the request that caused the mail does not wait for the mail server.
    tx.afterCommit(() => {
      this.deliver(tx.tenantId, [id]).catch((error: unknown) =>
        this.#log.warn({ err: error }, 'mail delivery failed; will retry'),
      );
    });
  }

  /** Retries unsent mail every `seconds`, across tenants. */
  startRetrying(seconds: number): void {
    this.#timer = setInterval(() => void this.retryPending(), seconds * 1000);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#transport?.close();
  }

  async retryPending(): Promise<void> {
    try {
      for (const tenantId of await tenantsWithPendingMail(this.#db)) {
        await this.deliver(tenantId);
      }
    } catch (error) {
      this.#log.warn({ err: error }, 'mail retry failed');
    }
  }

  /** Sends the given pending mails of a tenant, or all its pending mail. */
  async deliver(tenantId: string, ids?: string[]): Promise<void> {
    await withTenant(this.#db, tenantId, async (tx) => {
      let query = tx.db
        .selectFrom('mailOutbox')
        .selectAll()
        .where('status', '=', 'pending')
        .forUpdate()
        .skipLocked();
      if (ids) query = query.where('id', 'in', ids);
      for (const mail of await query.execute()) {
        const outcome = await this.#send(mail);
        await tx.db
          .updateTable('mailOutbox')
          .set({
            status: outcome.status,
            ...(outcome.status === 'sent' ? { body: DELIVERED_BODY } : {}),
            attempts: mail.attempts + 1,
            lastError: outcome.error ?? null,
            sentAt: outcome.status === 'pending' || outcome.status === 'failed' ? null : new Date(),
          })
          .where('id', '=', mail.id)
          .execute();
      }
    });
  }

  async #send(mail: {
    toAddress: string;
    subject: string;
    body: string;
    attempts: number;
  }): Promise<{
    status: 'sent' | 'logged' | 'pending' | 'failed';
    error?: string;
  }> {
    if (!this.#transport) {
      this.#log.info(
        { to: mail.toAddress, subject: mail.subject },
        'mail written to the console (no SMTP_URL)',
      );
      process.stdout.write(
        `\n----- mail (no SMTP_URL set, so it is shown here) -----\nTo: ${mail.toAddress}\nSubject: ${mail.subject}\n\n${mail.body}\n-----\n\n`,
      );
      return { status: 'logged' };
    }
    try {
      await this.#transport.sendMail({
        from: this.#from,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.body,
      });
      return { status: 'sent' };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.#log.warn({ to: mail.toAddress, err: message }, 'mail not sent; will retry');
      return { status: mail.attempts + 1 >= MAX_ATTEMPTS ? 'failed' : 'pending', error: message };
    }
  }
}
