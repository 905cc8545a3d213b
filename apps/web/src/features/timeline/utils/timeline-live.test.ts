import type { LiveEvent } from '@funil/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { type TimelinePages, timelineKeys } from '@/api/timeline';
import { fixtureId } from '@/test/api-fixtures';
import { apiNote, LEAD_ID, noteEntry, statusEntry, timelinePage } from '../components/timeline.test-helpers';
import { applyLiveEventsToTimeline, patchTimelineCaches } from './timeline-live';

const BRAND_ID = fixtureId(800);
const OTHER_LEAD = fixtureId(701);
const NOTE = apiNote(1);
const envelope = { by: null, at: '2026-03-02T12:00:00.000Z' };

const pagesOf = (...pages: ReturnType<typeof timelinePage>[]): TimelinePages => ({
  pages,
  pageParams: pages.map((_, index) => (index === 0 ? null : `c${index}`)),
});

const noteEvent = (
  type: 'note.created' | 'note.updated',
  overrides: Partial<typeof NOTE> = {},
): LiveEvent => ({
  type,
  id: overrides.id ?? NOTE.id,
  ...envelope,
  record: { ...NOTE, ...overrides },
});

describe('applyLiveEventsToTimeline', () => {
  const lead = { type: 'lead', id: LEAD_ID } as const;
  const brand = { type: 'brand', id: BRAND_ID } as const;
  const pages = pagesOf(timelinePage([noteEntry(NOTE), statusEntry(1)]));

  it("reads a lead's timeline again for its own new notes, tasks and moves only", () => {
    const other = fixtureId(5999);
    expect(applyLiveEventsToTimeline(lead, pages, [noteEvent('note.created', { id: other })]).stale).toBe(
      true,
    );
    expect(
      applyLiveEventsToTimeline(lead, pages, [noteEvent('note.created', { id: other, lead_id: OTHER_LEAD })])
        .stale,
    ).toBe(false);
    expect(
      applyLiveEventsToTimeline(lead, pages, [{ type: 'note.deleted', id: NOTE.id, ...envelope }]).stale,
    ).toBe(true);
    expect(
      applyLiveEventsToTimeline(lead, pages, [{ type: 'note.deleted', id: other, ...envelope }]).stale,
    ).toBe(false);
    const moved: LiveEvent = {
      type: 'lead.updated',
      id: LEAD_ID,
      ...envelope,
      changes: { contract_status: { from: 'frio', to: 'quente' } },
    };
    expect(applyLiveEventsToTimeline(lead, pages, [moved]).stale).toBe(true);
    expect(applyLiveEventsToTimeline(lead, pages, [{ ...moved, id: OTHER_LEAD }]).stale).toBe(false);
  });

  it('writes an edited note in where it shows, without reading again', () => {
    const result = applyLiveEventsToTimeline(lead, pages, [noteEvent('note.updated', { body: 'Revista' })]);
    expect(result.stale).toBe(false);
    expect(result.pages.pages[0]!.data[0]!.note!.body).toBe('Revista');
    expect(result.pages.pages[0]!.data[1]).toBe(pages.pages[0]!.data[1]);
  });

  it("places an opportunity's note under its brand by the entries, the cache, or not at all", () => {
    const brandPages = pagesOf(timelinePage([noteEntry(NOTE)], 'next'));
    const elsewhere = noteEvent('note.created', { id: fixtureId(5998), lead_id: OTHER_LEAD });
    // Its opportunity shows in the timeline.
    expect(applyLiveEventsToTimeline(brand, brandPages, [noteEvent('note.created')]).stale).toBe(true);
    // A cache says it is another brand's.
    expect(applyLiveEventsToTimeline(brand, brandPages, [elsewhere], () => fixtureId(801)).stale).toBe(false);
    // Unknown, pages left to read: it may be this brand's.
    expect(applyLiveEventsToTimeline(brand, brandPages, [elsewhere]).stale).toBe(true);
    // Unknown, every page read: its creation would be there.
    const complete = pagesOf(timelinePage([noteEntry(NOTE)]));
    expect(applyLiveEventsToTimeline(brand, complete, [elsewhere]).stale).toBe(false);
    // A note on the brand itself.
    const onBrand = noteEvent('note.created', { id: fixtureId(5997), lead_id: null, brand_id: BRAND_ID });
    expect(applyLiveEventsToTimeline(brand, complete, [onBrand]).stale).toBe(true);
  });
});

describe('patchTimelineCaches', () => {
  it('marks the timelines the events touch, and only those', () => {
    const queryClient = new QueryClient();
    const lead = { type: 'lead', id: LEAD_ID } as const;
    const other = { type: 'lead', id: OTHER_LEAD } as const;
    queryClient.setQueryData(timelineKeys.of(lead), pagesOf(timelinePage([noteEntry(NOTE)])));
    queryClient.setQueryData(timelineKeys.of(other), pagesOf(timelinePage([])));
    const markStale = vi.fn();
    patchTimelineCaches(queryClient, [noteEvent('note.created', { id: fixtureId(5996) })], { markStale });
    expect(markStale.mock.calls).toEqual([[timelineKeys.of(lead)]]);
  });
});
