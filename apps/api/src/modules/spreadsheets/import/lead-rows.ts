import { randomUUID } from 'node:crypto';
import { type ContractStatus, foldForSearch, type LeadCreate, leadCreateSchema } from '@funil/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { isAnyIdOfJson } from '../../../db/any-of-json';
import { leadFranchises, leads, leadStatusChanges, users } from '../../../db/schema';
import { resolveRowBrands } from './brand-lookup';
import { CATALOGUE_FIELDS, indexBy, loadCatalogues } from './catalogue-lookup';
import { parseAmount, parseContractStatus, parseYesNo } from './cell-values';
import {
  cellOf,
  chunks,
  isFilled,
  type KindImporter,
  type PlanContext,
  type PlannedRow,
  type ReadRow,
  type RowIssue,
  schemaIssues,
  skipped,
  textOf,
  type WriteContext,
} from './import-rows';

/**
 * Opportunities. The brand by CNPJ (preferred) or name; catalogue items by name or label;
 * the executive by name or email among active users; franchises by name; all case- and
 * accent-insensitive, each read in one query for the whole file. Duplicate key: brand,
 * assessment (case and accents aside), vertical, quota, platform and prospectus year.
 */

export type LeadWrite =
  /** A new lead, with its franchises' ids (for lead_franchises). */
  | { id: string; isNew: true; lead: LeadCreate; franchiseIds: string[] }
  /** An existing lead: the fields that differ, and its franchises when they do (else null). */
  | { id: string; isNew: false; changes: LeadChanges; franchiseIds: string[] | null };

async function loadLookups(db: Database) {
  const catalogues = await loadCatalogues(db);
  const activeUsers = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.isActive, true));
  return {
    ...catalogues,
    executive: indexBy(
      activeUsers,
      (user) => user.email,
      (user) => user.name,
    ),
  };
}

const duplicateKey = (
  lead: Pick<LeadCreate, 'brand_id' | 'assessment' | 'vertical' | 'quota' | 'platform' | 'prospectus_year'>,
) =>
  [
    lead.brand_id,
    foldForSearch(lead.assessment.trim()),
    lead.vertical,
    lead.quota,
    lead.platform,
    lead.prospectus_year,
  ].join('|');

type Lookups = Awaited<ReturnType<typeof loadLookups>>;

/** What a row says of a lead: a whole lead, or one Funil holds without its status. */
type LeadFill = Omit<LeadCreate, 'contract_status'> & Partial<Pick<LeadCreate, 'contract_status'>>;
const leadFillSchema = leadCreateSchema.omit({ contract_status: true });

