import type { LiveCachePatcher } from '@/lib/live-cache';
import { useLiveUpdates } from '../hooks/use-live-updates';

type LiveUpdatesProps = {
  userId: string;
  /** Each feature's cache patcher, in the order they run (composed by the app). */
  patchers: readonly LiveCachePatcher[];
};

/** Mounted once inside the signed-in shell: the tab's one live-update stream. Renders nothing. */
export function LiveUpdates({ userId, patchers }: LiveUpdatesProps) {
  useLiveUpdates({ userId, patchers });
  return null;
}
