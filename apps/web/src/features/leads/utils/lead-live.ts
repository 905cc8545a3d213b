import type { LeadListQuery, LiveEvent } from '@funil/shared';
import type { QueryClient } from '@tanstack/react-query';
import { type Lead, type LeadListResponse, leadKeys } from '@/api/leads';
import type { Versioned } from '@/lib/http';
import { isSameRecord, type LiveCacheContext, writePatched } from '@/lib/live-cache';
import { leadMatchesFilters, withEmbeddedBrand } from '@/lib/lead-match';
import {
  changesOfferingFilter,
  isOfferingEventWithoutRecord,
  matchesOfferingFilter,
  withOfferingEvent,
} from '@/lib/lead-stock';

/** The value a list page is sorted by, for the list's sort field (the API's default: createdAt). */
function sortValue(lead: Lead, sort: LeadListQuery['sort']): unknown {
  switch (sort ?? 'createdAt') {
    case 'brand':
      return lead.brand_id.name;
    case 'vertical':
      return lead.vertical.name;
    case 'quota':
      return lead.quota.name;
    case 'platform':
      return lead.platform.name;
    case 'executive':
      return lead.executive?.name ?? null;
    default:
      return lead[(sort ?? 'createdAt') as Exclude<NonNullable<LeadListQuery['sort']>, 'brand'>];
  }
}

/**
 * Whether the server lists the lead under these filters; undefined when its record cannot tell
 * (a filter by an offering its stock does not show).
 */
const matchesList = (lead: Lead, params: LeadListQuery): boolean | undefined =>
  leadMatchesFilters(lead, params) ? matchesOfferingFilter(lead, params.offering) : false;

/**
 * A page of the lead list after the events, and whether it must be read again. A page is one
 * slice of a filtered, sorted list on the server: a lead edited in place, still matching and
 * still sorting where it did, is patched where it stands; anything that may add, remove or move a
 * row — here or on an earlier page, which shifts this one — cannot be settled here, so the page
 * is read again (a lead that visibly left is taken off at once all the same).
 */
export function applyLiveEventsToLeadList(
  list: LeadListResponse,
  params: LeadListQuery,
  events: readonly LiveEvent[],
): { list: LeadListResponse; stale: boolean } {
  let next = list;
  let stale = false;
  const replace = (data: Lead[], total = next.total) => {
    next = { ...next, data, total };
  };
  for (const event of events) {
    switch (event.type) {
      case 'lead.created':
        // A lead the filters leave out changes nothing here; one they take may belong on any page.
        if (!event.record || matchesList(event.record, params) !== false) stale = true;
        break;
      case 'lead.updated': {
        const index = next.data.findIndex((lead) => lead.id === event.id);
        const record = event.record;
        if (index < 0 || !record) {
          stale = true;
          break;
        }
        const old = next.data[index]!;
        const matches = matchesList(record, params);
        if (matches === false) {
          replace(
            next.data.filter((lead) => lead.id !== event.id),
            Math.max(0, next.total - 1),
          );
          stale = true;
          break;
        }
        replace(next.data.map((lead, i) => (i === index ? record : lead)));
        const moves = sortValue(old, params.sort) !== sortValue(record, params.sort);
        if (matches === undefined || moves) stale = true;
        break;
      }
      case 'lead.deleted': {
        const on = next.data.some((lead) => lead.id === event.id);
        if (on) {
          replace(
            next.data.filter((lead) => lead.id !== event.id),
            Math.max(0, next.total - 1),
          );
        }
        stale = true;
        break;
      }
      case 'brand.updated': {
        const brand = event.record;
        const shows = next.data.some((lead) => lead.brand_id.id === event.id);
        if (!brand) {
          if (shows || params.search) stale = true;
          break;
        }
        const data = next.data.map((lead) => withEmbeddedBrand(lead, brand));
        if (data.some((lead, i) => lead !== next.data[i])) replace(data);
        // A rename moves rows sorted by brand and changes who a brand search finds.
        if (params.search || (shows && params.sort === 'brand')) stale = true;
        break;
      }
      case 'brand.deleted':
        if (next.data.some((lead) => lead.brand_id.id === event.id)) stale = true;
        break;
      case 'offering.created':
      case 'offering.updated':
      case 'offering.deleted': {
        // The rows' stock follows the offering in place; no row moves (no list sorts by stock).
        if (isOfferingEventWithoutRecord(event) || changesOfferingFilter(event, params.offering, next.data)) {
          stale = true;
        }
        const data = next.data.map((lead) => withOfferingEvent(lead, event));
        if (data.some((lead, i) => lead !== next.data[i])) replace(data);
        break;
      }
      default:
        break;
    }
  }
  return { list: next, stale };
}