/** A row's lead, its references resolved and validated by the API's lead schema. */
function validateRow(
  row: ReadRow,
  brand: { brand: { id: string } } | { issue: RowIssue } | undefined,
  lookups: Lookups,
  context: PlanContext,
) {
  const issues: RowIssue[] = [...row.issues];
  const input: Record<string, unknown> = {
    assessment: textOf(row, 'assessment'),
    contract_status: parseContractStatus(cellOf(row, 'contract_status')),
  };
  if (brand && 'issue' in brand) issues.push(brand.issue);
  else if (brand) input.brand_id = brand.brand.id;
  const brandField =
    brand && 'issue' in brand ? brand.issue.field : textOf(row, 'brand_cnpj') ? 'brand_cnpj' : 'brand_name';

  for (const [field, notFound] of CATALOGUE_FIELDS) {
    const text = textOf(row, field);
    if (text === undefined) continue;
    const id = lookups[field].get(foldForSearch(text));
    if (id) input[field] = id;
    else issues.push({ field, key: notFound });
  }

  const year = cellOf(row, 'prospectus_year');
  input.prospectus_year = year.number ?? textOf(row, 'prospectus_year');

  const executive = textOf(row, 'executive');
  if (executive !== undefined) {
    const id = lookups.executive.get(foldForSearch(executive));
    if (id) input.executive = id;
    else issues.push({ field: 'executive', key: 'validation:spreadsheet.executive_not_found' });
  }

  const franchiseIds: string[] = [];
  const franchiseText = textOf(row, 'franchises');
  if (franchiseText !== undefined) {
    const names: string[] = [];
    for (const name of franchiseText
      .split(/[,;]/)
      .map((part) => part.trim())
      .filter(Boolean)) {
      const franchise = lookups.franchise.get(foldForSearch(name));
      if (!franchise) {
        issues.push({ field: 'franchises', key: 'validation:spreadsheet.franchise_not_found' });
        break;
      }
      if (!names.includes(franchise.name)) {
        names.push(franchise.name);
        franchiseIds.push(franchise.id);
      }
    }
    input.franchises = names;
  }

  for (const field of ['credit', 'invest'] as const) {
    const cell = cellOf(row, field);
    if (cell.text === '') continue;
    const amount = parseAmount(cell, context.delimiter);
    if (amount === null) issues.push({ field, key: 'validation:spreadsheet.number_invalid' });
    else input[field] = amount;
  }
  for (const field of ['exchange', 'rouanet_law'] as const) {
    const value = parseYesNo(cellOf(row, field));
    if (value === null) issues.push({ field, key: 'validation:spreadsheet.yes_no_invalid' });
    else input[field] = value;
  }

  const readable = issues.length === 0;
  const parsed = leadCreateSchema.safeParse(input);
  if (!parsed.success)
    issues.push(
      ...schemaIssues(parsed.error, (path) => (path === 'brand_id' ? brandField : path || null), issues),
    );
  if (!readable) return { issues, lead: null, fill: null, franchiseIds };
  if (parsed.success) return { issues, lead: parsed.data, fill: parsed.data as LeadFill, franchiseIds };
  // A lead Funil holds may be filled by a row without a status (an empty cell is a hole there).
  const { contract_status: _hole, ...known } = input;
  const fill = isFilled(row, 'contract_status') ? null : leadFillSchema.safeParse(known);
  return { issues, lead: null, fill: fill?.success ? (fill.data as LeadFill) : null, franchiseIds };
}

/** The fields of a lead an update may change (the others are who the lead is). */
const CHANGE_FIELDS = [
  'contract_status',
  'executive',
  'credit',
  'invest',
  'exchange',
  'rouanet_law',
] as const;
type ChangeField = (typeof CHANGE_FIELDS)[number];
type LeadChanges = Partial<Pick<LeadCreate, ChangeField>>;

/** A stored lead, with the fields a row is compared to. */
type StoredLead = Pick<
  LeadCreate,
  ChangeField | 'brand_id' | 'assessment' | 'vertical' | 'quota' | 'platform' | 'prospectus_year'
> & {
  id: string;
};

/** The stored leads of these brands, oldest first. */
async function leadsOfBrands(db: Database, brandIds: readonly string[]): Promise<StoredLead[]> {
  const found: StoredLead[] = [];
  for (const batch of chunks(brandIds, 5_000)) {
    found.push(
      ...(await db
        .select({
          id: leads.id,
          brand_id: leads.brandId,
          assessment: leads.assessment,
          vertical: leads.verticalId,
          quota: leads.quotaId,
          platform: leads.platformId,
          prospectus_year: leads.prospectusYear,
          contract_status: leads.contractStatus,
          executive: leads.executiveId,
          credit: leads.credit,
          invest: leads.invest,
          exchange: leads.exchange,
          rouanet_law: leads.rouanetLaw,
        })
        .from(leads)
        .where(isAnyIdOfJson(leads.brandId, sql`${JSON.stringify(batch)}`))
        .orderBy(asc(leads.createdAt), asc(leads.id))),
    );
  }
  return found;
}

