import { Writable } from 'node:stream';

export type LogLine = Record<string, unknown> & { level: number; msg: string };

/** The app's log lines as JSON objects, written by pino into memory (`logger: { stream }`). */
export function memoryLog() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(text) as LogLine);
      done();
    },
  });
  return { lines, stream };
}
