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
import type { Database } from '../../db/client';
import { leads, platforms, quotas, verticals } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors';
import { containsText } from '../../lib/like';
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

type CatalogueRow = CatalogueTable['$inferSelect'];

/** A catalogue item's column for each API field (the same names in the three tables). */
const catalogueColumns = {
  name: 'name',
  label: 'label',
  status: 'status',
} as const satisfies ColumnNames<CatalogueUpdate, keyof CatalogueTable['$inferInsert']>;

const toItem = (row: CatalogueRow): CatalogueItem => ({
  id: row.id,
  _id: row.id,
  name: row.name,
  label: row.label,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

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
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(table.status, query.status));
  if (query.search) {
    const search = or(containsText(table.name, query.search), containsText(table.label, query.search));
    if (search) conditions.push(search);
  }
  const where = conditions.length ? and(...conditions) : undefined;

  // Text sorts ignore case and accents ("ÁUDIO" next to "AUDIO"), the same on both engines
  // whatever the database's collation; the id breaks ties, so paging never repeats or skips a row.
  const sortKeys: Record<CatalogueSortField, (AnyPgColumn | SQL)[]> = {
    createdAt: [table.createdAt],
    updatedAt: [table.updatedAt],
    name: [sql`f_unaccent_lower(${table.name})`, table.name],
    label: [sql`f_unaccent_lower(${table.label})`, table.label],
  };
  const direction = query.order === 'desc' ? desc : asc;
  const orderBy = [...sortKeys[query.sort ?? 'name'], table.id].map((key) => direction(key));

  return paginate(
    query,
    async () => (await db.select({ total: count() }).from(table).where(where))[0]?.total ?? 0,
    async (window) => {
      const ordered = db
        .select()
        .from(table)
        .where(where)
        .orderBy(...orderBy);
      const rows = window ? await ordered.limit(window.limit).offset(window.offset) : await ordered;
      return rows.map(toItem);
    },
  );
}

export async function getCatalogueItem(
  db: Database,
  resource: CatalogueResource,
  id: string,
): Promise<CatalogueItem> {
  const { table } = CATALOGUES[resource];
  const [row] = await db.select().from(table).where(eq(table.id, id));
  if (!row) throw notFound(resource);
  return toItem(row);
}

export async function createCatalogueItem(
  db: Database,
  resource: CatalogueResource,
  input: CatalogueCreate,
): Promise<CatalogueItem> {
  const { table } = CATALOGUES[resource];
  try {
    const [row] = await db.insert(table).values(input).returning();
    if (!row) throw new Error('insert returned no row');
    return toItem(row);
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
      .returning();
    if (!row) throw notFound(resource);
    return toItem(row);
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
  try {
    const deleted = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id });
    if (deleted.length === 0) throw notFound(resource);
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError(409, 'errors:catalogue.in_use', { cause: error });
    throw error;
  }
}
