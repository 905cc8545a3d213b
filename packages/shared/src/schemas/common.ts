import { z } from 'zod';
import { LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT } from '../constants';

// Messages below are i18n keys (see i18n/message-key.ts), resolved by the API and by the web app.

/** An empty query parameter (`name=`) is treated as absent. */
export const blankToUndefined = (value: unknown): unknown => (value === '' ? undefined : value);

/** Wraps a query-parameter schema so that `param=` behaves as if the parameter were not sent. */
export const queryParam = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema);

/** Strings are trimmed before validation (docs/api.md, General). */
export const trimmedString = () => z.string().trim();

/**
 * Optional free text: trimmed; an empty string means "none" and becomes null; `null` clears it in a
 * PATCH; absent leaves it untouched.
 */
export const optionalText = (max = 1000) =>
  z
    .string()
    .trim()
    .max(max, 'validation:common.text_too_long')
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value));

/**
 * Any 8-4-4-4-12 hex id. Deliberately not the strict RFC 9562 check: PostgreSQL accepts any such
 * value, and a well-formed id that names nothing deserves the resource's 404, not a 400.
 */
export const idSchema = z.guid('validation:common.id_invalid');
export const idParamSchema = z.object({ id: idSchema });
export type IdParam = z.infer<typeof idParamSchema>;

const PAGE_KEY = 'validation:list.page_invalid';
const LIMIT_KEY = 'validation:list.limit_invalid';

const pageNumber = z.coerce.number(PAGE_KEY).int(PAGE_KEY).min(1, PAGE_KEY);
const limitNumber = z.coerce
  .number(LIMIT_KEY)
  .int(LIMIT_KEY)
  .min(1, LIMIT_KEY)
  .max(LIST_MAX_LIMIT, LIMIT_KEY);

/** `page`, 1-based, default 1. */
export const pageParam = queryParam(pageNumber.default(1));
/** `limit`, default 20, at most 100; larger or non-numeric is a 400. */
export const limitParam = queryParam(limitNumber.default(LIST_DEFAULT_LIMIT));
/** Paging whose absence means "every row" (catalogue and user lists): the service decides. */
export const optionalPageParam = queryParam(pageNumber.optional());
export const optionalLimitParam = queryParam(limitNumber.optional());

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** `sort` accepts only the fields a resource names; anything else is a 400. */
export const sortParam = <const T extends readonly [string, ...string[]]>(fields: T) =>
  queryParam(z.enum(fields, 'validation:list.sort_invalid').optional());

export const orderParam = queryParam(z.enum(SORT_ORDERS, 'validation:list.order_invalid').optional());

/** Query booleans arrive as text: only "true" and "false" are accepted. */
export const booleanParam = queryParam(
  z
    .enum(['true', 'false'], 'validation:common.boolean_invalid')
    .transform((value) => value === 'true')
    .optional(),
);

type ListQueryOptions = { pagingOptional?: boolean };

/**
 * The paging and sorting part of every list query; extend it with the resource's filters:
 * `listQuerySchema(['createdAt', 'name']).extend({ status: ... })`. Unknown parameters are
 * dropped, not rejected (the web client sends some that a resource ignores).
 */
export const listQuerySchema = <const T extends readonly [string, ...string[]]>(
  sortFields: T,
  options: ListQueryOptions = {},
) =>
  z.object({
    page: options.pagingOptional ? optionalPageParam : pageParam,
    limit: options.pagingOptional ? optionalLimitParam : limitParam,
    sort: sortParam(sortFields),
    order: orderParam,
  });

/** `{data, total, page, limit}`, the answer of every list. */
export const listResponseSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });

/**
 * Every error body (docs/api.md, General); `issues` only on validation errors. `code` is stable and
 * machine-readable (a client branches on it), `message` the same error in the request's language.
 */
export const errorResponseSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  code: z
    .string()
    .describe(
      "Stable machine-readable code: 'validation' for a body, query or parameter that breaks its schema, else the error's own (not_found.lead, session_expired, edit_conflict, offerings.sold_out…)",
    ),
  message: z.string().describe("The error in the request's language (Accept-Language; pt-BR by default)"),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