/** The franchise ids of these leads, each lead's as a set. */
async function franchisesOfLeads(
  db: Database,
  leadIds: readonly string[],
): Promise<Map<string, Set<string>>> {
  const byLead = new Map<string, Set<string>>(leadIds.map((id) => [id, new Set()]));
  for (const batch of chunks(leadIds, 5_000)) {
    const links = await db
      .select({ leadId: leadFranchises.leadId, franchiseId: leadFranchises.franchiseId })
      .from(leadFranchises)
      .where(isAnyIdOfJson(leadFranchises.leadId, sql`${JSON.stringify(batch)}`));
    for (const link of links) byLead.get(link.leadId)?.add(link.franchiseId);
  }
  return byLead;
}

const sameSet = (stored: ReadonlySet<string> | undefined, ids: readonly string[]) =>
  stored !== undefined && stored.size === new Set(ids).size && ids.every((id) => stored.has(id));

/** The row's filled fields whose value differs from the stored lead's. */
function leadChanges(row: ReadRow, stored: StoredLead, lead: LeadFill): LeadChanges {
  const changes: LeadChanges = {};
  for (const field of CHANGE_FIELDS) {
    if (!isFilled(row, field) || lead[field] === stored[field]) continue;
    Object.assign(changes, { [field]: lead[field] });
  }
  return changes;
}

async function plan(db: Database, rows: ReadRow[], context: PlanContext): Promise<PlannedRow<LeadWrite>[]> {
  const brandsOfRows = await resolveRowBrands(db, rows);
  const lookups = await loadLookups(db);
  const validated = rows.map((row) => ({
    row,
    ...validateRow(row, brandsOfRows.get(row), lookups, context),
  }));

  const brandIds = [...new Set(validated.flatMap(({ fill }) => (fill ? [fill.brand_id] : [])))];
  // Several leads with one key: the oldest is the one a row fills.
  const existing = new Map<string, StoredLead>();
  for (const lead of brandIds.length > 0 ? await leadsOfBrands(db, brandIds) : []) {
    const key = duplicateKey(lead);
    if (!existing.has(key)) existing.set(key, lead);
  }
  // The franchises of the leads rows with a franchise cell may fill.
  const filledIds = validated.flatMap(({ row, fill }) => {
    const stored = fill && isFilled(row, 'franchises') ? existing.get(duplicateKey(fill)) : undefined;
    return stored && context.onDuplicate === 'update' ? [stored.id] : [];
  });
  const franchisesOf =
    filledIds.length > 0 ? await franchisesOfLeads(db, filledIds) : new Map<string, Set<string>>();

  const seen = new Set<string>();
  return validated.map(({ row, issues, lead, fill, franchiseIds }): PlannedRow<LeadWrite> => {
    if (!fill) return skipped(row, issues);
    const key = duplicateKey(fill);
    const stored = existing.get(key);
    // A row that is not a whole lead may only fill one Funil holds.
    if (!lead && !stored) return skipped(row, issues);
    if (seen.has(key))
      return skipped(row, [{ field: 'assessment', key: 'validation:spreadsheet.lead_repeated' }]);
    seen.add(key);
    const planned = (action: PlannedRow<LeadWrite>['action'], write?: LeadWrite): PlannedRow<LeadWrite> => ({
      line: row.line,
      values: row.values,
      issues: [],
      action,
      ...(write ? { write } : {}),
    });
    if (stored === undefined)
      return lead
        ? planned('create', { id: randomUUID(), isNew: true, lead, franchiseIds })
        : skipped(row, issues);
    if (context.onDuplicate === 'skip')
      return skipped(row, [{ field: 'assessment', key: 'validation:spreadsheet.lead_taken' }]);
    const changes = leadChanges(row, stored, fill);
    const newFranchises =
      isFilled(row, 'franchises') && !sameSet(franchisesOf.get(stored.id), franchiseIds)
        ? franchiseIds
        : null;
    if (Object.keys(changes).length === 0 && newFranchises === null) return planned('unchanged');
    return planned('update', { id: stored.id, isNew: false, changes, franchiseIds: newFranchises });
  });
}

