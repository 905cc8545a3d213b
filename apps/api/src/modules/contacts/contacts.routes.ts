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
import { createContact, deleteContact, getContact, listContacts, updateContact } from './contacts.service';
import { recordRouteErrors } from '../../lib/route-errors';

/** /api/contacts (docs/api.md, Contacts). */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'authenticated' },
      schema: {
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
        tags: ['contacts'],
        params: idParamSchema,
        response: { 200: contactSchema, ...recordRouteErrors },
      },
    },
    async (request) => getContact(app.db, request.params.id),
  );

  app.post(
    '/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['contacts'],
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
        tags: ['contacts'],
        summary: "Change a contact; making it principal demotes the brand's other principal",
        params: idParamSchema,
        body: contactUpdateSchema,
        response: { 200: contactSchema, ...recordRouteErrors },
      },
    },
    async (request) => updateContact(app.db, request.params.id, request.body, request.user?.id ?? null),
  );

  app.delete(
    '/:id',
    {
      config: { access: 'record.delete' },
      schema: {
        tags: ['contacts'],
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
