import { reportQuerySchema, reportSchema } from '@funil/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordRouteErrors } from '../../lib/route-errors';
import { pipelineReport } from './pipeline-report';

/** /api/reports: what the pipeline did in a period, for anyone signed in. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pipeline',
    {
      config: { access: 'authenticated' },
      schema: {
        operationId: 'getPipelineReport',
        tags: ['reports'],
        summary:
          'Leads created, won and lost in a period (from, to, tz) per month, executive, vertical or platform, with the list filters; conversion, days to sign, lost reasons',
        querystring: reportQuerySchema,
        response: { 200: reportSchema, ...recordRouteErrors },
      },
    },
    async (request) => pipelineReport(app.db, request.query),
  );
};
