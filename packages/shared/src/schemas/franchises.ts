import { z } from 'zod';
import { listResponseSchema } from './common';

/** A franchise (Praça): read-only reference data seeded by the migrations. */
export const franchiseSchema = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
});
export type Franchise = z.infer<typeof franchiseSchema>;

/** `GET /api/franchises`: every row, sorted by name. */
export const franchiseListResponseSchema = listResponseSchema(franchiseSchema);
export type FranchiseListResponse = z.infer<typeof franchiseListResponseSchema>;
