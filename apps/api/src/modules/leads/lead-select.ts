import {
  CONTRACT_STATUSES,
  type Lead,
  type LeadSortField,
  LIST_DEFAULT_LIMIT,
  LIST_MAX_LIMIT,
} from '@funil/shared';
import { and, asc, desc, eq, type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { asNumber, defineShape, isoTimestamp, nullableShape } from '../../db/answer-shape';
import { isAnyIdOfJson } from '../../db/any-of-json';
import type { Database } from '../../db/client';
import { readRows } from '../../db/read-rows';
import { rowVersion } from '../../db/row-version';
import {
  brands,
  franchises,
  leadFranchises,
  leads,
  offerings,
  offeringStock,
  pipelineStatuses,
  platforms,
  quotas,
  users,
  verticals,
} from '../../db/schema';
import { brandIdentityShape } from '../brands/brand-identity-shape';
import type { LeadCursor } from './lead-cursor';
import { filterPlaceholder, type LeadFilter, leadFilterCondition, staleSince } from './lead-filters';
import { DEFAULT_LEAD_ORDER, type LeadOrder } from './lead-order';

/**
 * How leads are read: an inner query picks the page (filters, order, limit) from `leads`, and only
 * that page's rows are joined to their brand, catalogue items, executive and franchise names. So
 * the relations cost what the page costs, never what the table holds, whatever the offset. Rows
 * become the API's leads through the lead's compiled shape (db/answer-shape.ts).
 */

/** The lead's own columns, carried from the page query to the one that embeds its relations. */
const pageColumns = (sortKey: SQLWrapper) => ({
  id: leads.id,
  brandId: leads.brandId,
  assessment: leads.assessment,
  verticalId: leads.verticalId,
  quotaId: leads.quotaId,
  platformId: leads.platformId,
  prospectusYear: leads.prospectusYear,
  contractStatus: leads.contractStatus,
  executiveId: leads.executiveId,
  credit: leads.credit,
  invest: leads.invest,
  exchange: leads.exchange,
  rouanetLaw: leads.rouanetLaw,
  createdAt: leads.createdAt,
  updatedAt: leads.updatedAt,
  statusChangedAt: leads.statusChangedAt,
  openTasks: leads.openTasks,
  nextTaskDueAt: leads.nextTaskDueAt,
  sortKey: sql`${sortKey}`.as('sort_key'),
  // The lead row's own version (its ETag): the brand, catalogue items and franchise names the
  // answer embeds are other rows, so renaming a brand does not make its leads' edits conflict.
  version: rowVersion(leads).as('row_version'),
});

/** Sorts on a lead's own column. */
const OWN_SORT_KEYS = {
  createdAt: leads.createdAt,
  updatedAt: leads.updatedAt,
  credit: leads.credit,
  invest: leads.invest,
  // Texts ignore case and accents, like every name sort.
  assessment: sql`f_unaccent_lower(${leads.assessment})`,
  prospectus_year: leads.prospectusYear,
  // Pipeline order (frio → cancelado), the order the board shows, not the alphabet.
  contract_status: sql`array_position(array[${sql.join(
    CONTRACT_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  )}]::text[], ${leads.contractStatus}::text)`,
} satisfies Partial<Record<LeadSortField, SQLWrapper>>;

/** Sorts on the name of a related record: its table, and the lead's column pointing at it. */
const RELATED_SORTS = {
  brand: [brands, leads.brandId],
  vertical: [verticals, leads.verticalId],
  quota: [quotas, leads.quotaId],
  platform: [platforms, leads.platformId],
  executive: [users, leads.executiveId],
} as const;

const isOwnSort = (field: LeadSortField): field is keyof typeof OWN_SORT_KEYS => field in OWN_SORT_KEYS;

/**
 * The page query's FROM and its sort key. A related name (case and accents ignored) is ranked once
 * per related record, not folded once per lead: folding per lead made sorting 200k leads by brand
 * take 400 ms, while an integer rank sorts like `credit`. Only a related sort joins anything.
 */
function selectPage(db: Database, field: LeadSortField) {
  const { sortKey, rank } = leadSortKey(db, field);
  const query = db.select(pageColumns(sortKey)).from(leads).$dynamic();
  return { query: rank ? query.leftJoin(rank.table, rank.on) : query, sortKey };
}

/**
 * A sort's key, and for a related name the ranking subquery to left join on `leads` to read it
 * (the page query's, and the export's, which selects its own columns).
 */
export function leadSortKey(db: Database, field: LeadSortField) {
  if (isOwnSort(field)) return { sortKey: OWN_SORT_KEYS[field] as SQLWrapper, rank: undefined };
  const [table, foreignKey] = RELATED_SORTS[field];
  // A brand's name is stored normalised (brands.name_search): ranking 20,000 brands by it takes
  // 28 ms where normalising each name on the fly took 99.
  const normalisedName = table === brands ? brands.nameSearch : sql`f_unaccent_lower(${table.name})`;
  const rank = db
    .select({
      id: table.id,
      position: sql<number>`rank() over (order by ${normalisedName})`.as('position'),
    })
    .from(table)
    .as('name_rank');
  return { sortKey: rank.position as SQLWrapper, rank: { table: rank, on: eq(rank.id, foreignKey) } };
}

/** `order by <key>, id` in the order's direction; only the executive can be missing, and goes last. */
export function orderTerms(order: LeadOrder, key: SQLWrapper, id: SQLWrapper): SQL[] {
  const direction = order.direction === 'desc' ? desc : asc;
  const sortTerm =
    order.field === 'executive' ? sql`${key} ${sql.raw(order.direction)} nulls last` : direction(key);
  return [sortTerm, direction(id)];
}

/**
 * Keyset: the leads after the cursor in the default order, read by the (created_at, id) index. The
 * cursor's values go in the placeholders `cursor_created_at` and `cursor_id`.
 */
const afterCursor = (): SQL =>
  sql`(${leads.createdAt}, ${leads.id}) < (${sql.placeholder('cursor_created_at')}::timestamptz, ${sql.placeholder('cursor_id')}::uuid)`;

/**
 * A page query's parts; its values are placeholders, `limit` and `offset` included unless the
 * statement is kept with a `fixedWindow` of its own.
 */
type LeadPageQuery = { where?: SQL | undefined; order: LeadOrder; fixedWindow?: FixedWindow | undefined };

/**
 * A window written into the statement's text. PostgreSQL plans a named statement whose LIMIT or
 * OFFSET is a parameter again on every execution (a generic plan must assume a tenth of the table
 * is read, so it never beats the custom plans), ~2 ms for a page at 1,000,000 leads; with literals
 * it keeps one plan for every execution. So the commonest windows get statements of their own: the
 * lead by id, and first (or keyset) pages of the usual sizes. Any other window takes parameters.
 */
type FixedWindow = { limit: number; offset: 0 };

/** The first-page sizes (one more than the page, to tell whether another follows) with statements of their own. */
const FIXED_FIRST_PAGE_LIMITS = new Set([LIST_DEFAULT_LIMIT, 50, LIST_MAX_LIMIT].map((size) => size + 1));

/** A number as SQL text, for a window fixed in a kept statement (an integer of our own, never a value sent). */
const literal = (value: number) => {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`not a window size: ${value}`);
  return sql.raw(String(value)) as unknown as Placeholder;
};

