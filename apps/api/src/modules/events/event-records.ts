import type { Database } from '../../db/client';
import { getBrandsByIds } from '../brands/brands.service';
import { getContactsByIds } from '../contacts/contacts.service';
import { selectLeadsByIds } from '../leads/lead-select';
import { getNotesByIds } from '../notes/note-select';
import { getOfferingsByIds } from '../offerings/offering-select';
import { getTasksByIds } from '../tasks/task-select';

/** What an event is about, from its type's first part. */
export const EVENT_KINDS = ['lead', 'brand', 'contact', 'note', 'task', 'offering'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

type Identified = { id: string };

const readers: Record<EventKind, (db: Database, ids: readonly string[]) => Promise<Identified[]>> = {
  lead: async (db, ids) => (await selectLeadsByIds(db, ids)).map((row) => row.lead),
  brand: getBrandsByIds,
  contact: getContactsByIds,
  note: getNotesByIds,
  task: getTasksByIds,
  offering: getOfferingsByIds,
};

/**
 * The records, as `GET /api/<kind>s/:id` answers them, of the entities named — one read per kind.
 * An entity deleted meanwhile has no record.
 */
export async function readEventRecords(
  db: Database,
  wanted: { kind: EventKind; id: string }[],
): Promise<Map<string, unknown>> {
  const records = new Map<string, unknown>();
  for (const kind of EVENT_KINDS) {
    const ids = [...new Set(wanted.filter((entry) => entry.kind === kind).map((entry) => entry.id))];
    if (ids.length === 0) continue;
    for (const record of await readers[kind](db, ids)) records.set(`${kind}:${record.id}`, record);
  }
  return records;
}
