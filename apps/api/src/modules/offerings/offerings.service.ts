import {
  NATIONAL_FRANCHISE_FILTER,
  type Offering,
  type OfferingCreate,
  type OfferingListQuery,
  type OfferingListResponse,
  type OfferingSortField,
  type OfferingUpdate,
} from '@funil/shared';
import { and, asc, count, desc, eq, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { firstNumber, readRows } from '../../db/read-rows';
import { rowVersion, type Versioned } from '../../db/row-version';
import { franchises, offerings, offeringStock } from '../../db/schema';
import { writeAs } from '../../db/write-as';
import { AppError } from '../../lib/app-error';
import { checkIfMatch } from '../../lib/etag';
import { paginate } from '../../lib/pagination';
import { type ColumnNames, patchColumns } from '../../lib/patch-columns';
import { checkOfferingReferences } from './offering-references';
import {
  availableUnits,
  findVersionedOffering,
  selectOfferings,
  stockJoin,
  toOfferings,
} from './offering-select';

const notFound = () => new AppError(404, 'errors:not_found.offering');

/** The list's filters in use (part of its statements' keys) and their values by placeholder. */
function offeringListFilter(query: OfferingListQuery) {
  const values: Record<string, string | number> = {};
  if (query.prospectus_year !== undefined) values.p_year = query.prospectus_year;
  if (query.vertical) values.p_vertical = query.vertical;
  if (query.platform) values.p_platform = query.platform;
  if (query.quota) values.p_quota = query.quota;
  const national = query.franchise === NATIONAL_FRANCHISE_FILTER;
  if (query.franchise && !national) values.p_franchise = query.franchise;
  if (query.status) values.p_status = query.status;
  // Flags whose condition has no value: part of the key, not of the values.
  const flags = [
    national ? 'national' : undefined,
    query.available === undefined ? undefined : `available=${query.available}`,
  ].filter((flag) => flag !== undefined);
  return { key: [...Object.keys(values), ...flags].join(','), values, national, available: query.available };
}

type ListFilter = ReturnType<typeof offeringListFilter>;

/** The WHERE for the filters in use, as placeholders (an unknown praça's name matches nothing). */
const offeringListCondition = (filter: ListFilter): SQL | undefined =>
  and(
    filter.values.p_year === undefined ? undefined : eq(offerings.prospectusYear, sql.placeholder('p_year')),
    filter.values.p_vertical ? eq(offerings.verticalId, sql.placeholder('p_vertical')) : undefined,
    filter.values.p_platform ? eq(offerings.platformId, sql.placeholder('p_platform')) : undefined,
    filter.values.p_quota ? eq(offerings.quotaId, sql.placeholder('p_quota')) : undefined,
    filter.national ? isNull(offerings.franchiseId) : undefined,
    filter.values.p_franchise
      ? sql`${offerings.franchiseId} = (select ${franchises.id} from ${franchises} where ${franchises.name} = ${sql.placeholder('p_franchise')})`
      : undefined,
    filter.values.p_status ? eq(offerings.status, sql.placeholder('p_status')) : undefined,
    filter.available === undefined
      ? undefined
      : filter.available
        ? sql`${availableUnits} > 0`
        : sql`${availableUnits} <= 0`,
  );

const SORT_KEYS: Record<OfferingSortField, SQLWrapper> = {
  prospectus_year: offerings.prospectusYear,
  available: availableUnits,
  list_price: offerings.listPrice,
  createdAt: offerings.createdAt,
};

/** The list's order: without `sort`, newest first; the id breaks ties, so paging never repeats or skips one. */
function offeringListOrder(query: OfferingListQuery) {
  const sort = query.sort ?? 'createdAt';
  const order = query.order ?? 'desc';
  const direction = order === 'desc' ? desc : asc;
  return { key: `${sort} ${order}`, orderBy: () => [direction(SORT_KEYS[sort]), direction(offerings.id)] };
}

/**
 * GET /api/offerings: filters, then a page. The page's ids are picked from the offerings and their
 * stock alone; only that page is joined to its catalogue items and praça.
 */
export async function listOfferings(db: Database, query: OfferingListQuery): Promise<OfferingListResponse> {
  const filter = offeringListFilter(query);
  const order = offeringListOrder(query);
  const where = () => offeringListCondition(filter);
  const shapeKey = `${filter.key}|${order.key}`;

  return paginate(
    query,
    () =>
      readRows(
        db,
        `offering_count|${filter.key}`,
        () => {
          const counted = db.select({ total: count() }).from(offerings).$dynamic();
          // Only the `available` filter reads the stock.
          const from = filter.available === undefined ? counted : counted.innerJoin(offeringStock, stockJoin);
          return { query: from.where(where()), mapRows: firstNumber };
        },
        filter.values,
      ),
    (window) => {
      if (!window)
        return readRows(
          db,
          `offering_list_all|${shapeKey}`,
          () => ({
            query: selectOfferings(db)
              .where(where())
              .orderBy(...order.orderBy()),
            mapRows: toOfferings,
          }),
          filter.values,
        );
      return readRows(
        db,
        `offering_page|${shapeKey}`,
        () => {
          const page = db
            .select({ id: offerings.id })
            .from(offerings)
            .innerJoin(offeringStock, stockJoin)
            .where(where())
            .orderBy(...order.orderBy())
            .limit(sql.placeholder('limit'))
            .offset(sql.placeholder('offset'))
            .as('page');
          const rows = selectOfferings(db)
            .innerJoin(page, eq(page.id, offerings.id))
            .orderBy(...order.orderBy());
          return { query: rows, mapRows: toOfferings };
        },
        { ...filter.values, limit: window.limit, offset: window.offset },
      );
    },
  );
}

/** The offering with its version (GET /api/offerings/:id answers it as the ETag). */
export async function getVersionedOffering(db: Database, id: string): Promise<Versioned<Offering>> {
  const versioned = await findVersionedOffering(db, id);
  if (!versioned) throw notFound();
  return versioned;
}

/** The offering's column for each API field (the praça is written by id, found from its name). */
const offeringColumns = {
  prospectus_year: 'prospectusYear',
  vertical: 'verticalId',
  platform: 'platformId',
  quota: 'quotaId',
  quantity: 'quantity',
  list_price: 'listPrice',
  status: 'status',
} as const satisfies ColumnNames<OfferingUpdate, keyof typeof offerings.$inferInsert>;

/**
 * POST /api/offerings. The database decides the rest in the same statement: one offering per key
 * (409 "Esta cota já está no prospecto"), and never fewer units than the opportunities already
 * holding it (409 "Já há N oportunidades com esta cota").
 */
export async function createOffering(
  db: Database,
  input: OfferingCreate,
  userId: string | null,
): Promise<Offering> {
  return writeAs(db, userId, async (tx) => {
    const franchiseId = await checkOfferingReferences(tx, input);
    const [row] = await tx
      .insert(offerings)
      .values({ ...patchColumns(input, offeringColumns), franchiseId: franchiseId ?? null })
      .returning({ id: offerings.id });
    if (!row) throw new Error('offering insert returned no row');
    return (await getVersionedOffering(tx, row.id)).record;
  });
}

/**
 * PATCH /api/offerings/:id: any field. The row is locked before `ifMatch` is compared with its
 * version (lib/etag.ts). The database refuses, in the same statement, a key another offering has,
 * fewer units than the holders, and a re-activation over the units left (409 "Cota esgotada: …").
 */
export async function updateOffering(
  db: Database,
  id: string,
  input: OfferingUpdate,
  userId: string | null,
  ifMatch?: string,
): Promise<Versioned<Offering>> {
  return writeAs(db, userId, async (tx) => {
    const [current] = await tx
      .select({ version: rowVersion(offerings) })
      .from(offerings)
      .where(eq(offerings.id, id))
      .for('no key update');
    if (!current) throw notFound();
    checkIfMatch(ifMatch, current.version);
    const franchiseId = await checkOfferingReferences(tx, input);
    await tx
      .update(offerings)
      .set({
        ...patchColumns(input, offeringColumns),
        ...(franchiseId === undefined ? {} : { franchiseId }),
        updatedAt: new Date(),
      })
      .where(eq(offerings.id, id));
    return getVersionedOffering(tx, id);
  });
}

/** DELETE /api/offerings/:id: the opportunities that held it keep their status. */
export async function deleteOffering(db: Database, id: string, userId: string | null): Promise<void> {
  const deleted = await writeAs(db, userId, (tx) =>
    tx.delete(offerings).where(eq(offerings.id, id)).returning({ id: offerings.id }),
  );
  if (deleted.length === 0) throw notFound();
}