type PageSubquery = ReturnType<typeof pageSubquery>;

function pageSubquery(db: Database, query: LeadPageQuery) {
  const { query: page, sortKey } = selectPage(db, query.order.field);
  const ordered = page.where(query.where).orderBy(...orderTerms(query.order, sortKey, leads.id));
  const window = query.fixedWindow;
  return (
    window
      ? ordered.limit(literal(window.limit))
      : ordered.limit(sql.placeholder('limit')).offset(sql.placeholder('offset'))
  ).as('page');
}

/** An embedded catalogue item: `{id, _id, name, label}`. */
const itemShape = (item: typeof verticals | typeof quotas | typeof platforms) => ({
  id: item.id,
  _id: item.id,
  name: item.name,
  label: item.label,
});

/**
 * The active offerings the lead takes (or would take, in a status that holds a quota): its year,
 * vertical, platform and quota, national or of one of its praças — national first, then by praça.
 * A few rows read by the offerings' unique key per lead, so it costs what the page costs.
 */
const stockOf = (page: PageSubquery) => sql`coalesce((select json_agg(json_build_object(
      'offering_id', ${offerings.id},
      'franchise', ${franchises.name},
      'quantity', ${offerings.quantity},
      'available', ${offerings.quantity} - ${offeringStock.held} - ${offeringStock.sold},
      'list_price', ${offerings.listPrice})
    order by ${franchises.name} nulls first)
  from ${offerings}
  join ${offeringStock} on ${offeringStock.offeringId} = ${offerings.id}
  left join ${franchises} on ${franchises.id} = ${offerings.franchiseId}
  where ${offerings.prospectusYear} = ${page.prospectusYear}
    and ${offerings.verticalId} = ${page.verticalId}
    and ${offerings.platformId} = ${page.platformId}
    and ${offerings.quotaId} = ${page.quotaId}
    and ${offerings.status} = 'active'
    and (${offerings.franchiseId} is null or ${offerings.franchiseId} in (
      select ${leadFranchises.franchiseId} from ${leadFranchises} where ${leadFranchises.leadId} = ${page.id}))
  ), '[]'::json)`;

