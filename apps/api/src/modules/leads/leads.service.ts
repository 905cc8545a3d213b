import { randomUUID } from 'node:crypto';
import {
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
  toPipelineTotals,
} from '@funil/shared';
import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { inOrder, lastly, writeAs } from '../../db/write-as';
import type { Versioned } from '../../db/row-version';
import { leads, pipelineStatuses } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { checkIfMatch } from '../../lib/etag';
import { patchColumns } from '../../lib/patch-columns';
import { paginate } from '../../lib/pagination';
import { firstNumber, readRows } from '../../db/read-rows';
import { decodeLeadCursor, encodeLeadCursor } from './lead-cursor';
import { type LeadFilter, leadFilter, leadFilterCondition, staleSince } from './lead-filters';
import { hasRunningTotals, runningLeadCount } from './lead-running-totals';
import { runningTotalsWithStale } from './lead-stale-totals';
import { recordStatusChange, selectStatusChanges } from './lead-history';
import { isDefaultLeadOrder, resolveLeadOrder } from './lead-order';
import {
  linkedFranchiseNames,
  linkFranchises,
  referenceProblem,
  requireLeadReferences,
  sameFranchises,
  unlinkFranchisesOtherThan,
} from './lead-references';
import { changedColumns, insertLead, leadColumns, lockLead, updateLeadColumns } from './lead-writes';
import { selectLeadById, selectLeads, selectLeadsPerStatus } from './lead-select';
import { toStatusTotalsRows } from './lead-totals';
import { readStatusSettings } from '../pipeline-settings/pipeline-settings.service';

const notFound = () => new AppError(404, 'errors:not_found.lead');

/**
 * How many leads match: from the running totals when they cover the filters (with `stale`, their
 * split by the fresh leads' index range), else counted.
 */
async function countLeads(db: Database, filters: LeadFilters, filter: LeadFilter): Promise<number> {
  if (hasRunningTotals(filters) && filters.stale === undefined) return runningLeadCount(db, filter);
  if (hasRunningTotals(filters)) {
    const rows = await runningTotalsWithStale(db, filters, await readStatusSettings(db));
    return rows.reduce((total, row) => total + row.count, 0);
  }
  return readRows(
    db,
    `lead_count|${filter.key}`,
    () => ({
      query: db.select({ total: count() }).from(leads).where(leadFilterCondition(filter)),
      mapRows: firstNumber,
    }),
    filter.values,
  );
}

/**
 * GET /api/leads: filters, a sort (newest first by default), and a page by number or, in the
 * default order, by keyset `cursor` (page ignored and answered as 1). `total` counts every lead
 * the filters match; `next_cursor` continues after this page, null at the end or in another order.
 */
