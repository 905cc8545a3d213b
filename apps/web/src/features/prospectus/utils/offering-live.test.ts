import type { LiveEvent, Offering } from '@funil/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { offeringKeys, type OfferingListResponse, type YearOfferings } from '@/api/offerings';
import { testOffering } from '../test-offerings';
import { applyOfferingEventsToList, applyOfferingEventsToYear, patchOfferingCaches } from './offering-live';

const AT = '2026-03-05T10:00:00.000Z';
const updated = (record: Offering): LiveEvent => ({
  type: 'offering.updated',
  id: record.id,
  by: null,
  at: AT,
  record,
});
const created = (record: Offering): LiveEvent => ({
  type: 'offering.created',
  id: record.id,
  by: null,
  at: AT,
  record,
});
const deleted = (id: string): LiveEvent => ({ type: 'offering.deleted', id, by: null, at: AT });

type OfferingEvent = Extract<LiveEvent, { type: `offering.${string}` }>;
const asOfferingEvents = (events: LiveEvent[]) => events as OfferingEvent[];

const YEAR: YearOfferings = { year: 2026, offerings: [testOffering(1), testOffering(2)] };

describe('offering live patches', () => {
  it("replaces a year's offering with the event's record: another person's sale shows at once", () => {
    const sold = testOffering(1, { held: 4, sold: 1 });
    const { next, stale } = applyOfferingEventsToYear(YEAR, asOfferingEvents([updated(sold)]));
    expect(stale).toBe(false);
    expect(next.offerings).toEqual([sold, testOffering(2)]);
  });

  it('adds a new offering of the year, drops one deleted or moved to another year, and leaves other years alone', () => {
    const events = asOfferingEvents([
      created(testOffering(3)),
      created(testOffering(4, { prospectus_year: 2027 })),
      deleted(testOffering(1).id),
      updated(testOffering(2, { prospectus_year: 2028 })),
    ]);
    const { next, stale } = applyOfferingEventsToYear(YEAR, events);
    expect(stale).toBe(false);
    expect(next.offerings.map((offering) => offering.id)).toEqual([testOffering(3).id]);
  });

  it('asks for the year again when an event comes without its record, and keeps the same object when nothing changed', () => {
    const bare: LiveEvent = { type: 'offering.updated', id: testOffering(9).id, by: null, at: AT };
    const result = applyOfferingEventsToYear(YEAR, asOfferingEvents([bare]));
    expect(result).toEqual({ next: YEAR, stale: true });
    expect(result.next).toBe(YEAR);
  });

  it('patches a page in place and takes a deleted offering out of its total', () => {
    const page: OfferingListResponse = {
      data: [testOffering(1), testOffering(2)],
      total: 7,
      page: 1,
      limit: 2,
    };
    const next = applyOfferingEventsToList(
      page,
      asOfferingEvents([
        updated(testOffering(2, { sold: 5 })),
        deleted(testOffering(1).id),
        created(testOffering(3)),
      ]),
    );
    expect(next).toEqual({ data: [testOffering(2, { sold: 5 })], total: 6, page: 1, limit: 2 });
  });

  it('writes the year, reads the pages and the totals again, and ignores other events', () => {
    const queryClient = new QueryClient();
    const pageKey = offeringKeys.list({ prospectus_year: 2026 });
    queryClient.setQueryData(offeringKeys.year(2026), YEAR);
    queryClient.setQueryData(pageKey, { data: [testOffering(1)], total: 1, page: 1, limit: 20 });
    queryClient.setQueryData(offeringKeys.summary(2026), { quantity: 10 });
    const markStale = vi.fn();

    patchOfferingCaches(queryClient, [{ type: 'lead.deleted', id: 'x', by: null, at: AT }], { markStale });
    expect(markStale).not.toHaveBeenCalled();

    const sold = testOffering(1, { sold: 5 });
    patchOfferingCaches(queryClient, [updated(sold)], { markStale });
    expect(queryClient.getQueryData<YearOfferings>(offeringKeys.year(2026))!.offerings[0]).toEqual(sold);
    expect(queryClient.getQueryData<OfferingListResponse>(pageKey)!.data).toEqual([sold]);
    const marked = markStale.mock.calls.map(([key]) => JSON.stringify(key));
    // The year is patched, not read again: it is many pages.
    expect(marked).toEqual([JSON.stringify(pageKey), JSON.stringify(offeringKeys.summary(2026))]);
  });
});
