import type { LiveEvent, Offering } from '@funil/shared';
import type { QueryClient } from '@tanstack/react-query';
import { offeringKeys, type OfferingListResponse, type YearOfferings } from '@/api/offerings';
import { type LiveCacheContext, writePatched } from '@/lib/live-cache';

type OfferingEvent = Extract<LiveEvent, { type: `offering.${string}` }>;

const isOfferingEvent = (event: LiveEvent): event is OfferingEvent => event.type.startsWith('offering.');

const recordOf = (event: OfferingEvent): Offering | undefined =>
  event.type === 'offering.deleted' ? undefined : event.record;

/**
 * A whole year's offerings after the events: each event's record replaces the cached one, joins the
 * year when it is of that year (a new offering, or one moved into it) and leaves it otherwise; a
 * deleted one leaves. Only an event without its record cannot be applied: `stale` then asks for
 * the year to be read again.
 */
export function applyOfferingEventsToYear(
  cached: YearOfferings,
  events: readonly OfferingEvent[],
): { next: YearOfferings; stale: boolean } {
  let offerings = cached.offerings;
  let stale = false;
  for (const event of events) {
    const index = offerings.findIndex((offering) => offering.id === event.id);
    const record = recordOf(event);
    if (event.type === 'offering.deleted' || (record && record.prospectus_year !== cached.year)) {
      if (index >= 0) offerings = offerings.filter((offering) => offering.id !== event.id);
    } else if (!record) {
      stale = true;
    } else if (index >= 0) {
      offerings = offerings.map((offering, i) => (i === index ? record : offering));
    } else {
      offerings = [...offerings, record];
    }
  }
  return { next: offerings === cached.offerings ? cached : { ...cached, offerings }, stale };
}

/**
 * A cached page of offerings after the events: the offerings it shows take their new version in
 * place and a deleted one leaves. Which offerings belong on a page (its filters, its order by
 * what is available) is the server's to say: the page is read again as well.
 */
export function applyOfferingEventsToList(
  list: OfferingListResponse,
  events: readonly OfferingEvent[],
): OfferingListResponse {
  let next = list;
  for (const event of events) {
    const index = next.data.findIndex((offering) => offering.id === event.id);
    if (index < 0) continue;
    const record = recordOf(event);
    if (event.type === 'offering.deleted') {
      next = {
        ...next,
        data: next.data.filter((offering) => offering.id !== event.id),
        total: Math.max(0, next.total - 1),
      };
    } else if (record) {
      next = { ...next, data: next.data.map((offering, i) => (i === index ? record : offering)) };
    }
  }
  return next;
}

/**
 * The prospectus's live patcher: another person's sale, an offering created, edited or deleted
 * changes the year's grid at once (patched, not read again: a year is many pages); the paged lists
 * are patched and read again, the totals read again. The lists of the opportunities that take an
 * offering (the panel's) are the leads' patcher's, which knows when their members may change.
 */
export function patchOfferingCaches(
  queryClient: QueryClient,
  events: readonly LiveEvent[],
  context: LiveCacheContext,
): void {
  const relevant = events.filter(isOfferingEvent);
  if (relevant.length === 0) return;
  const cache = queryClient.getQueryCache();
  for (const query of cache.findAll({ queryKey: offeringKeys.years() })) {
    const cached = query.state.data as YearOfferings | undefined;
    if (!cached) continue;
    const { next, stale } = applyOfferingEventsToYear(cached, relevant);
    writePatched(queryClient, context, query.queryKey, cached, next);
    if (stale) context.markStale(query.queryKey);
  }
  for (const query of cache.findAll({ queryKey: offeringKeys.lists() })) {
    const list = query.state.data as OfferingListResponse | undefined;
    if (list)
      writePatched(queryClient, context, query.queryKey, list, applyOfferingEventsToList(list, relevant));
    context.markStale(query.queryKey);
  }
  for (const query of cache.findAll({ queryKey: offeringKeys.summaries() })) {
    context.markStale(query.queryKey);
  }
}
