import { purgeStaleAuthRecords } from '../modules/auth/housekeeping.service';
import { pruneEvents } from '../modules/events/event-log';
import { purgeExpiredRateLimitCounters } from './rate-limit-counters';
import type { PeriodicChore } from '../modules/jobs/periodic-chores';

export const HOUSEKEEPING_JOB = 'housekeeping';
export const EVENT_PRUNING_JOB = 'event_pruning';

/**
 * Keeps the auth and rate-limit tables from growing without end: hourly, it deletes expired and
 * revoked sessions, spent reset links, old failed sign-ins and rate-limit counters whose window has
 * ended. Each part's failure is logged and left for the next round; it never takes a request down.
 */
export const housekeepingChore: PeriodicChore = {
  kind: HOUSEKEEPING_JOB,
  intervalMs: 60 * 60_000,
  run: async (db, log) => {
    try {
      const counts = await purgeStaleAuthRecords(db);
      log.debug({ counts }, 'purged stale auth records');
    } catch (error) {
      log.warn({ err: error }, 'could not purge stale auth records');
    }
    try {
      const counters = await purgeExpiredRateLimitCounters(db);
      log.debug({ counters }, 'purged expired rate-limit counters');
    } catch (error) {
      log.warn({ err: error }, 'could not purge expired rate-limit counters');
    }
  },
};

/**
 * Every minute, the live-update events older than `keepMs` leave the log (a client that was away
 * longer reloads instead of catching up: event-log.ts). A failure is retried at once as the queue
 * retries jobs.
 */
export const eventPruningChore = (keepMs: number): PeriodicChore => ({
  kind: EVENT_PRUNING_JOB,
  intervalMs: 60_000,
  run: async (db) => {
    await pruneEvents(db, keepMs);
  },
});

/** The kinds of the periodic chores' jobs, which stay in the queue for good (tests leave them out). */
export const CHORE_JOB_KINDS = [HOUSEKEEPING_JOB, EVENT_PRUNING_JOB];
