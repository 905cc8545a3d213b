import {
  idParamSchema,
  noteCreateSchema,
  noteListQuerySchema,
  noteListResponseSchema,
  noteSchema,
  noteUpdateSchema,
} from '@funil/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordRouteErrors } from '../../lib/route-errors';
import { signedInUser } from '../../lib/signed-in-user';
import { createNote, deleteNote, listNotes, type NoteRecord, updateNote } from './notes.service';

const tags = ['notes'];

/** The record type whose notes a `recordNoteRoutes` registration serves. */
export type NoteRoutesOptions = { type: NoteRecord['type'] };

/**
 * A record's notes, newest first, and writing one: GET and POST /:id/notes, registered under the
 * records' own paths (/api/leads, /api/brands) once per record type.
 */
export const recordNoteRoutes: FastifyPluginAsyncZod<NoteRoutesOptions> = async (app, { type }) => {
  const recordOf = (id: string): NoteRecord => ({ type, id });
  // Operation ids name the record: listLeadNotes, createBrandNote…
  const owner = type === 'lead' ? 'Lead' : 'Brand';
  app.get(
    '/:id/notes',
    {
      config: { access: 'authenticated' },
      schema: {
        operationId: `list${owner}Notes`,
        tags,
        summary: `The ${type}'s notes, newest first`,
        params: idParamSchema,
        querystring: noteListQuerySchema,
        response: { 200: noteListResponseSchema, ...recordRouteErrors },
      },
    },
    async (request) => listNotes(app.db, recordOf(request.params.id), request.query),
  );
  app.post(
    '/:id/notes',
    {
      config: { access: 'authenticated' },
      schema: {
        operationId: `create${owner}Note`,
        tags,
        summary: `Write a note on the ${type}; each person mentioned (but the author) gets one email`,
        params: idParamSchema,
        body: noteCreateSchema,
        response: { 201: noteSchema, ...recordRouteErrors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createNote(app.db, recordOf(request.params.id), request.body, signedInUser(request))),
  );
};

/** /api/notes/:id: edit (the author) or delete (the author, an admin or a manager) one note. */
export const noteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        operationId: 'updateNote',
        tags,
        summary: 'Edit a note (its author only); people newly mentioned get one email',
        params: idParamSchema,
        body: noteUpdateSchema,
        response: { 200: noteSchema, ...recordRouteErrors },
      },
    },
    async (request) => updateNote(app.db, request.params.id, request.body, signedInUser(request)),
  );

  app.delete(
    '/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        operationId: 'deleteNote',
        tags,
        summary: 'Delete a note (its author, an admin or a manager)',
        params: idParamSchema,
        response: { 204: z.null().describe('Deleted'), ...recordRouteErrors },
      },
    },
    async (request, reply) => {
      await deleteNote(app.db, request.params.id, signedInUser(request));
      return reply.code(204).send(null);
    },
  );
};
