import {
  idParamSchema,
  userCreateSchema,
  userListQuerySchema,
  userListResponseSchema,
  userResponseSchema,
  userUpdateSchema,
} from '@funil/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toUser } from './user-record';
import { createUser, getUser, listUsers, updateUser } from './users.service';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['users'],
        summary: 'List users (filters role, search, isActive; no page/limit → every row)',
        querystring: userListQuerySchema,
        response: { 200: userListResponseSchema },
      },
    },
    async (request) => listUsers(app.db, request.query),
  );

  app.get(
    '/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['users'],
        summary: 'One user',
        params: idParamSchema,
        response: { 200: userResponseSchema },
      },
    },
    async (request) => toUser(await getUser(app.db, request.params.id)),
  );

  app.post(
    '/',
    {
      config: { access: 'user.manage' },
      schema: {
        tags: ['users'],
        summary: 'Create a user (admin)',
        body: userCreateSchema,
        response: { 201: userResponseSchema },
      },
    },
    async (request, reply) => reply.code(201).send(toUser(await createUser(app.db, request.body))),
  );

  app.patch(
    '/:id',
    {
      config: { access: 'user.manage' },
      schema: {
        tags: ['users'],
        summary: 'Change name, roles, active flag or password (admin); email cannot change',
        params: idParamSchema,
        body: userUpdateSchema,
        response: { 200: userResponseSchema },
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
