import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * What a write to a lead, brand or contact left to announce: one row per record written, inserted
 * by the tables' triggers in the writer's own transaction, so any writer (an API process, a CLI, a
 * statement typed by hand) is heard. Rows wait here until a process turns them into `events`.
 */
export const eventOutbox = pgTable('event_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  type: text('type').notNull(),
  entityId: uuid('entity_id').notNull(),
  /** The user the writer named with `set_config('funil.actor', …)`; null for a CLI or by hand. */
  actorId: uuid('actor_id'),
  /** `{"contract_status": {"from": …, "to": …}}` when a lead's status moved. */
  changes: jsonb('changes'),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The live-update log every process streams from. An event's id is given when it leaves the
 * outbox, one batch at a time under a lock, so ids follow the order in which writes committed and
 * a reader that has seen id N will never later find a smaller one. `data` is the event's JSON as
 * sent, written once.
 */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    data: text('data').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('events_at_idx').on(table.at)],
);
