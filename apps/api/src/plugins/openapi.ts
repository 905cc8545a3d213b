import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { APP_VERSION } from '../version';

export const DOCS_PREFIX = '/api/docs';

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
            'Sales CRM API. Errors: `{statusCode, error, message, issues?}` with pt-BR messages by default.',
        },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: createJsonSchemaTransform({
        skipList: [DOCS_PREFIX, `${DOCS_PREFIX}/json`, `${DOCS_PREFIX}/yaml`, `${DOCS_PREFIX}/*`],
      }),
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