/**
 * The lead as a details screen shows it. Its own changes are read again rather than patched in:
 * the screen keeps the record with its version (ETag), which an event does not carry, and a form
 * saving over a version it never saw must get its 412. A change of its brand's name, or of an
 * offering it takes (another sale, a new praça), does not change the lead's version, so those are
 * patched in.
 */
export function applyLiveEventsToLead(
  lead: Lead,
  events: readonly LiveEvent[],
): { lead: Lead; stale: boolean; historyStale: boolean } {
  let next = lead;
  let stale = false;
  let historyStale = false;
  for (const event of events) {
    if (event.type === 'brand.updated' && event.record) {
      next = withEmbeddedBrand(next, event.record);
      continue;
    }
    if (event.type.startsWith('offering.')) {
      next = withOfferingEvent(next, event);
      if (isOfferingEventWithoutRecord(event)) stale = true;
      continue;
    }
    if (event.id !== lead.id || !event.type.startsWith('lead.')) continue;
    if ((event.type === 'lead.updated' || event.type === 'lead.created') && event.record) {
      if (!isSameRecord(next, event.record)) stale = true;
      if (event.changes?.contract_status) historyStale = true;
    } else {
      // Deleted (the screen learns it from the 404 of its next read) or changed without a record.
      stale = true;
      historyStale = true;
    }
  }
  return { lead: next, stale, historyStale };
}

/**
 * The leads feature's live patcher: the list view's pages (patched in place where that is right,
 * read again where it cannot be), each lead's details and its status history.
 */
export function patchLeadCaches(
  queryClient: QueryClient,
  events: readonly LiveEvent[],
  context: LiveCacheContext,
): void {
  const cache = queryClient.getQueryCache();
  for (const query of cache.findAll({ queryKey: leadKeys.lists() })) {
    const list = query.state.data as LeadListResponse | undefined;
    const params = query.queryKey[3] as LeadListQuery | undefined;
    if (!list || !params) continue;
    const result = applyLiveEventsToLeadList(list, params, events);
    writePatched(queryClient, context, query.queryKey, list, result.list);
    if (result.stale) context.markStale(query.queryKey);
  }

  const touched = new Set(events.filter((event) => event.type.startsWith('lead.')).map((event) => event.id));
  const patchesAll = events.some(
    (event) => event.type === 'brand.updated' || event.type.startsWith('offering.'),
  );
  for (const query of cache.findAll({ queryKey: [...leadKeys.all, 'detail'] })) {
    const details = query.state.data as Versioned<Lead> | undefined;
    const id = query.queryKey[3] as string;
    if (!details || (!touched.has(id) && !patchesAll)) continue;
    const result = applyLiveEventsToLead(details.record, events);
    if (result.lead !== details.record) {
      writePatched(queryClient, context, query.queryKey, details, { ...details, record: result.lead });
    }
    if (result.stale) context.markStale(query.queryKey);
    if (result.historyStale) context.markStale(leadKeys.history(id));
  }
  // A history asked for without the details (none today) still follows the lead's moves.
  for (const query of cache.findAll({ queryKey: [...leadKeys.all, 'history'] })) {
    const id = query.queryKey[3] as string;
    const moved = events.some(
      (event) => event.id === id && (event.changes?.contract_status || event.type === 'lead.deleted'),
    );
    if (moved) context.markStale(query.queryKey);
  }
}
