import type { OfferingUpdate } from '@funil/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { franchises, platforms, quotas, verticals } from '../../db/schema';
import { AppError } from '../../lib/app-error';

type References = Pick<OfferingUpdate, 'vertical' | 'platform' | 'quota' | 'franchise'>;

/** The catalogue items an offering names by id, in the dialog's order, with the message when one is missing. */
const CATALOGUE_REFERENCES = [
  ['vertical', 'errors:not_found.vertical', verticals],
  ['platform', 'errors:not_found.platform', platforms],
  ['quota', 'errors:not_found.quota', quotas],
] as const;

/**
 * Whether a row matches, holding it FOR KEY SHARE until the transaction ends (the lock the
 * offering's foreign key takes itself): an item deleted meanwhile either went first (its 400 here)
 * or waits for the offering and is then refused as in use.
 */
const exists = (table: AnyPgTable, condition: SQL | undefined) =>
  sql<boolean>`exists (select 1 from ${table} where ${condition} for key share)`;

/**
 * Checks, in one query, that the catalogue items and the praça an offering body names exist, in
 * the dialog's order, so the first wrong field is the one answered: 400 on that field, with the
 * message the leads answer for the same field. Answers the praça's id: null for a national
 * offering, undefined when the body does not name one. Run inside the write's transaction, whose
 * end the named records are held until.
 */
export async function checkOfferingReferences(
  tx: Database,
  input: References,
): Promise<string | null | undefined> {
  const checks: [field: string, key: string, check: SQL<boolean>][] = [];
  for (const [field, key, table] of CATALOGUE_REFERENCES) {
    const id = input[field];
    if (id) checks.push([field, key, exists(table, eq(table.id, id))]);
  }
  const franchiseName = input.franchise;
  const franchiseId =
    typeof franchiseName === 'string'
      ? sql<
          string | null
        >`(select ${franchises.id} from ${franchises} where ${eq(franchises.name, franchiseName)} for key share)`
      : sql<null>`null::uuid`;
  if (checks.length === 0 && typeof franchiseName !== 'string') return franchiseName;

  const [row] = (await tx
    .select({
      ...Object.fromEntries(checks.map(([, , check], index) => [`c${index}`, check.as(`c${index}`)])),
      franchiseId: franchiseId.as('franchise_id'),
    })
    .from(sql`(select 1) as one`)) as Record<string, unknown>[];
  const failed = checks.find((_, index) => row?.[`c${index}`] !== true);
  if (failed) throw new AppError(400, failed[1], { field: failed[0] });
  if (typeof franchiseName !== 'string') return franchiseName;
  const found = row?.franchiseId;
  if (typeof found !== 'string')
    throw new AppError(400, 'errors:not_found.franchise', { field: 'franchise' });
  return found;
}
