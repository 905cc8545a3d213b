import type { ContractStatus, TimelineEntry, TimelineQuery, TimelineResponse } from '@funil/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { firstNumber, readRows, sqlStatement } from '../../db/read-rows';
import { decodeKeysetCursor, encodeLeadCursor } from '../leads/lead-cursor';
import { getNotesByIds } from '../notes/note-select';
import { assertRecordExists } from '../records/record-exists';
import { getTasksByIds } from '../tasks/task-select';
import { type TimelineOwner, timelineSources } from './timeline-sources';

const ENTRY_ID =
  /^(status|note|task|done|brand):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type EntryRow = [
  kind: TimelineEntry['kind'],
  at: string,
  exactAt: string,
  entryId: string,
  byId: string | null,
  byName: string | null,
  leadId: string | null,
  assessment: string | null,
  fromStatus: ContractStatus | null,
  toStatus: ContractStatus | null,
  reason: string | null,
  sourceId: string | null,
  taskEvent: 'created' | 'completed' | null,
];

/**
 * The page's entries: each source gives at most as many rows as the page can still need, newest
 * first from its own index, and only those are merged, so a page costs what it shows (and the
 * sources' count), not the whole history. After a cursor, every source starts after it.
 */
function entriesStatement(owner: TimelineOwner, afterCursor: boolean) {
  const position = sql`(${sql.placeholder('cursor_at')}::timestamptz, ${sql.placeholder('cursor_id')}::text)`;
  const branches = timelineSources(owner).map(
    (source) => sql`(select ${source.select} from ${source.from} where ${source.where}
      ${afterCursor ? sql`and (${source.at}, ${source.entryId}) < ${position}` : sql``}
      order by ${source.at} desc, ${source.entryId} desc limit ${sql.placeholder('fetch')})`,
  );
  return sqlStatement(sql`select e.kind,
      to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
      e.entry_id, e.by_id, u.name, e.lead_id, l.assessment, e.from_status, e.to_status, e.reason,
      e.source_id, e.task_event
    from (${sql.join(branches, sql` union all `)}) e
    left join users u on u.id = e.by_id
    left join leads l on l.id = e.lead_id
    order by e.at desc, e.entry_id desc
    limit ${sql.placeholder('page_limit')} offset ${sql.placeholder('offset')}`);
}

/** How many entries the timeline holds: each source counted by its index. */
function countStatement(owner: TimelineOwner) {
  const counts = timelineSources(owner).map(
    (source) => sql`(select count(*) from ${source.from} where ${source.where})`,
  );
  return sqlStatement(sql`select ${sql.join(counts, sql` + `)}`);
}

/** A lead's or a brand's timeline page, newest first, with the cursor that continues it. */
export async function getTimeline(
  db: Database,
  owner: TimelineOwner,
  id: string,
  query: TimelineQuery,
): Promise<TimelineResponse> {
  await assertRecordExists(db, owner, id);
  const cursor = query.cursor ? decodeKeysetCursor(query.cursor, ENTRY_ID) : null;
  const offset = cursor ? 0 : (query.page - 1) * query.limit;
  const [rows, total] = await Promise.all([
    readRows(
      db,
      `timeline|${owner}|${cursor ? 'cursor' : 'page'}`,
      () => ({ query: entriesStatement(owner, cursor !== null), mapRows: (all) => all as EntryRow[] }),
      {
        record_id: id,
        fetch: offset + query.limit + 1,
        page_limit: query.limit + 1,
        offset,
        ...(cursor ? { cursor_at: cursor.createdAt, cursor_id: cursor.id } : {}),
      },
    ),
    readRows(db, `timeline_count|${owner}`, () => ({ query: countStatement(owner), mapRows: firstNumber }), {
      record_id: id,
    }),
  ]);
  const page = rows.slice(0, query.limit);
  const sourceIds = (kind: 'note' | 'task') => [
    ...new Set(page.filter((row) => row[0] === kind && row[11]).map((row) => row[11] as string)),
  ];
  const [notes, tasks] = await Promise.all([
    getNotesByIds(db, sourceIds('note')),
    getTasksByIds(db, sourceIds('task')),
  ]);
  const notesById = new Map(notes.map((note) => [note.id, note]));
  const tasksById = new Map(tasks.map((task) => [task.id, task]));
  const data = page.map((row): TimelineEntry => {
    const [
      kind,
      at,
      ,
      entryId,
      byId,
      byName,
      leadId,
      assessment,
      fromStatus,
      toStatus,
      reason,
      sourceId,
      taskEvent,
    ] = row;
    const entry: TimelineEntry = {
      id: entryId,
      kind,
      at,
      by: byId && byName !== null ? { id: byId, _id: byId, name: byName } : null,
      lead: leadId && assessment !== null ? { id: leadId, assessment } : null,
    };
    if (kind === 'status' || (kind === 'created' && toStatus !== null)) {
      Object.assign(entry, { from_status: fromStatus, to_status: toStatus ?? undefined, reason });
    }
    const note = kind === 'note' && sourceId ? notesById.get(sourceId) : undefined;
    if (note) entry.note = note;
    const task = kind === 'task' && sourceId ? tasksById.get(sourceId) : undefined;
    if (task) Object.assign(entry, { task, task_event: taskEvent ?? 'created' });
    return entry;
  });
  const last = rows.length > query.limit ? page.at(-1) : undefined;
  return {
    data,
    total,
    page: cursor ? 1 : query.page,
    limit: query.limit,
    next_cursor: last ? encodeLeadCursor({ createdAt: last[2], id: last[3] }) : null,
  };
}
