import { randomUUID } from 'node:crypto';
import { type ContractStatus, foldForSearch, type LeadCreate, leadCreateSchema } from '@funil/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { isAnyIdOfJson } from '../../../db/any-of-json';
import {
  franchises,
  leadFranchises,
  leads,
  leadStatusChanges,
  platforms,
  quotas,
  users,
  verticals,
} from '../../../db/schema';
import { resolveRowBrands } from './brand-lookup';
import { parseAmount, parseContractStatus, parseYesNo } from './cell-values';
import {
  cellOf,
  chunks,
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

export type LeadWrite = {
  id: string;
  isNew: boolean;
  lead: LeadCreate;
  /** The franchises' ids, for lead_franchises. */
  franchiseIds: string[];
};

type Named = { id: string; name: string };

/** Folded text → id; an ambiguous text (two items) maps to null. */
function indexBy<T extends { id: string }>(items: readonly T[], ...texts: ((item: T) => string)[]) {
  const index = new Map<string, string | null>();
  for (const text of texts) {
    const pass = new Map<string, string | null>();
    for (const item of items) {
      const key = foldForSearch(text(item).trim());
      pass.set(key, pass.has(key) && pass.get(key) !== item.id ? null : item.id);
    }
    // An earlier pass (names before labels, emails before names) wins.
    for (const [key, id] of pass) if (!index.has(key)) index.set(key, id);
  }
  return index;
}

async function loadLookups(db: Database) {
  const catalogue = (table: typeof verticals | typeof quotas | typeof platforms) =>
    db.select({ id: table.id, name: table.name, label: table.label }).from(table);
  // One after the other: inside the import's transaction they share one connection.
  const verticalItems = await catalogue(verticals);
  const quotaItems = await catalogue(quotas);
  const platformItems = await catalogue(platforms);
  const activeUsers = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.isActive, true));
  const franchiseItems = await db.select({ id: franchises.id, name: franchises.name }).from(franchises);
  const byNameOrLabel = (items: { id: string; name: string; label: string }[]) =>
    indexBy(
      items,
      (item) => item.name,
      (item) => item.label,
    );
  return {
    vertical: byNameOrLabel(verticalItems),
    quota: byNameOrLabel(quotaItems),
    platform: byNameOrLabel(platformItems),
    executive: indexBy(
      activeUsers,
      (user) => user.email,
      (user) => user.name,
    ),
    franchise: new Map(franchiseItems.map((item: Named) => [foldForSearch(item.name), item])),
  };
}

const CATALOGUE_FIELDS = [
  ['vertical', 'errors:not_found.vertical'],
  ['quota', 'errors:not_found.quota'],
  ['platform', 'errors:not_found.platform'],
] as const;

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

  const parsed = leadCreateSchema.safeParse(input);
  if (!parsed.success)
    issues.push(
      ...schemaIssues(parsed.error, (path) => (path === 'brand_id' ? brandField : path || null), issues),
    );
  return { issues, lead: parsed.success ? parsed.data : null, franchiseIds };
}

async function plan(db: Database, rows: ReadRow[], context: PlanContext): Promise<PlannedRow<LeadWrite>[]> {
  const brandsOfRows = await resolveRowBrands(db, rows);
  const lookups = await loadLookups(db);
  const validated = rows.map((row) => ({
    row,
    ...validateRow(row, brandsOfRows.get(row), lookups, context),
  }));

  const brandIds = [...new Set(validated.flatMap(({ lead }) => (lead ? [lead.brand_id] : [])))];
  const existing = new Map<string, string>();
  for (const batch of chunks(brandIds, 5_000)) {
    const found = await db
      .select({
        id: leads.id,
        brand_id: leads.brandId,
        assessment: leads.assessment,
        vertical: leads.verticalId,
        quota: leads.quotaId,
        platform: leads.platformId,
        prospectus_year: leads.prospectusYear,
      })
      .from(leads)
      .where(isAnyIdOfJson(leads.brandId, sql`${JSON.stringify(batch)}`))
      .orderBy(asc(leads.createdAt), asc(leads.id));
    // Several leads with one key: the oldest is the one updated.
    for (const lead of found) {
      const key = duplicateKey(lead);
      if (!existing.has(key)) existing.set(key, lead.id);
    }
  }

  const seen = new Set<string>();
  return validated.map(({ row, issues, lead, franchiseIds }): PlannedRow<LeadWrite> => {
    if (issues.length > 0 || !lead) return skipped(row, issues);
    const key = duplicateKey(lead);
    if (seen.has(key))
      return skipped(row, [{ field: 'assessment', key: 'validation:spreadsheet.lead_repeated' }]);
    seen.add(key);
    const found = existing.get(key);
    if (found === undefined)
      return {
        line: row.line,
        values: row.values,
        issues,
        action: 'create',
        write: { id: randomUUID(), isNew: true, lead, franchiseIds },
      };
    if (context.onDuplicate === 'skip')
      return skipped(row, [{ field: 'assessment', key: 'validation:spreadsheet.lead_taken' }]);
    return {
      line: row.line,
      values: row.values,
      issues,
      action: 'update',
      write: { id: found, isNew: false, lead, franchiseIds },
    };
  });
}

