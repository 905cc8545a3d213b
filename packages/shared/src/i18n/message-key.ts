/**
 * Schemas carry i18n keys ("validation:catalogue.name_min") as their messages, never texts, so the
 * API and the web can each answer in the reader's language. Zod's own default messages (English
 * prose) appear only where a schema set no key; those are mapped to a generic key per issue code.
 */
export type MessageKey = { key: string; params: Record<string, unknown> };

/** Minimal view of a zod issue (or of fastify-type-provider-zod's copy of one). */
export type IssueLike = { readonly code?: string; readonly message?: string };

// Issue fields that are not interpolation parameters.
const NOT_PARAMS = new Set(['code', 'message', 'path', 'input', 'inst']);

const NAMESPACED_KEY = /^(validation|errors):[a-z0-9_.]+$/i;

export const isMessageKey = (message: unknown): message is string =>
  typeof message === 'string' && NAMESPACED_KEY.test(message);

export const issueMessageKey = (issue: IssueLike): MessageKey => {
  const { code, message } = issue;
  const params: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(issue)) {
    if (NOT_PARAMS.has(name)) continue;
    // Arrays (unrecognized keys, allowed values) read better joined than as JSON.
    params[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  if (isMessageKey(message)) return { key: message, params };
  return { key: code ? `validation:issue.${code}` : 'validation:invalid', params };
};
