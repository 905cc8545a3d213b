import {
  contactCreateSchema,
  contactListQuerySchema,
  contactListResponseSchema,
  contactSchema,
  contactUpdateSchema,
  idParamSchema,
} from '@funil/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createContact,
  deleteContact,
  getVersionedContact,
  listContacts,
  updateContact,
} from './contacts.service';
import { editConflictErrors, ifMatchHeadersSchema, sendVersioned } from '../../lib/etag';
import { recordRouteErrors } from '../../lib/route-errors';

/** /api/contacts (docs/api.md, Contacts). */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'authenticated' },
      schema: {
        operationId: 'listContacts',
        tags: ['contacts'],
        summary: 'List contacts (brand_id, status, flag, search; sort createdAt, first_name, last_name)',
        querystring: contactListQuerySchema,
        response: { 200: contactListResponseSchema, ...recordRouteErrors },
      },
    },
    async (request) => listContacts(app.db, request.query),
  );

  app.get(
    '/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        operationId: 'getContact',
        tags: ['contacts'],
        summary: 'A contact, with its version in the ETag header (docs/api.md, Concurrent edits)',
        params: idParamSchema,
        response: { 200: contactSchema, ...recordRouteErrors },
      },
    },
    async (request, reply) => sendVersioned(reply, await getVersionedContact(app.db, request.params.id)),
  );

  app.post(
    '/',
    {
      config: { access: 'authenticated' },
      schema: {
        operationId: 'createContact',
        tags: ['contacts'],
        summary: 'Create a contact of a brand',
        body: contactCreateSchema,
        response: { 201: contactSchema, ...recordRouteErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createContact(app.db, request.body, request.user?.id ?? null)),
  );

  app.patch(
    '/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        operationId: 'updateContact',
        tags: ['contacts'],
        summary:
          "Change a contact; making it principal demotes the brand's other principal; with If-Match, only over that version (412 otherwise)",
        params: idParamSchema,
        headers: ifMatchHeadersSchema,
        body: contactUpdateSchema,
        response: { 200: contactSchema, ...recordRouteErrors, ...editConflictErrors },
      },
    },
    async (request, reply) =>
      sendVersioned(
        reply,
        await updateContact(
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
      config: { access: 'record.delete' },
      schema: {
        operationId: 'deleteContact',
        tags: ['contacts'],
        summary: 'Delete a contact',
        params: idParamSchema,
        response: { 204: z.null().describe('Deleted'), ...recordRouteErrors },
      },
    },
    async (request, reply) => {
      await deleteContact(app.db, request.params.id, request.user?.id ?? null);
      return reply.code(204).send(null);
    },
  );
};
