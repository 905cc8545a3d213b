import { and, asc, eq, gt, lte, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appSettings, events } from '../../db/schema';

/** An event as the stream sends it. */
export type LoggedEvent = { id: number; type: string; data: string };

/** The settings row naming the highest event id pruning has removed. */
const PRUNED_THROUGH = 'events.pruned_through';

/** The highest event id in the log, 0 when it has none. */
export async function lastEventId(db: Database): Promise<number> {
  const [row] = await db.select({ id: max(events.id) }).from(events);
  return Number(row?.id ?? 0);
}

/** Up to `limit` events after `afterId` (and up to `throughId` when given), oldest first. */
export function readEventsAfter(
  db: Database,
  afterId: number,
  limit: number,
  throughId?: number,
): Promise<LoggedEvent[]> {
  return db
    .select({ id: events.id, type: events.type, data: events.data })
    .from(events)
    .where(and(gt(events.id, afterId), throughId === undefined ? undefined : lte(events.id, throughId)))
    .orderBy(asc(events.id))
    .limit(limit);
}

/**
 * Whether a client that last saw event `afterId` can be given everything after it: not when
 * pruning removed some of those events, nor when the id is ahead of the log (a client of another
 * installation, or a database restored from a backup).
 */
export async function canReplayAfter(db: Database, afterId: number): Promise<boolean> {
  const [pruned] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.name, PRUNED_THROUGH));
  const prunedThrough = Number(pruned?.value ?? 0);
  if (afterId < prunedThrough) return false;
  // The log may be empty right after pruning: the horizon itself was given.
  return afterId <= Math.max(prunedThrough, await lastEventId(db));
}

/**
 * Deletes the events older than `keepMs` — every event up to the newest of those, ids following
 * the order events were logged — and records the highest id removed, so a client asking for what
 * came after an older id is told to reload instead. Answers that id, 0 when nothing went.
 */
export async function pruneEvents(db: Database, keepMs: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [oldest] = await tx
      .select({ id: max(events.id) })
      .from(events)
      .where(sql`${events.at} < now() - make_interval(secs => ${keepMs / 1000})`);
    const through = Number(oldest?.id ?? 0);
    if (through === 0) return 0;
    await tx.delete(events).where(lte(events.id, through));
    await tx
      .insert(appSettings)
      .values({ name: PRUNED_THROUGH, value: String(through) })
      .onConflictDoUpdate({
        target: appSettings.name,
        set: {
          value: sql`greatest(${appSettings.value}::bigint, excluded.value::bigint)::text`,
          updatedAt: sql`now()`,
        },
      });
    return through;
  });
}
