import { z } from 'zod';
import { CONTRACT_STATUSES } from '../constants';
import { brandSchema } from './brands';
import { contactSchema } from './contacts';
import { leadSchema } from './leads';
import { noteSchema } from './notes';
import { offeringSchema } from './offerings';
import { taskSchema } from './tasks';

/**
 * The live-update stream (`GET /api/events`, server-sent events): one event per lead, brand,
 * contact, note, task or offering created, updated or deleted, by anyone. The SSE `event:` field carries the same type as
 * the body's `type`; `reset` (no body to speak of) means "your Last-Event-ID is too old: reload
 * every list".
 */
export const LIVE_EVENT_TYPES = [
  'lead.created',
  'lead.updated',
  'lead.deleted',
  'brand.created',
  'brand.updated',
  'brand.deleted',
  'contact.created',
  'contact.updated',
  'contact.deleted',
  'note.created',
  'note.updated',
  'note.deleted',
  'task.created',
  'task.updated',
  'task.deleted',
  'offering.created',
  'offering.updated',
  'offering.deleted',
] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/** Who made the change; null for a command-line tool or a statement typed by hand. */
export const liveEventActorSchema = z.object({ id: z.string(), name: z.string() }).nullable();
export type LiveEventActor = z.infer<typeof liveEventActorSchema>;

/** Present only when a lead's status moved. */
export const liveEventChangesSchema = z.object({
  contract_status: z.object({ from: z.enum(CONTRACT_STATUSES), to: z.enum(CONTRACT_STATUSES) }).optional(),
});
export type LiveEventChanges = z.infer<typeof liveEventChangesSchema>;

const envelope = {
  id: z.string(),
  by: liveEventActorSchema,
  at: z.iso.datetime(),
  changes: liveEventChangesSchema.optional(),
};

/**
 * `record` is the record exactly as `GET /api/<resource>/:id` answers it; it is absent on a
 * delete, and a create or update without it means "that record changed: read it again".
 */
const eventOf = <const T extends string, R extends z.ZodType>(type: T, record: R) =>
  z.object({ type: z.literal(type), ...envelope, record: record.optional() });

/** A delete carries no record (one sent anyway is dropped: the record is gone). */
const deletedEventOf = <const T extends string>(type: T) => z.object({ type: z.literal(type), ...envelope });

export const liveEventSchema = z.discriminatedUnion('type', [
  eventOf('lead.created', leadSchema),
  eventOf('lead.updated', leadSchema),
  deletedEventOf('lead.deleted'),
  eventOf('brand.created', brandSchema),
  eventOf('brand.updated', brandSchema),
  deletedEventOf('brand.deleted'),
  eventOf('contact.created', contactSchema),
  eventOf('contact.updated', contactSchema),
  deletedEventOf('contact.deleted'),
  eventOf('note.created', noteSchema),
  eventOf('note.updated', noteSchema),
  deletedEventOf('note.deleted'),
  eventOf('task.created', taskSchema),
  eventOf('task.updated', taskSchema),
  deletedEventOf('task.deleted'),
  eventOf('offering.created', offeringSchema),
  eventOf('offering.updated', offeringSchema),
  deletedEventOf('offering.deleted'),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

/**
 * The event without its record checked: a client whose record schema lags the server's can still
 * tell which record changed and read it again instead of dropping the event.
 */
export const liveEventEnvelopeSchema = z.object({
  type: z.enum(LIVE_EVENT_TYPES),
  ...envelope,
  record: z.unknown().optional(),
});
export type LiveEventEnvelope = z.infer<typeof liveEventEnvelopeSchema>;
