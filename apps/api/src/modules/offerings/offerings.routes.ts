import {
  errorResponseSchema,
  idParamSchema,
  offeringCreateSchema,
  offeringListQuerySchema,
  offeringListResponseSchema,
  offeringSchema,
  offeringSummaryQuerySchema,
  offeringSummarySchema,
  offeringUpdateSchema,
} from '@funil/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { editConflictErrors, ifMatchHeadersSchema, sendVersioned } from '../../lib/etag';
import { recordRouteErrors } from '../../lib/route-errors';
import { summarizeOfferings } from './offering-summary';
import {
  createOffering,
  deleteOffering,
  getVersionedOffering,
  listOfferings,
  updateOffering,
} from './offerings.service';

// Anyone signed in reads the prospectus; writing it needs prospectus.write.
const READ = { access: 'authenticated' } as const;
const WRITE = { access: 'prospectus.write' } as const;
const tags = ['offerings'];

/** /api/offerings: the prospectus, each year's quotas on sale and their stock. */
export const offeringRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: READ,
      schema: {
        operationId: 'listOfferings',
        tags,
        summary:
          'List offerings (year, vertical, platform, quota, praça or national, status, available; sort prospectus_year, available, list_price, createdAt)',
        querystring: offeringListQuerySchema,
        response: { 200: offeringListResponseSchema, ...recordRouteErrors },
      },
    },
    async (request) => listOfferings(app.db, request.query),
  );

  app.get(
    '/summary',
    {
      config: READ,
      schema: {
        operationId: 'getOfferingSummary',
        tags,
        summary:
          "The year's active offerings: units, held, sold, available, potential at table price, and the credit of the opportunities that take them",
        querystring: offeringSummaryQuerySchema,
        response: { 200: offeringSummarySchema, ...recordRouteErrors },
      },
    },
    async (request) => summarizeOfferings(app.db, request.query),
  );

  app.get(
    '/:id',
    {
      config: READ,
      schema: {
        operationId: 'getOffering',
        tags,
        summary: 'An offering with its stock, and its version in the ETag header',
        params: idParamSchema,
        response: { 200: offeringSchema, ...recordRouteErrors },
      },
    },
    async (request, reply) => sendVersioned(reply, await getVersionedOffering(app.db, request.params.id)),
  );

  app.post(
    '/',
    {
      config: WRITE,
      schema: {
        operationId: 'createOffering',
        tags,
        summary:
          'Add an offering to the prospectus (409 when its key is taken, or it has fewer units than its holders)',
        body: offeringCreateSchema,
        response: { 201: offeringSchema, ...recordRouteErrors, 409: errorResponseSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createOffering(app.db, request.body, request.user?.id ?? null)),
  );

  app.patch(
    '/:id',
    {
      config: WRITE,
      schema: {
        operationId: 'updateOffering',
        tags,
        summary:
          'Change an offering; with If-Match, only over that version (412 otherwise); 409 when it would be oversold',
        params: idParamSchema,
        headers: ifMatchHeadersSchema,
        body: offeringUpdateSchema,
        response: {
          200: offeringSchema,
          ...recordRouteErrors,
          409: errorResponseSchema,
          ...editConflictErrors,
        },
      },
    },
    async (request, reply) =>
      sendVersioned(
        reply,
        await updateOffering(
          app.db,
          request.params.id,
          request.body,
          request.user?.id ?? null,
          request.headers['if-match'],
        ),
      ),
  );

  app.delete(
    '/:id',
    {
      config: WRITE,
      schema: {
        operationId: 'deleteOffering',
        tags,
        summary: 'Delete an offering (the opportunities that held it keep their status)',
        params: idParamSchema,
        response: { 204: z.null().describe('Deleted'), ...recordRouteErrors },
      },
    },
    async (request, reply) => {
      await deleteOffering(app.db, request.params.id, request.user?.id ?? null);
      return reply.code(204).send(null);
    },
  );
};
