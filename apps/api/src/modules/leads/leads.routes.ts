import {
  hasPermission,
  idParamSchema,
  leadBoardQuerySchema,
  leadBulkResultSchema,
  leadBulkSchema,
  leadBoardSchema,
  leadCreateSchema,
  leadFiltersSchema,
  leadHistorySchema,
  leadListQuerySchema,
  leadListResponseSchema,
  leadSchema,
  leadSummarySchema,
  leadUpdateSchema,
} from '@funil/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { editConflictErrors, ifMatchHeadersSchema, sendVersioned } from '../../lib/etag';
import { AppError } from '../../lib/app-error';
import { shapedAnswerSerializerCompiler } from '../../lib/response-serializer';
import { recordRouteErrors, stockConflictErrors } from '../../lib/route-errors';
import { bulkLeads } from './lead-bulk';
import {
  createLead,
  deleteLead,
  getLeadBoard,
  getLeadHistory,
  getVersionedLead,
  listLeads,
  summarizeLeads,
  updateLead,
} from './leads.service';

/**
 * /api/leads (docs/api.md, Leads). The routes that answer leads built by the lead's compiled shape
 * (list, board, by id, create, update) write them as built: `shapedAnswerSerializerCompiler`.
 */
export const leadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'authenticated' },
      serializerCompiler: shapedAnswerSerializerCompiler,
      schema: {
        operationId: 'listLeads',
        tags: ['leads'],
        summary: 'List leads: every filter, any sort, pages by number or by keyset cursor (default order)',
        querystring: leadListQuerySchema,
        response: { 200: leadListResponseSchema, ...recordRouteErrors },
      },
    },
    async (request) => listLeads(app.db, request.query),
  );

  app.get(
    '/summary',
    {
      config: { access: 'authenticated' },
      schema: {
        operationId: 'getLeadSummary',
        tags: ['leads'],
        summary: 'Count, credit and invest per status under the filters (all 8 statuses)',
        querystring: leadFiltersSchema,
        response: { 200: leadSummarySchema, ...recordRouteErrors },
      },
    },
    async (request) => summarizeLeads(app.db, request.query),
  );

  app.get(
    '/board',
    {
      config: { access: 'authenticated' },
      serializerCompiler: shapedAnswerSerializerCompiler,
      schema: {
        operationId: 'getLeadBoard',
        tags: ['leads'],
        summary: "Each status's totals and first page of leads, with the cursor that continues it",
        querystring: leadBoardQuerySchema,
        response: { 200: leadBoardSchema, ...recordRouteErrors },
      },
    },
    async (request) => getLeadBoard(app.db, request.query),
  );

  app.get(
    '/:id',
    {
      config: { access: 'authenticated' },
      serializerCompiler: shapedAnswerSerializerCompiler,
      schema: {
        operationId: 'getLead',
        tags: ['leads'],
        summary: 'A lead, with its version in the ETag header (docs/api.md, Concurrent edits)',
        params: idParamSchema,
        response: { 200: leadSchema, ...recordRouteErrors },
      },
    },
    async (request, reply) => sendVersioned(reply, await getVersionedLead(app.db, request.params.id)),
  );

  app.get(
    '/:id/history',
    {
      config: { access: 'authenticated' },
      schema: {
        operationId: 'getLeadHistory',
        tags: ['leads'],
        summary: 'Changes of contract_status, newest first',
        params: idParamSchema,
        response: { 200: leadHistorySchema, ...recordRouteErrors },
      },
    },
    async (request) => getLeadHistory(app.db, request.params.id),
  );

  app.post(
    '/',
    {
      config: { access: 'authenticated' },
      serializerCompiler: shapedAnswerSerializerCompiler,
      schema: {
        operationId: 'createLead',
        tags: ['leads'],
        summary: 'Create a lead (opportunity); 409 when a quota it would take is sold out',
        body: leadCreateSchema,
        response: { 201: leadSchema, ...recordRouteErrors, ...stockConflictErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createLead(app.db, request.body, request.user?.id ?? null)),
  );

  app.post(
    '/bulk',
    {
      config: { access: 'authenticated' },
      schema: {
        operationId: 'moveLeadsInBulk',
        tags: ['leads'],
        summary:
          'Move 1–500 leads to one status (with the reason, for a lost deal) or delete them (admin, manager), all or none',
        body: leadBulkSchema,
        response: { 200: leadBulkResultSchema, ...recordRouteErrors, ...stockConflictErrors },
      },
    },
    async (request) => {
      if (request.body.delete && !hasPermission(request.user?.roles, 'record.delete')) {
        throw new AppError(403, 'errors:access_denied');
      }
      return bulkLeads(app.db, request.body, request.user?.id ?? null);
    },
  );

  app.patch(
    '/:id',
    {
      config: { access: 'authenticated' },
      serializerCompiler: shapedAnswerSerializerCompiler,
      schema: {
        operationId: 'updateLead',
        tags: ['leads'],
        summary:
          'Change a lead; with If-Match, only over that version (412 otherwise); 409 if it would oversell a quota',
        params: idParamSchema,
        headers: ifMatchHeadersSchema,
        body: leadUpdateSchema,
        response: { 200: leadSchema, ...recordRouteErrors, ...editConflictErrors, ...stockConflictErrors },
      },
    },
    async (request, reply) =>
      sendVersioned(
        reply,
        await updateLead(
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
        operationId: 'deleteLead',
        tags: ['leads'],
        summary: 'Delete a lead with its franchises and history',
        params: idParamSchema,
        response: { 204: z.null().describe('Deleted'), ...recordRouteErrors },
      },
    },
    async (request, reply) => {
      await deleteLead(app.db, request.params.id, request.user?.id ?? null);
      return reply.code(204).send(null);
    },
  );
};