const LEAD_COLUMNS = sql.raw(`id uuid, brand_id uuid, assessment text, vertical_id uuid, quota_id uuid,
  platform_id uuid, prospectus_year integer, contract_status text, executive_id uuid, credit numeric,
  invest numeric, exchange boolean, rouanet_law boolean`);

const recordOf = (id: string, lead: LeadCreate) => ({
  id,
  brand_id: lead.brand_id,
  assessment: lead.assessment,
  vertical_id: lead.vertical,
  quota_id: lead.quota,
  platform_id: lead.platform,
  prospectus_year: lead.prospectus_year,
  contract_status: lead.contract_status,
  executive_id: lead.executive,
  credit: lead.credit,
  invest: lead.invest,
  exchange: lead.exchange,
  rouanet_law: lead.rouanet_law,
});

/** The leads table's column of each field an update may change. */
const CHANGE_COLUMN: Record<ChangeField, string> = {
  contract_status: 'contract_status',
  executive: 'executive_id',
  credit: 'credit',
  invest: 'invest',
  exchange: 'exchange',
  rouanet_law: 'rouanet_law',
};
const CHANGE_COLUMNS = CHANGE_FIELDS.map((field) => CHANGE_COLUMN[field]);

const CHANGE_RECORD =
  sql.raw(`id uuid, contract_status text, executive_id uuid, credit numeric, invest numeric,
  exchange boolean, rouanet_law boolean, franchises_changed boolean`);
// An update's field takes the row's value, or keeps the lead's own when the row has none (null).
const ASSIGNMENTS = sql.raw(
  CHANGE_COLUMNS.map((column) => `${column} = coalesce(r.${column}, leads.${column})`).join(', '),
);
// Only a lead whose fields would really change, or whose franchises changed, is written (no
// updated_at, no event otherwise), even if it changed between the plan and this statement.
const DIFFERS = sql.raw(
  `(r.franchises_changed or (${CHANGE_COLUMNS.map((column) => `leads.${column}`).join(', ')}) is distinct from (${CHANGE_COLUMNS.map(
    (column) => `coalesce(r.${column}, leads.${column})`,
  ).join(', ')}))`,
);

const BATCH = 2_000;

/** One history entry per lead, stamped when written (clock_timestamp), as lead-history.ts does. */
async function recordStatusChanges(
  tx: Database,
  changes: { lead_id: string; from_status: ContractStatus | null; to_status: ContractStatus }[],
  userId: string | null,
) {
  for (const batch of chunks(changes, BATCH)) {
    await tx.execute(sql`
      insert into ${leadStatusChanges} (lead_id, from_status, to_status, user_id, created_at)
      select r.lead_id, r.from_status, r.to_status, ${userId}::uuid, clock_timestamp()
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(lead_id uuid, from_status text, to_status text)`);
  }
}

async function insertFranchiseLinks(
  tx: Database,
  rows: readonly { id: string; franchiseIds: readonly string[] }[],
) {
  const links = rows.flatMap((row) =>
    row.franchiseIds.map((franchise_id) => ({ lead_id: row.id, franchise_id })),
  );
  for (const batch of chunks(links, 5_000)) {
    await tx.execute(sql`
      insert into ${leadFranchises} (lead_id, franchise_id)
      select r.lead_id, r.franchise_id
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(lead_id uuid, franchise_id uuid)`);
  }
}

/**
 * Writes as POST and PATCH /api/leads do, a batch per statement: the running totals
 * (lead_totals, lead_franchise_totals) follow through their statement-level triggers, the outbox
 * triggers write one event per lead a statement really writes, naming the transaction's user.
 * Every new lead gets its creation entry in the history (from null). An existing lead is locked,
 * then compared again with what it holds now: its franchises are replaced when they differ, its
 * fields written when they differ, and a status move recorded from the status read under the lock.
 */
