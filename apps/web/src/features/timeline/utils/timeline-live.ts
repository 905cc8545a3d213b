import type { LiveEvent } from '@funil/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { type Lead, leadKeys } from '@/api/leads';
import { type RecordRef, type TimelinePages, timelineKeys } from '@/api/timeline';
import type { Versioned } from '@/lib/http';
import { type LiveCacheContext, writePatched } from '@/lib/live-cache';

/** What a timeline holds that an event may touch: its entries' notes, tasks and opportunities. */
type TimelineContents = {
  notes: Set<string>;
  tasks: Set<string>;
  leads: Set<string>;
  /** Every page is loaded: an opportunity of the brand missing from it is not one. */
  complete: boolean;
};

function contentsOf(pages: TimelinePages): TimelineContents {
  const contents: TimelineContents = {
    notes: new Set(),
    tasks: new Set(),
    leads: new Set(),
    complete: false,
  };
  for (const page of pages.pages) {
    for (const entry of page.data) {
      if (entry.note) contents.notes.add(entry.note.id);
      if (entry.task) contents.tasks.add(entry.task.id);
      if (entry.lead) contents.leads.add(entry.lead.id);
    }
  }
  contents.complete = pages.pages.at(-1)?.next_cursor === null;
  return contents;
}

/** The brand of an opportunity as a cached details screen holds it; undefined when none does. */
function cachedBrandOfLead(queryClient: QueryClient, leadId: string): string | undefined {
  return queryClient.getQueryData<Versioned<Lead>>(leadKeys.detail(leadId))?.record.brand_id.id;
}

/**
 * Whether an opportunity's entries belong in this timeline: its own, or its brand's. An
 * opportunity the brand's timeline has not shown and no cache places is counted in unless every
 * page is loaded (then its creation would be there).
 */
function holdsLead(
  record: RecordRef,
  contents: TimelineContents,
  leadId: string,
  brandOf: (leadId: string) => string | undefined,
): boolean {
  if (record.type === 'lead') return record.id === leadId;
  if (contents.leads.has(leadId)) return true;
  const brand = brandOf(leadId);
  if (brand !== undefined) return brand === record.id;
  return !contents.complete;
}

/** A timeline's pages with a note's new text and mentions written in where it shows. */
function withNote(pages: TimelinePages, event: Extract<LiveEvent, { type: 'note.updated' }>): TimelinePages {
  const record = event.record;
  if (!record) return pages;
  let changed = false;
  const next = pages.pages.map((page) => {
    if (!page.data.some((entry) => entry.note?.id === record.id)) return page;
    changed = true;
    return {
      ...page,
      data: page.data.map((entry) => (entry.note?.id === record.id ? { ...entry, note: record } : entry)),
    };
  });
  return changed ? { ...pages, pages: next } : pages;
}

/**
 * A timeline after the events: patched (a note edited in place) and whether it must be read again
 * (an entry added or removed: a note or task created or deleted, a status move, an opportunity
 * created or deleted under the brand). Events about other records leave it alone.
 */
export function applyLiveEventsToTimeline(
  record: RecordRef,
  pages: TimelinePages,
  events: readonly LiveEvent[],
  brandOf: (leadId: string) => string | undefined = () => undefined,
): { pages: TimelinePages; stale: boolean } {
  const contents = contentsOf(pages);
  let next = pages;
  let stale = false;
  const belongs = (owner: { lead_id: string | null; brand_id: string | null }) =>
    owner.lead_id !== null
      ? holdsLead(record, contents, owner.lead_id, brandOf)
      : record.type === 'brand' && owner.brand_id === record.id;

  for (const event of events) {
    switch (event.type) {
      case 'note.created':
      case 'task.created':
      case 'task.updated':
        // Without the record, which one changed is all that is known.
        if (!event.record || belongs(event.record)) stale = true;
        break;
      case 'note.updated':
        if (!event.record) {
          if (contents.notes.has(event.id)) stale = true;
        } else if (contents.notes.has(event.id)) {
          next = withNote(next, event);
        } else if (belongs(event.record)) {
          stale = true;
        }
        break;
      case 'note.deleted':
        if (contents.notes.has(event.id)) stale = true;
        break;
      case 'task.deleted':
        if (contents.tasks.has(event.id)) stale = true;
        break;
      case 'lead.created':
        if (record.type === 'brand' && (!event.record || event.record.brand_id.id === record.id))
          stale = true;
        break;
      case 'lead.updated':
        if (!event.changes?.contract_status && event.record) break;
        if (record.type === 'lead' ? event.id === record.id : event.record?.brand_id.id === record.id)
          stale = true;
        else if (record.type === 'brand' && contents.leads.has(event.id)) stale = true;
        break;
      case 'lead.deleted':
        if (record.type === 'brand' && contents.leads.has(event.id)) stale = true;
        break;
      default:
        break;
    }
  }
  return { pages: next, stale };
}

/** The timeline feature's live patcher: every timeline in the cache, a lead's and a brand's. */
export function patchTimelineCaches(
  queryClient: QueryClient,
  events: readonly LiveEvent[],
  context: LiveCacheContext,
): void {
  const relevant = events.filter(
    (event) =>
      event.type.startsWith('note.') ||
      event.type.startsWith('task.') ||
      event.type === 'lead.created' ||
      event.type === 'lead.updated' ||
      event.type === 'lead.deleted',
  );
  if (relevant.length === 0) return;
  // A lead created in this batch places its later events under its brand.
  const brandsOfNewLeads = new Map<string, string>();
  for (const event of relevant) {
    if ((event.type === 'lead.created' || event.type === 'lead.updated') && event.record) {
      brandsOfNewLeads.set(event.id, event.record.brand_id.id);
    }
  }
  const brandOf = (leadId: string) => brandsOfNewLeads.get(leadId) ?? cachedBrandOfLead(queryClient, leadId);
  for (const query of queryClient.getQueryCache().findAll({ queryKey: timelineKeys.all })) {
    const pages = query.state.data as TimelinePages | undefined;
    const key = query.queryKey as QueryKey;
    const type = key[2];
    const id = key[3];
    if (!pages || (type !== 'lead' && type !== 'brand') || typeof id !== 'string') continue;
    const result = applyLiveEventsToTimeline({ type, id }, pages, relevant, brandOf);
    writePatched(queryClient, context, key, pages, result.pages);
    if (result.stale) context.markStale(key);
  }
}
