import { sql } from 'drizzle-orm';
import { RECORD_STATUSES } from '@funil/shared';
import { bigint, numeric, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Shared column builders: every table gets database-generated uuids and UTC-aware timestamps.

export const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * A record's edit version (its ETag): the id of the transaction that last changed the record's own
 * fields. Set on insert here and on update by the `funil_stamp_version` trigger, which leaves it
 * alone when a write changes only the counters other rows keep on the record (its open tasks), so
 * a task written on a lead does not make an edit of the lead conflict.
 */
export const editVersion = () =>
  bigint('version', { mode: 'number' })
    .notNull()
    .default(sql`txid_current()`);

/** BRL amounts: exact decimals in the database, JSON numbers at the edge (mode 'number'). */
export const money = (name: string) =>
  numeric(name, { precision: 14, scale: 2, mode: 'number' }).notNull().default(0);

/** `status` of catalogues, brands and contacts: active or inactive, active by default. */
export const recordStatus = () => text('status', { enum: RECORD_STATUSES }).notNull().default('active');

/** The check that keeps `status` to those two values in the database too. */
export const recordStatusCheck = (column: string) => sql.raw(`${column} in ('active', 'inactive')`);

/**
 * A stored copy of `expression` (SQL over the row's columns) through f_unaccent_lower, kept by
 * PostgreSQL on every write: what `containsNormalised` and the trigram indexes read.
 */
export const normalisedForSearch = (name: string, expression: string) =>
  text(name).generatedAlwaysAs(sql.raw(`f_unaccent_lower(${expression})`));
