import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A record's version, for the ETag of a lead, brand, contact or offering (Concurrent edits in the
 * API documentation), as text.
 *
 * Leads and brands carry a `version` column (schema/columns.ts `editVersion`): the id of the
 * transaction that last changed the record's own fields, stamped by a trigger on every UPDATE but
 * one that changes only the counters the tasks keep on the record (`open_tasks`,
 * `next_task_due_at`). A task written on a lead is not an edit of the lead, so it must not make
 * the next edit over the lead's ETag a 412.
 *
 * The other records have no counters kept by other rows, so their version is the row's `xmin`,
 * the id of the transaction that wrote this version of the row: every UPDATE writes a new row
 * version with a new xmin, whoever wrote it and whatever it changed, while `updated_at` is
 * whatever the writer set (ms precision, two writes in one ms look alike, a writer may not set
 * it). Locking a row (FOR NO KEY UPDATE) changes neither. Their limits: a dump and restore
 * rewrites every row's xmin (each such record then answers one spurious 412), and the 32-bit
 * transaction ids wrap around after ~4 billion transactions, so an xmin could in theory repeat;
 * both are acceptable for "did someone save since I loaded this form".
 */
export const rowVersion = (table: PgTable): SQL<string> =>
  'version' in getTableColumns(table)
    ? sql<string>`${table}.version::text`
    : sql<string>`${table}.xmin::text`;

/** A record with the version of the row it was read from. */
export type Versioned<T> = { record: T; version: string };
