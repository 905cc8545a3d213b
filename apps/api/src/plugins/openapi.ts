import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { errorResponseSchema } from '@funil/shared';
import type { FastifySchema, RouteOptions } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { APP_VERSION } from '../version';
import type { Access } from './auth';

export const DOCS_PREFIX = '/api/docs';

const zodTransform = createJsonSchemaTransform({
  skipList: [DOCS_PREFIX, `${DOCS_PREFIX}/json`, `${DOCS_PREFIX}/yaml`, `${DOCS_PREFIX}/*`],
});

type RouteSchema = FastifySchema & { consumes?: string[]; response?: Record<string, unknown> };

/**
 * What every route's operation says beyond its own schema, from facts the route already declares:
 * - a public route (`config.access: 'public'`) needs no session: `security: []` overrides the
 *   document's global requirement;
 * - a route that takes a body (JSON or multipart) may meet fastify's own refusals of a body
 *   before it runs: 413 (over the size limit) and 415 (a content type it does not parse).
 */
export function operationExtras(schema: RouteSchema | undefined, route: RouteOptions): RouteSchema {
  const access = (route.config as { access?: Access } | undefined)?.access;
  const takesBody = schema?.body !== undefined || schema?.consumes !== undefined;
  return {
    ...schema,
    ...(access === 'public' ? { security: [] } : {}),
    ...(takesBody
      ? { response: { 413: errorResponseSchema, 415: errorResponseSchema, ...schema?.response } }
      : {}),
  };
}

/**
 * OpenAPI 3 generated from the same zod schemas that validate requests (fastify-type-provider-zod),
 * so the documentation cannot drift from the behaviour. UI at /api/docs, document at /api/docs/json.
 */
export const openapiPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Funil API',
          version: APP_VERSION,
          description:
            'Sales CRM API. Errors: `{statusCode, error, code, message, issues?}`: `code` is stable and ' +
            'machine-readable, `message` translated (pt-BR by default, Accept-Language).',
        },
        // The document is served by the API it describes: paths are relative to its origin.
        servers: [{ url: '/', description: 'This server' }],
        components: {
          securitySchemes: {
            bearerAuth: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description: 'The session: the access token from login, registration or Google sign-in',
            },
          },
        },
        // Every route needs a session unless it says otherwise (`security: []`, the public ones).
        security: [{ bearerAuth: [] }],
      },
      transform: (input) =>
        zodTransform({ ...input, schema: operationExtras(input.schema as RouteSchema, input.route) }),
    });
    await app.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      // The UI's static files get a CSP of their own (with hashes for its inline parts) instead of
      // loosening the application's.
      staticCSP: true,
      // Its default adds upgrade-insecure-requests, which breaks the UI on plain-HTTP LAN addresses.
      transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
      uiConfig: { deepLinking: true },
    });
  },
  { name: 'funil-openapi' },
);
