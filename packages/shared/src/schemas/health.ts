import { z } from 'zod';

export const DB_KINDS = ['pglite', 'postgres'] as const;
export type DbKind = (typeof DB_KINDS)[number];

/** `GET /api/health`: 200 with status "ok", or 503 with status "error" when the database does not answer. */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'error']),
  db: z.enum(DB_KINDS),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