export async function listLeads(db: Database, query: LeadListQuery): Promise<LeadListResponse> {
  const filter = leadFilter(query);
  const order = resolveLeadOrder(query);
  const cursor = query.cursor && isDefaultLeadOrder(order) ? decodeLeadCursor(query.cursor) : undefined;
  const pageQuery = { page: cursor ? 1 : (query.page ?? 1), limit: query.limit ?? LIST_DEFAULT_LIMIT };
  let hasMore = false;
  const result = await paginate(
    pageQuery,
    () => countLeads(db, query, filter),
    async (window) => {
      const limit = window?.limit ?? pageQuery.limit;
      // One row more than the page says whether another page follows.
      const rows = await selectLeads(db, {
        filter,
        order,
        cursor,
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
    data: result.data.map((row) => row.lead),
    next_cursor: hasMore && last && isDefaultLeadOrder(order) ? encodeLeadCursor(last.cursor) : null,
  };
}

/**
 * Count, sums, stale count and forecast per status under the filters: from the running totals
 * when they cover the filters (a few thousand rows whatever the number of leads, plus an index
 * range of the recently moved leads for the stale split), else one GROUP BY over the leads the
 * filters match (franchises, brand search, executive…).
 */
async function totalsByStatus(db: Database, filters: LeadFilters) {
  const settings = await readStatusSettings(db);
  const rows = hasRunningTotals(filters)
    ? await runningTotalsWithStale(db, filters, settings)
    : await groupedTotalsByStatus(db, leadFilter(filters));
  return toPipelineTotals(rows, settings);
}

/** Count, sums and stale count per status, grouping the matching leads. */
function groupedTotalsByStatus(db: Database, filter: LeadFilter) {
  return readRows(
    db,
    `lead_totals_by_status|${filter.key}`,
    () => ({
      query: db
        .select({
          contractStatus: leads.contractStatus,
          count: count(),
          credit: sql<string>`coalesce(sum(${leads.credit}), 0)`,
          invest: sql<string>`coalesce(sum(${leads.invest}), 0)`,
          staleCount: sql<number>`count(*) filter (where ${staleSince(leads.statusChangedAt, pipelineStatuses.staleAfterDays)})`,
        })
        .from(leads)
        .innerJoin(pipelineStatuses, eq(pipelineStatuses.contractStatus, leads.contractStatus))
        .where(leadFilterCondition(filter))
        .groupBy(leads.contractStatus),
      mapRows: toStatusTotalsRows,
    }),
    filter.values,
  );
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
    selectLeadsPerStatus(db, leadFilter(query), limit + 1),
  ]);
  return {
    columns: totals.map((column) => {
      const cards = rows.filter((row) => row.lead.contract_status === column.contract_status);
      const page = cards.slice(0, limit);
      const last = page.at(-1);
      return {
        ...column,
        data: page.map((row) => row.lead),
        next_cursor: cards.length > limit && last ? encodeLeadCursor(last.cursor) : null,
      };
    }),
  };
}

/** The lead and its row's version (GET /api/leads/:id answers it as the ETag). */
export async function getVersionedLead(db: Database, id: string): Promise<Versioned<Lead>> {
  const [row] = await selectLeadById(db, id);
  if (!row) throw notFound();
  return { record: row.lead, version: row.version };
}

export async function getLead(db: Database, id: string): Promise<Lead> {
  return (await getVersionedLead(db, id)).record;
}

/**
 * POST /api/leads. References are checked, and the lead, its franchises and its first history
 * entry (from null) written, in one transaction: a wrong body stores nothing. One round trip on
 * PostgreSQL: the check goes first, failing (and so aborting everything sent behind it) when a
 * record is missing, then the writes, the answer and the COMMIT.
 */
export async function createLead(db: Database, input: LeadCreate, userId: string | null): Promise<Lead> {
  const id = randomUUID();
  return writeAs(db, userId, async (tx) =>
    lastly(async () => {
      const [, , , , answer] = await inOrder(tx, [
        () => requireLeadReferences(tx, input),
        () => insertLead(tx, id, input),
        () => linkFranchises(tx, id, input.franchises),
        () => recordStatusChange(tx, { leadId: id, from: null, to: input.contract_status, userId }),
        () => getLead(tx, id),
      ] as const);
      return answer;
    }),
  );
}

/**
 * PATCH /api/leads/:id: any field. The lead's row is locked first, so concurrent moves run one
 * after the other and each records the status it really left (from = the previous entry's to); a
 * PATCH that keeps the status records nothing. `ifMatch` is compared under that lock, so of two
 * PATCHes made over the same version only the first one passes (lib/etag.ts); an unknown lead is
 * 404 before any 412, and a 412 before a wrong reference's 400.
 *
 * Two round trips on PostgreSQL: the lock, the references and the linked franchises are read
 * together; then the changes, the history and the answer go with the COMMIT. Only what changed is
 * written: the columns whose values differ, and the franchises only when the set differs.
 */
export async function updateLead(
  db: Database,
  id: string,
  input: LeadUpdate,
  userId: string | null,
  ifMatch?: string,
): Promise<Versioned<Lead>> {
  return writeAs(db, userId, async (tx) => {
    const [current, problem, linked] = await inOrder(tx, [
      () => lockLead(tx, id),
      () => referenceProblem(tx, input),
      () => (input.franchises ? linkedFranchiseNames(tx, id) : Promise.resolve(undefined)),
    ] as const);
    if (!current) throw notFound();
    checkIfMatch(ifMatch, current.version);
    if (problem) throw problem;
    const movedTo = input.contract_status !== current.contractStatus ? input.contract_status : undefined;
    const franchises =
      input.franchises && linked && !sameFranchises(linked, input.franchises) ? input.franchises : undefined;
    const changes = changedColumns(patchColumns(input, leadColumns), current);
    return lastly(async () => {
      const [, , , , answer] = await inOrder(tx, [
        // Praças left go first and praças joined last, around the lead's own change: a quota is
        // given back before any is taken, so a move is never refused for a praça it is leaving.
        () => (franchises ? unlinkFranchisesOtherThan(tx, id, franchises) : Promise.resolve()),
        () =>
          updateLeadColumns(tx, id, {
            ...changes,
            // Kept by the database only on the deal's first loss (see the status-change trigger).
            ...(movedTo && input.reason !== undefined ? { lostReason: input.reason } : {}),
          }),
        () => (franchises ? linkFranchises(tx, id, franchises) : Promise.resolve()),
        () =>
          movedTo
            ? recordStatusChange(tx, {
                leadId: id,
                from: current.contractStatus,
                to: movedTo,
                userId,
                reason: input.reason,
              })
            : Promise.resolve(),
        () => getVersionedLead(tx, id),
      ] as const);
      return answer;
    });
  });
}

export async function deleteLead(db: Database, id: string, userId: string | null): Promise<void> {
  const deleted = await writeAs(db, userId, (tx) =>
    tx.delete(leads).where(eq(leads.id, id)).returning({ id: leads.id }),
  );
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
