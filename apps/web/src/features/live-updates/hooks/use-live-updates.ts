import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toastLater } from '@/lib/toast-later';
import {
  connectLiveEvents,
  type LiveEvent,
  type LiveStreamOptions,
  type LiveStreamStatus,
} from '@/api/events';
import { createFrameBatcher } from '@/lib/frame-batcher';
import type { LiveCacheContext, LiveCachePatcher } from '@/lib/live-cache';
import { createStaleMarker } from '@/lib/stale-marker';
import { applyLiveBatch, markEverythingStale, markReadBefore, noticeName } from '../utils/live-batch';
import { createNoticeCoalescer, isNoticeworthy, noticeText } from '../utils/live-notices';

/** One toast, updated in place: a second burst replaces the first one's notice, never stacks. */
export const LIVE_NOTICE_TOAST_ID = 'live-updates';

/**
 * Where the stream's state shows on the page (`<html data-live-updates="open">`), so a browser
 * test knows when changes made elsewhere will be heard.
 */
export const LIVE_STATUS_ATTRIBUTE = 'liveUpdates';

export type UseLiveUpdatesOptions = {
  /** The signed-in user: their own changes get no notice (their screen already said so). */
  userId: string;
  /** Each feature's cache patcher, composed by the app (features do not import each other). */
  patchers: readonly LiveCachePatcher[];
  /** Tests only: the stream's clock, backoff and source. */
  stream?: LiveStreamOptions;
};

function showStatus(status: LiveStreamStatus | null) {
  if (status) document.documentElement.dataset[LIVE_STATUS_ATTRIBUTE] = status;
  else delete document.documentElement.dataset[LIVE_STATUS_ATTRIBUTE];
}

/**
 * Follows everyone's changes while signed in: one stream per tab, its events queued and applied
 * once per animation frame through the features' patchers, and other people's moves, creations
 * and deletions told in a short polite notice (several in a second: one counted notice).
 *
 * The user's own changes are patched too, not skipped: the patches read a lead's earlier state
 * from the cache itself, so applying a change the screen already made is a no-op, and the same
 * user's other tabs (same id) need them to follow.
 */
export function useLiveUpdates({ userId, patchers, stream }: UseLiveUpdatesOptions): void {
  const queryClient = useQueryClient();
  // The i18n instance, not `t`: a language switch must not reopen the stream.
  const { i18n } = useTranslation();

  useEffect(() => {
    const marker = createStaleMarker(queryClient);
    const context: LiveCacheContext = { markStale: marker.mark };
    const batcher = createFrameBatcher<LiveEvent>((events) =>
      applyLiveBatch(queryClient, events, patchers, context),
    );
    const notices = createNoticeCoalescer((first, count) => {
      toastLater.message(noticeText(i18n.getFixedT(null, ['live', 'leads']), [first], count), {
        id: LIVE_NOTICE_TOAST_ID,
      });
    });
    const connection = connectLiveEvents(
      {
        onEvent: (event) => {
          if (isNoticeworthy(event) && event.by?.id !== userId) {
            notices.add({ event, name: noticeName(queryClient, event) });
          }
          batcher.push(event);
        },
        onReset: () => {
          batcher.flush();
          markEverythingStale(queryClient, context);
        },
        onOpen: ({ resumed, requestedAt }) => {
          if (!resumed) markReadBefore(queryClient, context, requestedAt);
        },
        onMalformed: (data) => warnMalformed(connection.malformedCount(), data),
        onStatus: showStatus,
      },
      stream,
    );
    return () => {
      connection.close();
      batcher.dispose();
      marker.dispose();
      notices.dispose();
      showStatus(null);
    };
  }, [queryClient, patchers, userId, stream, i18n]);
}

/** Said once, then every hundredth: a server sending bad events is worth a look, not a flood. */
function warnMalformed(count: number, data: string) {
  if (count === 1 || count % 100 === 0) {
    console.warn(`Live update ignored (${count} so far): not a valid event`, data.slice(0, 200));
  }
}
