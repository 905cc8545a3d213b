import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import type { LogLevel } from '../config';

/**
 * pino options: readable lines (pino-pretty) for a person at a terminal, JSON lines for log
 * collectors otherwise. Authorization headers never reach the log.
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
      : {}),
  };
}

/** Request ids are uuids, echoed in `x-request-id` so a user's report can be found in the log. */
export const genReqId = (): string => randomUUID();
