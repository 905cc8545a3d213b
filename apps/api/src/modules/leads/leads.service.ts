import {
  CONTRACT_STATUSES,
  type Lead,
  type LeadBoard,
  type LeadBoardQuery,
  type LeadCreate,
  type LeadFilters,
  type LeadHistory,
  type LeadListQuery,
  type LeadListResponse,
  type LeadSummary,
  type LeadUpdate,
  LIST_DEFAULT_LIMIT,
} from '@funil/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { leads } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { type ColumnNames, patchColumns } from '../../lib/patch-columns';
import { paginate } from '../../lib/pagination';
import { decodeLeadCursor, encodeLeadCursor } from './lead-cursor';
import { leadFilterCondition } from './lead-filters';
import { hasRunningTotals, runningLeadCount, runningTotalsByStatus } from './lead-running-totals';
import { recordStatusChange, selectStatusChanges } from './lead-history';
import { isDefaultLeadOrder, resolveLeadOrder } from './lead-order';
import { checkLeadReferences, replaceLeadFranchises } from './lead-references';
import {
  afterCursor,
  cursorOf,
  selectLeadById,
  selectLeads,
  selectLeadsPerStatus,
  toLead,
} from './lead-select';
import { toPipelineTotals } from './lead-totals';

const notFound = () => new AppError(404, 'errors:not_found.lead');

/** How many leads match: from the running totals when they cover the filters, else counted. */
const countLeads = async (db: Database, filters: LeadFilters) =>
  hasRunningTotals(filters)
    ? runningLeadCount(db, filters)
    : ((await db.select({ total: count() }).from(leads).where(leadFilterCondition(filters)))[0]?.total ?? 0);

/**
 * GET /api/leads: filters, a sort (newest first by default), and a page by number or, in the
 * default order, by keyset `cursor` (page ignored and answered as 1). `total` counts every lead
 * the filters match; `next_cursor` continues after this page, null at the end or in another order.
 */
export async function listLeads(db: Database, query: LeadListQuery): Promise<LeadListResponse> {
  const filter = leadFilterCondition(query);
  const order = resolveLeadOrder(query);
  const cursor = query.cursor && isDefaultLeadOrder(order) ? decodeLeadCursor(query.cursor) : undefined;
  const pageQuery = { page: cursor ? 1 : (query.page ?? 1), limit: query.limit ?? LIST_DEFAULT_LIMIT };
  let hasMore = false;
  const result = await paginate(
    pageQuery,
    () => countLeads(db, query),
    async (window) => {
      const limit = window?.limit ?? pageQuery.limit;
      // One row more than the page says whether another page follows.
      const rows = await selectLeads(db, {
        where: cursor ? and(filter, afterCursor(cursor)) : filter,
        order,
        limit: limit + 1,
        offset: window?.offset ?? 0,
      });
      hasMore = rows.length > limit;
      return rows.slice(0, limit);
    },
  );
  const last = result.data.at(-1);
  return {
    ...result,
    data: result.data.map(toLead),
    next_cursor: hasMore && last && isDefaultLeadOrder(order) ? encodeLeadCursor(cursorOf(last)) : null,
  };
}

/**
 * Count and sums per status under the filters: from the running totals when they cover the
 * filters (a few thousand rows whatever the number of leads), else one GROUP BY over the leads
 * the filters match (franchises, brand search, executive…).
 */
async function totalsByStatus(db: Database, filters: LeadFilters) {
  if (hasRunningTotals(filters)) return toPipelineTotals(await runningTotalsByStatus(db, filters));
  const rows = await db
    .select({
      contractStatus: leads.contractStatus,
      count: count(),
      credit: sql<string>`coalesce(sum(${leads.credit}), 0)`,
      invest: sql<string>`coalesce(sum(${leads.invest}), 0)`,
    })
    .from(leads)
    .where(leadFilterCondition(filters))
    .groupBy(leads.contractStatus);
  return toPipelineTotals(rows);
}

/** GET /api/leads/summary: the 8 columns' true counts and sums, zeros included. */
export async function summarizeLeads(db: Database, filters: LeadFilters): Promise<LeadSummary> {
  return { columns: await totalsByStatus(db, filters) };
}

