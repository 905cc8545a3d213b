/**
 * Runs `finish` over items as they come, one call at a time: the items that arrive in the same
 * turn of the event loop, or while a call runs, go together into the next one, so a burst of N
 * costs a few calls, not N, and no item waits for more than the call in progress. Each `add` resolves with whether `finish` reported its item
 * done, or rejects with the call's error.
 */
export function finishTogether<T>(finish: (items: T[]) => Promise<ReadonlySet<T>>) {
  type Waiting = { item: T; resolve: (done: boolean) => void; reject: (error: unknown) => void };
  let waiting: Waiting[] = [];
  let draining = false;

  async function drain() {
    draining = true;
    // Items completing in the same turn of the event loop (emails accepted together) join the
    // first call rather than wait for a second one.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (waiting.length > 0) {
      const group = waiting;
      waiting = [];
      try {
        const done = await finish(group.map((entry) => entry.item));
        for (const entry of group) entry.resolve(done.has(entry.item));
      } catch (error) {
        for (const entry of group) entry.reject(error);
      }
    }
    draining = false;
  }

  return (item: T): Promise<boolean> =>
    new Promise<boolean>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!draining) void drain();
    });
}
