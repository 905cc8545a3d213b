import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDb, testDbKind } from '../../../test/build-test-app';
import { testClock } from '../../../test/test-clock';
import type { DbHandle } from '../../db/client';
import { scheduledJobs } from '../../db/schema';
import { CHORE_JOB_KINDS, EVENT_PRUNING_JOB, HOUSEKEEPING_JOB } from '../../plugins/housekeeping';
import { createJobRunner } from './job-runner';
import { type PeriodicChore, periodicChoreKind, schedulePeriodicChores } from './periodic-chores';
import { claimDueJobs } from './scheduled-jobs';

const silent = pino({ level: 'silent' });
const HOUR = 3_600_000;
const noMail = async () => {
  throw new Error('a chore sends no email');
};

describe('periodic chores in the scheduled jobs', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle.close());
  beforeEach(async () => {
    await handle.db.delete(scheduledJobs);
  });

  const jobOf = async (kind: string) =>
    (await handle.db.select().from(scheduledJobs).where(eq(scheduledJobs.key, kind)))[0];

  it('runs once across processes at its interval, and again soon after a failed round', async () => {
    const clock = testClock();
    let rounds = 0;
    let failNext = false;
    const chore: PeriodicChore = {
      kind: 'count',
      intervalMs: HOUR,
      run: async () => {
        rounds += 1;
        if (failNext) {
          failNext = false;
          throw new Error('database away');
        }
      },
    };
    // Two processes start: one job, due at once.
    await schedulePeriodicChores(handle.db, [chore], clock.now());
    await schedulePeriodicChores(handle.db, [chore], clock.now());
    expect(await handle.db.select({ key: scheduledJobs.key }).from(scheduledJobs)).toEqual([
      { key: 'count' },
    ]);
    const processes = [1, 2].map(() =>
      createJobRunner({
        db: handle.db,
        kinds: { count: periodicChoreKind(chore, silent) },
        send: noMail,
        log: silent,
        now: clock.now,
      }),
    );
    try {
      const before = clock.now().getTime();
      await Promise.all(processes.map((process) => process.wake()));
      expect(rounds).toBe(1);
      const next = await jobOf('count');
      expect(next?.runAt.getTime()).toBeGreaterThanOrEqual(before + HOUR);
      expect(next?.runAt.getTime()).toBeLessThanOrEqual(clock.now().getTime() + HOUR);
      expect(next).toMatchObject({ claimedBy: null, attempts: 0 });

      clock.advance(HOUR / 2);
      await Promise.all(processes.map((process) => process.wake()));
      expect(rounds).toBe(1);

      clock.advance(HOUR / 2 + 1_000);
      failNext = true;
      await Promise.all(processes.map((process) => process.wake()));
      expect(rounds).toBe(2);
      expect(await jobOf('count')).toMatchObject({ attempts: 1, lastError: 'database away' });

      // Retried within the minute, not an hour later; a success clears the failure.
      clock.advance(60_000);
      await Promise.all(processes.map((process) => process.wake()));
      expect(rounds).toBe(3);
      expect(await jobOf('count')).toMatchObject({ attempts: 0, lastError: null });

      // A process started later keeps the schedule (no extra round at its start).
      await schedulePeriodicChores(handle.db, [chore], clock.now());
      await Promise.all(processes.map((process) => process.wake()));
      expect(rounds).toBe(3);
    } finally {
      await Promise.all(processes.map((process) => process.stop()));
    }
  });

  it('brings a job forward when the interval was shortened', async () => {
    const clock = testClock();
    const chore = (intervalMs: number): PeriodicChore => ({ kind: 'short', intervalMs, run: async () => {} });
    await handle.db.insert(scheduledJobs).values({
      kind: 'short',
      key: 'short',
      runAt: new Date(clock.now().getTime() + 24 * HOUR),
    });
    await schedulePeriodicChores(handle.db, [chore(HOUR)], clock.now());
    const runAt = (await jobOf('short'))?.runAt.getTime() ?? 0;
    expect(Math.abs(runAt - (clock.now().getTime() + HOUR))).toBeLessThan(1_000);
  });
  it.runIf(testDbKind() === 'postgres')(
    'leaves a due chore to the runner while another process schedules the chores at its start',
    async () => {
      const clock = testClock();
      const chore: PeriodicChore = { kind: 'due', intervalMs: HOUR, run: async () => {} };
      await schedulePeriodicChores(handle.db, [chore], clock.now());
      // A second process starting up schedules the same chores; while its statement's transaction
      // is open, the first claims what is due. Scheduling must not hold the due job's row.
      const claimed = await handle.db.transaction(async (tx) => {
        await schedulePeriodicChores(tx, [chore], clock.now());
        return claimDueJobs(handle.db, {
          limit: 10,
          now: clock.now(),
          until: new Date(clock.now().getTime() + 60_000),
          claim: 'first-process',
        });
      });
      expect(claimed.map((job) => job.key)).toEqual(['due']);
    },
  );
});

describe('the app’s chores', () => {
  it('housekeeping and event pruning are queued jobs the app runs at start and then at their intervals', async () => {
    const app = await buildTestApp();
    try {
      await app.ready();
      await app.jobs.wake();
      const started = Date.now();
      const chores = await app.db
        .select({ kind: scheduledJobs.kind, runAt: scheduledJobs.runAt, attempts: scheduledJobs.attempts })
        .from(scheduledJobs)
        .where(inArray(scheduledJobs.kind, CHORE_JOB_KINDS))
        .orderBy(scheduledJobs.kind);
      expect(chores.map((job) => [job.kind, job.attempts])).toEqual([
        [EVENT_PRUNING_JOB, 0],
        [HOUSEKEEPING_JOB, 0],
      ]);
      const dueIn = (kind: string) =>
        (chores.find((job) => job.kind === kind)?.runAt.getTime() ?? 0) - started;
      expect(dueIn(EVENT_PRUNING_JOB)).toBeGreaterThan(30_000);
      expect(dueIn(EVENT_PRUNING_JOB)).toBeLessThanOrEqual(60_000);
      expect(dueIn(HOUSEKEEPING_JOB)).toBeGreaterThan(HOUR - 60_000);
      expect(dueIn(HOUSEKEEPING_JOB)).toBeLessThanOrEqual(HOUR);
    } finally {
      await app.close();
    }
  }, 90_000);
});
