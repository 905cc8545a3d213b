import { NATIONAL_FRANCHISE_FILTER, type OfferingExportQuery } from '@funil/shared';
import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { franchises, offerings, offeringStock, platforms, quotas, verticals } from '../../../db/schema';
import {
  epochMs,
  type ExportColumn,
  type ExportLabels,
  type ExportSheet,
  moneyText,
  orEmpty,
  recordStatus,
} from './export-sheet';

/** Units left: quantity less the opportunities holding one and the signed ones. */
const available = sql<number>`(${offerings.quantity} - ${offeringStock.held} - ${offeringStock.sold})`;

const SORT_KEYS = {
  prospectus_year: offerings.prospectusYear,
  available,
  list_price: offerings.listPrice,
  createdAt: offerings.createdAt,
} as const;

/** The list's filters as one condition (undefined: every offering). */
function offeringCondition(query: OfferingExportQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    query.prospectus_year === undefined ? undefined : eq(offerings.prospectusYear, query.prospectus_year),
    query.vertical === undefined ? undefined : eq(offerings.verticalId, query.vertical),
    query.platform === undefined ? undefined : eq(offerings.platformId, query.platform),
    query.quota === undefined ? undefined : eq(offerings.quotaId, query.quota),
    query.status === undefined ? undefined : eq(offerings.status, query.status),
  ];
  if (query.franchise === NATIONAL_FRANCHISE_FILTER) conditions.push(isNull(offerings.franchiseId));
  else if (query.franchise !== undefined)
    // A praça nobody has: no offering (the list answers an empty page for it too).
    conditions.push(
      sql`${offerings.franchiseId} = (select ${franchises.id} from ${franchises} where ${eq(franchises.name, query.franchise)})`,
    );
  // available=true: some unit left; false: sold out.
  if (query.available === true) conditions.push(sql`${available} > 0`);
  if (query.available === false) conditions.push(sql`${available} <= 0`);
  return and(...conditions);
}

/**
 * GET /api/offerings/export: every offering the prospectus list's filters match, in the list's
 * order (by `createdAt` unless sorted, descending unless `order=asc`), with catalogue items by label (the import reads a name or a
 * label back), the praça's name (empty for a national offering: the import reads it so) and the
 * stock as the database counts it, which an import ignores.
 */
export function offeringExportSheet(
  db: Database,
  query: OfferingExportQuery,
  labels: ExportLabels,
): ExportSheet {
  const sort = query.sort ?? 'createdAt';
  const direction = (query.order ?? 'desc') === 'desc' ? desc : asc;
  const built = db
    .select({
      prospectusYear: offerings.prospectusYear,
      vertical: verticals.label,
      platform: platforms.label,
      quota: quotas.label,
      franchise: franchises.name,
      quantity: offerings.quantity,
      listPrice: moneyText(offerings.listPrice),
      status: offerings.status,
      held: offeringStock.held,
      sold: offeringStock.sold,
      available,
      createdAt: epochMs(offerings.createdAt),
      updatedAt: epochMs(offerings.updatedAt),
    })
    .from(offerings)
    .innerJoin(offeringStock, eq(offeringStock.offeringId, offerings.id))
    .innerJoin(verticals, eq(verticals.id, offerings.verticalId))
    .innerJoin(platforms, eq(platforms.id, offerings.platformId))
    .innerJoin(quotas, eq(quotas.id, offerings.quotaId))
    .leftJoin(franchises, eq(franchises.id, offerings.franchiseId))
    .where(offeringCondition(query))
    .orderBy(direction(SORT_KEYS[sort]), direction(offerings.id))
    .toSQL();

  const text: ExportColumn = { type: 'text', width: 18 };
  const count: ExportColumn = { type: 'integer', width: 12 };
  const columns: ExportColumn[] = [
    { type: 'integer', width: 8 }, // prospectus_year
    text, // vertical
    text, // platform
    text, // quota
    { type: 'text', width: 18, convert: orEmpty }, // franchise
    count, // quantity
    { type: 'money', width: 16 }, // list_price
    { type: 'text', width: 10, convert: recordStatus(labels) },
    count, // held
    count, // sold
    count, // available
    { type: 'date', width: 17 }, // createdAt
    { type: 'date', width: 17 }, // updatedAt
  ];
  return { kind: 'offerings', columns, query: { sql: built.sql, params: built.params } };
}
