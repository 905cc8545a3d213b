import PostalMime from 'postal-mime';
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
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

/**
 * Waiters woken whenever something they watch changes (no polling): `until` resolves once the
 * condition holds, and rejects after `timeoutMs` with `describe()`, which says more than the
 * test's own timeout would.
 */
function changeSignal() {
  const waiters: (() => void)[] = [];
  return {
    changed: () => {
      for (const wake of waiters.splice(0)) wake();
    },
    async until(condition: () => boolean, timeoutMs: number, describe: () => string): Promise<void> {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(describe())), timeoutMs);
      });
      try {
        while (!condition()) {
          await Promise.race([new Promise<void>((resolve) => waiters.push(resolve)), deadline]);
        }
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export type SmtpServerOptions = {
  /**
   * Start stalled: every message is read to its end and then left without an answer (the reply
   * to DATA never comes) until `release()`. A message whose client hangs up meanwhile is
   * dropped, as a server drops what it never acknowledged.
   */
  stallAfterData?: boolean;
};

/** A real SMTP peer on a free local port that keeps what it receives. */
export async function startSmtpServer(options: SmtpServerOptions = {}) {
  const received: ReceivedMail[] = [];
  const held = new Map<string, () => void>();
  const signal = changeSignal();
  let stalled = options.stallAfterData ?? false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const accept = () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
          signal.changed();
        };
        if (stalled) held.set(session.id, accept);
        else accept();
        signal.changed();
      });
    },
    onClose(session) {
      if (held.delete(session.id)) signal.changed();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    /**
     * Resolves once `count` messages have arrived, woken by each arrival (no polling); rejects
     * after `timeoutMs` (5 s unless told) with how many came, which says more than the test's own timeout.
     */
    async waitFor(count: number, timeoutMs = 5000): Promise<ReceivedMail[]> {
      await signal.until(
        () => received.length >= count,
        timeoutMs,
        () => `expected ${count} mails, got ${received.length}`,
      );
      return received;
    },
    /** Messages read to their end and not answered yet (while stalled). */
    held: () => held.size,
    /** Resolves once `count` messages wait for their answer. */
    waitForHeld: (count: number, timeoutMs = 5000) =>
      signal.until(
        () => held.size >= count,
        timeoutMs,
        () => `expected ${count} messages held, got ${held.size}`,
      ),
    /** Resolves once no message waits for its answer (their clients hung up, or it was released). */
    waitForNoneHeld: (timeoutMs = 5000) =>
      signal.until(
        () => held.size === 0,
        timeoutMs,
        () => `expected no message held, got ${held.size}`,
      ),
    /** Answers the messages held (they arrive now) and every later one at once. */
    release() {
      stalled = false;
      const accepts = [...held.values()];
      held.clear();
      for (const accept of accepts) accept();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A mail server that accepts connections and never says a word (no greeting: a stalled or
 * half-dead server) until `release()`; from then on every connection, the ones kept waiting
 * included, is carried to a real SMTP server, whose messages are `received`. A connection its
 * client gave up on meanwhile is simply gone.
 */
export async function startBlackHoleSmtpServer() {
  const inner = await startSmtpServer();
  const waiting = new Set<Socket>();
  const sockets = new Set<Socket>();
  const signal = changeSignal();
  let accepted = 0;
  let released = false;
  const carry = (socket: Socket) => {
    const upstream = connect(inner.port, '127.0.0.1');
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
    socket.on('close', () => upstream.destroy());
    upstream.on('close', () => socket.destroy());
    socket.pipe(upstream).pipe(socket);
  };
  const server = createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    if (released) {
      carry(socket);
    } else {
      waiting.add(socket);
      socket.on('close', () => {
        waiting.delete(socket);
        signal.changed();
      });
    }
    signal.changed();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: inner.received,
    waitFor: inner.waitFor,
    /** Connections open and never greeted. */
    waiting: () => waiting.size,
    /** Connections accepted so far, answered or not. */
    accepted: () => accepted,
    /** Resolves once `count` connections wait for their greeting. */
    waitForWaiting: (count: number, timeoutMs = 5000) =>
      signal.until(
        () => waiting.size >= count,
        timeoutMs,
        () => `expected ${count} connections waiting, got ${waiting.size}`,
      ),
    /** Resolves once no connection waits any more (their clients gave up). */
    waitForNoneWaiting: (timeoutMs = 5000) =>
      signal.until(
        () => waiting.size === 0,
        timeoutMs,
        () => `expected no connection waiting, got ${waiting.size}`,
      ),
    /** The mail server answers: the waiting connections and every later one reach it. */
    release() {
      released = true;
      for (const socket of waiting) {
        waiting.delete(socket);
        carry(socket);
      }
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await inner.close();
    },
  };
}

/** A received message as a mail client reads it: decoded subject, text and HTML. */
export async function parseMail(mail: ReceivedMail) {
  const parsed = await PostalMime.parse(mail.raw);
  return { to: mail.to, subject: parsed.subject ?? '', text: parsed.text ?? '', html: parsed.html ?? '' };
}
