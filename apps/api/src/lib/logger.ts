import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import { destination } from 'pino';
import type { LogLevel } from '../config';

/**
 * pino options: readable lines (pino-pretty) for a person at a terminal, JSON lines for log
 * collectors otherwise. Authorization headers never reach the log.
 *
 * The JSON lines are written asynchronously: a synchronous write is one system call per line on
 * the request's thread (a line per request: ~18 µs of a lead read's ~400 µs of CPU). The
 * asynchronous destination hands its buffer to a write as soon as the previous one is done, so a
 * quiet server still writes each line at once and a busy one writes the lines of many requests
 * together. It is flushed when the process exits; a power cut can lose the last lines.
 */
export function loggerOptions(level: LogLevel): FastifyServerOptions['logger'] {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    ...(process.stdout.isTTY
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : { stream: destination({ dest: 1, sync: false }) }),
  };
}

/** Request ids are uuids, echoed in `x-request-id` so a user's report can be found in the log. */
export const genReqId = (): string => randomUUID();
