import net from 'node:net';

/** A statement as the server sent it: its text and its parameters (text format, as node-postgres sends them). */
export type CapturedStatement = {
  text: string;
  params: (string | null)[];
  /** The prepared statement's name when the client named it (parsed once per connection, then
   * bound by name); undefined for the unnamed statement. */
  name?: string;
  /** Which client connection sent it (numbered from 0 as they connect): statements on different
   * connections ran concurrently, those on one connection one after the other. */
  connection: number;
};

export type SqlCapture = {
  /** A DATABASE_URL that reaches PostgreSQL through the capture. */
  databaseUrl: string;
  statements: CapturedStatement[];
  close: () => Promise<void>;
};

/**
 * A TCP proxy in front of PostgreSQL that records what clients send (Parse + Bind of the extended
 * protocol, and simple Query messages) and forwards every byte unchanged. It captures the very
 * statements the API runs, parameters included, without any logging setting on the server (whose
 * log this process may not be able to read). Only for plain-text connections (no SSL), as on a
 * bench machine's loopback.
 */
export async function startSqlCapture(databaseUrl: string): Promise<SqlCapture> {
  const target = new URL(databaseUrl);
  const statements: CapturedStatement[] = [];
  const sockets = new Set<net.Socket>();
  let connections = 0;

  const proxy = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    const connection = connections++;
    const parser = frontendParser((statement) => statements.push({ ...statement, connection }));
    client.on('data', (chunk: Buffer) => {
      parser(chunk);
      upstream.write(chunk);
    });
    upstream.pipe(client);
    const closeBoth = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', closeBoth).on('error', closeBoth);
    upstream.on('close', closeBoth).on('error', closeBoth);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as net.AddressInfo;
  const proxied = new URL(databaseUrl);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(port);
  return {
    databaseUrl: proxied.toString(),
    statements,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}

/** Reads a NUL-terminated string at `offset`: the string and the offset after its NUL. */
function cString(buffer: Buffer, offset: number): [string, number] {
  const end = buffer.indexOf(0, offset);
  return [buffer.toString('utf8', offset, end), end + 1];
}

/** The Bind message's parameters, decoded as text (binary ones, which node-postgres sends only for Buffers, as hex). */
function bindParams(body: Buffer): (string | null)[] {
  let offset = cString(body, cString(body, 0)[1])[1];
  const formatCount = body.readInt16BE(offset);
  offset += 2;
  const formats = Array.from({ length: formatCount }, (_, index) => body.readInt16BE(offset + index * 2));
  offset += formatCount * 2;
  const paramCount = body.readInt16BE(offset);
  offset += 2;
  const params: (string | null)[] = [];
  for (let index = 0; index < paramCount; index += 1) {
    const length = body.readInt32BE(offset);
    offset += 4;
    if (length < 0) {
      params.push(null);
      continue;
    }
    const format = formats.length === 1 ? formats[0] : (formats[index] ?? 0);
    const value = body.subarray(offset, offset + length);
    params.push(format === 1 ? `\\x${value.toString('hex')}` : value.toString('utf8'));
    offset += length;
  }
  return params;
}

/** A parser of one connection's frontend stream: the startup message first, then typed messages. */
function frontendParser(onStatement: (statement: Omit<CapturedStatement, 'connection'>) => void) {
  let pending = Buffer.alloc(0);
  let started = false;
  let parsed: string | undefined;
  // Named statements are parsed once per connection and then only bound, by name.
  const named = new Map<string, string>();
  return (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      if (!started) {
        if (pending.length < 4) return;
        const length = pending.readInt32BE(0);
        if (pending.length < length) return;
        pending = pending.subarray(length);
        started = true;
        continue;
      }
      if (pending.length < 5) return;
      const type = String.fromCharCode(pending[0] ?? 0);
      const length = pending.readInt32BE(1);
      if (pending.length < 1 + length) return;
      const body = pending.subarray(5, 1 + length);
      pending = pending.subarray(1 + length);
      if (type === 'P') {
        const [name, afterName] = cString(body, 0);
        const text = cString(body, afterName)[0];
        if (name) named.set(name, text);
        else parsed = text;
      } else if (type === 'B') {
        const name = cString(body, cString(body, 0)[1])[0];
        const text = name ? named.get(name) : parsed;
        if (text !== undefined) onStatement({ text, params: bindParams(body), ...(name ? { name } : {}) });
      } else if (type === 'Q') onStatement({ text: cString(body, 0)[0], params: [] });
    }
  };
}
