import type { Contact, LiveEvent } from '@funil/shared';
import type { QueryClient } from '@tanstack/react-query';
import { contactKeys, type ContactListResponse } from '@/api/contacts';
import { type LiveCacheContext, writePatched } from '@/lib/live-cache';

/** The API's order for a brand's contacts: newest first, then id, descending. */
const compareContacts = (a: Contact, b: Contact) =>
  a.createdAt !== b.createdAt ? (a.createdAt < b.createdAt ? 1 : -1) : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;

/**
 * A brand's contacts after the events. The list holds every contact of the brand (a brand has
 * few), so each change can be applied exactly: a new contact takes its place, an edited one is
 * replaced where it stands, a deleted one leaves. A change without its record cannot be, and the
 * list is read again.
 */
export function applyLiveEventsToContacts(
  list: ContactListResponse,
  brandId: string,
  events: readonly LiveEvent[],
): { list: ContactListResponse; stale: boolean } {
  let next = list;
  let stale = false;
  for (const event of events) {
    if (!event.type.startsWith('contact.')) continue;
    const index = next.data.findIndex((contact) => contact.id === event.id);
    if (event.type === 'contact.deleted') {
      if (index >= 0) {
        next = {
          ...next,
          data: next.data.filter((contact) => contact.id !== event.id),
          total: Math.max(0, next.total - 1),
        };
      }
      continue;
    }
    const record = 'record' in event ? (event.record as Contact | undefined) : undefined;
    if (!record) {
      if (index >= 0) stale = true;
      continue;
    }
    if (record.brand_id !== brandId) continue;
    if (index >= 0) {
      next = { ...next, data: next.data.map((contact, i) => (i === index ? record : contact)) };
    } else {
      next = { ...next, data: [...next.data, record].sort(compareContacts), total: next.total + 1 };
    }
  }
  return { list: next, stale };
}

/**
 * The contacts feature's live patcher: each cached brand's contact list. A change announced
 * without its record, for a contact no list holds, may concern any brand: every list is read again.
 */
export function patchContactCaches(
  queryClient: QueryClient,
  events: readonly LiveEvent[],
  context: LiveCacheContext,
): void {
  const relevant = events.filter((event) => event.type.startsWith('contact.'));
  if (relevant.length === 0) return;
  const queries = queryClient.getQueryCache().findAll({ queryKey: contactKeys.lists() });
  const unplaced = relevant.some(
    (event) =>
      event.type !== 'contact.deleted' &&
      !('record' in event && event.record) &&
      !queries.some((query) =>
        (query.state.data as ContactListResponse | undefined)?.data.some(
          (contact) => contact.id === event.id,
        ),
      ),
  );
  for (const query of queries) {
    const list = query.state.data as ContactListResponse | undefined;
    const brandId = (query.queryKey[3] as { brandId?: string } | undefined)?.brandId;
    if (!list || !brandId) continue;
    const result = applyLiveEventsToContacts(list, brandId, relevant);
    writePatched(queryClient, context, query.queryKey, list, result.list);
    if (result.stale || unplaced) context.markStale(query.queryKey);
  }
}
