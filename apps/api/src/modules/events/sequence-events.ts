import { asc, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { CHANNELS } from '../../db/database-listener';
import { eventOutbox, events, users } from '../../db/schema';
import { type EventKind, readEventRecords } from './event-records';
import { rawRows } from '../../db/raw-rows';

/** The advisory lock that makes sequencing one batch at a time across every process. */
const SEQUENCER_LOCK = 7_301_118_001;
const BATCH_SIZE = 500;

type OutboxRow = {
  id: number;
  type: string;
  entityId: string;
  actorId: string | null;
  changes: unknown;
  at: Date;
};

const kindOf = (type: string) => type.slice(0, type.indexOf('.')) as EventKind;

/**
 * Turns waiting outbox rows into numbered events, oldest first, and tells every process there is
 * something new; answers how many it moved, or 'busy' when another process is doing it (the caller
 * tries again shortly: rows committed after that process looked would otherwise wait).
 *
 * Why a second step instead of numbering in the writer's trigger: a sequence hands out numbers when
 * rows are written, not when their transactions commit, so a reader that had seen event 11 could
 * later find a 10 that committed after it, and miss it. Here a batch is taken, numbered and
 * committed while holding one lock, so every number given later is higher than every number anyone
 * could already have read. Writers never wait for this lock.
 *
 * Each event's JSON is written here, once, with the record read now (a record deleted before it was
 * sequenced has none), the writer's name, and the status move for a lead.
 */
export async function sequenceEvents(db: Database): Promise<number | 'busy'> {
  let moved = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      // Taken without waiting: a process that waited would hold a transaction open meanwhile, and
      // with several processes most of them would queue for a lock whose holder does their work.
      const [lock] = rawRows<{ acquired: boolean }>(
        await tx.execute(sql`select pg_try_advisory_xact_lock(${SEQUENCER_LOCK}) as acquired`),
      );
      if (!lock?.acquired) return 'busy' as const;
      const waiting = tx
        .select({ id: eventOutbox.id })
        .from(eventOutbox)
        .orderBy(asc(eventOutbox.id))
        .limit(BATCH_SIZE);
      const rows: OutboxRow[] = await tx
        .delete(eventOutbox)
        .where(inArray(eventOutbox.id, waiting))
        .returning({
          id: eventOutbox.id,
          type: eventOutbox.type,
          entityId: eventOutbox.entityId,
          actorId: eventOutbox.actorId,
          changes: eventOutbox.changes,
          at: eventOutbox.at,
        });
      if (rows.length === 0) return 0;
      rows.sort((a, b) => a.id - b.id);
      const data = await describeEvents(tx, rows);
      const inserted = await tx
        .insert(events)
        .values(rows.map((row, index) => ({ type: row.type, data: data[index] ?? '' })))
        .returning({ id: events.id });
      const lastId = Math.max(...inserted.map((row) => row.id));
      await tx.execute(sql`select pg_notify(${CHANNELS.events}, ${String(lastId)})`);
      return rows.length;
    });
    if (count === 'busy') return moved > 0 ? moved : 'busy';
    moved += count;
    if (count < BATCH_SIZE) return moved;
  }
}

/** Each outbox row's event JSON: type, id, by, at, then record and changes when there are any. */
async function describeEvents(db: Database, rows: OutboxRow[]): Promise<string[]> {
  const records = await readEventRecords(
    db,
    rows
      .filter((row) => !row.type.endsWith('.deleted'))
      .map((row) => ({ kind: kindOf(row.type), id: row.entityId })),
  );
  const actorIds = [...new Set(rows.flatMap((row) => (row.actorId ? [row.actorId] : [])))];
  const actors = new Map(
    actorIds.length === 0
      ? []
      : (
          await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, actorIds))
        ).map((actor) => [actor.id, actor] as const),
  );
  return rows.map((row) => {
    const record = records.get(`${kindOf(row.type)}:${row.entityId}`);
    return JSON.stringify({
      type: row.type,
      id: row.entityId,
      by: (row.actorId && actors.get(row.actorId)) ?? null,
      at: row.at.toISOString(),
      ...(record === undefined ? {} : { record }),
      ...(row.changes === null ? {} : { changes: row.changes }),
    });
  });
}
