import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A row's version, for the ETag of a lead, brand or contact (docs/api.md, Concurrent edits): the
 * row's `xmin`, the id of the transaction that wrote this version of the row, as text.
 *
 * Why xmin and not `updated_at`: every UPDATE writes a new row version with a new xmin, whoever
 * wrote it and whatever it changed — a card dragged to another column, a contact demoted by
 * another one's promotion, a picture, a script — while `updated_at` is whatever the writer set
 * (ms precision, two writes in one ms look alike, a writer may not set it). It costs no column,
 * no migration and no trigger, and reads the same on PGlite and PostgreSQL. Locking a row (FOR
 * NO KEY UPDATE) does not change it. Its limits: a dump and restore rewrites every row (each
 * record then answers one spurious 412), and the 32-bit transaction ids wrap around after ~4
 * billion transactions, so a version could in theory repeat; both are acceptable for "did
 * someone save since I loaded this form".
 */
export const rowVersion = (table: PgTable): SQL<string> => sql<string>`${table}.xmin::text`;

/** A record with the version of the row it was read from. */
export type Versioned<T> = { record: T; version: string };
