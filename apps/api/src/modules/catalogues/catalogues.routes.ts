import {
  type CatalogueResource,
  catalogueCreateSchema,
  catalogueItemSchema,
  catalogueListQuerySchema,
  catalogueListResponseSchema,
  catalogueUpdateSchema,
  errorResponseSchema,
  idParamSchema,
} from '@funil/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createCatalogueItem,
  deleteCatalogueItem,
  getCatalogueItem,
  listCatalogueItems,
  updateCatalogueItem,
} from './catalogues.service';
import { operationId } from '../../lib/operation-id';
import { recordRouteErrors } from '../../lib/route-errors';

// Anyone signed in reads; writing needs the catalogue.write permission (docs/api.md, Roles).
const READ = { access: 'authenticated' } as const;
const WRITE = { access: 'catalogue.write' } as const;

/** One catalogue's routes; the same plugin serves the three (`resource` picks table and texts). */
export const catalogueRoutes: FastifyPluginAsyncZod<{ resource: CatalogueResource }> = async (
  app,
  { resource },
) => {
  const tags = [resource];
  // Operation ids name the catalogue: listVerticals, getVertical, createQuota, deletePlatform…
  const item = resource.slice(0, -1);

  app.get(
    '/',
    {
      config: READ,
      schema: {
        operationId: operationId('list', resource),
        tags,
        summary: `List ${resource} (filters status, search; every row unless page or limit is given)`,
        querystring: catalogueListQuerySchema,
        response: { 200: catalogueListResponseSchema, ...recordRouteErrors },
      },
    },
    async (request) => listCatalogueItems(app.db, resource, request.query),
  );

  app.get(
    '/:id',
    {
      config: READ,
      schema: {
        operationId: operationId('get', item),
        tags,
        summary: `One item of ${resource}`,
        params: idParamSchema,
        response: { 200: catalogueItemSchema, ...recordRouteErrors },
      },
    },
    async (request) => getCatalogueItem(app.db, resource, request.params.id),
  );

  app.post(
    '/',
    {
      config: WRITE,
      schema: {
        operationId: operationId('create', item),
        tags,
        summary: `Add an item to ${resource} (its name unique, 409 otherwise)`,
        body: catalogueCreateSchema,
        response: { 201: catalogueItemSchema, ...recordRouteErrors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createCatalogueItem(app.db, resource, request.body)),
  );

  app.patch(
    '/:id',
    {
      config: WRITE,
      schema: {
        operationId: operationId('update', item),
        tags,
        summary: `Rename an item of ${resource} or change its status (its name unique, 409 otherwise)`,
        params: idParamSchema,
        body: catalogueUpdateSchema,
        response: { 200: catalogueItemSchema, ...recordRouteErrors, 409: errorResponseSchema },
      },
    },
    async (request) => updateCatalogueItem(app.db, resource, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      config: WRITE,
      schema: {
        operationId: operationId('delete', item),
        tags,
        summary: `Delete an item of ${resource} (409 while records use it)`,
        params: idParamSchema,
        response: { 204: z.null().describe('Deleted'), ...recordRouteErrors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await deleteCatalogueItem(app.db, resource, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
