import type { Offering } from '@funil/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import { asNumber, defineShape, isoTimestamp } from '../../db/answer-shape';
import { isAnyIdOfJson } from '../../db/any-of-json';
import type { Database } from '../../db/client';
import { readRows } from '../../db/read-rows';
import { rowVersion, type Versioned } from '../../db/row-version';
import { franchises, offerings, offeringStock, platforms, quotas, verticals } from '../../db/schema';

/**
 * How offerings are read: the offering's row, its stock (kept by the database's triggers) and the
 * names of what it names, through one compiled shape (db/answer-shape.ts), so a list, a single
 * offering and a live event's record are the same answer.
 */

/** Units left: what neither an opportunity holding one nor a signed one has taken. */
export const availableUnits: SQL<number> = sql<number>`(${offerings.quantity} - ${offeringStock.held} - ${offeringStock.sold})`;

/** The stock's row of the offering (always one: the database writes it with the offering). */
export const stockJoin = eq(offeringStock.offeringId, offerings.id);

/** An embedded catalogue item: `{id, _id, name, label}`. */
const itemShape = (item: typeof verticals | typeof quotas | typeof platforms) => ({
  id: item.id,
  _id: item.id,
  name: item.name,
  label: item.label,
});

const offeringShape = defineShape<Offering, []>(() => ({
  id: offerings.id,
  _id: offerings.id,
  prospectus_year: offerings.prospectusYear,
  vertical: itemShape(verticals),
  platform: itemShape(platforms),
  quota: itemShape(quotas),
  franchise: franchises.name,
  quantity: offerings.quantity,
  list_price: asNumber(offerings.listPrice),
  status: offerings.status,
  held: offeringStock.held,
  sold: offeringStock.sold,
  available: availableUnits,
  createdAt: isoTimestamp(offerings.createdAt),
  updatedAt: isoTimestamp(offerings.updatedAt),
}));

export const toOfferings = (rows: unknown[][]): Offering[] => offeringShape.answers(rows);

/** Offerings with their stock and the records they name, to filter, order and page. */
export function selectOfferings(db: Database) {
  return selectOfferingsWith(db, {});
}

/** The same, with more columns after the shape's (a row version). */
function selectOfferingsWith<Extra extends Record<string, SQL>>(db: Database, extra: Extra) {
  return db
    .select({ ...offeringShape().columns, ...extra })
    .from(offerings)
    .innerJoin(offeringStock, stockJoin)
    .innerJoin(verticals, eq(verticals.id, offerings.verticalId))
    .innerJoin(platforms, eq(platforms.id, offerings.platformId))
    .innerJoin(quotas, eq(quotas.id, offerings.quotaId))
    .leftJoin(franchises, eq(franchises.id, offerings.franchiseId))
    .$dynamic();
}

/**
 * The offering and its row's version (the ETag of GET and PATCH), or undefined. The version is the
 * offering row's own: the stock is another row, so a sale does not make an edit of the offering
 * conflict.
 */
export async function findVersionedOffering(
  db: Database,
  id: string,
): Promise<Versioned<Offering> | undefined> {
  const [versioned] = await readRows(
    db,
    'offering_by_id',
    () => {
      const query = selectOfferingsWith(db, { version: rowVersion(offerings) }).where(
        eq(offerings.id, sql.placeholder('id')),
      );
      const { toAnswer, width } = offeringShape();
      const mapRows = (rows: unknown[][]): Versioned<Offering>[] =>
        rows.map((row) => ({ record: toAnswer(row), version: row[width] as string }));
      return { query, mapRows };
    },
    { id },
  );
  return versioned;
}

/** The offerings with these ids (missing ones are simply absent), as `GET /api/offerings/:id` answers each. */
export function getOfferingsByIds(db: Database, ids: readonly string[]): Promise<Offering[]> {
  return readRows(
    db,
    'offerings_by_ids',
    () => ({
      query: selectOfferings(db).where(isAnyIdOfJson(offerings.id, sql.placeholder('ids'))),
      mapRows: toOfferings,
    }),
    { ids: JSON.stringify(ids) },
  );
}
