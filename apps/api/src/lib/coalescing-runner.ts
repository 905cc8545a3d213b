/**
 * Runs `task` when asked, never twice at once: a request that arrives while it runs makes it run
 * once more afterwards (however many arrived), so the last request is always followed by a whole
 * run. `run()` resolves when that run has finished. A failing run is reported to `onError` and
 * does not stop later ones.
 */
export function coalescingRunner(task: () => Promise<unknown>, onError: (error: unknown) => void) {
  let running: Promise<void> | null = null;
  let again = false;

  const loop = async () => {
    do {
      again = false;
      try {
        await task();
      } catch (error) {
        onError(error);
      }
    } while (again);
    running = null;
  };

  return {
    run(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      running = loop();
      return running;
    },
    /** The run in progress, if any (closing waits for it before the database goes). */
    get idle(): Promise<void> {
      return running ?? Promise.resolve();
    },
  };
}
