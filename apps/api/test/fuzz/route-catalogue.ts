import type { App } from '../../src/app';

/** The part of JSON Schema the fuzzer reads (what fastify-type-provider-zod emits). */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  default?: unknown;
};

export type Parameter = { name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema };

export type Operation = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path, `/api/brands/{id}`. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body?: JsonSchema;
  /**
   * The file field of a multipart upload (the document does not describe it: the route parses it
   * itself): `image` for a picture, `file` for a spreadsheet; null for other operations.
   */
  multipart: 'image' | 'file' | null;
};

/**
 * Operations whose body is a multipart upload, by the file field they read; the OpenAPI document
 * has no requestBody for them.
 */
export const MULTIPART_OPERATIONS = new Map<string, 'image' | 'file'>([
  ['PUT /api/brands/{id}/image', 'image'],
  ['POST /api/brands/import', 'file'],
  ['POST /api/leads/import', 'file'],
  ['POST /api/contacts/import', 'file'],
  ['POST /api/offerings/import', 'file'],
]);

export const operationKey = (op: Pick<Operation, 'method' | 'path'>) => `${op.method} ${op.path}`;

type OpenApiOperation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

/** Every path × method of the app's OpenAPI document (the one /api/docs/json serves). */
export function routeCatalogue(app: App): Operation[] {
  const document = app.swagger() as { paths?: Record<string, Record<string, OpenApiOperation>> };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths ?? {})) {
    for (const [lower, spec] of Object.entries(methods)) {
      const method = lower.toUpperCase() as Operation['method'];
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
      const parameters = spec.parameters ?? [];
      operations.push({
        method,
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        body: spec.requestBody?.content?.['application/json']?.schema,
        multipart: MULTIPART_OPERATIONS.get(`${method} ${path}`) ?? null,
      });
    }
  }
  return operations;
}
