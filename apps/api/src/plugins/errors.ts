import { STATUS_CODES } from 'node:http';
import { type ErrorResponse, issueMessageKey } from '@funil/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, errorCode, isAppError } from '../lib/app-error';
import { answerForDatabaseError } from '../lib/db-errors';
import { negotiateLanguage, type Translate, translator } from '../lib/i18n';

type Issue = NonNullable<ErrorResponse['issues']>[number];

/**
 * The one shape of every error body (docs/api.md, General): the status, its standard phrase, the
 * stable `code` derived from the message's i18n key (lib/app-error.ts, errorCode) and the message
 * translated for the request.
 */
export function errorBody(statusCode: number, key: string, message: string, issues?: Issue[]): ErrorResponse {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    code: errorCode(key),
    message,
    ...(issues ? { issues } : {}),
  };
}

/** The request's translator, also for errors raised before the i18n hook ran (a malformed URL). */
export const translateFor = (request: FastifyRequest): Translate =>
  (request.t as Translate | null) ?? translator(negotiateLanguage(request.headers['accept-language']));

/** The error body for `key`, translated for the request. */
export const errorBodyFor = (request: FastifyRequest, statusCode: number, key: string): ErrorResponse =>
  errorBody(statusCode, key, translateFor(request)(key));

export function replyRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send(errorBodyFor(request, 404, 'errors:route_not_found'));
}

// Messages for errors that carry only a status (fastify's own, plugins').
const KEY_BY_STATUS: Record<number, string> = {
  401: 'errors:session_expired',
  403: 'errors:access_denied',
  404: 'errors:route_not_found',
  405: 'errors:method_not_allowed',
  413: 'errors:payload_too_large',
  415: 'errors:unsupported_media_type',
  429: 'errors:too_many_requests',
  503: 'errors:service_unavailable',
};

/** A request that breaks its schema: code `validation`. */
const VALIDATION_KEY = 'errors:validation';

type ValidationEntry = { instancePath?: string; keyword?: string; message?: string; params?: object };

function validationIssues(t: Translate, entries: ValidationEntry[]): Issue[] {
  return entries.flatMap((entry) => {
    const base = (entry.instancePath ?? '').split('/').filter(Boolean);
    const { key, params } = issueMessageKey({ code: entry.keyword, message: entry.message, ...entry.params });
    const unknownKeys = (entry.params as { keys?: unknown } | undefined)?.keys;
    // One issue per unknown field, so a form can point at each of them.
    if (entry.keyword === 'unrecognized_keys' && Array.isArray(unknownKeys)) {
      return unknownKeys.map((field: string) => ({
        path: [...base, field].join('.'),
        message: t(key, { ...params, keys: field }),
      }));
    }
    return [{ path: base.join('.'), message: t(key, params) }];
  });
}

export const errorsPlugin = fp(
  async (app) => {
    // The web client sends `Content-Type: application/json` on every request, bodiless ones
    // included: an empty body is "no body" rather than fastify's default 400. Non-empty
    // bodies go through fastify's own parser, which guards against prototype poisoning.
    const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      defaultJsonParser(request, text, (error, parsed) => {
        if (error) done(new AppError(400, 'errors:invalid_json'), undefined);
        else done(null, parsed);
      });
    });

    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      const t = translateFor(request);
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issues = validationIssues(t, error.validation);
        // One code for every invalid field; each issue says which field and why.
        return reply
          .code(400)
          .send(errorBody(400, VALIDATION_KEY, issues[0]?.message ?? t(VALIDATION_KEY), issues));
      }
      // A database failure no service mapped becomes its one answer here (lib/db-errors.ts); a
      // service's own AppError, more specific, has already won, and an error carrying its own
      // status (fastify's, a plugin's: a client that hung up mid-body) keeps it.
      const fromDatabase = typeof error.statusCode === 'number' ? undefined : answerForDatabaseError(error);
      if (fromDatabase) {
        // Expected in production (an outage, a race), so a warning, and only ever in the log.
        request.log.warn({ err: error }, `database error answered ${fromDatabase.statusCode}`);
      }
      const answer = fromDatabase ?? (isAppError(error) ? error : undefined);
      if (answer) {
        if (answer === error && answer.statusCode >= 500)
          request.log.error({ err: answer.cause ?? answer }, answer.key);
        const message = t(answer.key, answer.params);
        const issues = answer.field === undefined ? undefined : [{ path: answer.field, message }];
        return reply
          .code(answer.statusCode)
          .headers(answer.headers)
          .send(errorBody(answer.statusCode, answer.key, message, issues));
      }
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) {
        // Details go to the log only: a 5xx body never carries a stack, SQL or a library's text.
        request.log.error({ err: error }, 'request failed');
        return reply
          .code(status)
          .send(
            errorBodyFor(request, status, status === 503 ? 'errors:service_unavailable' : 'errors:internal'),
          );
      }
      return reply
        .code(status)
        .send(errorBodyFor(request, status, KEY_BY_STATUS[status] ?? 'errors:bad_request'));
    });
  },
  { name: 'funil-errors', dependencies: ['funil-i18n'] },
);
