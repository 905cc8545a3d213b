import { healthResponseSchema } from '@funil/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '../../lib/route-errors';
import { APP_VERSION } from '../../version';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      // A monitor's answer depends on the database's ping alone, never on reading a session.
      config: { access: 'public', ignoresCaller: true },
      schema: {
        operationId: 'getHealth',
        tags: ['health'],
        summary: 'Liveness and database reachability (no auth)',
        // 400: a NUL character in a query parameter, refused before any route runs.
        response: { 200: healthResponseSchema, ...errorAnswers(400), 503: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      const isUp = await app.dbHandle.ping();
      return reply
        .code(isUp ? 200 : 503)
        .send({ status: isUp ? 'ok' : 'error', db: app.dbHandle.kind, version: APP_VERSION });
    },
  );
};
