import fp from 'fastify-plugin';
import { purgeStaleAuthRecords } from '../modules/auth/housekeeping.service';
import { purgeExpiredRateLimitCounters } from './rate-limit-counters';

const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Keeps the auth and rate-limit tables from growing without end: once the app is ready and then
 * every hour, it deletes expired and revoked sessions, spent reset links, old failed sign-ins and
 * rate-limit counters whose window has ended. A failure is logged and tried again at the next
 * round; it never takes a request down.
 */
export const housekeepingPlugin = fp(
  async (app) => {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> = Promise.resolve();
    const purgeOnce = async () => {
      try {
        const counts = await purgeStaleAuthRecords(app.db);
        app.log.debug({ counts }, 'purged stale auth records');
      } catch (error) {
        app.log.warn({ err: error }, 'could not purge stale auth records');
      }
      try {
        const counters = await purgeExpiredRateLimitCounters(app.db);
        app.log.debug({ counters }, 'purged expired rate-limit counters');
      } catch (error) {
        app.log.warn({ err: error }, 'could not purge expired rate-limit counters');
      }
    };
    // The round in progress is remembered so closing waits for it before the database closes.
    const purge = () => (running = purgeOnce());
    app.addHook('onReady', async () => {
      await purge();
      timer = setInterval(purge, PURGE_INTERVAL_MS);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'funil-housekeeping', dependencies: ['funil-db'] },
);
