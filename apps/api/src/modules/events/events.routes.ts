import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers } from '../../lib/route-errors';
import { EventStream } from './event-stream';

/** A client that has not read this much of what was sent to it is cut off (it catches up later). */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** The Last-Event-ID header as an event id; anything else is an id this log never gave (a reset). */
const parseLastEventId = (header: string | undefined): number | null => {
  if (header === undefined || header.trim() === '') return null;
  return /^\d{1,15}$/.test(header.trim()) ? Number(header.trim()) : -1;
};

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'authenticated', longLived: true },
      schema: {
        operationId: 'streamEvents',
        tags: ['events'],
        summary: 'Live updates: every lead, brand and contact change, as a server-sent event stream',
        description:
          'Answers text/event-stream at once and a `: ping` comment at least every 30 s. One event per ' +
          'record created, updated or deleted by anyone: `id`, `event` (lead.created, lead.updated, ' +
          'lead.deleted, brand.*, contact.*) and `data` (type, id, by, at, record, changes). Send ' +
          'Last-Event-ID to get every event after it; when those are no longer kept the stream starts ' +
          'with `event: reset` (reload your lists). The stream ends when the session does.',
        headers: z.object({ 'last-event-id': z.string().optional() }).loose(),
        response: { 200: z.string().describe('text/event-stream'), ...errorAnswers(400, 401) },
      },
    },
    async (request, reply) => {
      const afterId = parseLastEventId(request.headers['last-event-id']);
      const user = request.user;
      const sessionId = request.sessionId;
      if (!user || !sessionId) throw new Error('an authenticated route ran without its user');
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        // nginx: pass each event on as it comes instead of buffering the answer.
        'x-accel-buffering': 'no',
        // The stream's end (logout, deactivation, a client too slow, shutdown) also ends its
        // socket: said up front, so no client keeps the socket for its next request and sees that
        // request dropped when the socket goes.
        connection: 'close',
      });
      // Headers and a first line at once: the client knows it is connected before any event.
      raw.write(': connected\n\n');
      const stream: EventStream = new EventStream(raw, {
        owner: { sessionId, userId: user.id },
        sentId: afterId ?? 0,
        maxBufferedBytes: MAX_BUFFERED_BYTES,
        onEnd: () => app.eventHub.detach(stream),
      });
      // The answer has started: a failure now (the database gone while replaying) can only end the
      // stream; the client reconnects with its Last-Event-ID and loses nothing.
      await app.eventHub.attach(stream, afterId).catch((error: unknown) => {
        request.log.warn({ err: error }, 'live updates: could not replay the missed events');
        stream.end();
      });
    },
  );
};
