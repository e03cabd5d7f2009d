import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  attachments: ReceivedAttachment[];
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

interface MimePart {
  header: (name: string) => string;
  body: string;
}

function mimePart(raw: string): MimePart {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const header = (name: string) =>
    new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  return { header, body: raw.slice(split + 4) };
}

function decodedBytes(part: MimePart): Buffer {
  const encoding = part.header('Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') return Buffer.from(decodeQuotedPrintable(part.body));
  return Buffer.from(part.body, 'latin1');
}

/** The parts of a multipart body, split on its boundary. */
function subParts(part: MimePart): MimePart[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(part.header('Content-Type'))?.[1];
  if (!boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((chunk) => mimePart(chunk.replace(/^\r\n/, '')))
    .flatMap((child) =>
      /^multipart\//i.test(child.header('Content-Type')) ? subParts(child) : [child],
    );
}

/** Reads a mail as nodemailer writes it: text, or text with attachments (multipart). */
function parseMail(raw: string, to: string[]): ReceivedMail {
  const top = mimePart(raw);
  const parts = subParts(top);
  const textPart = parts.find((part) => !/attachment/i.test(part.header('Content-Disposition')));
  const attachments = parts
    .filter((part) => /attachment/i.test(part.header('Content-Disposition')))
    .map((part) => ({
      filename: /filename="?([^";]+)"?/i.exec(part.header('Content-Disposition'))?.[1] ?? '',
      contentType: part.header('Content-Type').split(';')[0]?.trim() ?? '',
      content: decodedBytes(part),
    }));
  const text = textPart ? decodedBytes(textPart).toString('utf8') : '';
  return { to, subject: top.header('Subject'), text: text.replace(/\r\n/g, '\n'), attachments };
}

/** A real SMTP server on a free port that keeps every mail it receives. */
export class Mailbox {
  readonly mails: ReceivedMail[] = [];
  /** While true the server refuses every mail (a mail server that is failing). */
  refusing = false;
  readonly #server: SMTPServer;
  #port = 0;

  constructor() {
    this.#server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        if (this.refusing) {
          stream.on('end', () =>
            callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 451 })),
          );
          stream.resume();
          return;
        }
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
          this.mails.push(parseMail(Buffer.concat(chunks).toString('latin1'), to));
          callback();
        });
      },
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.#port = (this.#server.server.address() as AddressInfo).port;
    return `smtp://127.0.0.1:${this.#port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** The first mail to `address` whose text matches, waiting for it to arrive. */
  async waitFor(address: string, pattern: RegExp, timeoutMs = 10_000): Promise<RegExpExecArray> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (const mail of this.mails) {
        const match = mail.to.includes(address) ? pattern.exec(mail.text) : null;
        if (match) return match;
      }
      if (Date.now() > deadline)
        throw new Error(`No mail to ${address} matching ${pattern} arrived`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** The first mail to `address` with an attachment, waiting for it to arrive. */
  async waitForAttachment(address: string, timeoutMs = 10_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = this.mails.find((m) => m.to.includes(address) && m.attachments.length > 0);
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`No mail with an attachment to ${address}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** Forgets received mail, so a later wait sees only new mail. */
  clear(): void {
    this.mails.length = 0;
  }
}
