import { errorResponseSchema } from '@funil/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError } from './app-error';

/**
 * Optimistic concurrency for the records people edit in forms (docs/api.md, Concurrent edits):
 * `GET` and `PATCH` answer the row's version as a strong `ETag`; a `PATCH` with an `If-Match` that
 * names another version is a 412 and changes nothing. Without `If-Match` the last write wins, so
 * older clients keep working.
 */

/** The ETag of a row version (db/row-version.ts): strong, quoted. */
export const etagOf = (version: string) => `"${version}"`;

/** A list of entity tags (RFC 9110): `"…"` or `W/"…"`, separated by commas. */
const ENTITY_TAG = /\s*(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"\s*/y;

/** The strong tags of an If-Match list (weak ones never match: If-Match compares strongly); null when malformed. */
function strongTags(header: string): string[] | null {
  const tags: string[] = [];
  ENTITY_TAG.lastIndex = 0;
  for (;;) {
    const match = ENTITY_TAG.exec(header);
    if (!match) return null;
    if (!match[1]) tags.push(match[2] ?? '');
    if (ENTITY_TAG.lastIndex === header.length) return tags;
    if (header[ENTITY_TAG.lastIndex] !== ',') return null;
    ENTITY_TAG.lastIndex += 1;
  }
}

/**
 * Whether a write may go on over the row's current `version`: no If-Match (last write wins), `*`
 * (any existing record), or a list naming the version. A malformed header matches nothing.
 */
export function ifMatchAllows(ifMatch: string | undefined, version: string): boolean {
  if (ifMatch === undefined) return true;
  if (ifMatch.trim() === '*') return true;
  return strongTags(ifMatch)?.includes(version) ?? false;
}

/** Throws the 412 when `ifMatch` does not allow writing over `version`; called under the row's lock. */
export function checkIfMatch(ifMatch: string | undefined, version: string): void {
  if (!ifMatchAllows(ifMatch, version)) throw new AppError(412, 'errors:edit_conflict');
}

/** The answer of a versioned read or write: its record, its version in the ETag header. */
export function sendVersioned<T>(reply: FastifyReply, versioned: { record: T; version: string }): T {
  void reply.header('etag', etagOf(versioned.version));
  return versioned.record;
}

/**
 * The `If-Match` request header, for the OpenAPI document. Loose: the other headers
 * (Authorization…) stay on the request, since the validated object replaces `request.headers`.
 */
export const ifMatchHeadersSchema = z.looseObject({
  'if-match': z
    .string()
    .optional()
    .describe(
      'The ETag of the version this change was made over; 412 when the record changed since. `*` matches any existing record. Without it the last write wins.',
    ),
});

/** The answer of a PATCH whose If-Match no longer matches. */
export const editConflictErrors = { 412: errorResponseSchema } as const;
