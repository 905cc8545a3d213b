import type { TimelineEntry, TimelineResponse } from '@funil/shared';
import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import { http } from '@/lib/http';

export type { TimelineEntry, TimelineResponse };

/** What a timeline (and a note) belongs to: an opportunity or a brand. */
export type RecordRef = { type: 'lead' | 'brand'; id: string };

export const recordPath = (record: RecordRef) =>
  `/api/${record.type === 'lead' ? 'leads' : 'brands'}/${encodeURIComponent(record.id)}`;

/** The timeline's cache: its pages, each with the cursor it was read from. */
export type TimelinePages = InfiniteData<TimelineResponse, string | null>;

/** Entries per page. */
export const TIMELINE_PAGE_SIZE = 20;

/**
 * Every timeline sits under ['api', 'timeline'], one per record: ['api', 'timeline', 'lead', id]
 * or ['api', 'timeline', 'brand', id].
 */
export const timelineKeys = {
  all: ['api', 'timeline'] as const,
  of: (record: RecordRef) => [...timelineKeys.all, record.type, record.id] as const,
};

/** One page, newest first: the first without a cursor, each next one from the page before's `next_cursor`. */
export function getTimeline(record: RecordRef, cursor: string | null, signal?: AbortSignal) {
  return http.get<TimelineResponse>(`${recordPath(record)}/timeline`, {
    params: { limit: TIMELINE_PAGE_SIZE, cursor },
    signal,
  });
}

export const timelineQueryOptions = (record: RecordRef) =>
  infiniteQueryOptions({
    queryKey: timelineKeys.of(record),
    queryFn: ({ pageParam, signal }) => getTimeline(record, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: TimelineResponse) => last.next_cursor,
  });
