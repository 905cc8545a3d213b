import type { FranchiseListResponse } from '@funil/shared';
import { asc, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { franchises } from '../../db/schema';

/** Every franchise, by name: a short, fixed list that select boxes show whole. */
export async function listFranchises(db: Database): Promise<FranchiseListResponse> {
  const rows = await db
    .select({ id: franchises.id, name: franchises.name })
    .from(franchises)
    // Accents do not move a name ("Belém" before "Belo Horizonte"), whatever the collation.
    .orderBy(asc(sql`f_unaccent_lower(${franchises.name})`), asc(franchises.name));
  const data = rows.map((row) => ({ id: row.id, _id: row.id, name: row.name }));
  return { data, total: data.length, page: 1, limit: data.length };
}
