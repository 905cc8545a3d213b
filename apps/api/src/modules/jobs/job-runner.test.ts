import { asc, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../test/build-test-app';
import { testClock } from '../../../test/test-clock';
import type { DbHandle } from '../../db/client';
import { scheduledJobs } from '../../db/schema';
import type { MailMessage } from '../../lib/mail/mailer';
import { createJobRunner, type JobKind, type JobRunnerOptions, MAX_REFUSALS } from './job-runner';
import { claimDueJobs, nextRunAt } from './scheduled-jobs';

const silent = pino({ level: 'silent' });
const mail = (to: string): MailMessage => ({ to, subject: to, text: to, html: to });
const MINUTE = 60_000;

/** An error as nodemailer reports a mail server's reply, or a connection that failed. */
const smtpError = (message: string, fields: { code?: string; responseCode?: number; permanent?: boolean }) =>
  Object.assign(new Error(message), fields);

describe('the scheduled jobs runner', () => {
  let handle: DbHandle;
  let clock: ReturnType<typeof testClock>;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle.close());
  beforeEach(async () => {
    clock = testClock();
    await handle.db.delete(scheduledJobs);
  });

  const queue = (jobs: { kind: string; key: string; inSeconds?: number }[]) =>
    handle.db.insert(scheduledJobs).values(
      jobs.map((job) => ({
        kind: job.kind,
        key: job.key,
        runAt: new Date(clock.now().getTime() + (job.inSeconds ?? -1) * 1000),
        payload: { to: job.key },
      })),
    );
  const left = () =>
    handle.db
      .select({
        key: scheduledJobs.key,
        attempts: scheduledJobs.attempts,
        lastError: scheduledJobs.lastError,
        claimedBy: scheduledJobs.claimedBy,
      })
      .from(scheduledJobs)
      .orderBy(asc(scheduledJobs.key));
  const runAtOf = async (key: string) =>
    (await handle.db.select().from(scheduledJobs).where(eq(scheduledJobs.key, key)))[0]?.runAt;
  const mailing: JobKind = {
    plan: async (_db, jobs) => jobs.map((job) => ({ jobId: job.id, send: mail(String(job.payload.to)) })),
  };
  const runner = (options: Partial<JobRunnerOptions> & Pick<JobRunnerOptions, 'send'>) =>
    createJobRunner({ db: handle.db, kinds: { mail: mailing }, log: silent, now: clock.now, ...options });

  it('sends the due jobs, keeps a failed one for later with its error, and leaves jobs not yet due', async () => {
    await queue([
      { kind: 'mail', key: 'a' },
      { kind: 'mail', key: 'broken' },
      { kind: 'mail', key: 'c' },
      { kind: 'mail', key: 'later', inSeconds: 3600 },
      { kind: 'retired', key: 'unknown kind' },
    ]);
    const sent: string[] = [];
    const jobs = runner({
      send: async (message) => {
        if (message.to === 'broken') throw new Error('mail server said no');
        sent.push(message.to);
      },
    });
    const before = clock.now().getTime();
    await jobs.wake();
    const after = clock.now().getTime();
    await jobs.stop();
    expect(sent.sort()).toEqual(['a', 'c']);
    expect(await left()).toEqual([
      { key: 'broken', attempts: 1, lastError: 'mail server said no', claimedBy: null },
      { key: 'later', attempts: 0, lastError: null, claimedBy: null },
    ]);
    // Tried again 10 s after it failed.
    const retryAt = (await runAtOf('broken'))?.getTime() ?? 0;
    expect(retryAt).toBeGreaterThanOrEqual(before + 10_000);
    expect(retryAt).toBeLessThanOrEqual(after + 10_000);
  });

  it('fails only the jobs of a kind that cannot plan them; the others still go out', async () => {
    await queue([
      { kind: 'mail', key: 'ok' },
      { kind: 'faulty', key: 'faulty' },
    ]);
    const sent: string[] = [];
    const faulty: JobKind = {
      plan: async () => {
        throw new Error('cannot read it');
      },
    };
    const jobs = runner({
      kinds: { mail: mailing, faulty },
      send: async (message) => void sent.push(message.to),
    });
    await jobs.wake();
    await jobs.stop();
    expect(sent).toEqual(['ok']);
    expect(await left()).toEqual([
      { key: 'faulty', attempts: 1, lastError: 'cannot read it', claimedBy: null },
    ]);
  });

  it('runs a backlog larger than a batch in one wake', async () => {
    await queue(Array.from({ length: 23 }, (_, n) => ({ kind: 'mail', key: `backlog ${n}` })));
    const sent: string[] = [];
    const jobs = runner({ send: async (message) => void sent.push(message.to), batchSize: 5 });
    await jobs.wake();
    await jobs.stop();
    expect(sent).toHaveLength(23);
    expect(new Set(sent).size).toBe(23);
    expect(await left()).toEqual([]);
  });

  it('leaves a job another process holds alone until its lease ends, then sends it once', async () => {
    const leaseMs = 2 * MINUTE;
    await queue([{ kind: 'mail', key: 'orphan' }]);
    // A process claims it and dies without a word.
    const until = new Date(clock.now().getTime() + leaseMs);
    const [claimed] = await claimDueJobs(handle.db, {
      limit: 10,
      now: clock.now(),
      until,
      claim: 'a process that died',
    });
    expect(claimed?.key).toBe('orphan');
    const sent: string[] = [];
    const jobs = runner({ send: async (message) => void sent.push(message.to), leaseMs });
    await jobs.wake();
    expect(sent).toEqual([]);
    // The next look at the queue is due when that lease ends.
    expect(await nextRunAt(handle.db)).toEqual(until);
    clock.advance(leaseMs + 1);
    await jobs.wake();
    clock.advance(leaseMs + 1);
    await jobs.wake();
    await jobs.stop();
    expect(sent).toEqual(['orphan']);
    expect(await left()).toEqual([]);
  });

  it('retries a transient failure within a minute for as long as it lasts; gives up a permanent refusal after a few', async () => {
    await queue([
      { kind: 'mail', key: 'away' },
      { kind: 'mail', key: 'no such user' },
    ]);
    const FAILURES = 15;
    const tries = new Map<string, number>();
    const sent: string[] = [];
    const jobs = runner({
      send: async (message) => {
        const attempt = (tries.get(message.to) ?? 0) + 1;
        tries.set(message.to, attempt);
        if (message.to === 'no such user') {
          throw smtpError('550 5.1.1 user unknown', {
            code: 'EENVELOPE',
            responseCode: 550,
            permanent: true,
          });
        }
        if (attempt <= FAILURES) {
          throw attempt % 2
            ? smtpError('connect ECONNREFUSED', { code: 'ESOCKET' })
            : smtpError('421 try again later', { code: 'EENVELOPE', responseCode: 421, permanent: false });
        }
        sent.push(message.to);
      },
    });
    for (let round = 1; round <= FAILURES; round += 1) {
      await jobs.wake();
      const due = await runAtOf('away');
      expect(due, `round ${round}`).toBeDefined();
      const wait = (due?.getTime() ?? 0) - clock.now().getTime();
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(MINUTE);
      clock.advance(MINUTE);
    }
    await jobs.wake();
    await jobs.stop();
    expect(sent).toEqual(['away']);
    expect(tries.get('away')).toBe(FAILURES + 1);
    expect(tries.get('no such user')).toBe(MAX_REFUSALS);
    expect(await left()).toEqual([]);
  });

  it('does not finish a job moved while its email was out: it stays for its new time', async () => {
    await queue([{ kind: 'mail', key: 'moving' }]);
    const later = new Date(clock.now().getTime() + 3600_000);
    const jobs = runner({
      // While the mail server has the email, a writer moves the job, as the tasks' triggers do.
      send: async () => {
        await handle.db
          .update(scheduledJobs)
          .set({ runAt: later, claimedBy: null, claimedUntil: null })
          .where(eq(scheduledJobs.key, 'moving'));
      },
    });
    await jobs.wake();
    await jobs.stop();
    expect(await left()).toEqual([{ key: 'moving', attempts: 0, lastError: null, claimedBy: null }]);
    expect(await runAtOf('moving')).toEqual(later);
  });

  it('on stop, aborts an email that outlasts the grace and gives its job back as it was', async () => {
    await queue([{ kind: 'mail', key: 'stuck' }]);
    let started: () => void = () => {};
    const sending = new Promise<void>((resolve) => {
      started = resolve;
    });
    const jobs = runner({
      stopGraceMs: 50,
      // A mail server that never answers: only the signal ends the send.
      send: (_message, signal) =>
        new Promise((_resolve, reject) => {
          started();
          signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
        }),
    });
    void jobs.wake();
    await sending;
    await jobs.stop();
    expect(await left()).toEqual([{ key: 'stuck', attempts: 0, lastError: null, claimedBy: null }]);
  });
});
