import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { brands } from './brands';
import { createdAt, id, updatedAt } from './columns';
import { leads } from './leads';
import { users } from './users';

/** A record is a lead or a brand, never both (and a note always belongs to one). */
const atMostOneRecord = (leadId: string, brandId: string) =>
  sql.raw(`not (${leadId} is not null and ${brandId} is not null)`);

/** What was said about an opportunity or a brand. Deleted with its record. */
export const notes = pgTable(
  'notes',
  {
    id: id(),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'cascade' }),
    /** Null once the author's account is deleted: the note stays. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** The ids of the users the note names, in the order given. */
    mentions: uuid('mentions')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('notes_one_record', sql`num_nonnulls(${table.leadId}, ${table.brandId}) = 1`),
    // A record's notes and its timeline, newest first (read backwards).
    index('notes_lead_id_created_at_idx').on(table.leadId, table.createdAt, table.id),
    index('notes_brand_id_created_at_idx').on(table.brandId, table.createdAt, table.id),
    index('notes_author_id_idx').on(table.authorId),
  ],
);

/** What must happen next: a task with a due date, an assignee and an optional reminder. */
export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    title: text('title').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** When the assignee is emailed; null: never. */
    remindAt: timestamp('remind_at', { withTimezone: true }),
    /**
     * The `remind_at` whose reminder was handed to the mail server: a reminder is owed while the
     * task is open and `remind_at` differs from it (a new time owes a new one).
     */
    remindedFor: timestamp('reminded_for', { withTimezone: true }),
    done: boolean('done').notNull().default(false),
    doneAt: timestamp('done_at', { withTimezone: true }),
    doneBy: uuid('done_by').references(() => users.id, { onDelete: 'set null' }),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('tasks_one_record_at_most', atMostOneRecord('lead_id', 'brand_id')),
    check('tasks_done_at_when_done', sql`(${table.done}) = (${table.doneAt} is not null)`),
    // "My open tasks" by due date, and the overdue count of the sidebar.
    index('tasks_assignee_open_due_idx').on(table.assigneeId, table.done, table.dueAt, table.id),
    // Everyone's tasks by due date (managers' view).
    index('tasks_open_due_idx').on(table.done, table.dueAt, table.id),
    // A record's tasks and its timeline (created and completed entries).
    index('tasks_lead_id_created_at_idx').on(table.leadId, table.createdAt, table.id),
    index('tasks_brand_id_created_at_idx').on(table.brandId, table.createdAt, table.id),
    index('tasks_lead_id_done_at_idx')
      .on(table.leadId, table.doneAt, table.id)
      .where(sql`${table.doneAt} is not null`),
    index('tasks_brand_id_done_at_idx')
      .on(table.brandId, table.doneAt, table.id)
      .where(sql`${table.doneAt} is not null`),
    index('tasks_created_by_idx').on(table.createdBy),
  ],
);

/**
 * Work that must run once at a moment, whichever process runs it: a task's reminder, a mention's
 * email, a password reset's email. Kept in the database so that a job survives restarts and
 * several processes share the queue. A process claims due jobs by writing a lease on them
 * (`claimed_by`, `claimed_until`) in one short statement, does their work outside any
 * transaction, and deletes each one in a short transaction once done, if the lease is still its
 * own; a lease that ends (a crashed process) makes the job due again. `key` names the job's
 * subject, so rescheduling replaces it (and releases its lease).
 */
export const scheduledJobs = pgTable(
  'scheduled_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    key: text('key').notNull().unique(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    payload: jsonb('payload')
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Failed attempts, whatever the cause (counted for the logs; transient ones never give up). */
    attempts: integer('attempts').notNull().default(0),
    /** Attempts the mail server refused for good (an SMTP 5xx): a few of them give the job up. */
    refusals: integer('refusals').notNull().default(0),
    lastError: text('last_error'),
    /** The claim (one per claiming statement) whose lease holds the job; null: nobody's. */
    claimedBy: text('claimed_by'),
    /** When that lease ends: after it, the job is due again for any process. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('scheduled_jobs_run_at_idx').on(table.runAt, table.id),
    // The next moment a lease ends (when to look at the queue again): the leased jobs alone.
    index('scheduled_jobs_claimed_until_idx')
      .on(table.claimedUntil)
      .where(sql`${table.claimedUntil} is not null`),
  ],
);
