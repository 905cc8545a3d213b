import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

/** What a message says; each message of the app has a render function producing it. */
export type MailContent = { subject: string; text: string; html: string };

export type MailMessage = MailContent & { to: string };

export type Mailer = {
  /** Sends (or, without SMTP, writes to the outbox); resolves once the message is handed over. */
  send: (message: MailMessage) => Promise<void>;
  /** Closes the SMTP connections kept open for the next messages. */
  close: () => void;
};

/** SMTP connections kept open at once: reminders falling due together go out side by side. */
const SMTP_POOL_CONNECTIONS = 5;

export const OUTBOX_DIR = 'outbox';

/**
 * nodemailer over SMTP_URL, through a small pool of kept connections; without one, every message is a real .eml file in DATA_DIR/outbox and
 * an info log line names it, so a fresh installation can still hand out reset links.
 */
export function createMailer(
  options: { smtpUrl: string | undefined; mailFrom: string; dataDir: string },
  log: FastifyBaseLogger,
): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      pool: true,
      maxConnections: SMTP_POOL_CONNECTIONS,
    });
    return {
      send: async (message) => {
        await transport.sendMail({ from: options.mailFrom, ...message });
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
