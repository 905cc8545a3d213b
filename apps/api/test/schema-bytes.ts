import { expect } from 'vitest';
import type { z } from 'zod';

/**
 * Holds an answer's text to its response schema, byte for byte: what the schema keeps of the
 * parsed answer, written again by `JSON.stringify`, must be the very text that was sent. An extra
 * key, a missing one, keys out of the schema's order, a number written `1000.00`, a timestamp in
 * another form: each makes the two texts differ. Answers whose records the database writes as
 * JSON are checked this way, since no serialiser checks them on the way out.
 */
export function expectSchemaBytes(schema: z.ZodType, text: string): void {
  const parsed = schema.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new Error(`the answer does not fit its schema: ${parsed.error.message}\n${text}`);
  expect(JSON.stringify(parsed.data)).toBe(text);
}
