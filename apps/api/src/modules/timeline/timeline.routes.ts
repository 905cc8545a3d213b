import { idParamSchema, timelineQuerySchema, timelineResponseSchema } from '@funil/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordRouteErrors } from '../../lib/route-errors';
import { getTimeline } from './timeline.service';

/**
 * /api/leads/:id/timeline and /api/brands/:id/timeline: creation, status moves, notes and tasks
 * in one list, newest first (a brand's includes its opportunities').
 */
export const timelineRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const owner of ['lead', 'brand'] as const) {
    app.get(
      `/${owner}s/:id/timeline`,
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['timeline'],
          summary: `What happened on the ${owner}${owner === 'brand' ? ' and its opportunities' : ''}, newest first`,
          params: idParamSchema,
          querystring: timelineQuerySchema,
          response: { 200: timelineResponseSchema, ...recordRouteErrors },
        },
      },
      async (request) => getTimeline(app.db, owner, request.params.id, request.query),
    );
  }
};