/** The API's lead from the page's row and its relations, key by key in the answer's order. */
const leadShape = defineShape<Lead, [PageSubquery]>((page) => {
  // A subquery hands out a new column object at each read: read the id once, so it is selected once.
  const id = page.id;
  return {
    id,
    _id: id,
    brand_id: brandIdentityShape,
    assessment: page.assessment,
    vertical: itemShape(verticals),
    quota: itemShape(quotas),
    platform: itemShape(platforms),
    prospectus_year: page.prospectusYear,
    contract_status: page.contractStatus,
    status_changed_at: isoTimestamp(page.statusChangedAt),
    stale: staleSince(page.statusChangedAt, pipelineStatuses.staleAfterDays),
    executive: nullableShape(users.id, { id: users.id, _id: users.id, name: users.name, email: users.email }),
    // Franchise names in name order (case and accents ignored).
    franchises: sql`array(select ${franchises.name} from ${leadFranchises}
      join ${franchises} on ${franchises.id} = ${leadFranchises.franchiseId}
      where ${leadFranchises.leadId} = ${id}
      order by f_unaccent_lower(${franchises.name}), ${franchises.name})`,
    credit: asNumber(page.credit),
    invest: asNumber(page.invest),
    exchange: page.exchange,
    rouanet_law: page.rouanetLaw,
    open_tasks: page.openTasks,
    next_task_due_at: isoTimestamp(page.nextTaskDueAt),
    stock: stockOf(page),
    createdAt: isoTimestamp(page.createdAt),
    updatedAt: isoTimestamp(page.updatedAt),
  };
});

/** A page's lead, its keyset position (for next_cursor) and its row's version (for the ETag). */
export type LeadRow = { lead: Lead; cursor: LeadCursor; version: string };

/**
 * The page's rows joined to what the answer embeds, in the page's order: the lead's columns, then
 * created_at to the microsecond for the cursor (a JS Date keeps milliseconds), then the row's
 * version, read in the same query rather than asked again.
 */