async function write(tx: Database, rows: LeadWrite[], { userId }: WriteContext) {
  const created = rows.flatMap((row) => (row.isNew ? [row] : []));
  for (const batch of chunks(created, BATCH)) {
    await tx.execute(sql`
      insert into ${leads} (id, brand_id, assessment, vertical_id, quota_id, platform_id, prospectus_year,
        contract_status, executive_id, credit, invest, exchange, rouanet_law)
      select r.id, r.brand_id, r.assessment, r.vertical_id, r.quota_id, r.platform_id, r.prospectus_year,
        r.contract_status, r.executive_id, r.credit, r.invest, r.exchange, r.rouanet_law
      from jsonb_to_recordset(${JSON.stringify(batch.map((row) => recordOf(row.id, row.lead)))}::jsonb) as r(${LEAD_COLUMNS})`);
  }
  await insertFranchiseLinks(tx, created);
  await recordStatusChanges(
    tx,
    created.map((row) => ({ lead_id: row.id, from_status: null, to_status: row.lead.contract_status })),
    userId,
  );

  const updated = rows.flatMap((row) => (row.isNew ? [] : [row]));
  if (updated.length === 0) return;
  const before = new Map<string, ContractStatus>();
  for (const batch of chunks(updated.map((row) => row.id).sort(), 5_000)) {
    const locked = await tx
      .select({ id: leads.id, contractStatus: leads.contractStatus })
      .from(leads)
      .where(isAnyIdOfJson(leads.id, sql`${JSON.stringify(batch)}`))
      .orderBy(asc(leads.id))
      .for('no key update');
    for (const lead of locked) before.set(lead.id, lead.contractStatus);
  }
  // Franchises change under the lead's lock (PATCH takes it too): read now, they are what they stay.
  const withFranchises = updated.flatMap((row) => (row.franchiseIds === null ? [] : [row]));
  const current =
    withFranchises.length > 0
      ? await franchisesOfLeads(
          tx,
          withFranchises.map((row) => row.id),
        )
      : new Map<string, Set<string>>();
  const relinked = withFranchises.flatMap((row) =>
    row.franchiseIds === null || sameSet(current.get(row.id), row.franchiseIds)
      ? []
      : [{ id: row.id, franchiseIds: row.franchiseIds }],
  );
  const relinkedIds = new Set(relinked.map((row) => row.id));
  for (const batch of chunks(updated, BATCH)) {
    const records = batch.map((row) => ({
      id: row.id,
      ...Object.fromEntries(
        Object.entries(row.changes).map(([field, value]) => [CHANGE_COLUMN[field as ChangeField], value]),
      ),
      franchises_changed: relinkedIds.has(row.id),
    }));
    await tx.execute(sql`
      update ${leads} set ${ASSIGNMENTS}, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(${CHANGE_RECORD})
      where ${leads.id} = r.id and ${DIFFERS}`);
  }
  for (const batch of chunks(relinked, 5_000)) {
    await tx
      .delete(leadFranchises)
      .where(isAnyIdOfJson(leadFranchises.leadId, sql`${JSON.stringify(batch.map((row) => row.id))}`));
  }
  await insertFranchiseLinks(tx, relinked);
  await recordStatusChanges(
    tx,
    updated.flatMap((row) => {
      const from = before.get(row.id);
      const to = row.changes.contract_status;
      return from !== undefined && to !== undefined && from !== to
        ? [{ lead_id: row.id, from_status: from, to_status: to }]
        : [];
    }),
    userId,
  );
}

/** A lead row's name: its brand's name cell, else its brand's CNPJ cell. */
const nameOf = (row: ReadRow): string | null =>
  textOf(row, 'brand_name') ?? textOf(row, 'brand_cnpj') ?? null;

/** A lead the database refuses takes a quota of the prospectus that is sold out: its status does. */
const refusedField = () => 'contract_status';

export const leadImporter: KindImporter<LeadWrite> = { plan, write, nameOf, refusedField };
