import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

/** What a message says; each message of the app has a render function producing it. */
export type MailContent = { subject: string; text: string; html: string };

export type MailMessage = MailContent & { to: string };

export type Mailer = {
  /**
   * Sends (or, without SMTP, writes to the outbox); resolves once the message is handed over.
   * Rejects when the mail server refuses it, when a limit runs out, or when `signal` aborts.
   */
  send: (message: MailMessage, signal?: AbortSignal) => Promise<void>;
  /** Closes the SMTP connections kept open for the next messages. */
  close: () => void;
};

/**
 * How long the mail server may keep a message waiting. A server that accepts the connection and
 * never greets, or stops answering in the middle of a message, fails the send instead of holding
 * it for nodemailer's defaults (30 s for the greeting, 10 minutes on a silent socket).
 */
export type MailLimits = {
  /** To open the connection (DNS and TCP). */
  connectionTimeoutMs: number;
  /** For the server's greeting once connected. */
  greetingTimeoutMs: number;
  /** The longest silence of the server in the middle of a conversation. */
  socketTimeoutMs: number;
  /**
   * The whole of one message, from the moment it is handed over: a server trickling its replies
   * (each silence shorter than the socket's limit) cannot stretch a send past it.
   */
  sendTimeoutMs: number;
};

export const DEFAULT_MAIL_LIMITS: MailLimits = {
  connectionTimeoutMs: 10_000,
  greetingTimeoutMs: 10_000,
  socketTimeoutMs: 30_000,
  sendTimeoutMs: 60_000,
};

/** SMTP connections kept open at once: reminders falling due together go out side by side. */
export const SMTP_POOL_CONNECTIONS = 5;

export const OUTBOX_DIR = 'outbox';

/** The send's own deadline, and the caller's signal if it gave one: whichever aborts first. */
const sendSignal = (limits: MailLimits, signal: AbortSignal | undefined) =>
  signal
    ? AbortSignal.any([AbortSignal.timeout(limits.sendTimeoutMs), signal])
    : AbortSignal.timeout(limits.sendTimeoutMs);

/**
 * nodemailer over SMTP_URL, through a small pool of kept connections, every wait bounded by
 * `limits`; without one, every message is a real .eml file in DATA_DIR/outbox and an info log line
 * names it, so a fresh installation can still hand out reset links.
 */
export function createMailer(
  options: { smtpUrl: string | undefined; mailFrom: string; dataDir: string; limits?: MailLimits },
  log: FastifyBaseLogger,
): Mailer {
  const limits = options.limits ?? DEFAULT_MAIL_LIMITS;
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      pool: true,
      maxConnections: SMTP_POOL_CONNECTIONS,
      connectionTimeout: limits.connectionTimeoutMs,
      greetingTimeout: limits.greetingTimeoutMs,
      socketTimeout: limits.socketTimeoutMs,
    });
    return {
      send: async (message, signal) => {
        // An aborted send closes the connection carrying it (nodemailer's pool), so nothing of it
        // reaches the server afterwards.
        await transport.sendMail({ from: options.mailFrom, ...message, signal: sendSignal(limits, signal) });
        log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const outbox = join(options.dataDir, OUTBOX_DIR);
  return {
    send: async (message) => {
      const info = await transport.sendMail({ from: options.mailFrom, ...message });
      await mkdir(outbox, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(outbox, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      // The message carries a live reset link: readable by the server's user only.
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info({ to: message.to, subject: message.subject, file }, `mail written to ${file}`);
    },
    close: () => {},
  };
}
