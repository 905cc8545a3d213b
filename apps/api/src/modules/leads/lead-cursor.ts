import { AppError } from '../../lib/app-error';

/** A position in the default order (`createdAt desc, id desc`): the last lead of a page. */
export type LeadCursor = {
  /** created_at to the microsecond, as the database keeps it (a JS Date would drop the last three digits and skip rows). */
  createdAt: string;
  id: string;
};

const EXACT_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const invalidCursor = (cause?: unknown) =>
  new AppError(400, 'validation:list.cursor_invalid', { field: 'cursor', cause });

/** Opaque to clients (base64url of a JSON pair), so its form can change without breaking them. */
export const encodeLeadCursor = (cursor: LeadCursor): string =>
  Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');

/** The position a `cursor` parameter names; anything this server did not produce is a 400. */
export const decodeLeadCursor = (text: string): LeadCursor => decodeKeysetCursor(text, UUID);

/**
 * A keyset position `[timestamp to the microsecond, id]` whose id matches `idPattern`, as
 * `encodeLeadCursor` writes one; anything else is a 400.
 */
export function decodeKeysetCursor(text: string, idPattern: RegExp): LeadCursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch (error) {
    throw invalidCursor(error);
  }
  if (!Array.isArray(value) || value.length !== 2) throw invalidCursor();
  const [createdAt, id] = value as unknown[];
  if (
    typeof createdAt !== 'string' ||
    !EXACT_TIMESTAMP.test(createdAt) ||
    Number.isNaN(Date.parse(createdAt))
  ) {
    throw invalidCursor();
  }
  if (typeof id !== 'string' || !idPattern.test(id)) throw invalidCursor();
  return { createdAt, id };
}
