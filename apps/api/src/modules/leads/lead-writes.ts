import type { ContractStatus, LeadCreate, LeadUpdate } from '@funil/shared';
import { eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { readRows } from '../../db/read-rows';
import { rowVersion } from '../../db/row-version';
import { leads } from '../../db/schema';
import { type ColumnNames, patchColumns } from '../../lib/patch-columns';

/**
 * A lead's writes as kept statements (db/read-rows.ts): each shape of write — which columns it
 * sets — is built once and then sent by name with its values only, as the reads are.
 */

/** The lead's column for each API field (the franchises live in their own table). */
export const leadColumns = {
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

type LeadColumn = (typeof leadColumns)[keyof typeof leadColumns];

/** The values a write sets, by the lead table's column (property) names. */
export type LeadColumnValues = Partial<Record<LeadColumn | 'lostReason', unknown>>;

const COLUMNS = getTableColumns(leads);
const EDITABLE = Object.values(leadColumns);

/** `column = $column` for each column set, its values under the columns' own names. */
function placeholders(columns: readonly string[]): Record<string, SQL> {
  return Object.fromEntries(columns.map((column) => [column, sql`${sql.placeholder(column)}`]));
}

const noRows = () => undefined;

/** Inserts the lead with this id (made by the caller, so the statements after it can name it). */
export function insertLead(tx: Database, id: string, input: LeadCreate): Promise<void> {
  const values: Record<string, unknown> = { ...patchColumns(input, leadColumns), id };
  const columns = Object.keys(values).sort();
  return readRows(
    tx,
    `lead_insert|${columns.join(',')}`,
    () => ({ query: tx.insert(leads).values(placeholders(columns) as never), mapRows: noRows }),
    values,
  );
}

/** The lead's row as a write compares with it: its status, version and editable columns. */
export type LockedLead = {
  contractStatus: ContractStatus;
  version: string;
  columns: Partial<Record<LeadColumn, unknown>>;
};

/**
 * Locks the lead's row (FOR NO KEY UPDATE: a concurrent write of it waits until this transaction
 * ends, while its franchises and history may still reference it) and reads what the write
 * compares with; undefined when there is no such lead.
 */
export function lockLead(tx: Database, id: string): Promise<LockedLead | undefined> {
  return readRows(
    tx,
    'lead_lock',
    () => ({
      query: tx
        .select({
          version: rowVersion(leads),
          ...Object.fromEntries(EDITABLE.map((column) => [column, COLUMNS[column]])),
        })
        .from(leads)
        .where(eq(leads.id, sql.placeholder('id')))
        .for('no key update'),
      mapRows: (rows): LockedLead | undefined => {
        const row = rows[0];
        if (!row) return undefined;
        const columns = Object.fromEntries(EDITABLE.map((column, index) => [column, row[index + 1]]));
        return { contractStatus: columns.contractStatus as ContractStatus, version: String(row[0]), columns };
      },
    }),
    { id },
  );
}

/** Whether a value sent equals the stored one (money arrives as text, ids in any letter case). */
function sameValue(column: string, sent: unknown, stored: unknown): boolean {
  if (sent === null || stored === null || stored === undefined) return sent === stored;
  if (typeof sent === 'number') return Number(stored) === sent;
  if (column.endsWith('Id') && typeof sent === 'string' && typeof stored === 'string') {
    return sent.toLowerCase() === stored.toLowerCase();
  }
  return sent === stored;
}

/** The ones of `values` that differ from the locked row (the others need not be written). */
export function changedColumns(values: LeadColumnValues, current: LockedLead): LeadColumnValues {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([column, value]) => !sameValue(column, value, current.columns[column as LeadColumn]),
    ),
  );
}

/**
 * Updates the lead's columns in `values` and its `updated_at` (always: a save is a new version,
 * even of the values the record had).
 */
export function updateLeadColumns(tx: Database, id: string, values: LeadColumnValues): Promise<void> {
  const columns = Object.keys(values).sort();
  return readRows(
    tx,
    `lead_update|${columns.join(',')}`,
    () => ({
      query: tx
        .update(leads)
        .set({ ...placeholders(columns), updatedAt: sql`${sql.placeholder('updatedAt')}` })
        .where(eq(leads.id, sql.placeholder('id'))),
      mapRows: noRows,
    }),
    { ...values, id, updatedAt: new Date().toISOString() },
  );
}