/**
 * GET /api/leads/board: each column's totals and its first `limit` leads (newest first), with the
 * cursor that continues the column through GET /api/leads?contract_status=…&cursor=….
 */
export async function getLeadBoard(db: Database, query: LeadBoardQuery): Promise<LeadBoard> {
  const limit = query.limit ?? LIST_DEFAULT_LIMIT;
  const [totals, rows] = await Promise.all([
    totalsByStatus(db, query),
    selectLeadsPerStatus(db, {
      where: leadFilterCondition(query),
      statuses: CONTRACT_STATUSES,
      limit: limit + 1,
    }),
  ]);
  return {
    columns: totals.map((column) => {
      const cards = rows.filter((row) => row.contractStatus === column.contract_status);
      const page = cards.slice(0, limit);
      const last = page.at(-1);
      return {
        ...column,
        data: page.map(toLead),
        next_cursor: cards.length > limit && last ? encodeLeadCursor(cursorOf(last)) : null,
      };
    }),
  };
}

export async function getLead(db: Database, id: string): Promise<Lead> {
  const [row] = await selectLeadById(db, id);
  if (!row) throw notFound();
  return toLead(row);
}

/** The lead's column for each API field (the franchises live in their own table). */
const leadColumns = {
  brand_id: 'brandId',
  assessment: 'assessment',
  vertical: 'verticalId',
  quota: 'quotaId',
  platform: 'platformId',
  prospectus_year: 'prospectusYear',
  contract_status: 'contractStatus',
  executive: 'executiveId',
  credit: 'credit',
  invest: 'invest',
  exchange: 'exchange',
  rouanet_law: 'rouanetLaw',
} as const satisfies ColumnNames<LeadUpdate, keyof typeof leads.$inferInsert>;

/**
 * POST /api/leads. References are checked, and the lead, its franchises and its first history
 * entry (from null) written, in one transaction: a wrong body stores nothing.
 */
export async function createLead(db: Database, input: LeadCreate, userId: string | null): Promise<Lead> {
  return db.transaction(async (tx) => {
    await checkLeadReferences(tx, input);
    const [row] = await tx.insert(leads).values(patchColumns(input, leadColumns)).returning({ id: leads.id });
    if (!row) throw new Error('lead insert returned no row');
    await replaceLeadFranchises(tx, row.id, input.franchises, true);
    await recordStatusChange(tx, { leadId: row.id, from: null, to: input.contract_status, userId });
    return getLead(tx, row.id);
  });
}

/**
 * PATCH /api/leads/:id: any field. The lead's row is locked first, so concurrent moves run one
 * after the other and each records the status it really left (from = the previous entry's to); a
 * PATCH that keeps the status records nothing.
 */
export async function updateLead(
  db: Database,
  id: string,
  input: LeadUpdate,
  userId: string | null,
): Promise<Lead> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ contractStatus: leads.contractStatus })
      .from(leads)
      .where(eq(leads.id, id))
      .for('no key update');
    if (!current) throw notFound();
    await checkLeadReferences(tx, input);
    await tx
      .update(leads)
      .set({ ...patchColumns(input, leadColumns), updatedAt: new Date() })
      .where(eq(leads.id, id));
    if (input.franchises) await replaceLeadFranchises(tx, id, input.franchises, false);
    if (input.contract_status && input.contract_status !== current.contractStatus) {
      await recordStatusChange(tx, {
        leadId: id,
        from: current.contractStatus,
        to: input.contract_status,
        userId,
      });
    }
    return getLead(tx, id);
  });
}

export async function deleteLead(db: Database, id: string): Promise<void> {
  const deleted = await db.delete(leads).where(eq(leads.id, id)).returning({ id: leads.id });
  if (deleted.length === 0) throw notFound();
}

/** GET /api/leads/:id/history: newest first; 404 for an unknown lead. */
export async function getLeadHistory(db: Database, id: string): Promise<LeadHistory> {
  const data = await selectStatusChanges(db, id);
  // Every lead has its creation entry, so only an empty history needs to ask whether the lead exists.
  if (data.length === 0) {
    const [lead] = await db.select({ id: leads.id }).from(leads).where(eq(leads.id, id));
    if (!lead) throw notFound();
  }
  return { data };
}
