import type { LiveEvent } from '@funil/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { brandKeys } from '@/api/brands';
import { contactKeys } from '@/api/contacts';
import { leadKeys } from '@/api/leads';
import { offeringKeys } from '@/api/offerings';
import { taskKeys } from '@/api/tasks';
import type { LiveCacheContext, LiveCachePatcher } from '@/lib/live-cache';
import { recordName } from './live-notices';

/** Every cache a live event may touch: leads (board included), brands, contacts, tasks, offerings. */
const LIVE_PREFIXES: readonly QueryKey[] = [
  leadKeys.all,
  brandKeys.all,
  contactKeys.all,
  taskKeys.all,
  offeringKeys.all,
];

/**
 * Past this many events in one batch (a tab that was hidden for minutes under a busy team),
 * reading the screens again costs less than patching each change in turn.
 */
export const MAX_PATCHED_BATCH = 2000;

/** Marks every cached lead, brand, contact, task and offering query out of date (`reset`, an oversized batch). */
export function markEverythingStale(queryClient: QueryClient, context: LiveCacheContext): void {
  for (const prefix of LIVE_PREFIXES) {
    for (const query of queryClient.getQueryCache().findAll({ queryKey: prefix })) {
      context.markStale(query.queryKey);
    }
  }
}

/**
 * After a connection that could not resume (the first one, or one whose predecessor saw no event),
 * what was read before it may have missed changes: those queries are read again. What was read
 * after it started is covered by the stream.
 */
export function markReadBefore(queryClient: QueryClient, context: LiveCacheContext, time: number): void {
  for (const prefix of LIVE_PREFIXES) {
    for (const query of queryClient.getQueryCache().findAll({ queryKey: prefix })) {
      if (query.state.data !== undefined && query.state.dataUpdatedAt < time)
        context.markStale(query.queryKey);
    }
  }
}

/** Applies one batch: every feature's patcher in turn, each writing each of its queries once. */
export function applyLiveBatch(
  queryClient: QueryClient,
  events: readonly LiveEvent[],
  patchers: readonly LiveCachePatcher[],
  context: LiveCacheContext,
): void {
  if (events.length > MAX_PATCHED_BATCH) {
    markEverythingStale(queryClient, context);
    return;
  }
  for (const patch of patchers) {
    try {
      patch(queryClient, events, context);
    } catch (error) {
      // A patcher's bug must not leave its caches wrong without a trace: they are read again.
      console.error('Live update patch failed', error);
      markEverythingStale(queryClient, context);
    }
  }
}

/** A record with this id somewhere in a cached answer (a list, pages, a board, the record). */
function findRecord(data: unknown, id: string, depth = 0): Record<string, unknown> | undefined {
  if (depth > 5 || typeof data !== 'object' || data === null) return undefined;
  if (Array.isArray(data)) {
    for (const item of data) {
      const found = findRecord(item, id, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  const record = data as Record<string, unknown>;
  if (record.id === id) return record;
  for (const key of ['data', 'pages', 'board', 'columns']) {
    const found = findRecord(record[key], id, depth + 1);
    if (found) return found;
  }
  return undefined;
}

const PREFIX_OF = { lead: leadKeys.all, brand: brandKeys.all, contact: contactKeys.all } as const;

/**
 * What the notice calls the changed record: its own record's name, else (a delete) the name of the
 * copy still in the caches, read before the batch removes it.
 */
export function noticeName(queryClient: QueryClient, event: LiveEvent): string | undefined {
  const own = recordName(event);
  if (own) return own;
  const kind = event.type.split('.')[0] as keyof typeof PREFIX_OF;
  for (const [, data] of queryClient.getQueriesData({ queryKey: PREFIX_OF[kind] })) {
    const record = findRecord(data, event.id);
    if (!record) continue;
    if (kind === 'lead') {
      const brand = record.brand_id as { name?: unknown } | undefined;
      if (typeof brand?.name === 'string') return brand.name;
    } else if (kind === 'brand' && typeof record.name === 'string') {
      return record.name;
    } else if (typeof record.first_name === 'string' && typeof record.last_name === 'string') {
      return `${record.first_name} ${record.last_name}`;
    }
  }
  return undefined;
}
