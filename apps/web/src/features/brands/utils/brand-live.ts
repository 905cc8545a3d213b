import type { BrandListQuery, Contact, LiveEvent } from '@funil/shared';
import type { QueryClient } from '@tanstack/react-query';
import { type Brand, type BrandListResponse, brandKeys } from '@/api/brands';
import { contactKeys, type ContactListResponse } from '@/api/contacts';
import type { Versioned } from '@/lib/http';
import { isSameRecord, type LiveCacheContext, writePatched } from '@/lib/live-cache';

const sortValue = (brand: Brand, sort: BrandListQuery['sort']) => brand[sort ?? 'createdAt'];

/** What the list's `search` reads (name, company, CNPJ, responsible, the principal contact). */
const searchedText = (brand: Brand) =>
  [
    brand.name,
    brand.company_name,
    brand.cnpj,
    brand.responsible,
    brand.principal_contact?.name,
    brand.principal_contact?.email,
  ].join('\u0000');

/** The page without that brand, one fewer in its total. */
const withoutBrand = (list: BrandListResponse, id: string): BrandListResponse => ({
  ...list,
  data: list.data.filter((brand) => brand.id !== id),
  total: Math.max(0, list.total - 1),
});

/**
 * A page of the brand list after the events, and whether it must be read again: a brand edited
 * in place that still passes the status filter, sorts where it did and reads the same to the
 * search is patched where it stands; whatever may add, remove or move a row (here or on an
 * earlier page) is read again. `contactBrands` names the brands whose contacts changed: the list
 * shows each brand's principal contact.
 */
export function applyLiveEventsToBrandList(
  list: BrandListResponse,
  params: BrandListQuery,
  events: readonly LiveEvent[],
  contactBrands: ReadonlySet<string | null>,
): { list: BrandListResponse; stale: boolean } {
  let next = list;
  let stale = false;
  const searches = Boolean(params.search || params.name);
  for (const event of events) {
    switch (event.type) {
      case 'brand.created':
        if (!event.record || !params.status || event.record.status === params.status) stale = true;
        break;
      case 'brand.updated': {
        const index = next.data.findIndex((brand) => brand.id === event.id);
        const record = event.record;
        if (index < 0 || !record) {
          stale = true;
          break;
        }
        const old = next.data[index]!;
        if (params.status && record.status !== params.status) {
          next = withoutBrand(next, event.id);
          stale = true;
          break;
        }
        next = { ...next, data: next.data.map((brand, i) => (i === index ? record : brand)) };
        if (sortValue(old, params.sort) !== sortValue(record, params.sort)) stale = true;
        if (searches && searchedText(old) !== searchedText(record)) stale = true;
        break;
      }
      case 'brand.deleted':
        if (next.data.some((brand) => brand.id === event.id)) next = withoutBrand(next, event.id);
        stale = true;
        break;
      default:
        break;
    }
  }
  // A contact's change may change a shown brand's principal contact, or whom a search finds.
  const contactTouches =
    contactBrands.has(null) || searches || next.data.some((brand) => contactBrands.has(brand.id));
  if (contactBrands.size > 0 && contactTouches) stale = true;
  return { list: next, stale };
}

/** A brand's page after the events: its record replaced, or read again (deleted: the 404 says so). */
export function applyLiveEventsToBrand(
  brand: Brand,
  events: readonly LiveEvent[],
  contactBrands: ReadonlySet<string | null>,
): { stale: boolean } {
  // A contact of this brand changed: its principal (embedded in the brand) may have.
  if (contactBrands.has(brand.id) || contactBrands.has(null)) return { stale: true };
  for (const event of events) {
    if (event.id !== brand.id || !event.type.startsWith('brand.')) continue;
    // Read again rather than patched in: the page keeps the record with its version (ETag),
    // which an event does not carry; a form saving over a version it never saw must get its 412.
    const isUnchanged =
      (event.type === 'brand.created' || event.type === 'brand.updated') &&
      event.record !== undefined &&
      isSameRecord(brand, event.record);
    if (!isUnchanged) return { stale: true };
  }
  return { stale: false };
}

/**
 * The brands whose contacts the events changed; null stands for a contact whose brand is not
 * known (deleted, and in no cached contact list).
 */
export function brandsOfContactEvents(
  queryClient: QueryClient,
  events: readonly LiveEvent[],
): Set<string | null> {
  const brands = new Set<string | null>();
  for (const event of events) {
    if (!event.type.startsWith('contact.')) continue;
    const record = 'record' in event ? (event.record as Contact | undefined) : undefined;
    brands.add(record?.brand_id ?? cachedBrandOfContact(queryClient, event.id));
  }
  return brands;
}

function cachedBrandOfContact(queryClient: QueryClient, contactId: string): string | null {
  for (const [, list] of queryClient.getQueriesData<ContactListResponse>({ queryKey: contactKeys.lists() })) {
    const contact = list?.data.find((candidate) => candidate.id === contactId);
    if (contact) return contact.brand_id;
  }
  return null;
}

/** The brands feature's live patcher: the brand list's pages and each brand's page. */
export function patchBrandCaches(
  queryClient: QueryClient,
  events: readonly LiveEvent[],
  context: LiveCacheContext,
): void {
  const relevant = events.filter(
    (event) => event.type.startsWith('brand.') || event.type.startsWith('contact.'),
  );
  if (relevant.length === 0) return;
  const contactBrands = brandsOfContactEvents(queryClient, relevant);
  const cache = queryClient.getQueryCache();
  for (const query of cache.findAll({ queryKey: brandKeys.lists() })) {
    const list = query.state.data as BrandListResponse | undefined;
    const params = query.queryKey[3] as BrandListQuery | undefined;
    if (!list || !params) continue;
    const result = applyLiveEventsToBrandList(list, params, relevant, contactBrands);
    writePatched(queryClient, context, query.queryKey, list, result.list);
    if (result.stale) context.markStale(query.queryKey);
  }
  for (const query of cache.findAll({ queryKey: [...brandKeys.all, 'detail'] })) {
    const details = query.state.data as Versioned<Brand> | undefined;
    if (!details) continue;
    const result = applyLiveEventsToBrand(details.record, relevant, contactBrands);
    if (result.stale) context.markStale(query.queryKey);
  }
}
