import PostalMime from 'postal-mime';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** Undoes quoted-printable (soft line breaks and =XX bytes), as a mail client would. */
export function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The token of the reset link in a raw message, as a reader clicking it would get it. */
export function resetLinkOf(raw: string): URL | null {
  const match = /https?:\/\/\S+\/redefinir-senha\?token=[A-Za-z0-9_%-]+/.exec(decodeQuotedPrintable(raw));
  return match ? new URL(match[0]) : null;
}

export type ReceivedMail = { from: string; to: string[]; raw: string };

/** A real SMTP peer on a free local port that keeps what it receives. */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /**
     * Resolves once `count` messages have arrived, woken by each arrival (no polling); rejects
     * after `timeoutMs` (5 s unless told) with how many came, which says more than the test's own timeout.
     */
    async waitFor(count: number, timeoutMs = 5000): Promise<ReceivedMail[]> {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`expected ${count} mails, got ${received.length}`)),
          timeoutMs,
        );
      });
      try {
        while (received.length < count) {
          await Promise.race([new Promise<void>((resolve) => waiters.push(resolve)), deadline]);
        }
        return received;
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A received message as a mail client reads it: decoded subject, text and HTML. */
export async function parseMail(mail: ReceivedMail) {
  const parsed = await PostalMime.parse(mail.raw);
  return { to: mail.to, subject: parsed.subject ?? '', text: parsed.text ?? '', html: parsed.html ?? '' };
}
