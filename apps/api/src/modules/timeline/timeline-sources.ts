import { type SQL, sql } from 'drizzle-orm';
import type { RecordType } from '../records/record-exists';

/** Whose timeline: an opportunity's, or a brand's (its own entries and its opportunities'). */
export type TimelineOwner = RecordType;

/**
 * One kind of entry read from one table, as uniform columns: kind, at, entry_id (unique in the
 * timeline, the keyset's tie-breaker), by_id, lead_id, from_status, to_status, reason, source_id
 * (the note's or task's id) and task_event.
 */
export type TimelineSource = { select: SQL; from: SQL; where: SQL; at: SQL; entryId: SQL };

const record = sql.placeholder('record_id');
/** The brand's opportunities, for a brand's timeline. */
const brandLeads = sql`(select id from leads where brand_id = ${record})`;
const ofRecord = (column: SQL, owner: TimelineOwner) =>
  owner === 'lead' ? sql`${column} = ${record}` : sql`${column} in ${brandLeads}`;

const columns = (values: {
  kind: SQL;
  at: SQL;
  entryId: SQL;
  byId: SQL;
  leadId: SQL;
  fromStatus?: SQL;
  toStatus?: SQL;
  reason?: SQL;
  sourceId?: SQL;
  taskEvent?: SQL;
}) => sql`${values.kind} as kind, ${values.at} as at, ${values.entryId} as entry_id, ${values.byId} as by_id,
  ${values.leadId} as lead_id, ${values.fromStatus ?? sql`null::text`} as from_status,
  ${values.toStatus ?? sql`null::text`} as to_status, ${values.reason ?? sql`null::text`} as reason,
  ${values.sourceId ?? sql`null::uuid`} as source_id, ${values.taskEvent ?? sql`null::text`} as task_event`;

function statusSource(owner: TimelineOwner): TimelineSource {
  const at = sql`c.created_at`;
  const entryId = sql`'status:' || c.id::text`;
  return {
    select: columns({
      // The first entry of a lead's history is its creation.
      kind: sql`case when c.from_status is null then 'created' else 'status' end`,
      at,
      entryId,
      byId: sql`c.user_id`,
      leadId: sql`c.lead_id`,
      fromStatus: sql`c.from_status`,
      toStatus: sql`c.to_status`,
      reason: sql`c.reason`,
    }),
    from: sql`lead_status_changes c`,
    where: ofRecord(sql`c.lead_id`, owner),
    at,
    entryId,
  };
}

function noteSource(scope: SQL, leadId: SQL): TimelineSource {
  const at = sql`n.created_at`;
  const entryId = sql`'note:' || n.id::text`;
  return {
    select: columns({ kind: sql`'note'`, at, entryId, byId: sql`n.author_id`, leadId, sourceId: sql`n.id` }),
    from: sql`notes n`,
    where: scope,
    at,
    entryId,
  };
}

function taskCreatedSource(scope: SQL, leadId: SQL): TimelineSource {
  const at = sql`t.created_at`;
  const entryId = sql`'task:' || t.id::text`;
  return {
    select: columns({
      kind: sql`'task'`,
      at,
      entryId,
      byId: sql`t.created_by`,
      leadId,
      sourceId: sql`t.id`,
      taskEvent: sql`'created'`,
    }),
    from: sql`tasks t`,
    where: scope,
    at,
    entryId,
  };
}

function taskCompletedSource(scope: SQL, leadId: SQL): TimelineSource {
  const at = sql`t.done_at`;
  const entryId = sql`'done:' || t.id::text`;
  return {
    select: columns({
      kind: sql`'task'`,
      at,
      entryId,
      byId: sql`t.done_by`,
      leadId,
      sourceId: sql`t.id`,
      taskEvent: sql`'completed'`,
    }),
    from: sql`tasks t`,
    where: sql`${scope} and t.done_at is not null`,
    at,
    entryId,
  };
}

/** What a lead's or a brand's timeline is made of, each source read newest first by its own index. */
export function timelineSources(owner: TimelineOwner): TimelineSource[] {
  const leadScoped = [
    statusSource(owner),
    noteSource(ofRecord(sql`n.lead_id`, owner), sql`n.lead_id`),
    taskCreatedSource(ofRecord(sql`t.lead_id`, owner), sql`t.lead_id`),
    taskCompletedSource(ofRecord(sql`t.lead_id`, owner), sql`t.lead_id`),
  ];
  if (owner === 'lead') return leadScoped;
  const brandCreatedAt = sql`b.created_at`;
  const brandEntryId = sql`'brand:' || b.id::text`;
  return [
    ...leadScoped,
    {
      select: columns({
        kind: sql`'created'`,
        at: brandCreatedAt,
        entryId: brandEntryId,
        byId: sql`null::uuid`,
        leadId: sql`null::uuid`,
      }),
      from: sql`brands b`,
      where: sql`b.id = ${record}`,
      at: brandCreatedAt,
      entryId: brandEntryId,
    },
    noteSource(sql`n.brand_id = ${record}`, sql`null::uuid`),
    taskCreatedSource(sql`t.brand_id = ${record}`, sql`null::uuid`),
    taskCompletedSource(sql`t.brand_id = ${record}`, sql`null::uuid`),
  ];
}
