import { randomUUID } from 'node:crypto';
import { foldForSearch, type OfferingCreate, offeringCreateSchema } from '@funil/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import { offerings } from '../../../db/schema';
import { CATALOGUE_FIELDS, type Catalogues, loadCatalogues } from './catalogue-lookup';
import { parseAmount, parseRecordStatus } from './cell-values';
import { normaliseHeader } from './header-mapping';
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
} from './import-rows';

/**
 * The prospectus's offerings. Catalogue items by name or label, the praça by name (empty, or
 * "Nacional", for a national offering), all case- and accent-insensitive; the quantity and the
 * table price as a person writes them (`R$ 450.000,00`, `450000`). Duplicate key: year, vertical,
 * platform, quota and praça, as the database's own. One already in Funil skips the row ("Esta cota
 * já está no prospecto") or, with on_duplicate=update, takes the row's filled quantity, price and
 * status where they differ (none: unchanged, nothing written). What the database refuses — fewer
 * units than the opportunities already holding it, a re-activation over them — skips that row alone
 * (refused-rows.ts).
 */

export type OfferingWrite =
  | { id: string; isNew: true; offering: OfferingCreate & { franchiseId: string | null } }
  | { id: string; isNew: false; changes: OfferingChanges };

/** The fields an update may change: the others say which offering it is. */
const CHANGE_FIELDS = ['quantity', 'list_price', 'status'] as const;
type ChangeField = (typeof CHANGE_FIELDS)[number];
type OfferingChanges = Partial<Pick<OfferingCreate, ChangeField>>;

/** What a praça cell may say of a national offering, in any of the three languages (normalised). */
const NATIONAL_WORDS = new Set(['nacional', 'national', 'brasil', 'brazil']);

type OfferingKey = Pick<OfferingCreate, 'prospectus_year' | 'vertical' | 'platform' | 'quota'> & {
  franchiseId: string | null;
};

const keyOf = (offering: OfferingKey) =>
  [
    offering.prospectus_year,
    offering.vertical,
    offering.platform,
    offering.quota,
    offering.franchiseId ?? '',
  ].join('|');

/**
 * A number cell for the schema: an XLSX number, or text read as an amount (`1.000`, `R$ 450.000,00`);
 * text that is none is passed as it is, so the schema answers its own message for the field.
 */
function amountOf(row: ReadRow, field: string, context: PlanContext): number | string | undefined {
  const cell = cellOf(row, field);
  if (cell.text === '') return undefined;
  return parseAmount(cell, context.delimiter) ?? cell.text;
}

/** A row's offering, its references resolved and validated by the API's offering schema. */
function validateRow(row: ReadRow, catalogues: Catalogues, context: PlanContext) {
  const issues: RowIssue[] = [...row.issues];
  const year = cellOf(row, 'prospectus_year');
  const input: Record<string, unknown> = {
    prospectus_year: year.number ?? textOf(row, 'prospectus_year'),
    quantity: amountOf(row, 'quantity', context),
    list_price: amountOf(row, 'list_price', context),
  };
  for (const [field, notFound] of CATALOGUE_FIELDS) {
    const text = textOf(row, field);
    if (text === undefined) continue;
    const id = catalogues[field].get(foldForSearch(text));
    if (id) input[field] = id;
    else issues.push({ field, key: notFound });
  }
  let franchiseId: string | null = null;
  const franchiseText = textOf(row, 'franchise');
  if (franchiseText !== undefined && !NATIONAL_WORDS.has(normaliseHeader(franchiseText))) {
    const franchise = catalogues.franchise.get(foldForSearch(franchiseText));
    if (franchise) {
      input.franchise = franchise.name;
      franchiseId = franchise.id;
    } else issues.push({ field: 'franchise', key: 'validation:spreadsheet.franchise_not_found' });
  }
  const status = parseRecordStatus(cellOf(row, 'status'));
  if (status === null) issues.push({ field: 'status', key: 'validation:spreadsheet.status_invalid' });
  else input.status = status;

  const parsed = offeringFillSchema.safeParse(input);
  if (!parsed.success) issues.push(...schemaIssues(parsed.error, (path) => path || null, issues));
  if (!parsed.success || issues.length > 0) return { issues, offering: null };
  return { issues, offering: { ...parsed.data, franchiseId } };
}

/**
 * What a row says of an offering: a whole one, or, without a quantity, one Funil holds (an empty
 * cell is a hole there, never a value).
 */
const offeringFillSchema = offeringCreateSchema.partial({ quantity: true });
type OfferingFill = z.output<typeof offeringFillSchema> & { franchiseId: string | null };

/** A new offering needs its units: the schema's own message when the row has none. */
const QUANTITY_MISSING: RowIssue = { field: 'quantity', key: 'validation:offering.quantity_invalid' };

type StoredOffering = OfferingKey & Pick<OfferingCreate, ChangeField> & { id: string };

/** The stored offerings of these years (a prospectus holds a few thousand at most). */
async function offeringsOfYears(db: Database, years: readonly number[]): Promise<StoredOffering[]> {
  return db
    .select({
      id: offerings.id,
      prospectus_year: offerings.prospectusYear,
      vertical: offerings.verticalId,
      platform: offerings.platformId,
      quota: offerings.quotaId,
      franchiseId: offerings.franchiseId,
      quantity: offerings.quantity,
      list_price: offerings.listPrice,
      status: offerings.status,
    })
    .from(offerings)
    .where(
      sql`${offerings.prospectusYear} in (select json_array_elements_text(${JSON.stringify(years)}::json)::integer)`,
    );
}

