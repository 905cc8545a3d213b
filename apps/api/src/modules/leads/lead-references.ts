import type { LeadUpdate } from '@funil/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgTable } from 'drizzle-orm/pg-core';
import { isAnyOfJson } from '../../db/any-of-json';
import type { Database } from '../../db/client';
import { readRows, sqlStatement } from '../../db/read-rows';
import { brands, franchises, leadFranchises, platforms, quotas, users, verticals } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { missingReferenceField } from '../../lib/db-errors';

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
  sql`exists (select 1 from ${table} where ${condition} for key share)`;

/** The franchise names of a body, one JSON-text parameter (any number of names, one statement). */
const FRANCHISE_NAMES = sql.placeholder('franchise_names');
const namesOf = (names: readonly string[]) => JSON.stringify(names);

type Check = { field: string; key: string; check: SQL; value: [name: string, value: unknown] };

/** The checks a body needs, in the form's order. */
function checksOf(input: References): Check[] {
  const checks: Check[] = [];
  for (const [field, key, table] of RECORD_REFERENCES) {
    const id = input[field];
    if (id)
      checks.push({
        field,
        key,
        check: exists(table, eq(table.id, sql.placeholder(field))),
        value: [field, id],
      });
  }
  if (input.executive) {
    const isActiveUser = and(eq(users.id, sql.placeholder('executive')), eq(users.isActive, true));
    checks.push({
      field: 'executive',
      key: 'errors:not_found.executive',
      check: exists(users, isActiveUser),
      value: ['executive', input.executive],
    });
  }
  if (input.franchises?.length) {
    // Names arrive de-duplicated, so all exist when as many franchises match.
    const found = sql`(select count(*) from (select 1 from ${franchises} where ${isAnyOfJson(franchises.name, FRANCHISE_NAMES)} for key share) as held) = json_array_length(${FRANCHISE_NAMES}::json)`;
    checks.push({
      field: 'franchises',
      key: 'errors:not_found.franchise',
      check: found,
      value: ['franchise_names', namesOf(input.franchises)],
    });
  }
  return checks;
}

/**
 * Checks, in one kept statement, that every record a lead body names exists (the executive as an
 * active user, each franchise by name), and answers the 400 of the first wrong field in the form's
 * order (undefined when all exist). Run inside the write's transaction, whose end the named records
 * are held until. The caller decides when to throw it (a missing lead's 404 and a stale version's
 * 412 come first).
 */
export async function referenceProblem(tx: Database, input: References): Promise<AppError | undefined> {
  const checks = checksOf(input);
  if (checks.length === 0) return undefined;
  const flags = await readRows(
    tx,
    `lead_references|${checks.map((check) => check.field).join(',')}`,
    () => ({
      query: sqlStatement(
        sql`select ${sql.join(
          checks.map(({ check }) => check),
          sql`, `,
        )}`,
      ),
      mapRows: (rows) => rows[0] ?? [],
    }),
    Object.fromEntries(checks.map((check) => check.value)),
  );
  const failed = checks.find((_, index) => flags[index] !== true);
  return failed ? new AppError(400, failed.key, { field: failed.field }) : undefined;
}

/**
 * The same checks as a statement that fails when a record is missing (`funil_reference_missing`
 * raises, naming the first wrong field in the form's order), answered as that field's 400. Being
 * an error rather than an answer, it aborts the transaction: a create sends it first and its
 * writes and the COMMIT behind it in the same round trip, and they change nothing when it fails.
 */
export async function requireLeadReferences(tx: Database, input: References): Promise<void> {
  const checks = checksOf(input);
  if (checks.length === 0) return;
  const firstMissing = sql`case ${sql.join(
    checks.map(
      ({ check, field }) => sql`when not ${check} then funil_reference_missing(${sql.raw(`'${field}'`)})`,
    ),
    sql` `,
  )} else true end`;
  try {
    await readRows(
      tx,
      `lead_references_required|${checks.map((check) => check.field).join(',')}`,
      () => ({ query: sqlStatement(sql`select ${firstMissing}`), mapRows: () => undefined }),
      Object.fromEntries(checks.map((check) => check.value)),
    );
  } catch (error) {
    const field = missingReferenceField(error);
    const failed = checks.find((check) => check.field === field);
    throw failed ? new AppError(400, failed.key, { field: failed.field }) : error;
  }
}

/** `referenceProblem`, thrown. */
export async function checkLeadReferences(tx: Database, input: References): Promise<void> {
  const problem = await referenceProblem(tx, input);
  if (problem) throw problem;
}

/** The names of the franchises a lead is linked to. */
export function linkedFranchiseNames(tx: Database, leadId: string): Promise<string[]> {
  return readRows(
    tx,
    'lead_franchise_names',
    () => ({
      query: tx
        .select({ name: franchises.name })
        .from(leadFranchises)
        .innerJoin(franchises, eq(franchises.id, leadFranchises.franchiseId))
        .where(eq(leadFranchises.leadId, sql.placeholder('lead_id'))),
      mapRows: (rows) => rows.map((row) => row[0] as string),
    }),
    { lead_id: leadId },
  );
}

/** Whether the names are the linked ones, in any order (the body's names arrive de-duplicated). */
export function sameFranchises(linked: readonly string[], names: readonly string[]): boolean {
  const set = new Set(linked);
  return names.length === set.size && names.every((name) => set.has(name));
}

const noRows = () => undefined;

/**
 * Takes away the lead's franchises that are not among `names`; the ones it keeps stay untouched
 * (no running total moves, no quota is given back and taken again). Run before the lead's own
 * row changes, so a unit of the prospectus the lead leaves is free before a move takes any.
 */
export function unlinkFranchisesOtherThan(
  tx: Database,
  leadId: string,
  names: readonly string[],
): Promise<void> {
  return readRows(
    tx,
    'lead_unlink_franchises',
    () => ({
      query: sqlStatement(
        sql`delete from ${leadFranchises} where ${leadFranchises.leadId} = ${sql.placeholder('lead_id')} and ${leadFranchises.franchiseId} not in (select ${franchises.id} from ${franchises} where ${isAnyOfJson(franchises.name, FRANCHISE_NAMES)})`,
      ),
      mapRows: noRows,
    }),
    { lead_id: leadId, franchise_names: namesOf(names) },
  );
}

/**
 * Links the lead to the named franchises it is not linked to yet. Run after the lead's own row
 * changed, so the new links copy (and take units for) its new status and dimensions.
 */
export async function linkFranchises(tx: Database, leadId: string, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  await readRows(
    tx,
    'lead_link_franchises',
    () => ({
      query: sqlStatement(
        sql`insert into ${leadFranchises} (lead_id, franchise_id) select ${sql.placeholder('lead_id')}::uuid, ${franchises.id} from ${franchises} where ${isAnyOfJson(franchises.name, FRANCHISE_NAMES)} on conflict do nothing`,
      ),
      mapRows: noRows,
    }),
    { lead_id: leadId, franchise_names: namesOf(names) },
  );
}
