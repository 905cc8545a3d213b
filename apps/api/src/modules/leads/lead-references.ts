import type { LeadUpdate } from '@funil/shared';
import { and, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { brands, franchises, leadFranchises, platforms, quotas, users, verticals } from '../../db/schema';
import { AppError } from '../../lib/app-error';

type References = Pick<
  LeadUpdate,
  'brand_id' | 'vertical' | 'quota' | 'platform' | 'executive' | 'franchises'
>;

/** The records a lead names by id, in the form's order, with the message when one is missing. */
const RECORD_REFERENCES = [
  ['brand_id', 'errors:not_found.brand', brands],
  ['vertical', 'errors:not_found.vertical', verticals],
  ['quota', 'errors:not_found.quota', quotas],
  ['platform', 'errors:not_found.platform', platforms],
] as const;

/**
 * Whether a row matches, holding it FOR KEY SHARE until the transaction ends: the lock the lead's
 * foreign key takes itself, which blocks only a delete, so a brand or catalogue item deleted
 * meanwhile either went first (its 400 here) or waits for the lead and is then refused as in use;
 * the insert never meets a foreign-key violation.
 */
const exists = (table: AnyPgTable, condition: SQL | undefined) =>
  sql<boolean>`exists (select 1 from ${table} where ${condition} for key share)`;

/**
 * Checks, in one query, that every record a lead body names exists (the executive as an active
 * user, each franchise by name), in the form's order, so the first wrong field is the one answered:
 * 400 with that field's message (docs/api.md, Leads). Run inside the write's transaction, whose
 * end the named records are held until.
 */
export async function checkLeadReferences(tx: Database, input: References): Promise<void> {
  const checks: [field: string, key: string, check: SQL<boolean>][] = [];
  for (const [field, key, table] of RECORD_REFERENCES) {
    const id = input[field];
    if (id) checks.push([field, key, exists(table, eq(table.id, id))]);
  }
  if (input.executive) {
    const isActiveUser = and(eq(users.id, input.executive), eq(users.isActive, true));
    checks.push(['executive', 'errors:not_found.executive', exists(users, isActiveUser)]);
  }
  if (input.franchises?.length) {
    // Names arrive de-duplicated, so all exist when as many franchises match.
    const found = sql<boolean>`(select count(*) from (select 1 from ${franchises} where ${inArray(franchises.name, input.franchises)} for key share) as held) = ${input.franchises.length}`;
    checks.push(['franchises', 'errors:not_found.franchise', found]);
  }
  if (checks.length === 0) return;

  const [row] = await tx
    .select(Object.fromEntries(checks.map(([, , check], index) => [`c${index}`, check.as(`c${index}`)])))
    .from(sql`(select 1) as one`);
  const failed = checks.find((_, index) => row?.[`c${index}`] !== true);
  if (failed) throw new AppError(400, failed[1], { field: failed[0] });
}

/** The ids of the named franchises (already checked), as a subquery. */
const franchiseIdsNamed = (tx: Database, names: string[]) =>
  tx.select({ id: franchises.id }).from(franchises).where(inArray(franchises.name, names));

/**
 * Takes away the lead's franchises that are not among `names`; the ones it keeps stay untouched
 * (no running total moves, no quota is given back and taken again). Run before the lead's own
 * row changes, so a unit of the prospectus the lead leaves is free before a move takes any.
 */
export async function unlinkFranchisesOtherThan(tx: Database, leadId: string, names: string[]) {
  await tx
    .delete(leadFranchises)
    .where(
      and(
        eq(leadFranchises.leadId, leadId),
        names.length > 0 ? notInArray(leadFranchises.franchiseId, franchiseIdsNamed(tx, names)) : undefined,
      ),
    );
}

/**
 * Links the lead to the named franchises it is not linked to yet. Run after the lead's own row
 * changed, so the new links copy (and take units for) its new status and dimensions.
 */
export async function linkFranchises(tx: Database, leadId: string, names: string[]) {
  if (names.length === 0) return;
  await tx
    .insert(leadFranchises)
    .select(
      tx
        .select({ leadId: sql<string>`${leadId}::uuid`.as('lead_id'), franchiseId: franchises.id })
        .from(franchises)
        .where(inArray(franchises.name, names)),
    )
    .onConflictDoNothing();
}
