import { errorResponseSchema, franchiseListResponseSchema } from '@funil/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { listFranchises } from './franchises.service';

const tags = ['franchises'];

/** /api/franchises: read-only reference data (docs/api.md, Franchises); writes answer 405. */
export const franchiseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'authenticated' },
      schema: {
        operationId: 'listFranchises',
        tags,
        summary: 'Every franchise (Praça), sorted by name; query parameters are ignored',
        // The web client sends `status=active` here; unknown parameters are dropped, not refused.
        querystring: z.object({}),
        response: { 200: franchiseListResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async () => listFranchises(app.db),
  );

  for (const url of ['/', '/:id']) {
    app.route({
      method: ['POST', 'PUT', 'PATCH', 'DELETE'],
      url,
      config: { access: 'authenticated' },
      schema: { hide: true },
      handler: async () => {
        throw new AppError(405, 'errors:method_not_allowed', { headers: { allow: 'GET' } });
      },
    });
  }
};
