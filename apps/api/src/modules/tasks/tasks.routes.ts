import {
  idParamSchema,
  taskCountsSchema,
  taskCreateSchema,
  taskListQuerySchema,
  taskListResponseSchema,
  taskSchema,
  taskUpdateSchema,
} from '@funil/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordRouteErrors } from '../../lib/route-errors';
import { signedInUser } from '../../lib/signed-in-user';
import { countMyTasks, createTask, deleteTask, getTask, listTasks, updateTask } from './tasks.service';

const tags = ['tasks'];

/**
 * /api/tasks: anyone signed in creates one; its creator, its assignee, an admin or a manager edits
 * or completes it; its creator, an admin or a manager deletes it.
 */
export const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'authenticated' },
      schema: {
        operationId: 'listTasks',
        tags,
        summary: 'List tasks: by assignee (me or an id), done, overdue, due range, record; by due date',
        querystring: taskListQuerySchema,
        response: { 200: taskListResponseSchema, ...recordRouteErrors },
      },
    },
    async (request) => listTasks(app.db, request.query, signedInUser(request)),
  );

  app.get(
    '/counts',
    {
      config: { access: 'authenticated' },
      schema: {
        operationId: 'getTaskCounts',
        tags,
        summary: "The signed-in user's open tasks and how many are overdue",
        response: { 200: taskCountsSchema, ...recordRouteErrors },
      },
    },
    async (request) => countMyTasks(app.db, signedInUser(request)),
  );

  app.post(
    '/',
    {
      config: { access: 'authenticated' },
      schema: {
        operationId: 'createTask',
        tags,
        summary: 'Create a task (reminder at the due time unless told; assigned to its creator unless told)',
        body: taskCreateSchema,
        response: { 201: taskSchema, ...recordRouteErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createTask(app.db, request.body, signedInUser(request))),
  );

  app.get(
    '/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        operationId: 'getTask',
        tags,
        summary: 'One task',
        params: idParamSchema,
        response: { 200: taskSchema, ...recordRouteErrors },
      },
    },
    async (request) => getTask(app.db, request.params.id),
  );

  app.patch(
    '/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        operationId: 'updateTask',
        tags,
        summary: 'Edit or complete a task (its creator, its assignee, an admin or a manager)',
        params: idParamSchema,
        body: taskUpdateSchema,
        response: { 200: taskSchema, ...recordRouteErrors },
      },
    },
    async (request) => updateTask(app.db, request.params.id, request.body, signedInUser(request)),
  );

  app.delete(
    '/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        operationId: 'deleteTask',
        tags,
        summary: 'Delete a task and its reminder (its creator, an admin or a manager)',
        params: idParamSchema,
        response: { 204: z.null().describe('Deleted'), ...recordRouteErrors },
      },
    },
    async (request, reply) => {
      await deleteTask(app.db, request.params.id, signedInUser(request));
      return reply.code(204).send(null);
    },
  );
};
