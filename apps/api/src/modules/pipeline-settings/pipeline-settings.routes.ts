import { pipelineSettingsResponseSchema, pipelineSettingsSchema } from '@funil/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordRouteErrors, stockConflictErrors } from '../../lib/route-errors';
import { getPipelineSettings, putPipelineSettings } from './pipeline-settings.service';

const tags = ['settings'];

/**
 * /api/settings/pipeline: each status's probability (the forecast), days before a deal is
 * stale, and whether a deal in it holds a quota of the prospectus. Anyone signed in reads them (the board shows what they drive); admin and manager change them.
 */
export const pipelineSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pipeline',
    {
      config: { access: 'authenticated' },
      schema: {
        operationId: 'getPipelineSettings',
        tags,
        summary: "The pipeline's settings: each status's probability, days before stale and quota holding",
        response: { 200: pipelineSettingsResponseSchema, ...recordRouteErrors },
      },
    },
    async () => getPipelineSettings(app.db),
  );

  app.put(
    '/pipeline',
    {
      config: { access: 'settings.write' },
      schema: {
        operationId: 'replacePipelineSettings',
        tags,
        summary: "Replace the pipeline's settings (all 8 statuses)",
        body: pipelineSettingsSchema,
        response: { 200: pipelineSettingsResponseSchema, ...recordRouteErrors, ...stockConflictErrors },
      },
    },
    async (request) => putPipelineSettings(app.db, request.body),
  );
};