function embedPage(db: Database, page: PageSubquery, order: LeadOrder) {
  const shape = leadShape(page);
  const query = db
    .select({
      ...shape.columns,
      cursorCreatedAt: sql<string>`to_char(${page.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      version: page.version,
    })
    .from(page)
    .innerJoin(brands, eq(brands.id, page.brandId))
    .innerJoin(verticals, eq(verticals.id, page.verticalId))
    .innerJoin(quotas, eq(quotas.id, page.quotaId))
    .innerJoin(platforms, eq(platforms.id, page.platformId))
    .leftJoin(users, eq(users.id, page.executiveId))
    .innerJoin(pipelineStatuses, eq(pipelineStatuses.contractStatus, page.contractStatus))
    .orderBy(...orderTerms(order, page.sortKey, page.id));
  const { toAnswer, width } = shape;
  const toRows = (rows: unknown[][]): LeadRow[] =>
    rows.map((row) => {
      const lead = toAnswer(row);
      return {
        lead,
        cursor: { createdAt: row[width] as string, id: lead.id },
        version: row[width + 1] as string,
      };
    });
  return { query, toRows };
}

/** The statement of a page query, kept under `key` (db/read-rows.ts). */
const readPage = (db: Database, key: string, build: () => LeadPageQuery, values: Record<string, unknown>) =>
  readRows(
    db,
    key,
    () => {
      const query = build();
      const { query: select, toRows } = embedPage(db, pageSubquery(db, query), query.order);
      return { query: select, mapRows: toRows };
    },
    values,
  );

/**
 * One page of leads with their relations: the filters, an order, `limit` leads from `offset`, or
 * after `cursor` (default order only).
 */
export function selectLeads(
  db: Database,
  page: {
    filter: LeadFilter;
    order: LeadOrder;
    cursor?: LeadCursor | undefined;
    limit: number;
    offset: number;
  },
): Promise<LeadRow[]> {
  const { filter, order, cursor } = page;
  const fixedWindow: FixedWindow | undefined =
    page.offset === 0 && FIXED_FIRST_PAGE_LIMITS.has(page.limit)
      ? { limit: page.limit, offset: 0 }
      : undefined;
  const key = `lead_page|${filter.key}|${order.field} ${order.direction}|${cursor ? 'after' : 'from'}|${fixedWindow ? `first ${fixedWindow.limit}` : 'window'}`;
  const query = () => ({
    where: and(leadFilterCondition(filter), cursor ? afterCursor() : undefined),
    order,
    fixedWindow,
  });
  return readPage(db, key, query, {
    ...filter.values,
    limit: page.limit,
    offset: page.offset,
    ...(cursor ? { cursor_created_at: cursor.createdAt, cursor_id: cursor.id } : {}),
  });
}

/**
 * The lead with this id, with its relations, as `selectLeads` would give it. The most frequent
 * read (every card opened, every answer to a write).
 */
export function selectLeadById(db: Database, id: string): Promise<LeadRow[]> {
  const query = () => ({
    where: eq(leads.id, sql.placeholder('id')),
    order: DEFAULT_LEAD_ORDER,
    fixedWindow: { limit: 1, offset: 0 } as const,
  });
  return readPage(db, 'lead_by_id|first 1', query, { id });
}

/** The leads with these ids (any order; missing ones are simply absent), as `selectLeads` gives them. */
export function selectLeadsByIds(db: Database, ids: readonly string[]): Promise<LeadRow[]> {
  const query = () => ({ where: isAnyIdOfJson(leads.id, sql.placeholder('ids')), order: DEFAULT_LEAD_ORDER });
  return readPage(db, 'leads_by_ids', query, { ids: JSON.stringify(ids), limit: ids.length, offset: 0 });
}

/**
 * Under `stale=true`, a column whose status has no stale threshold holds no stale lead: a gate on
 * the status alone (evaluated once per column, before any row is read) spares reading the whole
 * column to find none.
 */
const onlyStaleCanMatch = (filter: LeadFilter) =>
  filter.names.includes('stale')
    ? sql`not (${filterPlaceholder('stale')} and (select ${pipelineStatuses.staleAfterDays} from ${pipelineStatuses}
        where ${pipelineStatuses.contractStatus} = s.status) is null)`
    : undefined;

/**
 * The first `limit` leads of each status in the default order. A LATERAL page per status over
 * `unnest(statuses)` reads each column from the (contract_status, created_at, id) index; the ids it
 * picks (at most statuses × limit) are then read by primary key and embedded like any page.
 */
export function selectLeadsPerStatus(db: Database, filter: LeadFilter, limit: number): Promise<LeadRow[]> {
  const query = () => {
    const column = db
      .select({ id: leads.id })
      .from(leads)
      .where(
        and(leadFilterCondition(filter), sql`${leads.contractStatus} = s.status`, onlyStaleCanMatch(filter)),
      )
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(sql.placeholder('column_limit'));
    const statuses = sql.raw(CONTRACT_STATUSES.map((status) => `'${status}'`).join(', '));
    return {
      where: sql`${leads.id} = any(array(select picked.id
        from unnest(array[${statuses}]::text[]) as s(status) cross join lateral (${column}) as picked))`,
      order: DEFAULT_LEAD_ORDER,
    };
  };
  return readPage(db, `lead_board_cards|${filter.key}`, query, {
    ...filter.values,
    column_limit: limit,
    limit: CONTRACT_STATUSES.length * limit,
    offset: 0,
  });
}
