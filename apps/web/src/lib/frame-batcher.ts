export type FrameBatcher<T> = {
  push: (item: T) => void;
  /** Applies what is queued now (tests; a stream that closes). */
  flush: () => void;
  dispose: () => void;
};

type FrameBatcherOptions = {
  requestFrame?: (callback: () => void) => number;
  cancelFrame?: (handle: number) => void;
  /**
   * A hidden tab gets no animation frames: the queue is applied after this long anyway, so it
   * cannot grow without bound while nobody looks.
   */
  maxWaitMs?: number;
};

/**
 * Queues items and hands them over together once per animation frame: a thousand events a second
 * become at most one batch per frame, so the screen renders once per frame, not once per event.
 */
export function createFrameBatcher<T>(
  apply: (items: T[]) => void,
  {
    requestFrame = (callback) => requestAnimationFrame(callback),
    cancelFrame = (handle) => cancelAnimationFrame(handle),
    maxWaitMs = 1000,
  }: FrameBatcherOptions = {},
): FrameBatcher<T> {
  let queue: T[] = [];
  let frame: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const cancel = () => {
    if (frame !== undefined) cancelFrame(frame);
    clearTimeout(timer);
    frame = undefined;
    timer = undefined;
  };

  const flush = () => {
    cancel();
    if (queue.length === 0) return;
    const items = queue;
    queue = [];
    apply(items);
  };

  return {
    push: (item) => {
      queue.push(item);
      if (frame !== undefined) return;
      frame = requestFrame(flush);
      timer = setTimeout(flush, maxWaitMs);
    },
    flush,
    dispose: () => {
      cancel();
      queue = [];
    },
  };
}