const LEAD_COLUMNS = sql.raw(`id uuid, brand_id uuid, assessment text, vertical_id uuid, quota_id uuid,
  platform_id uuid, prospectus_year integer, contract_status text, executive_id uuid, credit numeric,
  invest numeric, exchange boolean, rouanet_law boolean`);

const recordOf = ({ id, lead }: LeadWrite) => ({
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

/** The fields an update fills when the file has their column (the others are the duplicate key). */
const UPDATABLE: [field: string, column: string][] = [
  ['contract_status', 'contract_status'],
  ['executive', 'executive_id'],
  ['credit', 'credit'],
  ['invest', 'invest'],
  ['exchange', 'exchange'],
  ['rouanet_law', 'rouanet_law'],
];

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

async function insertFranchiseLinks(tx: Database, rows: readonly LeadWrite[]) {
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
 * triggers write one event per lead naming the transaction's user. Every new lead gets its
 * creation entry in the history (from null); an update that moves the status records the move,
 * from the status read under the lead's row lock.
 */
async function write(tx: Database, rows: LeadWrite[], { userId, mappedFields }: WriteContext) {
  const created = rows.filter((row) => row.isNew);
  for (const batch of chunks(created, BATCH)) {
    await tx.execute(sql`
      insert into ${leads} (id, brand_id, assessment, vertical_id, quota_id, platform_id, prospectus_year,
        contract_status, executive_id, credit, invest, exchange, rouanet_law)
      select r.id, r.brand_id, r.assessment, r.vertical_id, r.quota_id, r.platform_id, r.prospectus_year,
        r.contract_status, r.executive_id, r.credit, r.invest, r.exchange, r.rouanet_law
      from jsonb_to_recordset(${JSON.stringify(batch.map(recordOf))}::jsonb) as r(${LEAD_COLUMNS})`);
  }
  await insertFranchiseLinks(tx, created);
  await recordStatusChanges(
    tx,
    created.map((row) => ({ lead_id: row.id, from_status: null, to_status: row.lead.contract_status })),
    userId,
  );

  const updated = rows.filter((row) => !row.isNew);
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
  const columns = UPDATABLE.filter(([field]) => mappedFields.has(field)).map(([, column]) => column);
  const assignments = sql.raw(
    [...columns.map((column) => `${column} = r.${column}`), 'updated_at = now()'].join(', '),
  );
  for (const batch of chunks(updated, BATCH)) {
    await tx.execute(sql`
      update ${leads} set ${assignments}
      from jsonb_to_recordset(${JSON.stringify(batch.map(recordOf))}::jsonb) as r(${LEAD_COLUMNS})
      where ${leads.id} = r.id`);
  }
  if (mappedFields.has('franchises')) {
    for (const batch of chunks(updated, 5_000)) {
      await tx
        .delete(leadFranchises)
        .where(isAnyIdOfJson(leadFranchises.leadId, sql`${JSON.stringify(batch.map((row) => row.id))}`));
    }
    await insertFranchiseLinks(tx, updated);
  }
  if (mappedFields.has('contract_status')) {
    await recordStatusChanges(
      tx,
      updated.flatMap((row) => {
        const from = before.get(row.id);
        return from !== undefined && from !== row.lead.contract_status
          ? [{ lead_id: row.id, from_status: from, to_status: row.lead.contract_status }]
          : [];
      }),
      userId,
    );
  }
}

export const leadImporter: KindImporter<LeadWrite> = { plan, write };
