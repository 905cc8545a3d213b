import { errorResponseSchema } from '@funil/shared';

/** An error status a route may declare; each answers the shared error body. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 412 | 413 | 415 | 429 | 502 | 503;

/** The error answers `statuses`, each with the shared error body, for a route's `response`. */
export const errorAnswers = <S extends ErrorStatus>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as Record<
    S,
    typeof errorResponseSchema
  >;

/**
 * The error answers every signed-in route on a record may give (docs/api.md, General): a bad body
 * or parameter, no session, a role without the permission, no such record. Routes add their own
 * (409, 413, …) beside these.
 */
export const recordRouteErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
} as const;

/**
 * A write that would sell a quota of the prospectus that is no longer there ("Cota esgotada: …"),
 * or meets a concurrent writer ("try again"): 409.
 */
export const stockConflictErrors = {
  409: errorResponseSchema.describe(
    'Cota esgotada: a quota of the prospectus is sold out; or a concurrent write',
  ),
} as const;
