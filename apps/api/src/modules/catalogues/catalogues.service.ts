import type {
  CatalogueCreate,
  CatalogueItem,
  CatalogueListQuery,
  CatalogueListResponse,
  CatalogueResource,
  CatalogueSortField,
  CatalogueUpdate,
} from '@funil/shared';
import { and, asc, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { defineShape, isoTimestamp } from '../../db/answer-shape';
import type { Database } from '../../db/client';
import { readListRows, readRows } from '../../db/read-rows';
import { leads, platforms, quotas, verticals } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { containsTextPattern, escapeLike } from '../../lib/like';
import { paginate } from '../../lib/pagination';
import { type ColumnNames, patchColumns } from '../../lib/patch-columns';

// The three tables are built by one helper and differ only in their SQL name (which Drizzle's
// types carry too), so a catalogue's table is any of the three.
type CatalogueTable = typeof verticals | typeof quotas | typeof platforms;

type CatalogueDefinition = {
  table: CatalogueTable;
  /** The lead column that points at this catalogue (a used item cannot be deleted). */
  leadColumn: AnyPgColumn;
  notFoundKey: string;
};

export const CATALOGUES: Record<CatalogueResource, CatalogueDefinition> = {
  verticals: { table: verticals, leadColumn: leads.verticalId, notFoundKey: 'errors:not_found.vertical' },
  quotas: { table: quotas, leadColumn: leads.quotaId, notFoundKey: 'errors:not_found.quota' },
  platforms: { table: platforms, leadColumn: leads.platformId, notFoundKey: 'errors:not_found.platform' },
};

/** A catalogue item's column for each API field (the same names in the three tables). */
const catalogueColumns = {
  name: 'name',
  label: 'label',
  status: 'status',
} as const satisfies ColumnNames<CatalogueUpdate, keyof CatalogueTable['$inferInsert']>;

/** The API's catalogue item, from whichever of the three tables. */
const itemShape = defineShape<CatalogueItem, [CatalogueTable]>((table) => ({
  id: table.id,
  _id: table.id,
  name: table.name,
  label: table.label,
  status: table.status,
  createdAt: isoTimestamp(table.createdAt),
  updatedAt: isoTimestamp(table.updatedAt),
}));

const toItems = (rows: unknown[][]): CatalogueItem[] => itemShape.answers(rows);

/** The item with this id, or undefined (inside a transaction too). */
async function findItem(db: Database, resource: CatalogueResource, id: string) {
  const { table } = CATALOGUES[resource];
  const [item] = await readRows(
    db,
    `${resource}_by_id`,
    () => ({
      query: db
        .select(itemShape(table).columns)
        .from(table)
        .where(eq(table.id, sql.placeholder('id'))),
      mapRows: toItems,
    }),
    { id },
  );
  return item;
}

const nameTaken = (cause: unknown) => new AppError(409, 'errors:catalogue.name_taken', { cause });
const notFound = (resource: CatalogueResource) => new AppError(404, CATALOGUES[resource].notFoundKey);

/**
 * Filters `status` and `search` (name or label); every row on one page unless `page` or `limit`
 * is given. Without `sort`, alphabetical by name, the order pickers want.
 */
export async function listCatalogueItems(
  db: Database,
  resource: CatalogueResource,
  query: CatalogueListQuery,
): Promise<CatalogueListResponse> {
  const { table } = CATALOGUES[resource];
  const values: Record<string, string> = {};
  if (query.status) values.p_status = query.status;
  if (query.search) values.p_search = escapeLike(query.search);
  const where = () =>
    and(
      values.p_status ? eq(table.status, sql.placeholder('p_status')) : undefined,
      values.p_search
        ? or(
            containsTextPattern(table.name, sql.placeholder('p_search')),
            containsTextPattern(table.label, sql.placeholder('p_search')),
          )
        : undefined,
    );

  // Text sorts ignore case and accents ("ÁUDIO" next to "AUDIO"), the same on both engines
  // whatever the database's collation; the id breaks ties, so paging never repeats or skips a row.
  const sortKeys: Record<CatalogueSortField, (AnyPgColumn | SQL)[]> = {
    createdAt: [table.createdAt],
    updatedAt: [table.updatedAt],
    name: [sql`f_unaccent_lower(${table.name})`, table.name],
    label: [sql`f_unaccent_lower(${table.label})`, table.label],
  };
  const sort = query.sort ?? 'name';
  const order = query.order ?? 'asc';
  const direction = order === 'desc' ? desc : asc;

  const list = readListRows(db, {
    key: `${resource}|${Object.keys(values).join(',')}|${sort} ${order}`,
    values,
    count: () => db.select({ total: count() }).from(table).where(where()),
    rows: () =>
      db
        .select(itemShape(table).columns)
        .from(table)
        .where(where())
        .orderBy(...[...sortKeys[sort], table.id].map((key) => direction(key)))
        .$dynamic(),
    mapRows: toItems,
  });
  return paginate(query, list.count, list.rows);
}

export async function getCatalogueItem(
  db: Database,
  resource: CatalogueResource,
  id: string,
): Promise<CatalogueItem> {
  const item = await findItem(db, resource, id);
  if (!item) throw notFound(resource);
  return item;
}

export async function createCatalogueItem(
  db: Database,
  resource: CatalogueResource,
  input: CatalogueCreate,
): Promise<CatalogueItem> {
  const { table } = CATALOGUES[resource];
  try {
    const [row] = await db.insert(table).values(input).returning({ id: table.id });
    const item = row && (await findItem(db, resource, row.id));
    if (!item) throw new Error('insert returned no row');
    return item;
  } catch (error) {
    // The unique index decides, so two concurrent creations of one name cannot both succeed.
    if (isUniqueViolation(error)) throw nameTaken(error);
    throw error;
  }
}

export async function updateCatalogueItem(
  db: Database,
  resource: CatalogueResource,
  id: string,
  input: CatalogueUpdate,
): Promise<CatalogueItem> {
  const { table } = CATALOGUES[resource];
  try {
    const [row] = await db
      .update(table)
      // An empty PATCH still answers the item (and marks it touched), like any other update.
      .set({ ...patchColumns(input, catalogueColumns), updatedAt: new Date() })
      .where(eq(table.id, id))
      .returning({ id: table.id });
    const item = row && (await findItem(db, resource, row.id));
    if (!item) throw notFound(resource);
    return item;
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(error);
    throw error;
  }
}

/** 409 while any lead uses the item (nothing is deleted); the foreign key settles races. */
export async function deleteCatalogueItem(
  db: Database,
  resource: CatalogueResource,
  id: string,
): Promise<void> {
  const { table, leadColumn } = CATALOGUES[resource];
  const [used] = await db.select({ id: leads.id }).from(leads).where(eq(leadColumn, id)).limit(1);
  if (used) throw new AppError(409, 'errors:catalogue.in_use');
  // A lead created meanwhile makes the foreign key refuse the delete: the error handler answers
  // that 409 with the same message (lib/db-errors.ts).
  const deleted = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id });
  if (deleted.length === 0) throw notFound(resource);
}
