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

/**
 * Notes on an opportunity (/api/leads/:id/notes) or a brand (/api/brands/:id/notes), newest
 * first; /api/notes/:id to edit (the author) or delete (the author, an admin or a manager) one.
 */
export const noteRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const type of ['lead', 'brand'] as const) {
    const path = `/${type}s/:id/notes`;
    const recordOf = (id: string): NoteRecord => ({ type, id });
    app.get(
      path,
      {
        config: { access: 'authenticated' },
        schema: {
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
      path,
      {
        config: { access: 'authenticated' },
        schema: {
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
  }

  app.patch(
    '/notes/:id',
    {
      config: { access: 'authenticated' },
      schema: {
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
    '/notes/:id',
    {
      config: { access: 'authenticated' },
      schema: {
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
