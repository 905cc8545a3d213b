import {
  idParamSchema,
  userCreateSchema,
  userListQuerySchema,
  userListResponseSchema,
  userResponseSchema,
  userUpdateSchema,
} from '@funil/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '../../lib/route-errors';
import { toUser } from './user-record';
import { createUser, getUser, listUsers, updateUser } from './users.service';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'authenticated' },
      schema: {
        operationId: 'listUsers',
        tags: ['users'],
        summary: 'List users (filters role, search, isActive; no page/limit → every row)',
        querystring: userListQuerySchema,
        response: { 200: userListResponseSchema, ...errorAnswers(400, 401) },
      },
    },
    async (request) => listUsers(app.db, request.query),
  );

  app.get(
    '/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        operationId: 'getUser',
        tags: ['users'],
        summary: 'One user',
        params: idParamSchema,
        response: { 200: userResponseSchema, ...errorAnswers(400, 401, 404) },
      },
    },
    async (request) => toUser(await getUser(app.db, request.params.id)),
  );

  app.post(
    '/',
    {
      config: { access: 'user.manage' },
      schema: {
        operationId: 'createUser',
        tags: ['users'],
        summary: 'Create a user (admin)',
        body: userCreateSchema,
        // 409: the email is taken.
        response: { 201: userResponseSchema, ...errorAnswers(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(toUser(await createUser(app.db, request.body))),
  );

  app.patch(
    '/:id',
    {
      config: { access: 'user.manage' },
      schema: {
        operationId: 'updateUser',
        tags: ['users'],
        summary: 'Change name, roles, active flag or password (admin); email cannot change',
        params: idParamSchema,
        body: userUpdateSchema,
        // 409: it would leave no active administrator.
        response: { 200: userResponseSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = await updateUser(app.db, request.params.id, request.body, request.sessionId);
      // Roles, name or the active flag may have changed: no process may keep serving the old user.
      app.sessionCache.forgetUser(user.id);
      return toUser(user);
    },
  );
};
