import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { DB } from '../db/schema.ts';
import { withTenant, type TenantTx } from '../db/tenant-db.ts';
import { tenantsWithPendingMail } from './directory.ts';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  body: string;
  attachment?: MailAttachment;
  /**
   * What the mail is for and the record it carries (a referral's letter): whoever
   * registered for `purpose` hears each delivery attempt's outcome (`onDelivery`).
   */
  purpose?: { name: string; reference: string };
}

/** One delivery attempt's outcome as a mail's sender hears it. */
export interface DeliveryOutcome {
  mailId: string;
  reference: string;
  /**
   * `sent`: the mail server accepted it; `pending`: refused or unreachable, retried later;
   * `failed`: refused on the last attempt; `logged`: no mail server, written to the log.
   */
  status: 'sent' | 'logged' | 'pending' | 'failed';
}

/**
 * Runs in the transaction that records the attempt, so the sender's record and the
 * outbox agree. A listener that throws is logged and its changes undone; the attempt's
 * record stands (a sent mail is never sent again).
 */
export type DeliveryListener = (tx: TenantTx, outcome: DeliveryOutcome) => Promise<void>;

const MAX_ATTEMPTS = 8;

/** A slow mail server must not hold a database connection for minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * What stays in the outbox once a mail server has the mail: codes, passwords and letters
 * do not (an attachment's name and type stay, to say what was sent).
 */
const DELIVERED = { body: '(delivered; the text is not kept)', attachment: null };

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
  readonly #listeners = new Map<string, DeliveryListener>();

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

  /**
   * Tells `listener` how each mail queued with this purpose fared. One listener a purpose;
   * the platform knows no feature, the feature registers itself.
   */
  onDelivery(purpose: string, listener: DeliveryListener): void {
    this.#listeners.set(purpose, listener);
  }

  /** Queues a mail in the caller's transaction; it is sent once that commits. Answers its id. */
  async queue(tx: TenantTx, mail: OutgoingMail): Promise<string> {
    const { id } = await tx.db
      .insertInto('mailOutbox')
      .values({
        tenantId: tx.tenantId,
        toAddress: mail.to,
        subject: mail.subject,
        body: mail.body,
        purpose: mail.purpose?.name ?? null,
        reference: mail.purpose?.reference ?? null,
        attachmentName: mail.attachment?.filename ?? null,
        attachmentType: mail.attachment?.contentType ?? null,
        attachment: mail.attachment?.content ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Not awaited: the request that caused the mail does not wait for the mail server.
    tx.afterCommit(() => {
      this.deliver(tx.tenantId, [id]).catch((error: unknown) =>
        this.#log.warn({ err: error }, 'mail delivery failed; will retry'),
      );
    });
    return id;
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
            ...(outcome.status === 'sent' ? DELIVERED : {}),
            attempts: mail.attempts + 1,
            lastError: outcome.error ?? null,
            sentAt: outcome.status === 'pending' || outcome.status === 'failed' ? null : new Date(),
          })
          .where('id', '=', mail.id)
          .execute();
        await this.#tell(tx, mail, outcome.status);
      }
    });
  }

  async #tell(
    tx: TenantTx,
    mail: { id: string; purpose: string | null; reference: string | null },
    status: DeliveryOutcome['status'],
  ): Promise<void> {
    const listener = mail.purpose ? this.#listeners.get(mail.purpose) : undefined;
    if (!listener || !mail.reference) return;
    // A listener that fails must not undo the attempt's record: the mail would go twice.
    await sql`SAVEPOINT delivery_listener`.execute(tx.db);
    try {
      await listener(tx, { mailId: mail.id, reference: mail.reference, status });
      await sql`RELEASE SAVEPOINT delivery_listener`.execute(tx.db);
    } catch (error) {
      await sql`ROLLBACK TO SAVEPOINT delivery_listener`.execute(tx.db);
      this.#log.error({ err: error, purpose: mail.purpose }, 'mail delivery listener failed');
    }
  }

  async #send(mail: {
    toAddress: string;
    subject: string;
    body: string;
    attempts: number;
    attachmentName: string | null;
    attachmentType: string | null;
    attachment: Buffer | null;
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
        `\n----- mail (no SMTP_URL set, so it is shown here) -----\nTo: ${mail.toAddress}\nSubject: ${mail.subject}\n\n${mail.body}\n${mail.attachmentName ? `(attached: ${mail.attachmentName})\n` : ''}-----\n\n`,
      );
      return { status: 'logged' };
    }
    try {
      await this.#transport.sendMail({
        from: this.#from,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.body,
        attachments: attachmentsOf(mail),
      });
      return { status: 'sent' };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.#log.warn({ to: mail.toAddress, err: message }, 'mail not sent; will retry');
      return { status: mail.attempts + 1 >= MAX_ATTEMPTS ? 'failed' : 'pending', error: message };
    }
  }
}

function attachmentsOf(mail: {
  attachmentName: string | null;
  attachmentType: string | null;
  attachment: Buffer | null;
}) {
  if (!mail.attachment || !mail.attachmentName) return [];
  return [
    {
      filename: mail.attachmentName,
      contentType: mail.attachmentType ?? 'application/octet-stream',
      content: mail.attachment,
    },
  ];
}
