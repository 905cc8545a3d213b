import { cnpjParamSchema, companyRecordSchema, errorResponseSchema } from '@funil/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeRateLimit } from '../../plugins/rate-limit';
import { lookupCompany } from './companies.service';

export type CompanyRoutesOptions = {
  /** How long the mirror has to answer; default 10 s (tests shorten it). */
  timeoutMs?: number;
};

/** /api/companies/:cnpj — the company's registration at the Receita Federal (docs/api.md, Companies). */
export const companyRoutes: FastifyPluginAsyncZod<CompanyRoutesOptions> = async (app, options) => {
  app.get(
    '/:cnpj',
    {
      // Each lookup may ask a public mirror: a person looks up a few, a runaway script many.
      config: { access: 'authenticated', rateLimit: routeRateLimit({ max: 30, windowMs: 60_000 }) },
      schema: {
        operationId: 'getCompany',
        tags: ['companies'],
        summary: "The company's registration data (Receita Federal open data), cached for 30 days",
        params: cnpjParamSchema,
        response: {
          200: companyRecordSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
          502: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request) =>
      lookupCompany(
        {
          db: app.db,
          mirrorUrl: app.config.cnpjLookupUrl,
          log: request.log,
          timeoutMs: options.timeoutMs,
        },
        request.params.cnpj,
      ),
  );
};
