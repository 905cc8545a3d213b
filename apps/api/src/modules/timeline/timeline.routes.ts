import { idParamSchema, timelineQuerySchema, timelineResponseSchema } from '@funil/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordRouteErrors } from '../../lib/route-errors';
import { getTimeline } from './timeline.service';

/** The record type whose timeline a `timelineRoutes` registration serves. */
export type TimelineRoutesOptions = { owner: 'lead' | 'brand' };

/**
 * GET /:id/timeline, registered under /api/leads and /api/brands: creation, status moves, notes
 * and tasks in one list, newest first (a brand's includes its opportunities').
 */
export const timelineRoutes: FastifyPluginAsyncZod<TimelineRoutesOptions> = async (app, { owner }) => {
  app.get(
    '/:id/timeline',
    {
      config: { access: 'authenticated' },
      schema: {
        operationId: owner === 'lead' ? 'getLeadTimeline' : 'getBrandTimeline',
        tags: ['timeline'],
        summary: `What happened on the ${owner}${owner === 'brand' ? ' and its opportunities' : ''}, newest first`,
        params: idParamSchema,
        querystring: timelineQuerySchema,
        response: { 200: timelineResponseSchema, ...recordRouteErrors },
      },
    },
    async (request) => getTimeline(app.db, owner, request.params.id, request.query),
  );
};