/** The row's filled fields whose value differs from the stored offering's. */
function offeringChanges(row: ReadRow, stored: StoredOffering, offering: OfferingFill): OfferingChanges {
  const changes: OfferingChanges = {};
  for (const field of CHANGE_FIELDS) {
    if (!isFilled(row, field) || offering[field] === stored[field]) continue;
    Object.assign(changes, { [field]: offering[field] });
  }
  return changes;
}

/** The row's issue for an offering already in Funil, or met earlier in the file. */
const DUPLICATE: RowIssue = { field: 'quota', key: 'errors:offerings.duplicate' };

async function plan(
  db: Database,
  rows: ReadRow[],
  context: PlanContext,
): Promise<PlannedRow<OfferingWrite>[]> {
  const catalogues = await loadCatalogues(db);
  const validated = rows.map((row) => ({ row, ...validateRow(row, catalogues, context) }));
  const years = [
    ...new Set(validated.flatMap(({ offering }) => (offering ? [offering.prospectus_year] : []))),
  ];
  const existing = new Map(
    (years.length > 0 ? await offeringsOfYears(db, years) : []).map((stored) => [keyOf(stored), stored]),
  );

  const seen = new Set<string>();
  return validated.map(({ row, issues, offering }): PlannedRow<OfferingWrite> => {
    if (!offering) return skipped(row, issues);
    const key = keyOf(offering);
    if (seen.has(key)) return skipped(row, [DUPLICATE]);
    seen.add(key);
    const planned = (
      action: PlannedRow<OfferingWrite>['action'],
      write?: OfferingWrite,
    ): PlannedRow<OfferingWrite> => ({
      line: row.line,
      values: row.values,
      issues: [],
      action,
      ...(write ? { write } : {}),
    });
    const stored = existing.get(key);
    if (stored === undefined) {
      const { quantity } = offering;
      return quantity === undefined
        ? skipped(row, [QUANTITY_MISSING])
        : planned('create', { id: randomUUID(), isNew: true, offering: { ...offering, quantity } });
    }
    if (context.onDuplicate === 'skip') return skipped(row, [DUPLICATE]);
    const changes = offeringChanges(row, stored, offering);
    if (Object.keys(changes).length === 0) return planned('unchanged');
    return planned('update', { id: stored.id, isNew: false, changes });
  });
}

const BATCH = 2_000;

const RECORD_COLUMNS = sql.raw(`id uuid, prospectus_year integer, vertical_id uuid, platform_id uuid,
  quota_id uuid, franchise_id uuid, quantity integer, list_price numeric, status text`);
const CHANGE_COLUMNS = sql.raw('id uuid, quantity integer, list_price numeric, status text');
// An update's field takes the row's value, or keeps the offering's own when the row has none (null).
const ASSIGNMENTS = sql.raw(
  CHANGE_FIELDS.map((field) => `${field} = coalesce(r.${field}, offerings.${field})`).join(', '),
);
// Only an offering whose fields would really change is written (no updated_at, no event
// otherwise), even if it changed between the plan and this statement.
const DIFFERS = sql.raw(
  `(${CHANGE_FIELDS.map((field) => `offerings.${field}`).join(', ')}) is distinct from (${CHANGE_FIELDS.map(
    (field) => `coalesce(r.${field}, offerings.${field})`,
  ).join(', ')})`,
);

/**
 * Inserts the new offerings and updates the existing ones, a batch per statement read from one
 * JSON parameter. The database's triggers count each new offering's holders and refuse a batch
 * that gives one fewer units than them (or re-activates one over them); the outbox triggers send
 * one event per offering a statement really writes, naming the transaction's user.
 */
async function write(tx: Database, rows: OfferingWrite[]) {
  const created = rows.flatMap((row) =>
    row.isNew
      ? [
          {
            id: row.id,
            prospectus_year: row.offering.prospectus_year,
            vertical_id: row.offering.vertical,
            platform_id: row.offering.platform,
            quota_id: row.offering.quota,
            franchise_id: row.offering.franchiseId,
            quantity: row.offering.quantity,
            list_price: row.offering.list_price,
            status: row.offering.status,
          },
        ]
      : [],
  );
  for (const batch of chunks(created, BATCH)) {
    await tx.execute(sql`
      insert into ${offerings} (id, prospectus_year, vertical_id, platform_id, quota_id, franchise_id, quantity, list_price, status)
      select r.id, r.prospectus_year, r.vertical_id, r.platform_id, r.quota_id, r.franchise_id, r.quantity, r.list_price, r.status
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(${RECORD_COLUMNS})`);
  }
  const changed = rows.flatMap((row) => (row.isNew ? [] : [{ id: row.id, ...row.changes }]));
  for (const batch of chunks(changed, BATCH)) {
    await tx.execute(sql`
      update ${offerings} set ${ASSIGNMENTS}, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(${CHANGE_COLUMNS})
      where ${offerings.id} = r.id and ${DIFFERS}`);
  }
}

/** An offering row's name: its quota, platform, vertical, year and praça, as the sold-out message says them. */
const nameOf = (row: ReadRow): string | null =>
  ['quota', 'platform', 'vertical', 'prospectus_year', 'franchise']
    .map((field) => cellOf(row, field).text)
    .filter((text) => text !== '')
    .join(' · ') || null;

/** The field a refused offering row is about: its units, or its re-activation, or its key. */
const REFUSED_FIELD: Record<string, string> = {
  'errors:offerings.holders_exceed': 'quantity',
  'errors:offerings.sold_out': 'status',
  'errors:offerings.sold_out_regional': 'status',
  'errors:offerings.duplicate': 'quota',
};

export const offeringImporter: KindImporter<OfferingWrite> = {
  plan,
  write,
  nameOf,
  refusedField: (key) => REFUSED_FIELD[key] ?? null,
};
