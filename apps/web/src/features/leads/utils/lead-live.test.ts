import { type LeadListQuery, type LiveEvent, leadSchema } from '@funil/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { type Lead, leadKeys } from '@/api/leads';
import type { Versioned } from '@/lib/http';
import { apiBrand, apiLead, apiList } from '@/test/api-fixtures';
import { offeringFor, stockItemOf } from '@/test/offering-fixtures';
import { applyLiveEventsToLeadList, patchLeadCaches } from './lead-live';

const by = { id: 'ana-id', name: 'Ana' };
const at = '2026-11-24T12:00:00.000Z';
const lead = (n: number, overrides: Partial<Pick<Lead, 'prospectus_year' | 'credit'>> = {}) =>
  apiLead(`Q${n}`, {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    brand: apiBrand(`Marca ${n}`),
    ...overrides,
  });
const updated = (record: Lead): LiveEvent => ({ type: 'lead.updated', id: record.id, by, at, record });
const params = (extra: Partial<LeadListQuery> = {}): LeadListQuery => ({
  page: 1,
  limit: 20,
  sort: 'createdAt',
  order: 'desc',
  ...extra,
});
const page = (...leads: Lead[]) => ({
  ...apiList(leadSchema, leads, { total: 40, limit: 20 }),
  next_cursor: null,
});

describe('lead list live patch', () => {
  it('patches a row edited in place when it still matches and sorts where it did', () => {
    const l1 = lead(1);
    const result = applyLiveEventsToLeadList(page(l1, lead(2)), params(), [updated({ ...l1, credit: 99 })]);
    expect(result.stale).toBe(false);
    expect(result.list.data[0]!.credit).toBe(99);
  });

  it('reads the page again when a row may move, leave or arrive', () => {
    const l1 = lead(1);
    const bySort = applyLiveEventsToLeadList(page(l1), params({ sort: 'credit' }), [
      updated({ ...l1, credit: 99 }),
    ]);
    expect(bySort).toMatchObject({ stale: true });
    expect(bySort.list.data[0]!.credit).toBe(99);

    const left = applyLiveEventsToLeadList(page(l1, lead(2)), params({ prospectus_year: 2026 }), [
      updated({ ...l1, prospectus_year: 2027 }),
    ]);
    expect(left.stale).toBe(true);
    expect(left.list.data.map((row) => row.id)).toEqual([lead(2).id]);
    expect(left.list.total).toBe(39);

    expect(applyLiveEventsToLeadList(page(l1), params(), [updated(lead(3))]).stale).toBe(true);
    const elsewhere: LiveEvent = {
      type: 'lead.created',
      id: lead(4).id,
      by,
      at,
      record: lead(4, { prospectus_year: 2028 }),
    };
    expect(applyLiveEventsToLeadList(page(l1), params({ prospectus_year: 2026 }), [elsewhere]).stale).toBe(
      false,
    );
    expect(applyLiveEventsToLeadList(page(l1), params(), [elsewhere]).stale).toBe(true);
  });

  it('patches the list pages and the details in the cache, and marks the history of a moved lead', () => {
    const queryClient = new QueryClient();
    const l1 = lead(1);
    queryClient.setQueryData(leadKeys.list(params()), page(l1));
    queryClient.setQueryData(leadKeys.detail(l1.id), { record: l1, etag: '"3"' });
    const markStale = vi.fn();
    const moved: LiveEvent = {
      ...updated({ ...l1, contract_status: 'quente' }),
      changes: { contract_status: { from: 'frio', to: 'quente' } },
    };
    patchLeadCaches(queryClient, [moved], { markStale });
    // The details are read again, for the new record and its version (ETag), not patched in.
    expect(markStale).toHaveBeenCalledWith(leadKeys.detail(l1.id));
    expect(queryClient.getQueryData<Versioned<Lead>>(leadKeys.detail(l1.id))?.record).toBe(l1);
    expect(markStale).toHaveBeenCalledWith(leadKeys.history(l1.id));
    expect(markStale).not.toHaveBeenCalledWith(leadKeys.list(params()));
  });
});

describe('lead live patch: the stock', () => {
  const l1 = lead(1);
  const national = offeringFor(l1);
  const holding = { ...l1, stock: [stockItemOf(national)] };
  const offeringUpdated = (record = national): LiveEvent => ({
    type: 'offering.updated',
    id: record.id,
    by,
    at,
    record,
  });

  it('follows an offering’s counts on the list’s rows and the lead’s details, without reading either again', () => {
    const queryClient = new QueryClient();
    // Marca 2 is of another year: the offering is not its own.
    queryClient.setQueryData(leadKeys.list(params()), page(holding, lead(2, { prospectus_year: 2027 })));
    queryClient.setQueryData(leadKeys.detail(l1.id), { record: holding, etag: '"3"' });
    const markStale = vi.fn();
    patchLeadCaches(queryClient, [offeringUpdated({ ...national, held: 1, available: 4 })], { markStale });

    const rows = queryClient.getQueryData<ReturnType<typeof page>>(leadKeys.list(params()))?.data;
    expect(rows?.[0]?.stock).toEqual([{ ...stockItemOf(national), available: 4 }]);
    expect(rows?.[1]?.stock).toEqual([]);
    const details = queryClient.getQueryData<Versioned<Lead>>(leadKeys.detail(l1.id));
    expect(details?.record.stock).toEqual([{ ...stockItemOf(national), available: 4 }]);
    // The version the edit screen saves over is the same one.
    expect(details?.etag).toBe('"3"');
    expect(markStale).not.toHaveBeenCalled();

    patchLeadCaches(queryClient, [{ type: 'offering.deleted', id: national.id, by, at }], { markStale });
    expect(queryClient.getQueryData<Versioned<Lead>>(leadKeys.detail(l1.id))?.record.stock).toEqual([]);
    expect(markStale).not.toHaveBeenCalled();
  });

  it('reads a list filtered by an offering again when its rows may be others', () => {
    const byOffering = params({ offering: national.id });
    const counts = applyLiveEventsToLeadList(page(holding), byOffering, [
      offeringUpdated({ ...national, sold: 1, available: 4 }),
    ]);
    expect(counts.stale).toBe(false);
    expect(counts.list.data[0]!.stock[0]!.available).toBe(4);
    expect(
      applyLiveEventsToLeadList(page(holding), byOffering, [
        offeringUpdated({ ...national, prospectus_year: 2027 }),
      ]).stale,
    ).toBe(true);
    // A row whose record no longer shows the offering may have left: read again.
    expect(
      applyLiveEventsToLeadList(page(holding), byOffering, [updated({ ...holding, stock: [] })]).stale,
    ).toBe(true);
    expect(
      applyLiveEventsToLeadList(page(holding), byOffering, [updated({ ...holding, credit: 7 })]).stale,
    ).toBe(false);
    // A new lead that takes it may belong on any page.
    const created: LiveEvent = { type: 'lead.created', id: lead(3).id, by, at, record: lead(3) };
    expect(applyLiveEventsToLeadList(page(holding), byOffering, [created]).stale).toBe(true);
  });
});
