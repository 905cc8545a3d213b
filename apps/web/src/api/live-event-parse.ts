import { type LiveEvent, liveEventEnvelopeSchema, liveEventSchema } from '@funil/shared';

/**
 * An event's body, checked. A body whose envelope is right but whose record is not (a record
 * schema behind the server's) becomes the event without its record, which tells the caches to
 * read that record again rather than lose the change; anything else is null.
 *
 * A module of its own because it brings zod and every record's schema: the live stream fetches it
 * as it connects, beside the screen's first requests, instead of in the page's first download.
 */
export function parseLiveEvent(data: string): LiveEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const full = liveEventSchema.safeParse(json);
  if (full.success) return full.data;
  const envelope = liveEventEnvelopeSchema.safeParse(json);
  if (!envelope.success) return null;
  const { record: _unreadable, ...withoutRecord } = envelope.data;
  const bare = liveEventSchema.safeParse(withoutRecord);
  return bare.success ? bare.data : null;
}
